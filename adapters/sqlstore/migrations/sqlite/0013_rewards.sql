-- Cashback refunds and invite commissions (docs/rewards.md).
-- reward_settings holds the operator's settings of each program as JSON.
CREATE TABLE reward_settings (
    program    TEXT PRIMARY KEY CHECK (program IN ('refund', 'invite')),
    doc        TEXT NOT NULL,
    updated_at DATETIME NOT NULL,
    updated_by TEXT NOT NULL DEFAULT ''
);

-- An accrual run closes one period of a program: it counts every bet not
-- counted before and placed before ends_at. (program, period) is unique, so
-- re-running a period accrues nothing twice.
CREATE TABLE reward_runs (
    id         TEXT PRIMARY KEY,
    program    TEXT NOT NULL CHECK (program IN ('refund', 'invite')),
    period     TEXT NOT NULL,
    ends_at    DATETIME NOT NULL,
    bets       INTEGER NOT NULL DEFAULT 0,
    members    INTEGER NOT NULL DEFAULT 0,
    stake      INTEGER NOT NULL DEFAULT 0,
    payout     INTEGER NOT NULL DEFAULT 0,
    amount     INTEGER NOT NULL DEFAULT 0,
    settings   TEXT NOT NULL DEFAULT '{}',
    by_who     TEXT NOT NULL DEFAULT '',
    created_at DATETIME NOT NULL,
    CONSTRAINT reward_runs_period_uq UNIQUE (program, period)
);

-- One refund per member per period. PENDING → RECEIVED (the member's refund
-- balance) → ADDED (credited to the wallet by the journal of claim_id).
CREATE TABLE refunds (
    id          TEXT PRIMARY KEY,
    member_id   TEXT NOT NULL REFERENCES members (id),
    run_id      TEXT NOT NULL REFERENCES reward_runs (id),
    period      TEXT NOT NULL,
    stake       INTEGER NOT NULL,
    payout      INTEGER NOT NULL,
    amount      INTEGER NOT NULL CHECK (amount > 0),
    status      TEXT NOT NULL CHECK (status IN ('PENDING', 'RECEIVED', 'ADDED')),
    claim_id    TEXT,
    created_at  DATETIME NOT NULL,
    received_at DATETIME,
    added_at    DATETIME,
    CONSTRAINT refunds_period_uq UNIQUE (member_id, period)
);
CREATE INDEX refunds_member_idx ON refunds (member_id, status, created_at);

-- One commission per inviter, invitee and period. PENDING → RECEIVED (credited
-- to the inviter's wallet by the journal of claim_id).
CREATE TABLE invite_commissions (
    id          TEXT PRIMARY KEY,
    inviter_id  TEXT NOT NULL REFERENCES members (id),
    invitee_id  TEXT NOT NULL REFERENCES members (id),
    run_id      TEXT NOT NULL REFERENCES reward_runs (id),
    period      TEXT NOT NULL,
    stake       INTEGER NOT NULL,
    payout      INTEGER NOT NULL,
    amount      INTEGER NOT NULL CHECK (amount > 0),
    status      TEXT NOT NULL CHECK (status IN ('PENDING', 'RECEIVED')),
    claim_id    TEXT,
    created_at  DATETIME NOT NULL,
    received_at DATETIME,
    CONSTRAINT invite_commissions_period_uq UNIQUE (inviter_id, invitee_id, period)
);
CREATE INDEX invite_commissions_inviter_idx ON invite_commissions (inviter_id, status);

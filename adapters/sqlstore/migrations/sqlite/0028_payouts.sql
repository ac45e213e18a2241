-- Automatic payouts (issue 28): the payment of an approved withdrawal
-- through a payout party (core/wallet/payouts.go, docs/operations.md
-- "Automatic payouts"). One payout per withdrawal, recorded in the
-- approval's transaction; its id is the party's idempotency key. Every
-- change of status is a conditional UPDATE, and PAID or FAILED is written
-- with its journal (withdraw_pay or withdraw_return) in one transaction,
-- so two nodes or a retry never settle one twice. The withdrawal itself
-- stays APPROVED: what the member reads is derived from both rows.
CREATE TABLE payouts (
    id            TEXT PRIMARY KEY,
    withdrawal_id TEXT NOT NULL UNIQUE REFERENCES withdrawals (id),
    member_id     TEXT NOT NULL REFERENCES members (id),
    amount        INTEGER NOT NULL CHECK (amount > 0),
    bank_code     TEXT NOT NULL,
    account_no    TEXT NOT NULL,
    account_name  TEXT NOT NULL,
    status        TEXT NOT NULL CHECK (status IN ('SUBMITTED', 'PAID', 'FAILED', 'UNKNOWN')),
    sent          BOOLEAN NOT NULL DEFAULT 0,
    party_ref     TEXT NOT NULL DEFAULT '',
    reason        TEXT NOT NULL DEFAULT '',
    attempts      INTEGER NOT NULL DEFAULT 0,
    next_check_at DATETIME NOT NULL,
    unknown_since DATETIME,
    escalated_at  DATETIME,
    resolved_by   TEXT NOT NULL DEFAULT '',
    evidence      TEXT NOT NULL DEFAULT '',
    created_at    DATETIME NOT NULL,
    updated_at    DATETIME NOT NULL,
    settled_at    DATETIME
);
-- The worker's due payouts, and the console's open lists.
CREATE INDEX payouts_open_idx ON payouts (next_check_at) WHERE status IN ('SUBMITTED', 'UNKNOWN');
CREATE INDEX payouts_status_idx ON payouts (status, created_at, id);

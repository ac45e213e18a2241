-- The spin wheel (core/spin, docs/spin.md): operator-defined wheels (one
-- active), each spin, the prize budget used per wheel and Bangkok day, and
-- the coupons prizes become. A spin's coins and a coupon's payment are
-- ledger journals (kinds 'spin', 'spin_prize', 'spin_prize_coins', and
-- 'bonus' for bonus prizes) whose refs are the spin and coupon ids.
CREATE TABLE spin_wheels (
    id           TEXT PRIMARY KEY,
    name         TEXT NOT NULL,
    active       BOOLEAN NOT NULL DEFAULT FALSE,
    cost         BIGINT NOT NULL CHECK (cost >= 1),
    daily_limit  INTEGER NOT NULL DEFAULT 0 CHECK (daily_limit >= 0),
    daily_budget BIGINT NOT NULL DEFAULT 0 CHECK (daily_budget >= 0),
    coupon_days  INTEGER NOT NULL CHECK (coupon_days >= 1),
    slices       TEXT NOT NULL, -- JSON: [{code, label{th,la,en}, bgColor, textColor, htmlDescription, weight, prize}]
    updated_at   TIMESTAMPTZ NOT NULL,
    updated_by   TEXT NOT NULL DEFAULT ''
);
-- One active wheel at a time.
CREATE UNIQUE INDEX spin_wheels_active_uq ON spin_wheels (active) WHERE active;

CREATE TABLE spin_budgets (
    wheel_id TEXT NOT NULL REFERENCES spin_wheels (id),
    day      TEXT NOT NULL, -- Bangkok date
    spent    BIGINT NOT NULL DEFAULT 0 CHECK (spent >= 0),
    PRIMARY KEY (wheel_id, day)
);

CREATE TABLE spins (
    id         TEXT PRIMARY KEY,
    member_id  TEXT NOT NULL REFERENCES members (id),
    wheel_id   TEXT NOT NULL REFERENCES spin_wheels (id),
    day        TEXT NOT NULL, -- Bangkok date
    slice_code TEXT NOT NULL,
    drawn_code TEXT NOT NULL, -- differs from slice_code when the budget was spent
    cost       BIGINT NOT NULL,
    journal_id TEXT NOT NULL REFERENCES journals (id),
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX spins_member_day_idx ON spins (member_id, day);
CREATE INDEX spins_wheel_day_idx ON spins (wheel_id, day);

CREATE TABLE spin_coupons (
    id         TEXT PRIMARY KEY,
    member_id  TEXT NOT NULL REFERENCES members (id),
    spin_id    TEXT NOT NULL REFERENCES spins (id),
    wheel_id   TEXT NOT NULL REFERENCES spin_wheels (id),
    wheel_name TEXT NOT NULL,
    slice      TEXT NOT NULL, -- JSON: the slice as it was when won
    prize_type TEXT NOT NULL CHECK (prize_type IN ('cash', 'bonus', 'coins')),
    amount     BIGINT NOT NULL DEFAULT 0,
    coins      BIGINT NOT NULL DEFAULT 0,
    status     TEXT NOT NULL CHECK (status IN ('OPEN', 'CLAIMED')),
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    claimed_at TIMESTAMPTZ,
    CONSTRAINT spin_coupons_spin_uq UNIQUE (spin_id)
);
CREATE INDEX spin_coupons_member_idx ON spin_coupons (member_id, created_at);
CREATE INDEX spin_coupons_created_idx ON spin_coupons (created_at);

-- Promotions: bonuses, promotion codes, the receipts that count them and the
-- conditions that lock withdrawals (docs/promotions.md). The database holds
-- the limits under races: a receipt takes a numbered slot of its period
-- (unique), a promotion's total is a conditional counter, and a member has
-- at most one active condition (a partial unique index).
CREATE TABLE bonuses (
    code                  TEXT PRIMARY KEY,
    name                  TEXT NOT NULL,
    banners               TEXT NOT NULL DEFAULT '[]',
    type                  TEXT NOT NULL CHECK (type IN ('limit', 'day', 'week')),
    max_received          INTEGER NOT NULL CHECK (max_received >= 1),
    fixed                 INTEGER NOT NULL DEFAULT 0 CHECK (fixed >= 0),
    percent               INTEGER NOT NULL DEFAULT 0 CHECK (percent >= 0),
    cap                   INTEGER NOT NULL DEFAULT 0 CHECK (cap >= 0),
    min_deposit           INTEGER NOT NULL DEFAULT 0 CHECK (min_deposit >= 0),
    first_deposit_of_day  BOOLEAN NOT NULL DEFAULT 0,
    new_member_days       INTEGER NOT NULL DEFAULT 0,
    percent_fail          INTEGER NOT NULL CHECK (percent_fail BETWEEN 0 AND 100),
    success_percent       INTEGER NOT NULL CHECK (success_percent > 100),
    valid_from            DATETIME,
    valid_to              DATETIME,
    active                BOOLEAN NOT NULL DEFAULT 1,
    sort                  INTEGER NOT NULL DEFAULT 0,
    updated_at            DATETIME NOT NULL
);

CREATE TABLE promotions (
    code             TEXT PRIMARY KEY,
    description      TEXT NOT NULL DEFAULT '',
    amount           INTEGER NOT NULL CHECK (amount > 0),
    percent_fail     INTEGER NOT NULL CHECK (percent_fail BETWEEN 0 AND 100),
    success_percent  INTEGER NOT NULL CHECK (success_percent > 100),
    limit_total      INTEGER NOT NULL DEFAULT 0 CHECK (limit_total >= 0),
    limit_per_member INTEGER NOT NULL DEFAULT 1 CHECK (limit_per_member >= 0),
    used             INTEGER NOT NULL DEFAULT 0,
    valid_from       DATETIME,
    valid_to         DATETIME,
    active           BOOLEAN NOT NULL DEFAULT 1,
    updated_at       DATETIME NOT NULL,
    CONSTRAINT promotions_used_ck CHECK (used >= 0 AND (limit_total = 0 OR used <= limit_total))
);

CREATE TABLE promo_receipts (
    id         TEXT PRIMARY KEY,
    member_id  TEXT NOT NULL REFERENCES members (id),
    source     TEXT NOT NULL CHECK (source IN ('bonus', 'promotion')),
    code       TEXT NOT NULL,
    period     TEXT NOT NULL,
    slot       INTEGER NOT NULL CHECK (slot >= 1),
    amount     INTEGER NOT NULL CHECK (amount > 0),
    updated_at DATETIME NOT NULL,
    CONSTRAINT promo_receipts_slot_uq UNIQUE (member_id, source, code, period, slot)
);
CREATE INDEX promo_receipts_member_idx ON promo_receipts (member_id, updated_at);

CREATE TABLE promo_conditions (
    id              TEXT PRIMARY KEY REFERENCES promo_receipts (id),
    member_id       TEXT NOT NULL REFERENCES members (id),
    source          TEXT NOT NULL CHECK (source IN ('bonus', 'promotion')),
    code            TEXT NOT NULL,
    type            TEXT NOT NULL,
    amount          INTEGER NOT NULL CHECK (amount > 0),
    base            INTEGER NOT NULL DEFAULT 0,
    success_percent INTEGER NOT NULL,
    percent_fail    INTEGER NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('ACTIVE', 'SUCCESS', 'FAILED', 'CANCELLED', 'ENDED')),
    forfeited       INTEGER NOT NULL DEFAULT 0 CHECK (forfeited >= 0 AND forfeited <= amount),
    ended_by        TEXT NOT NULL DEFAULT '',
    created_at      DATETIME NOT NULL,
    ended_at        DATETIME
);
-- One active condition per member, whatever runs concurrently.
CREATE UNIQUE INDEX promo_conditions_one_active_uq ON promo_conditions (member_id) WHERE status = 'ACTIVE';
CREATE INDEX promo_conditions_member_idx ON promo_conditions (member_id, created_at);

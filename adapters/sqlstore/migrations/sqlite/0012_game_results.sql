-- Game results: the providers' settled bets, collected through the bet
-- history call (docs/rewards.md). See the PostgreSQL twin for the model.
CREATE TABLE game_bets (
    game         TEXT NOT NULL,
    bet_id       TEXT NOT NULL,
    username     TEXT NOT NULL,
    member_id    TEXT REFERENCES members (id),
    stake        INTEGER NOT NULL CHECK (stake >= 0),
    payout       INTEGER NOT NULL CHECK (payout >= 0),
    placed_at    DATETIME NOT NULL,
    collected_at DATETIME NOT NULL,
    refund_run   TEXT,
    invite_run   TEXT,
    PRIMARY KEY (game, bet_id)
);
CREATE INDEX game_bets_refund_idx ON game_bets (placed_at) WHERE refund_run IS NULL AND member_id IS NOT NULL;
CREATE INDEX game_bets_invite_idx ON game_bets (placed_at) WHERE invite_run IS NULL AND member_id IS NOT NULL;

CREATE TABLE game_results (
    member_id TEXT NOT NULL REFERENCES members (id),
    game      TEXT NOT NULL,
    day       TEXT NOT NULL,
    bets      INTEGER NOT NULL DEFAULT 0,
    stake     INTEGER NOT NULL DEFAULT 0,
    payout    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (member_id, game, day)
);
CREATE INDEX game_results_day_idx ON game_results (day);

CREATE TABLE game_collect_state (
    game          TEXT PRIMARY KEY,
    cursor        TEXT NOT NULL DEFAULT '',
    bets          INTEGER NOT NULL DEFAULT 0,
    last_bet_at   DATETIME,
    last_run_at   DATETIME,
    last_ok_at    DATETIME,
    last_error    TEXT NOT NULL DEFAULT '',
    last_error_at DATETIME
);

-- Refund and invite credits carry a promotions condition: their receipts
-- and conditions take the sources 'refund' and 'invite'. SQLite cannot
-- change a CHECK in place: both tables are rebuilt (children first) inside
-- the migration's transaction; the renames carry the references along.
CREATE TABLE promo_receipts_new (
    id         TEXT PRIMARY KEY,
    member_id  TEXT NOT NULL REFERENCES members (id),
    source     TEXT NOT NULL CHECK (source IN ('bonus', 'promotion', 'refund', 'invite')),
    code       TEXT NOT NULL,
    period     TEXT NOT NULL,
    slot       INTEGER NOT NULL CHECK (slot >= 1),
    amount     INTEGER NOT NULL CHECK (amount > 0),
    updated_at DATETIME NOT NULL,
    CONSTRAINT promo_receipts_slot_uq UNIQUE (member_id, source, code, period, slot)
);
INSERT INTO promo_receipts_new SELECT id, member_id, source, code, period, slot, amount, updated_at FROM promo_receipts;

CREATE TABLE promo_conditions_new (
    id              TEXT PRIMARY KEY REFERENCES promo_receipts_new (id),
    member_id       TEXT NOT NULL REFERENCES members (id),
    source          TEXT NOT NULL CHECK (source IN ('bonus', 'promotion', 'refund', 'invite')),
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
INSERT INTO promo_conditions_new SELECT id, member_id, source, code, type, amount, base, success_percent, percent_fail,
    status, forfeited, ended_by, created_at, ended_at FROM promo_conditions;

DROP TABLE promo_conditions;
DROP TABLE promo_receipts;
ALTER TABLE promo_receipts_new RENAME TO promo_receipts;
ALTER TABLE promo_conditions_new RENAME TO promo_conditions;
CREATE INDEX promo_receipts_member_idx ON promo_receipts (member_id, updated_at);
CREATE UNIQUE INDEX promo_conditions_one_active_uq ON promo_conditions (member_id) WHERE status = 'ACTIVE';
CREATE INDEX promo_conditions_member_idx ON promo_conditions (member_id, created_at);

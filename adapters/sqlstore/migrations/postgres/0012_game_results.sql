-- Game results: the providers' settled bets, collected through the bet
-- history call (docs/rewards.md). A bet is stored once per (game, bet id),
-- so collecting a page twice (at-least-once) counts nothing twice; each new
-- bet is added to its member's total of the game and the Asia/Bangkok day.
-- refund_run and invite_run name the accrual run that counted the bet, so
-- that each bet counts in exactly one refund and one invite period.
CREATE TABLE game_bets (
    game         TEXT NOT NULL,
    bet_id       TEXT NOT NULL,
    username     TEXT NOT NULL,
    member_id    TEXT REFERENCES members (id), -- NULL: no member of ours plays as username
    stake        BIGINT NOT NULL CHECK (stake >= 0),
    payout       BIGINT NOT NULL CHECK (payout >= 0),
    placed_at    TIMESTAMPTZ NOT NULL,
    collected_at TIMESTAMPTZ NOT NULL,
    refund_run   TEXT,
    invite_run   TEXT,
    PRIMARY KEY (game, bet_id)
);
CREATE INDEX game_bets_refund_idx ON game_bets (placed_at) WHERE refund_run IS NULL AND member_id IS NOT NULL;
CREATE INDEX game_bets_invite_idx ON game_bets (placed_at) WHERE invite_run IS NULL AND member_id IS NOT NULL;

CREATE TABLE game_results (
    member_id TEXT NOT NULL REFERENCES members (id),
    game      TEXT NOT NULL,
    day       TEXT NOT NULL, -- YYYY-MM-DD in Asia/Bangkok
    bets      INTEGER NOT NULL DEFAULT 0,
    stake     BIGINT NOT NULL DEFAULT 0,
    payout    BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (member_id, game, day)
);
CREATE INDEX game_results_day_idx ON game_results (day);

-- Where the collector stands with each game's bet history.
CREATE TABLE game_collect_state (
    game          TEXT PRIMARY KEY,
    cursor        TEXT NOT NULL DEFAULT '',
    bets          BIGINT NOT NULL DEFAULT 0, -- new bets stored in all
    last_bet_at   TIMESTAMPTZ,               -- placedAt of the newest bet stored
    last_run_at   TIMESTAMPTZ,
    last_ok_at    TIMESTAMPTZ,
    last_error    TEXT NOT NULL DEFAULT '',
    last_error_at TIMESTAMPTZ
);

-- Refund and invite credits carry a promotions condition: their receipts
-- and conditions take the sources 'refund' and 'invite'.
ALTER TABLE promo_receipts DROP CONSTRAINT promo_receipts_source_check;
ALTER TABLE promo_receipts ADD CONSTRAINT promo_receipts_source_check
    CHECK (source IN ('bonus', 'promotion', 'refund', 'invite'));
ALTER TABLE promo_conditions DROP CONSTRAINT promo_conditions_source_check;
ALTER TABLE promo_conditions ADD CONSTRAINT promo_conditions_source_check
    CHECK (source IN ('bonus', 'promotion', 'refund', 'invite'));

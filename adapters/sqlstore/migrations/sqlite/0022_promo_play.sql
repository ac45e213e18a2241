-- Promotion conditions count only play (issue 23): a condition's progress
-- is its base plus the game results booked since it started
-- (docs/promotions.md). play_from is when its play is read from (its start
-- less promo.PlayWindow) and play_mark what had been played from then when
-- the base was read, so that a game result is counted once, in the base or
-- in the progress. Conditions recorded before read their play from their
-- start, with no mark.
ALTER TABLE promo_conditions ADD COLUMN play_from DATETIME;
ALTER TABLE promo_conditions ADD COLUMN play_mark INTEGER NOT NULL DEFAULT 0;
UPDATE promo_conditions SET play_from = created_at;

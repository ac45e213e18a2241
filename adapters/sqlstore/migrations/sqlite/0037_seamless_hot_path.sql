-- As PostgreSQL's 0037: the round index led by the round id, so that it
-- can never be taken for the primary key's look-up of (provider, tx_id).
-- game_bets keeps its foreign key to members here.
CREATE INDEX IF NOT EXISTS seamless_txs_by_round_idx ON seamless_txs (round_id, provider);
DROP INDEX IF EXISTS seamless_txs_round_idx;

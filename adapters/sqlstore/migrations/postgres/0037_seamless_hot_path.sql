-- The seamless callbacks' hot path (docs/performance.md, "The row written
-- once").
--
-- The round index led with the provider, which every row of an aggregator
-- shares: on a table without statistics yet (a new database, the bench's
-- scratch schema) the generic plans of ngern_seamless chose it over the
-- primary key for the look-up of (provider, tx_id) and read every row of
-- the aggregator on each callback, until an ANALYZE. Led by the round id
-- it serves the round searches alike (a round id is rare across
-- aggregators) and can no longer be taken for the key. A large install
-- may build it first with CREATE INDEX CONCURRENTLY (docs/operations.md).
CREATE INDEX IF NOT EXISTS seamless_txs_by_round_idx ON seamless_txs (round_id, provider);
DROP INDEX IF EXISTS seamless_txs_round_idx;

-- A round's member is checked by the statements that write it (the member
-- the service looked up, or the collector's game account) and by `ngern
-- check`, not by a foreign key: the key made every new round look up its
-- member and lock it FOR KEY SHARE, a WAL record each and a multixact when
-- one member's rounds run at once (as 0018 for the ledger's hot tables).
-- SQLite keeps its foreign key.
ALTER TABLE game_bets DROP CONSTRAINT IF EXISTS game_bets_member_id_fkey;

-- A member's totals of a game and a day are updated by every callback of
-- the day: room on their page keeps those updates HOT (no new index
-- entries, no long chains for the primary key's look-up to walk).
ALTER TABLE game_results SET (fillfactor = 50);

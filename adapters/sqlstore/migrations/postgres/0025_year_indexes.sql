-- Indexes the console's lists and the reward runs need once a year of data
-- is in the tables (docs/performance.md, "Lists at a year's volume"). Each
-- serves a query that otherwise reads and sorts the whole table (or, for
-- the reward runs, every bet ever collected) to answer a page or a close.
-- IF NOT EXISTS: on a large install they can be built beforehand with
-- CREATE INDEX CONCURRENTLY under the same names (docs/operations.md), so
-- that the migration does not hold writes while it builds them.

-- The withdrawals history: status APPROVED or REJECTED, newest decided
-- first (Wallet.Withdrawals). withdrawals_status_idx orders by created_at.
CREATE INDEX IF NOT EXISTS withdrawals_decided_idx ON withdrawals (status, decided_at, id);

-- The console's journal lists by kind, newest first: adjustments, deposit
-- credits, coin grants (journals_member_idx starts with the member). One
-- partial index per kind listed (listedKinds in ledger.go): one index on
-- all journals was as large as the table, and every transfer wrote to it;
-- and SQLite uses a partial index only when the query names its condition
-- (and, without statistics, prefers the (kind, ref) key unless the index
-- also starts with the kind).
CREATE INDEX IF NOT EXISTS journals_adjustment_idx ON journals (kind, created_at, id) WHERE kind = 'adjustment';
CREATE INDEX IF NOT EXISTS journals_deposit_idx ON journals (kind, created_at, id) WHERE kind = 'deposit';
CREATE INDEX IF NOT EXISTS journals_coin_grant_idx ON journals (kind, created_at, id) WHERE kind = 'coin_grant';

-- The console's members list, newest first, when no search is given.
CREATE INDEX IF NOT EXISTS members_created_idx ON members (created_at, id);

-- The console's QR list, newest first.
CREATE INDEX IF NOT EXISTS qr_codes_created_idx ON qr_codes (created_at, id);

-- A reward run's per-member sums read the bets the run has just marked as
-- its own; without these they read every bet ever collected.
CREATE INDEX IF NOT EXISTS game_bets_refund_run_idx ON game_bets (refund_run, member_id) WHERE refund_run IS NOT NULL;
CREATE INDEX IF NOT EXISTS game_bets_invite_run_idx ON game_bets (invite_run, member_id) WHERE invite_run IS NOT NULL;

-- The bet collector finds the member playing as a game's username.
CREATE INDEX IF NOT EXISTS game_accounts_username_idx ON game_accounts (game_code, username);

-- The console's refund and commission lists, all or of one run, newest first.
CREATE INDEX IF NOT EXISTS refunds_created_idx ON refunds (created_at, id);
CREATE INDEX IF NOT EXISTS refunds_run_idx ON refunds (run_id, created_at, id);
CREATE INDEX IF NOT EXISTS invite_commissions_created_idx ON invite_commissions (created_at, id);
CREATE INDEX IF NOT EXISTS invite_commissions_run_idx ON invite_commissions (run_id, created_at, id);

-- The withdrawals waiting for an operator, a few among a year of decided
-- ones: the queue (its oldest, in order) and the dashboard's count and sum
-- (index-only, the amount is in the index) read this partial index, whose
-- size follows the queue, not the history. It replaces
-- withdrawals_status_idx (status, created_at), which held every withdrawal
-- and no amount; the decided lists read withdrawals_decided_idx.
CREATE INDEX IF NOT EXISTS withdrawals_pending_idx ON withdrawals (created_at, id, amount) WHERE status = 'PENDING';
DROP INDEX IF EXISTS withdrawals_status_idx;

-- The ledger's functions (ngern_post, ngern_reserve_transfer,
-- ngern_finish_transfer) were created here; they live in
-- adapters/sqlstore/functions/postgres.sql, applied on every migrate.
SELECT 1;

-- System accounts no longer keep a balance of their own: it is the sum of
-- their postings, computed when asked (see the PostgreSQL migration of the
-- same number). Member accounts keep their materialised balance.
UPDATE ledger_accounts SET balance = 0 WHERE kind = 'system';

-- System accounts (provider clearing per game, deposits, expenses…) no
-- longer keep a balance of their own: every transfer into a game locked
-- that game's clearing row twice, so one popular game serialised all its
-- transfers (docs/performance.md). A system account's balance is the sum
-- of its postings, computed when asked (Ledger.Balance); the row only
-- exists for the postings' foreign key. Member accounts keep their
-- materialised balance, checked against their postings by `ngern check`.
UPDATE ledger_accounts SET balance = 0 WHERE kind = 'system';

-- Coins become a ledger unit of their own (core/ledger, docs/spin.md): a
-- member's coin account 'coin:<member>' (kind 'coin', whole coins, never
-- below zero like every member account) against the system account
-- sys:coins. The members.coin column they replace goes; a member who held
-- coins there gets them through a journal of kind 'coin_migrated'.
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_check
    CHECK (kind IN ('wallet', 'game', 'system', 'coin'));

INSERT INTO ledger_accounts (id, kind, member_id, game_code, balance, created_at)
    SELECT 'sys:coins', 'system', NULL, NULL, 0, now() WHERE EXISTS (SELECT 1 FROM members WHERE coin > 0)
    ON CONFLICT (id) DO NOTHING;
INSERT INTO ledger_accounts (id, kind, member_id, game_code, balance, created_at)
    SELECT 'coin:' || id, 'coin', id, NULL, coin, now() FROM members WHERE coin > 0;
INSERT INTO journals (id, kind, ref, member_id, memo, created_by, created_at)
    SELECT 'coinmig-' || id, 'coin_migrated', id, id, 'members.coin', 'migration', now() FROM members WHERE coin > 0;
INSERT INTO postings (journal_id, account_id, amount)
    SELECT 'coinmig-' || id, 'coin:' || id, coin FROM members WHERE coin > 0
    UNION ALL
    SELECT 'coinmig-' || id, 'sys:coins', -coin FROM members WHERE coin > 0;

ALTER TABLE members DROP COLUMN coin;

-- sqlite: foreign_keys off
-- Coins become a ledger unit of their own (see the PostgreSQL migration of
-- the same number). SQLite cannot change the CHECK on ledger_accounts.kind
-- in place, so the table is rebuilt as SQLite documents (foreign keys off on
-- this migration's connection, checked before it commits).
CREATE TABLE ledger_accounts_new (
    id         TEXT PRIMARY KEY,
    kind       TEXT NOT NULL CHECK (kind IN ('wallet', 'game', 'system', 'coin')),
    member_id  TEXT REFERENCES members (id),
    game_code  TEXT,
    balance    INTEGER NOT NULL DEFAULT 0,
    created_at DATETIME NOT NULL,
    -- Member accounts never go below zero; system accounts may.
    CONSTRAINT ledger_accounts_member_balance_ck CHECK (kind = 'system' OR balance >= 0)
);
INSERT INTO ledger_accounts_new (id, kind, member_id, game_code, balance, created_at)
    SELECT id, kind, member_id, game_code, balance, created_at FROM ledger_accounts;
DROP TABLE ledger_accounts;
ALTER TABLE ledger_accounts_new RENAME TO ledger_accounts;
CREATE INDEX ledger_accounts_member_idx ON ledger_accounts (member_id, game_code);

INSERT INTO ledger_accounts (id, kind, member_id, game_code, balance, created_at)
    SELECT 'sys:coins', 'system', NULL, NULL, 0, CURRENT_TIMESTAMP WHERE EXISTS (SELECT 1 FROM members WHERE coin > 0)
    ON CONFLICT (id) DO NOTHING;
INSERT INTO ledger_accounts (id, kind, member_id, game_code, balance, created_at)
    SELECT 'coin:' || id, 'coin', id, NULL, coin, CURRENT_TIMESTAMP FROM members WHERE coin > 0;
INSERT INTO journals (id, kind, ref, member_id, memo, created_by, created_at)
    SELECT 'coinmig-' || id, 'coin_migrated', id, id, 'members.coin', 'migration', CURRENT_TIMESTAMP FROM members WHERE coin > 0;
INSERT INTO postings (journal_id, account_id, amount)
    SELECT 'coinmig-' || id, 'coin:' || id, coin FROM members WHERE coin > 0
    UNION ALL
    SELECT 'coinmig-' || id, 'sys:coins', -coin FROM members WHERE coin > 0;

ALTER TABLE members DROP COLUMN coin;

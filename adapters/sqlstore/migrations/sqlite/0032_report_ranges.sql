-- sqlite: foreign_keys off
-- The console's reports at a year's volume (see the PostgreSQL migration
-- of the same number). A posting carries its journal's time; SQLite cannot
-- add a NOT NULL column without a default, so the table is rebuilt as
-- SQLite documents (foreign keys off on this migration's connection,
-- checked before it commits; the references hold, so every posting has
-- its journal). The partial index of the sys: accounts' postings covers a
-- report's sums; SQLite uses it when the query names its condition, as
-- Console.Totals does. The members search
-- keeps its scan here: SQLite has no trigram index, and the embedded
-- install it serves is small (docs/performance.md).
CREATE TABLE postings_new (
    journal_id TEXT NOT NULL REFERENCES journals (id),
    account_id TEXT NOT NULL REFERENCES ledger_accounts (id),
    amount     INTEGER NOT NULL CHECK (amount <> 0),
    created_at DATETIME NOT NULL,
    PRIMARY KEY (journal_id, account_id)
);
INSERT INTO postings_new (journal_id, account_id, amount, created_at)
    SELECT p.journal_id, p.account_id, p.amount, j.created_at
    FROM postings p LEFT JOIN journals j ON j.id = p.journal_id;
DROP TABLE postings;
ALTER TABLE postings_new RENAME TO postings;
CREATE INDEX postings_account_idx ON postings (account_id);
CREATE INDEX postings_system_time_idx ON postings (account_id, created_at, amount) WHERE account_id LIKE 'sys:%';

-- The game net of a day: DONE transfers created in it, by direction.
CREATE INDEX transfers_done_idx ON transfers (created_at, direction, amount) WHERE state = 'DONE';

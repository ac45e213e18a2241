-- The console's reports, dashboard and members search at a year's volume
-- (docs/performance.md, "Reports and search at a year's volume"): each
-- reads what the period or the search asks for, not the whole history.

-- A posting carries its journal's time, so that a report sums a system
-- account's postings of a day along (account_id, created_at) with the
-- amount in the index (an index-only scan), instead of reading every
-- posting the account ever had and looking each journal up. The index is
-- partial: only the sys: accounts' postings (9 % of them in a generated
-- year), so a member's posting writes no more index than before, and the
-- index is 6 MB at 1,000,000 postings where one on every posting was 62
-- MB. postings_account_idx stays for the member accounts (deduplicated:
-- 9 MB). The table is rebuilt rather than updated in place (a whole-table
-- UPDATE leaves every row's old version behind); a posting whose journal
-- is missing, which `ngern check` reports, gets the epoch.
CREATE TABLE postings_new (
    journal_id TEXT NOT NULL,
    account_id TEXT NOT NULL,
    amount     BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
INSERT INTO postings_new (journal_id, account_id, amount, created_at)
    SELECT p.journal_id, p.account_id, p.amount, COALESCE(j.created_at, TIMESTAMPTZ 'epoch')
    FROM postings p LEFT JOIN journals j ON j.id = p.journal_id;
DROP TABLE postings;
ALTER TABLE postings_new RENAME TO postings;
ALTER TABLE postings ADD CONSTRAINT postings_pkey PRIMARY KEY (journal_id, account_id);
ALTER TABLE postings ADD CONSTRAINT postings_amount_check CHECK (amount <> 0);
CREATE INDEX postings_account_idx ON postings (account_id);
-- The query names the same condition (Console.Totals): a partial index
-- serves a query whose condition implies its own.
CREATE INDEX postings_system_time_idx ON postings (account_id, created_at) INCLUDE (amount) WHERE account_id LIKE 'sys:%';

-- The game net of a day: DONE transfers created in it, by direction. The
-- partial index gets its entry when a transfer settles (an update that was
-- never HOT: the state is in transfers_open_idx's predicate).
CREATE INDEX transfers_done_idx ON transfers (created_at) INCLUDE (direction, amount) WHERE state = 'DONE';

-- The members search (a text contained in the phone, name, bank account
-- number, id or member code): a trigram index on the fields joined, which
-- the search's condition names besides the per-field test, so that
-- PostgreSQL reads the candidates from the index instead of every member.
-- pg_trgm is a trusted extension (PostgreSQL 13 and later): the owner of
-- the database may create it. It is created in the schema public when
-- there is one (a schema of its own per install would drop it with the
-- schema) and used from wherever it is. Where it cannot be created (no
-- such extension installed, no right), the index is left out and the
-- search scans, with the same results (docs/operations.md). The
-- expression is memberSearchText in adapters/sqlstore/console.go, written
-- the same way (TestYearListPlans checks that the search uses the index).
DO $$
DECLARE
    v_schema TEXT;
BEGIN
    BEGIN
        IF EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'public') THEN
            CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
        ELSE
            CREATE EXTENSION IF NOT EXISTS pg_trgm;
        END IF;
    EXCEPTION WHEN OTHERS THEN
        RAISE NOTICE 'pg_trgm unavailable (%): the members search scans', SQLERRM;
    END;
    SELECT n.nspname INTO v_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
        WHERE e.extname = 'pg_trgm';
    IF v_schema IS NOT NULL THEN
        EXECUTE format($i$CREATE INDEX members_search_idx ON members USING gin ((
            LOWER(phone) || '|' || LOWER(name) || '|' || bank_account_no || '|' || id || '|' || LOWER(COALESCE(code, ''))
            ) %I.gin_trgm_ops)$i$, v_schema);
    END IF;
END $$;

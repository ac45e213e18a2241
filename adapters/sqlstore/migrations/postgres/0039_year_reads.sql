-- The withdrawals waiting for an operator, a few among a year of decided
-- ones: the queue (its oldest, in order) and the dashboard's count and sum
-- (index-only, the amount is in the index) read this partial index, whose
-- size follows the queue, not the history. It replaces
-- withdrawals_status_idx (status, created_at), which held every withdrawal
-- and no amount; the decided lists read withdrawals_decided_idx.
CREATE INDEX IF NOT EXISTS withdrawals_pending_idx ON withdrawals (created_at, id, amount) WHERE status = 'PENDING';
DROP INDEX IF EXISTS withdrawals_status_idx;

-- The dashboard's count of every member, kept as it changes rather than
-- counted (200,000 index entries, 80 ms at a year's volume). One row; a
-- statement trigger with its transition table adds a whole COPY or INSERT
-- at once (ngern seed-volume loads by COPY). Members are never deleted; a
-- DELETE would still be counted. pg_dump restores the row and the members
-- before it makes the triggers, so a restore counts nobody twice.
CREATE TABLE member_totals (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    members BIGINT NOT NULL
);
INSERT INTO member_totals (id, members) SELECT 1, COUNT(*) FROM members;

CREATE FUNCTION member_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE member_totals SET members = members + (SELECT COUNT(*) FROM added) WHERE id = 1;
    RETURN NULL;
END $$;
CREATE FUNCTION member_totals_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE member_totals SET members = members - (SELECT COUNT(*) FROM removed) WHERE id = 1;
    RETURN NULL;
END $$;
CREATE TRIGGER member_totals_insert AFTER INSERT ON members
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION member_totals_add();
CREATE TRIGGER member_totals_delete AFTER DELETE ON members
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION member_totals_remove();

-- The members search: one trigram index a field instead of one on the
-- fields joined (0032). In the joined text every member's phone, id and
-- account number lent their digits to every search, so a word of a name
-- found all 200,000 members as candidates at a year's volume (a name
-- search took 0.5 s to read and recheck them). Each field's index now
-- answers its own LIKE and the five are read as one BitmapOr. Made only
-- where pg_trgm is (0032 created it when it could); without it the search
-- scans, with the same results.
DO $$
DECLARE
    v_schema TEXT;
BEGIN
    SELECT n.nspname INTO v_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
        WHERE e.extname = 'pg_trgm';
    IF v_schema IS NOT NULL THEN
        EXECUTE format('CREATE INDEX IF NOT EXISTS members_phone_trgm_idx ON members USING gin (LOWER(phone) %I.gin_trgm_ops)', v_schema);
        EXECUTE format('CREATE INDEX IF NOT EXISTS members_name_trgm_idx ON members USING gin (LOWER(name) %I.gin_trgm_ops)', v_schema);
        EXECUTE format('CREATE INDEX IF NOT EXISTS members_bank_no_trgm_idx ON members USING gin (bank_account_no %I.gin_trgm_ops)', v_schema);
        EXECUTE format('CREATE INDEX IF NOT EXISTS members_id_trgm_idx ON members USING gin (id %I.gin_trgm_ops)', v_schema);
        EXECUTE format('CREATE INDEX IF NOT EXISTS members_code_trgm_idx ON members USING gin (LOWER(code) %I.gin_trgm_ops)', v_schema);
    END IF;
END $$;
DROP INDEX IF EXISTS members_search_idx;

-- A member's withdrawals, newest first (the app's list and the statement's
-- branch) are ordered by (created_at, id): without the id in the index
-- every withdrawal of the member was read and sorted for a page (22 ms for
-- the member with 4,396 at a year's volume, 0.3 ms along this one).
CREATE INDEX IF NOT EXISTS withdrawals_member_time_idx ON withdrawals (member_id, created_at, id);
DROP INDEX IF EXISTS withdrawals_member_idx;

-- The figures of a settled period (a Bangkok day over for ten minutes and
-- more, none of its transfers open), kept the first time a report or the
-- dashboard reads them (Console.Totals): a report of a year read every
-- posting of the year's system accounts and every transfer, 2.2 s at a
-- year's volume. The period is the accounts and the bounds; the figures
-- are JSON. ngern seed-volume, which writes past days, empties it.
CREATE TABLE report_totals (
    period  TEXT PRIMARY KEY,
    figures TEXT NOT NULL
);

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

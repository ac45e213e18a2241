-- The index of journals by member without the transfers' journals
-- (journals_member_own_idx instead of journals_member_idx; docs/performance.md,
-- "Eighth pass"). Every transfer posts two journals (the reservation and
-- its settlement or reversal), most of the table, and no query reads them
-- by member: a member's transfers are read from transfers
-- (transfers_member_idx), their journals by (kind, ref). Each wrote an
-- entry into this index all the same, two of the 38 WAL records of a
-- transfer. The readers of journals by member name the predicate
-- (memberJournals in adapters/sqlstore/ledger.go), or list kinds that
-- imply it, so that a generic plan proves it; TestYearListPlans checks
-- each. IF NOT EXISTS: on a large install the index can be built
-- beforehand with CREATE INDEX CONCURRENTLY under the same name
-- (docs/operations.md), so that the migration does not hold writes while
-- it builds it. SQLite keeps its index on every journal (in-process, an
-- index entry costs it little).
CREATE INDEX IF NOT EXISTS journals_member_own_idx ON journals (member_id, kind, created_at)
    WHERE kind NOT IN ('transfer_reserve', 'transfer_settle', 'transfer_reverse');
DROP INDEX IF EXISTS journals_member_idx;

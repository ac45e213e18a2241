-- The audit log is append-only (0006): TRUNCATE is refused like UPDATE and
-- DELETE. A row trigger does not fire on TRUNCATE, so this is a statement
-- trigger. SQLite has no TRUNCATE (its DELETE without WHERE fires the row
-- trigger of its 0006), so this migration is PostgreSQL-only.
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();

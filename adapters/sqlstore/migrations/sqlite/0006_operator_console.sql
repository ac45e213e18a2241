-- Operator accounts with roles and TOTP, operator sessions, the audit log,
-- operator notes on members and the approvals of withdrawals (four-eyes).
-- The token operators of 0002 are replaced: operators now sign in with a
-- password and a TOTP code (the configured token stays for automation).
DROP TABLE operators;

CREATE TABLE operators (
    id             TEXT PRIMARY KEY,
    username       TEXT NOT NULL,
    password_hash  TEXT NOT NULL,
    role           TEXT NOT NULL CHECK (role IN ('owner', 'finance', 'support')),
    totp_secret    TEXT NOT NULL,
    -- The last TOTP time-step accepted: a code is accepted once.
    totp_last_step INTEGER NOT NULL DEFAULT 0,
    enrolled       BOOLEAN NOT NULL DEFAULT 0,
    disabled       BOOLEAN NOT NULL DEFAULT 0,
    created_at     DATETIME NOT NULL,
    updated_at     DATETIME NOT NULL,
    last_login_at  DATETIME,
    CONSTRAINT operators_username_uq UNIQUE (username)
);

CREATE TABLE operator_sessions (
    token_hash   TEXT PRIMARY KEY,
    operator_id  TEXT NOT NULL REFERENCES operators (id),
    created_at   DATETIME NOT NULL,
    last_seen_at DATETIME NOT NULL,
    expires_at   DATETIME NOT NULL,
    revoked_at   DATETIME,
    ip           TEXT NOT NULL DEFAULT '',
    user_agent   TEXT NOT NULL DEFAULT ''
);
CREATE INDEX operator_sessions_operator_idx ON operator_sessions (operator_id);

CREATE TABLE audit_log (
    seq        INTEGER PRIMARY KEY AUTOINCREMENT,
    at         DATETIME NOT NULL,
    operator   TEXT NOT NULL,
    role       TEXT NOT NULL,
    action     TEXT NOT NULL,
    target     TEXT NOT NULL DEFAULT '',
    before     TEXT NOT NULL DEFAULT '',
    after      TEXT NOT NULL DEFAULT '',
    ip         TEXT NOT NULL DEFAULT '',
    request_id TEXT NOT NULL DEFAULT ''
);
CREATE INDEX audit_log_operator_idx ON audit_log (operator, seq);
CREATE INDEX audit_log_action_idx ON audit_log (action, seq);
CREATE INDEX audit_log_target_idx ON audit_log (target, seq);

-- The audit log is append-only: no statement may change or remove a row.
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN
    SELECT RAISE(ABORT, 'audit_log is append-only');
END;
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN
    SELECT RAISE(ABORT, 'audit_log is append-only');
END;

CREATE TABLE member_notes (
    id        TEXT PRIMARY KEY,
    member_id TEXT NOT NULL REFERENCES members (id),
    at        DATETIME NOT NULL,
    operator  TEXT NOT NULL,
    text      TEXT NOT NULL
);
CREATE INDEX member_notes_member_idx ON member_notes (member_id, at);

CREATE TABLE withdrawal_approvals (
    withdrawal_id TEXT NOT NULL REFERENCES withdrawals (id),
    operator      TEXT NOT NULL,
    at            DATETIME NOT NULL,
    PRIMARY KEY (withdrawal_id, operator)
);

-- Members, sessions, OTPs, rate limits, settings and the bank directory.
CREATE TABLE banks (
    code         TEXT PRIMARY KEY,
    bot_code     TEXT NOT NULL DEFAULT '',
    name_th      TEXT NOT NULL,
    name_en      TEXT NOT NULL,
    country      TEXT NOT NULL,
    english_only BOOLEAN NOT NULL DEFAULT FALSE,
    active       BOOLEAN NOT NULL DEFAULT TRUE,
    sort         INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE settings (
    key        TEXT PRIMARY KEY,
    value      TEXT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE members (
    id                TEXT PRIMARY KEY,
    phone             TEXT NOT NULL,
    name              TEXT NOT NULL,
    password_hash     TEXT NOT NULL,
    source_code       TEXT NOT NULL DEFAULT '',
    invite_code       TEXT NOT NULL DEFAULT '',
    invited_by        TEXT REFERENCES members (id),
    bank_code         TEXT NOT NULL REFERENCES banks (code),
    bank_account_name TEXT NOT NULL,
    bank_account_no   TEXT NOT NULL,
    currency          TEXT NOT NULL,
    active            BOOLEAN NOT NULL DEFAULT TRUE,
    coin              BIGINT NOT NULL DEFAULT 0 CHECK (coin >= 0),
    created_at        TIMESTAMPTZ NOT NULL,
    updated_at        TIMESTAMPTZ NOT NULL,
    CONSTRAINT members_phone_uq UNIQUE (phone),
    CONSTRAINT members_bank_uq UNIQUE (bank_code, bank_account_no)
);
CREATE INDEX members_invited_by_idx ON members (invited_by);

CREATE TABLE sessions (
    token_hash   TEXT PRIMARY KEY,
    member_id    TEXT NOT NULL REFERENCES members (id),
    created_at   TIMESTAMPTZ NOT NULL,
    last_seen_at TIMESTAMPTZ NOT NULL,
    expires_at   TIMESTAMPTZ NOT NULL,
    revoked_at   TIMESTAMPTZ,
    ip           TEXT NOT NULL DEFAULT '',
    user_agent   TEXT NOT NULL DEFAULT ''
);
CREATE INDEX sessions_member_idx ON sessions (member_id);

CREATE TABLE otps (
    id          TEXT PRIMARY KEY,
    phone       TEXT NOT NULL,
    ref         TEXT NOT NULL,
    token_hash  TEXT NOT NULL UNIQUE,
    code_hash   TEXT NOT NULL,
    attempts    INTEGER NOT NULL DEFAULT 0,
    expires_at  TIMESTAMPTZ NOT NULL,
    verified_at TIMESTAMPTZ,
    consumed_at TIMESTAMPTZ,
    created_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX otps_phone_idx ON otps (phone, verified_at);

CREATE TABLE rate_limits (
    key          TEXT PRIMARY KEY,
    window_start TIMESTAMPTZ NOT NULL,
    hits         INTEGER NOT NULL
);

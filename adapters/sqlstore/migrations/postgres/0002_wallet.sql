-- The ledger, the games catalogue, game accounts, provider transfers,
-- withdrawals, idempotency keys and operators.
CREATE TABLE ledger_accounts (
    id         TEXT PRIMARY KEY,
    kind       TEXT NOT NULL CHECK (kind IN ('wallet', 'game', 'system')),
    member_id  TEXT REFERENCES members (id),
    game_code  TEXT,
    balance    BIGINT NOT NULL DEFAULT 0,
    created_at TIMESTAMPTZ NOT NULL,
    -- Member accounts never go below zero; system accounts may.
    CONSTRAINT ledger_accounts_member_balance_ck CHECK (kind = 'system' OR balance >= 0)
);
CREATE INDEX ledger_accounts_member_idx ON ledger_accounts (member_id, game_code);

CREATE TABLE journals (
    id         TEXT PRIMARY KEY,
    kind       TEXT NOT NULL,
    ref        TEXT NOT NULL,
    member_id  TEXT REFERENCES members (id),
    memo       TEXT NOT NULL DEFAULT '',
    created_by TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMPTZ NOT NULL,
    CONSTRAINT journals_kind_ref_uq UNIQUE (kind, ref)
);
CREATE INDEX journals_member_idx ON journals (member_id, kind, created_at);

CREATE TABLE postings (
    journal_id TEXT NOT NULL REFERENCES journals (id),
    account_id TEXT NOT NULL REFERENCES ledger_accounts (id),
    amount     BIGINT NOT NULL CHECK (amount <> 0),
    PRIMARY KEY (journal_id, account_id)
);
CREATE INDEX postings_account_idx ON postings (account_id);

CREATE TABLE games (
    code           TEXT PRIMARY KEY,
    name           TEXT NOT NULL,
    logo           TEXT NOT NULL,
    background     TEXT NOT NULL,
    category       TEXT NOT NULL CHECK (category IN ('slot', 'sport', 'lotto')),
    ft_wallet_slot DOUBLE PRECISION NOT NULL DEFAULT 1,
    web            TEXT,
    android        TEXT,
    ios            TEXT,
    active         BOOLEAN NOT NULL DEFAULT TRUE,
    sort           INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE game_accounts (
    member_id    TEXT NOT NULL REFERENCES members (id),
    game_code    TEXT NOT NULL REFERENCES games (code),
    username     TEXT NOT NULL,
    password_enc TEXT NOT NULL,
    -- Bumped by every change of the member's GAME balance, so that a
    -- refresh books a provider balance only against the balance it read.
    version      BIGINT NOT NULL DEFAULT 0,
    created_at   TIMESTAMPTZ NOT NULL,
    updated_at   TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (member_id, game_code)
);

CREATE TABLE transfers (
    id            TEXT PRIMARY KEY,
    member_id     TEXT NOT NULL REFERENCES members (id),
    game_code     TEXT NOT NULL REFERENCES games (code),
    username      TEXT NOT NULL,
    direction     TEXT NOT NULL CHECK (direction IN ('in', 'out')),
    amount        BIGINT NOT NULL CHECK (amount > 0),
    state         TEXT NOT NULL CHECK (state IN ('PENDING', 'UNKNOWN', 'DONE', 'FAILED')),
    attempts      INTEGER NOT NULL DEFAULT 0,
    created_at    TIMESTAMPTZ NOT NULL,
    updated_at    TIMESTAMPTZ NOT NULL,
    next_check_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX transfers_member_idx ON transfers (member_id, created_at);
CREATE INDEX transfers_open_idx ON transfers (member_id, game_code) WHERE state IN ('PENDING', 'UNKNOWN');

CREATE TABLE withdrawals (
    id         TEXT PRIMARY KEY,
    member_id  TEXT NOT NULL REFERENCES members (id),
    amount     BIGINT NOT NULL CHECK (amount > 0),
    status     TEXT NOT NULL CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED')),
    reason     TEXT NOT NULL DEFAULT '',
    decided_by TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMPTZ NOT NULL,
    decided_at TIMESTAMPTZ
);
-- One pending withdrawal per member, whatever runs concurrently.
CREATE UNIQUE INDEX withdrawals_one_pending_uq ON withdrawals (member_id) WHERE status = 'PENDING';
CREATE INDEX withdrawals_member_idx ON withdrawals (member_id, created_at);
CREATE INDEX withdrawals_status_idx ON withdrawals (status, created_at);

CREATE TABLE idempotency_keys (
    scope        TEXT NOT NULL,
    route        TEXT NOT NULL,
    key          TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    done         BOOLEAN NOT NULL DEFAULT FALSE,
    status       INTEGER NOT NULL DEFAULT 0,
    body         TEXT NOT NULL DEFAULT '',
    created_at   TIMESTAMPTZ NOT NULL,
    completed_at TIMESTAMPTZ,
    PRIMARY KEY (scope, route, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

CREATE TABLE operators (
    id         TEXT PRIMARY KEY,
    name       TEXT NOT NULL,
    token_hash TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    CONSTRAINT operators_name_uq UNIQUE (name),
    CONSTRAINT operators_token_uq UNIQUE (token_hash)
);

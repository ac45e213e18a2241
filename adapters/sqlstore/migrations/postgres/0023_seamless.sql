-- The seamless wallet (issue 27, docs/adapters.md "Seamless aggregators"):
-- the aggregators call Ngern on every bet, win and rollback.
--
-- game_sessions holds the session tokens minted at launch, by their hash
-- only (a leaked table opens no game). expires_at is indexed for the
-- clean-up of old sessions; a win or rollback may still name an expired
-- one, so rows outlive their expiry for a while.
CREATE TABLE game_sessions (
    token_hash TEXT PRIMARY KEY,
    member_id  TEXT NOT NULL REFERENCES members (id),
    provider   TEXT NOT NULL,
    game       TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX game_sessions_expires_idx ON game_sessions (expires_at);

-- seamless_txs records each money callback once per (provider, tx_id): the
-- primary key decides between concurrent deliveries of one transaction
-- (INSERT … ON CONFLICT DO NOTHING, never a look-up first), and between a
-- bet and the tombstone its rollback leaves when it comes first. balance
-- and journal_id are the answer given the first time, answered again to
-- every retry; journal_id is NULL when nothing moved (a win of 0, a
-- rollback of a bet never seen, a tombstone). No foreign key to members:
-- like the ledger's hot tables (0018) the statements that write it take the
-- member the service looked up, and `ngern check` ties every row to its
-- journal and back.
CREATE TABLE seamless_txs (
    provider    TEXT NOT NULL,
    tx_id       TEXT NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('bet', 'win', 'rollback')),
    state       TEXT NOT NULL CHECK (state IN ('applied', 'rolled_back', 'tombstone')),
    member_id   TEXT NOT NULL,
    round_id    TEXT NOT NULL DEFAULT '',
    game        TEXT NOT NULL DEFAULT '',
    amount      BIGINT NOT NULL CHECK (amount >= 0),
    ref_tx_id   TEXT NOT NULL DEFAULT '', -- a rollback's bet
    fingerprint TEXT NOT NULL DEFAULT '',
    balance     BIGINT NOT NULL DEFAULT 0,
    journal_id  TEXT,
    created_at  TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (provider, tx_id)
);
-- The console's round search, and the member's statement grouped by round.
CREATE INDEX seamless_txs_round_idx ON seamless_txs (provider, round_id);
CREATE INDEX seamless_txs_member_idx ON seamless_txs (member_id, created_at);
-- A transaction found by the reference Ngern answered (its journal), and
-- `ngern check` going from a journal to its row.
CREATE UNIQUE INDEX seamless_txs_journal_uq ON seamless_txs (journal_id) WHERE journal_id IS NOT NULL;
-- `ngern check` going from a rolled-back bet to its rollback.
CREATE INDEX seamless_txs_ref_idx ON seamless_txs (provider, ref_tx_id) WHERE kind = 'rollback';

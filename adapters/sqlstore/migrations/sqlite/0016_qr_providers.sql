-- QR providers edited in the console (docs/configuration.md#qr-providers):
-- per provider whether members may use it, its minimum, its quick amounts,
-- how long its QRs can be paid, and the gateway's API key and webhook
-- secret. The secrets are sealed with the install's secret key (AES-256-GCM,
-- bound to the provider's code) and never served by any API. A row is
-- seeded at first start from the spec's defaults and the environment; from
-- then on the row wins.
CREATE TABLE qr_providers (
    code              TEXT PRIMARY KEY,
    enabled           BOOLEAN NOT NULL,
    min_amount        INTEGER NOT NULL CHECK (min_amount > 0),
    quick_amounts     TEXT NOT NULL DEFAULT '[]', -- JSON array of satang
    lifetime_seconds  INTEGER NOT NULL CHECK (lifetime_seconds > 0),
    api_key_sealed    TEXT NOT NULL DEFAULT '',
    secret_sealed     TEXT NOT NULL DEFAULT '',
    updated_by        TEXT NOT NULL DEFAULT '',
    updated_at        DATETIME NOT NULL
);

-- An unmatched payment an operator refunded outside Ngern (the review
-- queue's "refund outside"): nothing credited, the note says how. SQLite
-- cannot change a CHECK: the table is rebuilt (nothing references it).
CREATE TABLE qr_payments_new (
    provider       TEXT NOT NULL,
    ref            TEXT NOT NULL,
    qrcode_id      TEXT REFERENCES qr_codes (id),
    member_id      TEXT REFERENCES members (id),
    amount         BIGINT NOT NULL CHECK (amount > 0),
    paid_at        DATETIME NOT NULL,
    status         TEXT NOT NULL CHECK (status IN ('CREDITED', 'REVIEW', 'REFUNDED')),
    note           TEXT NOT NULL DEFAULT '',
    journal_id     TEXT REFERENCES journals (id),
    decided_by     TEXT NOT NULL DEFAULT '',
    decided_at     DATETIME,
    created_at     DATETIME NOT NULL,
    decision_note  TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (provider, ref),
    CONSTRAINT qr_payments_journal_uq UNIQUE (journal_id)
);
INSERT INTO qr_payments_new (provider, ref, qrcode_id, member_id, amount, paid_at, status, note, journal_id, decided_by,
    decided_at, created_at)
SELECT provider, ref, qrcode_id, member_id, amount, paid_at, status, note, journal_id, decided_by, decided_at, created_at
FROM qr_payments;
DROP TABLE qr_payments;
ALTER TABLE qr_payments_new RENAME TO qr_payments;
CREATE UNIQUE INDEX qr_payments_credited_uq ON qr_payments (qrcode_id) WHERE status = 'CREDITED';
CREATE INDEX qr_payments_status_idx ON qr_payments (status, created_at);
CREATE INDEX qr_payments_decided_idx ON qr_payments (decided_at) WHERE decided_by <> '';

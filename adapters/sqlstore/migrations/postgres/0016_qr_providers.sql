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
    min_amount        BIGINT NOT NULL CHECK (min_amount > 0),
    quick_amounts     TEXT NOT NULL DEFAULT '[]', -- JSON array of satang
    lifetime_seconds  INTEGER NOT NULL CHECK (lifetime_seconds > 0),
    api_key_sealed    TEXT NOT NULL DEFAULT '',
    secret_sealed     TEXT NOT NULL DEFAULT '',
    updated_by        TEXT NOT NULL DEFAULT '',
    updated_at        TIMESTAMPTZ NOT NULL
);

-- An unmatched payment an operator refunded outside Ngern (the review
-- queue's "refund outside"): nothing credited, the note says how.
ALTER TABLE qr_payments DROP CONSTRAINT qr_payments_status_check;
ALTER TABLE qr_payments ADD CONSTRAINT qr_payments_status_check CHECK (status IN ('CREDITED', 'REVIEW', 'REFUNDED'));
ALTER TABLE qr_payments ADD COLUMN decision_note TEXT NOT NULL DEFAULT '';
CREATE INDEX qr_payments_decided_idx ON qr_payments (decided_at) WHERE decided_by <> '';

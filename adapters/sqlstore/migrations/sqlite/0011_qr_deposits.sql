-- QR deposits: a member's QR of a provider (the PromptPay bank QR or a
-- payment gateway) and the payments providers tell of. A payment is
-- recorded once per (provider, ref) and either credits its QR (a journal of
-- kind 'deposit', ref "qr:<provider>:<ref>") or waits for an operator's
-- review (status REVIEW): it is never lost.
CREATE TABLE qr_codes (
    id          TEXT PRIMARY KEY,
    member_id   TEXT NOT NULL REFERENCES members (id),
    provider    TEXT NOT NULL,
    target      TEXT NOT NULL DEFAULT '', -- the PromptPay target; '' for a gateway
    amount      BIGINT NOT NULL CHECK (amount > 0),
    payload     TEXT NOT NULL DEFAULT '',
    gateway_ref TEXT NOT NULL DEFAULT '',
    status      TEXT NOT NULL CHECK (status IN ('OPEN', 'PAID', 'EXPIRED', 'CANCELLED')),
    created_at  DATETIME NOT NULL,
    expires_at  DATETIME NOT NULL,
    closed_at   DATETIME
);
-- One open QR per member and provider; no two open QRs of a PromptPay
-- target share an amount (a bank transfer is matched by target and amount).
CREATE UNIQUE INDEX qr_codes_open_member_uq ON qr_codes (member_id, provider) WHERE status = 'OPEN';
CREATE UNIQUE INDEX qr_codes_open_amount_uq ON qr_codes (target, amount) WHERE status = 'OPEN' AND target <> '';
CREATE INDEX qr_codes_member_idx ON qr_codes (member_id, created_at);
CREATE INDEX qr_codes_status_idx ON qr_codes (status, expires_at);
CREATE INDEX qr_codes_target_idx ON qr_codes (target, amount, created_at);

CREATE TABLE qr_payments (
    provider    TEXT NOT NULL,
    ref         TEXT NOT NULL,
    qrcode_id   TEXT REFERENCES qr_codes (id),
    member_id   TEXT REFERENCES members (id),
    amount      BIGINT NOT NULL CHECK (amount > 0),
    paid_at     DATETIME NOT NULL,
    status      TEXT NOT NULL CHECK (status IN ('CREDITED', 'REVIEW')),
    note        TEXT NOT NULL DEFAULT '',
    journal_id  TEXT REFERENCES journals (id),
    -- An operator who credited an unmatched payment to a member, and when.
    decided_by  TEXT NOT NULL DEFAULT '',
    decided_at  DATETIME,
    created_at  DATETIME NOT NULL,
    PRIMARY KEY (provider, ref),
    CONSTRAINT qr_payments_journal_uq UNIQUE (journal_id)
);
-- A QR is paid at most once.
CREATE UNIQUE INDEX qr_payments_credited_uq ON qr_payments (qrcode_id) WHERE status = 'CREDITED';
CREATE INDEX qr_payments_status_idx ON qr_payments (status, created_at);

-- Webhook deliveries seen, so that a replayed delivery is refused.
CREATE TABLE qr_webhook_deliveries (
    provider    TEXT NOT NULL,
    delivery_id TEXT NOT NULL,
    received_at DATETIME NOT NULL,
    PRIMARY KEY (provider, delivery_id)
);

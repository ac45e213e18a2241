-- Deposits: uploaded bank-transfer slips and redeemed TrueMoney gift
-- vouchers. Credits are journals of kind 'deposit' whose (kind, ref) is
-- unique: ref "slip:<bank>:<transRef>" for a slip with a bank reference, so
-- that one transfer credits once however often and by whomever its slip is
-- uploaded, and "gift:<voucher>" for a voucher.
CREATE TABLE slips (
    id               TEXT PRIMARY KEY,
    member_id        TEXT NOT NULL REFERENCES members (id),
    object_key       TEXT NOT NULL,
    content_type     TEXT NOT NULL,
    status           TEXT NOT NULL CHECK (status IN ('PENDING', 'SUCCESS', 'FAILED')),
    note             TEXT NOT NULL DEFAULT '',
    amount           BIGINT NOT NULL DEFAULT 0 CHECK (amount >= 0),
    sending_bank     TEXT NOT NULL DEFAULT '',
    trans_ref        TEXT NOT NULL DEFAULT '',
    sender_bank      TEXT NOT NULL DEFAULT '',
    sender_account   TEXT NOT NULL DEFAULT '',
    sender_name      TEXT NOT NULL DEFAULT '',
    receiver_bank    TEXT NOT NULL DEFAULT '',
    receiver_account TEXT NOT NULL DEFAULT '',
    receiver_name    TEXT NOT NULL DEFAULT '',
    transferred_at   TIMESTAMPTZ,
    -- The journal that credited the slip; unique, so a slip credits once.
    journal_id       TEXT REFERENCES journals (id),
    decided_by       TEXT NOT NULL DEFAULT '',
    decided_at       TIMESTAMPTZ,
    created_at       TIMESTAMPTZ NOT NULL,
    CONSTRAINT slips_journal_uq UNIQUE (journal_id)
);
CREATE INDEX slips_member_idx ON slips (member_id, created_at);
CREATE INDEX slips_status_idx ON slips (status, created_at);

-- A voucher is claimed (PENDING) before it is redeemed, so that of
-- concurrent requests with one voucher only one redeems it.
CREATE TABLE gift_vouchers (
    voucher    TEXT PRIMARY KEY,
    member_id  TEXT NOT NULL REFERENCES members (id),
    status     TEXT NOT NULL CHECK (status IN ('PENDING', 'SUCCESS')),
    amount     BIGINT NOT NULL DEFAULT 0 CHECK (amount >= 0),
    note       TEXT NOT NULL DEFAULT '',
    journal_id TEXT REFERENCES journals (id),
    created_at TIMESTAMPTZ NOT NULL,
    settled_at TIMESTAMPTZ
);
CREATE INDEX gift_vouchers_status_idx ON gift_vouchers (status, created_at);

-- An idempotent answer given while a transfer was open (TRANSFER_PENDING)
-- is provisional: awaits names what it waits on, and a retry re-evaluates
-- it once that is final (docs/api.md, "Money calls: idempotency").
ALTER TABLE idempotency_keys ADD COLUMN awaits TEXT NOT NULL DEFAULT '';

-- Registration finds the verified OTP by its token now, never by phone.
DROP INDEX otps_phone_idx;

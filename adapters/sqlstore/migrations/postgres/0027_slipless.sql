-- Slipless deposits (issue 28): a transfer to a receiving account, told by
-- the bank feed, is a payment of provider 'transfer' (ref: the bank's
-- reference, once per bank reference as every payment). It keeps the
-- sender as the bank named it (masked number, truncated name) and, when it
-- waits for review, the members it may be (comma-separated ids).
ALTER TABLE qr_payments ADD COLUMN sender_bank TEXT NOT NULL DEFAULT '';
ALTER TABLE qr_payments ADD COLUMN sender_account TEXT NOT NULL DEFAULT '';
ALTER TABLE qr_payments ADD COLUMN sender_name TEXT NOT NULL DEFAULT '';
ALTER TABLE qr_payments ADD COLUMN candidates TEXT NOT NULL DEFAULT '';

-- A member's payments by time: the slip of a transfer that the bank feed
-- credited already is found among the member's own payments (twin.go,
-- feedCredit), inside the slip's crediting transaction, rather than among
-- every payment ever credited. Partial on the literal status the query
-- names, so that a generic plan proves it.
CREATE INDEX qr_payments_member_idx ON qr_payments (member_id, paid_at) WHERE status = 'CREDITED';

-- A slipless deposit's sender is a masked account number ("xxx-x-x1234-x"):
-- the members it may be are found by the last four digits of their
-- registered account (qrdeposits.go, RegisteredAccounts) along this index,
-- a range of a few entries, instead of every member of the bank. An
-- expression rather than a stored column: the account number is written
-- once, at registration, and nothing has to keep a copy in step.
CREATE INDEX members_bank_last4_idx ON members (bank_code, right(bank_account_no, 4));

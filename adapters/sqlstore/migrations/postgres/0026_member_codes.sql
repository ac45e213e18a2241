-- Member codes (issue 25): a short code players read and type instead of
-- the 24-hex member id; the invite code is "PR" and this code. Members
-- registered before have none until the app's start gives them one
-- (account.Service.BackfillCodes): a random code with a retry on
-- collision cannot be written deterministically in SQL. The unique index
-- decides collisions and serves the invite look-up; NULLs do not collide.
ALTER TABLE members ADD COLUMN code TEXT;
CREATE UNIQUE INDEX members_code_uq ON members (code);

-- The ledger's hot tables check their references in the statements that
-- write them and in `ngern check`, not with foreign keys (docs/performance.md,
-- "Seventh pass"). Each foreign key made every row written run a look-up
-- of the row it names and lock it (FOR KEY SHARE, which writes the lock
-- to the WAL, and a multixact where transfers share the row: a game, a
-- clearing account): about fourteen per transfer, a quarter of
-- PostgreSQL's CPU for it. The references stay right by construction: a
-- posting's journal and accounts are written first in the same
-- transaction (ngern_post, DB.post; ledger_accounts keeps its own foreign
-- key to members), a transfer's member and game are those of the game
-- account its reservation's first statement found (game_accounts keeps
-- its foreign keys), a journal's member is the caller the service looked
-- up; no statement deletes a member, game, journal or ledger account.
-- `ngern check` reports any row whose reference is missing.
-- SQLite keeps its foreign keys: they cost it little, in-process.
ALTER TABLE postings DROP CONSTRAINT IF EXISTS postings_journal_id_fkey;
ALTER TABLE postings DROP CONSTRAINT IF EXISTS postings_account_id_fkey;
ALTER TABLE journals DROP CONSTRAINT IF EXISTS journals_member_id_fkey;
ALTER TABLE transfers DROP CONSTRAINT IF EXISTS transfers_member_id_fkey;
ALTER TABLE transfers DROP CONSTRAINT IF EXISTS transfers_game_code_fkey;

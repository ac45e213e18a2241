-- The history bench/lists measures on top of `ngern seed-volume` (docs/performance.md,
-- "Keyset pages, capped counts and the masked sender"): one member with 20,000 more transfers and
-- 4,000 seamless rounds, 50,000 more audit entries, a PAID payout per approved withdrawal. Run it
-- in the seeded schema (PGOPTIONS=-csearch_path=<schema> psql -f), then VACUUM ANALYZE.
CREATE TEMP TABLE heavy AS SELECT member_id AS id FROM transfers GROUP BY member_id ORDER BY count(*) DESC, member_id LIMIT 1;
INSERT INTO transfers (id, member_id, game_code, username, direction, amount, state, created_at, updated_at, next_check_at)
SELECT 'hvt' || lpad(g::text, 8, '0'), h.id, t.game_code, t.username, CASE WHEN g % 2 = 0 THEN 'in' ELSE 'out' END, 1000 + g, 'DONE',
  now() - interval '360 days' + g * interval '25 minutes', now() - interval '360 days' + g * interval '25 minutes', now()
FROM generate_series(1, 20000) g, heavy h, LATERAL (SELECT game_code, username FROM transfers WHERE member_id = h.id LIMIT 1) t;
-- 4,000 seamless rounds: a bet and a win each, one in 20 rolled back instead of won.
INSERT INTO seamless_txs (provider, tx_id, kind, state, member_id, round_id, game, amount, journal_id, created_at)
SELECT 'hub88', 'b' || g, 'bet', CASE WHEN g % 20 = 0 THEN 'rolled_back' ELSE 'applied' END, h.id, 'r' || g, 'slot1', 500, 'hjb' || g,
  now() - interval '200 days' + g * interval '70 minutes'
FROM generate_series(1, 4000) g, heavy h;
INSERT INTO seamless_txs (provider, tx_id, kind, state, member_id, round_id, game, amount, journal_id, created_at)
SELECT 'hub88', 'w' || g, 'win', 'applied', h.id, 'r' || g, 'slot1', CASE WHEN g % 3 = 0 THEN 0 ELSE 900 END,
  CASE WHEN g % 3 = 0 THEN NULL ELSE 'hjw' || g END, now() - interval '200 days' + g * interval '70 minutes' + interval '20 seconds'
FROM generate_series(1, 4000) g, heavy h WHERE g % 20 <> 0;
INSERT INTO seamless_txs (provider, tx_id, kind, state, member_id, round_id, game, amount, ref_tx_id, journal_id, created_at)
SELECT 'hub88', 'x' || g, 'rollback', 'applied', h.id, '', 'slot1', 500, 'b' || g, 'hjx' || g,
  now() - interval '200 days' + g * interval '70 minutes' + interval '30 seconds'
FROM generate_series(1, 4000) g, heavy h WHERE g % 20 = 0;
-- the audit log to 58,235 entries
INSERT INTO audit_log (at, operator, role, action, target)
SELECT now() - interval '300 days' + g * interval '5 minutes', 'volume-finance', 'finance', 'withdrawal.approve', 'w' || g
FROM generate_series(1, 50000) g;
SELECT id FROM heavy;
INSERT INTO payouts (id, withdrawal_id, member_id, amount, bank_code, account_no, account_name, status, sent, next_check_at, created_at, updated_at, settled_at)
SELECT 'po' || w.id, w.id, w.member_id, w.amount, m.bank_code, m.bank_account_no, m.bank_account_name, 'PAID', true, w.created_at, w.created_at, w.created_at, w.created_at
FROM withdrawals w JOIN members m ON m.id = w.member_id WHERE w.status = 'APPROVED';

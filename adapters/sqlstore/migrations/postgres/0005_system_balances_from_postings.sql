-- System accounts (provider clearing per game, deposits, expenses…) no
-- longer keep a balance of their own: every transfer into a game locked
-- that game's clearing row twice, so one popular game serialised all its
-- transfers (docs/performance.md). A system account's balance is the sum
-- of its postings, computed when asked (Ledger.Balance); the row only
-- exists for the postings' foreign key. Member accounts keep their
-- materialised balance, checked against their postings by `ngern check`.
UPDATE ledger_accounts SET balance = 0 WHERE kind = 'system';

-- ngern_post as in 0003, but a system account is only created when
-- missing (ON CONFLICT DO NOTHING takes no row lock), never updated.
CREATE OR REPLACE FUNCTION ngern_post(
    p_id TEXT, p_kind TEXT, p_ref TEXT, p_member TEXT, p_memo TEXT, p_by TEXT, p_at TIMESTAMPTZ,
    p_accounts TEXT[], p_kinds TEXT[], p_members TEXT[], p_games TEXT[], p_amounts BIGINT[], p_of TEXT)
RETURNS BIGINT LANGUAGE plpgsql AS $$
DECLARE
    v_balance BIGINT;
    v_of BIGINT := 0;
BEGIN
    INSERT INTO journals (id, kind, ref, member_id, memo, created_by, created_at)
        VALUES (p_id, p_kind, p_ref, NULLIF(p_member, ''), p_memo, p_by, p_at);
    FOR i IN 1 .. cardinality(p_accounts) LOOP
        IF p_kinds[i] = 'system' THEN
            INSERT INTO ledger_accounts (id, kind, member_id, game_code, balance, created_at)
                VALUES (p_accounts[i], p_kinds[i], NULLIF(p_members[i], ''), NULLIF(p_games[i], ''), 0, p_at)
                ON CONFLICT (id) DO NOTHING;
            v_balance := 0;
        ELSIF p_amounts[i] < 0 THEN
            UPDATE ledger_accounts SET balance = balance - (-p_amounts[i])
                WHERE id = p_accounts[i] AND balance >= -p_amounts[i]
                RETURNING balance INTO v_balance;
            IF NOT FOUND THEN
                RAISE EXCEPTION 'ledger: % holds less than %', p_accounts[i], -p_amounts[i]
                    USING ERRCODE = 'check_violation';
            END IF;
        ELSE
            INSERT INTO ledger_accounts (id, kind, member_id, game_code, balance, created_at)
                VALUES (p_accounts[i], p_kinds[i], NULLIF(p_members[i], ''), NULLIF(p_games[i], ''), p_amounts[i], p_at)
                ON CONFLICT (id) DO UPDATE SET balance = ledger_accounts.balance + excluded.balance
                RETURNING balance INTO v_balance;
        END IF;
        IF p_accounts[i] = p_of THEN
            v_of := v_balance;
        END IF;
    END LOOP;
    INSERT INTO postings (journal_id, account_id, amount)
        SELECT p_id, a, m FROM unnest(p_accounts, p_amounts) AS t (a, m);
    RETURN v_of;
END $$;

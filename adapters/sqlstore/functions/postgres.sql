-- The ledger on PostgreSQL: the only path by which a journal is posted
-- there (DB.post), and a transfer reserved and finished, each in one round
-- trip (docs/performance.md, "The ledger, written once"). Not a migration:
-- DB.Migrate applies this file after the migrations on every start, so
-- what is here is what runs, and a change is made here and nowhere else.
-- The functions run the statements the SQLite path of adapters/sqlstore
-- sends one by one (postFor, reserve, FinishTransfer), in the same order,
-- so rows are locked in the same order everywhere; the adapter validates
-- the journal and sorts its postings (member accounts first, then system
-- accounts, each by id) before it calls them.

-- ngern_post records a journal: the journal row, the balance of every
-- member account it touches (a system account is only created when
-- missing, ON CONFLICT DO NOTHING taking no row lock: its balance is the
-- sum of its postings) and its postings. A member account is debited only
-- down to zero: otherwise it raises check_violation, which the adapter
-- answers MONEY_NOT_ENOUGH, and nothing of the statement stays. It returns
-- the balance after of the account p_of (0 when the journal does not
-- touch it).
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
    INSERT INTO postings (journal_id, account_id, amount, created_at)
        SELECT p_id, a, m, p_at FROM unnest(p_accounts, p_amounts) AS t (a, m);
    RETURN v_of;
END $$;

-- ngern_reserve_transfer marks the change of the member's game account (its
-- version), which is also the check that the account exists and, for money
-- going in, that the game is active; stores the transfer PENDING with the
-- account's username; and posts the reserve journal. o_username is NULL
-- when there is no such account (nothing is written); o_left is the balance
-- after of the account p_of.
CREATE OR REPLACE FUNCTION ngern_reserve_transfer(
    t_id TEXT, t_member TEXT, t_game TEXT, t_direction TEXT, t_amount BIGINT, t_state TEXT,
    t_created TIMESTAMPTZ, t_updated TIMESTAMPTZ, t_next TIMESTAMPTZ,
    p_id TEXT, p_kind TEXT, p_ref TEXT, p_member TEXT, p_memo TEXT, p_by TEXT, p_at TIMESTAMPTZ,
    p_accounts TEXT[], p_kinds TEXT[], p_members TEXT[], p_games TEXT[], p_amounts BIGINT[], p_of TEXT,
    OUT o_username TEXT, OUT o_left BIGINT)
LANGUAGE plpgsql AS $$
BEGIN
    UPDATE game_accounts ga SET version = ga.version + 1, updated_at = t_created
        WHERE ga.member_id = t_member AND ga.game_code = t_game
            AND (t_direction = 'out' OR EXISTS (SELECT 1 FROM games g WHERE g.code = ga.game_code AND g.active))
        RETURNING ga.username INTO o_username;
    IF NOT FOUND THEN
        RETURN;
    END IF;
    INSERT INTO transfers (id, member_id, game_code, username, direction, amount, state, attempts,
            created_at, updated_at, next_check_at)
        VALUES (t_id, t_member, t_game, o_username, t_direction, t_amount, t_state, 0, t_created, t_updated, t_next);
    o_left := ngern_post(p_id, p_kind, p_ref, p_member, p_memo, p_by, p_at,
        p_accounts, p_kinds, p_members, p_games, p_amounts, p_of);
END $$;

-- ngern_finish_transfer moves an open transfer to t_state (DONE or FAILED),
-- marks the change of the game account and posts the settle or reverse
-- journal. It returns FALSE, writing nothing, when the transfer was final
-- already: the conditional update is the lock between two finishers. Its
-- commit does not wait for the WAL flush: FinishTransfer in
-- adapters/sqlstore/wallet.go tells why a lost one is recovered.
CREATE OR REPLACE FUNCTION ngern_finish_transfer(
    t_id TEXT, t_state TEXT, t_at TIMESTAMPTZ,
    p_id TEXT, p_kind TEXT, p_ref TEXT, p_member TEXT, p_memo TEXT, p_by TEXT, p_at TIMESTAMPTZ,
    p_accounts TEXT[], p_kinds TEXT[], p_members TEXT[], p_games TEXT[], p_amounts BIGINT[])
RETURNS BOOLEAN LANGUAGE plpgsql AS $$
DECLARE
    v_member TEXT;
    v_game TEXT;
BEGIN
    PERFORM set_config('synchronous_commit', 'off', true);
    UPDATE transfers SET state = t_state, updated_at = t_at
        WHERE id = t_id AND state IN ('PENDING', 'UNKNOWN')
        RETURNING member_id, game_code INTO v_member, v_game;
    IF NOT FOUND THEN
        RETURN FALSE;
    END IF;
    UPDATE game_accounts SET version = version + 1, updated_at = t_at
        WHERE member_id = v_member AND game_code = v_game;
    PERFORM ngern_post(p_id, p_kind, p_ref, p_member, p_memo, p_by, p_at,
        p_accounts, p_kinds, p_members, p_games, p_amounts, '');
    RETURN TRUE;
END $$;

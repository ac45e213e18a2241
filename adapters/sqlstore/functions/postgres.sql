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
    -- By the primary key only: see openByID in adapters/sqlstore/wallet.go.
    UPDATE transfers SET state = t_state, updated_at = t_at
        WHERE id = t_id AND state NOT IN ('DONE', 'FAILED')
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

-- ngern_seamless_round adds a seamless callback's stake and payout to its
-- round in the bet history (game_bets) and to the member's totals of the
-- round's day (game_results), creating the round when missing: the
-- statements of addToRound and countRound (adapters/sqlstore/seamless.go),
-- in their order. p_game is the round's game (RoundGame), p_zone the
-- offset from UTC in seconds of the business day (limits.Zone), by which a
-- round's day is that of its first callback. A round id another member
-- holds is kept under "<round>/<member>".
CREATE OR REPLACE FUNCTION ngern_seamless_round(
    p_game TEXT, p_round TEXT, p_member TEXT, p_stake BIGINT, p_payout BIGINT, p_at TIMESTAMPTZ, p_zone INTEGER)
RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
    v_id TEXT;
    v_placed TIMESTAMPTZ;
    v_bets INTEGER;
    v_stake BIGINT;
    v_day TEXT;
BEGIN
    FOREACH v_id IN ARRAY ARRAY[p_round, p_round || '/' || p_member] LOOP
        v_bets := 0;
        v_stake := p_stake;
        UPDATE game_bets SET stake = stake + p_stake, payout = payout + p_payout
            WHERE game = p_game AND bet_id = v_id AND member_id = p_member
            RETURNING placed_at INTO v_placed;
        IF NOT FOUND THEN
            INSERT INTO game_bets (game, bet_id, username, member_id, stake, payout, placed_at, collected_at)
                VALUES (p_game, v_id, p_member, p_member, GREATEST(p_stake, 0), p_payout, p_at, p_at)
                ON CONFLICT (game, bet_id) DO NOTHING;
            IF FOUND THEN
                v_placed := p_at;
                v_bets := 1;
                v_stake := GREATEST(p_stake, 0);
            ELSE
                -- Another transaction inserted the round first (and has
                -- committed: the insert waited for it): add to it, if it
                -- is this member's.
                UPDATE game_bets SET stake = stake + p_stake, payout = payout + p_payout
                    WHERE game = p_game AND bet_id = v_id AND member_id = p_member
                    RETURNING placed_at INTO v_placed;
                CONTINUE WHEN NOT FOUND;
            END IF;
        END IF;
        -- The day's totals exist but for a day's first round: the update
        -- first, as countResult. (An upsert that finds its row locks it
        -- and then updates it, two WAL records; the update writes one.)
        v_day := to_char((v_placed AT TIME ZONE 'UTC') + make_interval(secs => p_zone), 'YYYY-MM-DD');
        UPDATE game_results SET bets = bets + v_bets, stake = stake + v_stake, payout = payout + p_payout
            WHERE member_id = p_member AND game = p_game AND day = v_day;
        IF NOT FOUND THEN
            INSERT INTO game_results (member_id, game, day, bets, stake, payout)
                VALUES (p_member, p_game, v_day, v_bets, v_stake, p_payout)
                ON CONFLICT (member_id, game, day) DO UPDATE SET bets = game_results.bets + excluded.bets,
                    stake = game_results.stake + excluded.stake, payout = game_results.payout + excluded.payout;
        END IF;
        RETURN;
    END LOOP;
    RAISE EXCEPTION 'seamless: round % of % held by another member twice', p_round, p_game;
END $$;

-- ngern_seamless records a seamless callback (s_*) in one round trip: what
-- Seamless.Record, Apply and Cancel (adapters/sqlstore/seamless.go) send
-- statement by statement on SQLite, in the same order, so rows are locked
-- in the same order everywhere: the member's wallet (FOR UPDATE, when the
-- callback may move money), the transaction's key, the bet's key (a
-- rollback), the round.
--
-- With p_look (Record) it first looks the id up (when recorded: that row,
-- o_status 'existed'), then, with p_refuse, writes nothing ('refused'),
-- and for a rollback looks up the bet it names ('not_a_bet' when that row
-- is neither a tombstone nor a bet of the member), as seamless.LookUp
-- does. Then the key's insert decides ('existed' when it finds the key
-- taken: it waited for the transaction that holds it) and the callback is
-- written ('stored'):
--
-- - a bet or a win locks the wallet first and inserts its row once, with
--   its answer: the journal's id and the balance after, the wallet's
--   balance under that lock plus (a win) or less (a bet) the amount. Then
--   it posts the journal p_* (ngern_post, which raises check_violation
--   below zero: nothing stays, the key neither) and adds to its round. A
--   duplicate delivered at once waits for the wallet, then finds the key
--   taken. A win of 0 posts nothing and locks no wallet: its row is
--   inserted with the wallet's balance as it is.
-- - a rollback locks the wallet, then its row is inserted with its answer
--   (the wallet as it is); then the tombstone under the bet's id, unless
--   the key is taken; then, when that is the member's applied bet, the
--   guarded move to rolled_back, the reverse journal (p_* as
--   seamless.Reverse builds it for an amount of 1, scaled here by the
--   bet's amount, with the bet's game and round as its memo) and the
--   round's stake taken back, and the rollback's row is given the amount,
--   journal and balance after.
--
-- p_prefix is RoundGame(provider, ""), to which a game's code is added;
-- p_zone as ngern_seamless_round. The o_* columns are the row as recorded.
CREATE OR REPLACE FUNCTION ngern_seamless(
    p_look BOOLEAN, p_refuse BOOLEAN, p_prefix TEXT, p_zone INTEGER,
    s_provider TEXT, s_tx TEXT, s_kind TEXT, s_member TEXT, s_round TEXT, s_game TEXT, s_amount BIGINT,
    s_ref TEXT, s_fingerprint TEXT, s_at TIMESTAMPTZ,
    p_id TEXT, p_kind TEXT, p_ref TEXT, p_member TEXT, p_memo TEXT, p_by TEXT, p_at TIMESTAMPTZ,
    p_accounts TEXT[], p_kinds TEXT[], p_members TEXT[], p_games TEXT[], p_amounts BIGINT[], p_of TEXT,
    OUT o_status TEXT, OUT o_kind TEXT, OUT o_state TEXT, OUT o_member TEXT, OUT o_round TEXT, OUT o_game TEXT,
    OUT o_amount BIGINT, OUT o_ref TEXT, OUT o_fingerprint TEXT, OUT o_balance BIGINT, OUT o_journal TEXT,
    OUT o_at TIMESTAMPTZ)
LANGUAGE plpgsql AS $$
DECLARE
    v_bet seamless_txs%ROWTYPE;
    v_after BIGINT;
BEGIN
    IF p_look THEN
        SELECT 'existed', kind, state, member_id, round_id, game, amount, ref_tx_id, fingerprint, balance, journal_id, created_at
            INTO o_status, o_kind, o_state, o_member, o_round, o_game, o_amount, o_ref, o_fingerprint, o_balance, o_journal, o_at
            FROM seamless_txs WHERE provider = s_provider AND tx_id = s_tx;
        IF FOUND THEN
            RETURN;
        END IF;
        IF p_refuse THEN
            o_status := 'refused';
            RETURN;
        END IF;
        IF s_kind = 'rollback' THEN
            SELECT * INTO v_bet FROM seamless_txs WHERE provider = s_provider AND tx_id = s_ref;
            IF FOUND AND v_bet.state <> 'tombstone' AND (v_bet.kind <> 'bet' OR v_bet.member_id <> s_member) THEN
                o_status := 'not_a_bet';
                RETURN;
            END IF;
        END IF;
    END IF;
    o_status := 'stored';
    o_kind := s_kind;
    o_state := 'applied';
    o_member := s_member;
    o_round := s_round;
    o_game := s_game;
    o_amount := s_amount;
    o_ref := s_ref;
    o_fingerprint := s_fingerprint;
    o_at := s_at;
    IF s_amount = 0 AND s_kind <> 'rollback' THEN
        SELECT balance INTO o_balance FROM ledger_accounts WHERE id = p_of;
    ELSE
        SELECT balance INTO o_balance FROM ledger_accounts WHERE id = p_of FOR UPDATE;
    END IF;
    o_balance := COALESCE(o_balance, 0);
    IF s_kind <> 'rollback' AND s_amount > 0 THEN
        o_balance := o_balance + CASE s_kind WHEN 'bet' THEN -s_amount ELSE s_amount END;
        o_journal := p_id;
    END IF;
    INSERT INTO seamless_txs (provider, tx_id, kind, state, member_id, round_id, game, amount,
            ref_tx_id, fingerprint, balance, journal_id, created_at)
        VALUES (s_provider, s_tx, s_kind, 'applied', s_member, s_round, s_game, s_amount,
            s_ref, s_fingerprint, o_balance, o_journal, s_at)
        ON CONFLICT (provider, tx_id) DO NOTHING;
    IF NOT FOUND THEN
        SELECT 'existed', kind, state, member_id, round_id, game, amount, ref_tx_id, fingerprint, balance, journal_id, created_at
            INTO o_status, o_kind, o_state, o_member, o_round, o_game, o_amount, o_ref, o_fingerprint, o_balance, o_journal, o_at
            FROM seamless_txs WHERE provider = s_provider AND tx_id = s_tx;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'seamless: %:% taken but not found', s_provider, s_tx;
        END IF;
        RETURN;
    END IF;
    IF s_kind <> 'rollback' THEN
        IF s_amount > 0 THEN
            v_after := ngern_post(p_id, p_kind, p_ref, p_member, p_memo, p_by, p_at,
                p_accounts, p_kinds, p_members, p_games, p_amounts, p_of);
            PERFORM ngern_seamless_round(p_prefix || s_game, COALESCE(NULLIF(s_round, ''), s_tx), s_member,
                CASE s_kind WHEN 'bet' THEN s_amount ELSE 0 END, CASE s_kind WHEN 'win' THEN s_amount ELSE 0 END,
                s_at, p_zone);
            IF v_after <> o_balance THEN
                -- Only when the wallet had no row to lock (a first win
                -- racing another callback that created it).
                o_balance := v_after;
                UPDATE seamless_txs SET balance = o_balance WHERE provider = s_provider AND tx_id = s_tx;
            END IF;
        END IF;
        RETURN;
    END IF;
    INSERT INTO seamless_txs (provider, tx_id, kind, state, member_id, round_id, game, amount,
            ref_tx_id, fingerprint, balance, journal_id, created_at)
        VALUES (s_provider, s_ref, 'bet', 'tombstone', s_member, s_round, s_game, 0,
            '', '', o_balance, NULL, s_at)
        ON CONFLICT (provider, tx_id) DO NOTHING;
    IF FOUND THEN
        RETURN;
    END IF;
    -- The bet's row is read before the guarded update: its amount, member
    -- and round never change once inserted, only its state, which the
    -- update checks.
    SELECT * INTO v_bet FROM seamless_txs WHERE provider = s_provider AND tx_id = s_ref;
    IF v_bet.kind <> 'bet' OR v_bet.state <> 'applied' OR v_bet.member_id <> s_member THEN
        RETURN;
    END IF;
    UPDATE seamless_txs SET state = 'rolled_back'
        WHERE provider = s_provider AND tx_id = s_ref AND state = 'applied' AND kind = 'bet' AND member_id = s_member;
    IF NOT FOUND THEN
        RETURN;
    END IF;
    o_balance := ngern_post(p_id, p_kind, p_ref, p_member, v_bet.game || ' ' || v_bet.round_id, p_by, p_at,
        p_accounts, p_kinds, p_members, p_games, ARRAY(SELECT a * v_bet.amount FROM unnest(p_amounts) WITH ORDINALITY AS t (a, n) ORDER BY n), p_of);
    o_amount := v_bet.amount;
    o_journal := p_id;
    PERFORM ngern_seamless_round(p_prefix || v_bet.game, COALESCE(NULLIF(v_bet.round_id, ''), v_bet.tx_id), s_member,
        -v_bet.amount, 0, v_bet.created_at, p_zone);
    UPDATE seamless_txs SET amount = o_amount, balance = o_balance, journal_id = o_journal
        WHERE provider = s_provider AND tx_id = s_tx;
END $$;

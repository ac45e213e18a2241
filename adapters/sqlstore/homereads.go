package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"ngern/core/account"
	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
	"ngern/core/settings"
	"ngern/core/wallet"
)

// The home screen's read (docs/performance.md, "Fourth pass"). It is the
// most frequent call of the app, and one
// primary-key read of it costs PostgreSQL more in the statement around it
// (the round trip, the implicit transaction, the executor's start and end)
// than in the look-ups. So on PostgreSQL the reads that arrive while
// homeReadsInFlight statements are already at the database wait for the
// next one, and that one statement reads every member waiting: at low load
// each read is its own statement at once; under load a statement serves
// several members. Nothing is cached: every statement starts after the
// requests it answers arrived, so each sees every commit made before its
// request.
//
// SQLite runs in this process, with no round trip to save: each read is its
// own statement there.

// homeBatchMax bounds the members one statement reads.
const homeBatchMax = 64

// homeReadTimeout bounds one statement, which serves several requests
// (each of which also stops waiting when its own context ends).
const homeReadTimeout = 10 * time.Second

// homeQuery reads the members of k (member ids with their wallet and coin
// account ids) with one row each: the member, the bank, the wallet and coin
// balances, every game account with its balance (as "CODE:balance" joined
// by commas), and the invite commission waiting. Primary-key and
// member-index look-ups only.
const homeQuery = `SELECT m.id, m.phone, m.name, m.bank_code, m.bank_account_name, m.bank_account_no, m.currency,
		m.created_at, b.name_th, b.name_en,
		COALESCE((SELECT w.balance FROM ledger_accounts w WHERE w.id = k.wallet), 0),
		COALESCE((SELECT c.balance FROM ledger_accounts c WHERE c.id = k.coin), 0),
		(SELECT string_agg(ga.game_code || ':' || COALESCE(la.balance, 0), ',')
			FROM game_accounts ga
			LEFT JOIN ledger_accounts la ON la.member_id = ga.member_id AND la.game_code = ga.game_code AND la.kind = 'game'
			WHERE ga.member_id = m.id),
		(SELECT COALESCE(SUM(ic.amount), 0) FROM invite_commissions ic WHERE ic.inviter_id = m.id AND ic.status = 'PENDING')
	FROM %s
	JOIN members m ON m.id = k.member
	LEFT JOIN banks b ON b.code = m.bank_code`

var (
	// homeQueryPostgres reads a batch: three arrays of the same length.
	homeQueryPostgres = fmt.Sprintf(homeQuery, `unnest(?::text[], ?::text[], ?::text[]) AS k (member, wallet, coin)`)
	homeQuerySQLite   = fmt.Sprintf(homeQuery, `(SELECT ? AS member, ? AS wallet, ? AS coin) AS k`)
)

// homeReads gathers the home reads of one pool (see above).
type homeReads struct {
	db *DB
	// inFlight is how many statements may be at the database at once.
	inFlight int

	mu      sync.Mutex
	running int
	queue   []*homeRead
	largest int // the most members one statement has read (tests)
}

// homeRead is one member's read waiting for its statement.
type homeRead struct {
	member string
	home   *wallet.MemberHome
	err    error
	done   chan struct{}
}

// homeReadsInFlight is how many home statements run at once: one per two
// processors of the server, at least one. Fewer statements in flight make
// larger batches: on two cores, one statement at a time cost PostgreSQL
// 27 µs of CPU per member read against 42 µs with two, at the same
// throughput (docs/performance.md).
func homeReadsInFlight() int { return max(1, runtime.GOMAXPROCS(0)/2) }

func newHomeReads(db *DB) *homeReads {
	return &homeReads{db: db, inFlight: homeReadsInFlight()}
}

// get reads one member's home: NO_USER when there is no such member.
func (r *homeReads) get(ctx context.Context, member string) (*wallet.MemberHome, error) {
	if r.db.dialect != Postgres {
		homes, err := r.read(ctx, []string{member})
		if err != nil {
			return nil, err
		}
		return found(homes, member)
	}
	read := &homeRead{member: member, done: make(chan struct{})}
	r.mu.Lock()
	r.queue = append(r.queue, read)
	if r.running < r.inFlight {
		r.running++
		go r.drain()
	}
	r.mu.Unlock()
	select {
	case <-read.done:
		return read.home, read.err
	case <-ctx.Done():
		// The statement answers the others; this answer is dropped.
		return nil, ctx.Err()
	}
}

// drain runs statements until no read waits.
func (r *homeReads) drain() {
	for {
		r.mu.Lock()
		n := min(len(r.queue), homeBatchMax)
		if n == 0 {
			r.running--
			r.mu.Unlock()
			return
		}
		r.largest = max(r.largest, n)
		batch := make([]*homeRead, n)
		copy(batch, r.queue)
		rest := copy(r.queue, r.queue[n:])
		clear(r.queue[rest:])
		r.queue = r.queue[:rest]
		r.mu.Unlock()

		members := make([]string, 0, n)
		for _, b := range batch {
			if !slices.Contains(members, b.member) {
				members = append(members, b.member)
			}
		}
		ctx, cancel := context.WithTimeout(context.Background(), homeReadTimeout)
		homes, err := r.read(ctx, members)
		cancel()
		for _, b := range batch {
			// Two requests of one member share its read (the caller only
			// reads it).
			if b.err = err; err == nil {
				b.home, b.err = found(homes, b.member)
			}
			close(b.done)
		}
	}
}

// read runs one statement for members (one member on SQLite).
func (r *homeReads) read(ctx context.Context, members []string) (map[string]*wallet.MemberHome, error) {
	var (
		st   *sqlx.Stmt
		err  error
		args []any
	)
	if r.db.dialect == Postgres {
		st, err = r.db.prepared(ctx, nil, homeQueryPostgres)
		wallets, coins := make([]string, len(members)), make([]string, len(members))
		for i, m := range members {
			wallets[i], coins[i] = ledger.Wallet(m).ID, ledger.Coin(m).ID
		}
		args = []any{pq.Array(members), pq.Array(wallets), pq.Array(coins)}
	} else {
		st, err = r.db.prepared(ctx, nil, homeQuerySQLite)
		args = []any{members[0], ledger.Wallet(members[0]).ID, ledger.Coin(members[0]).ID}
	}
	if err != nil {
		return nil, err
	}
	rows, err := st.QueryContext(ctx, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	homes := make(map[string]*wallet.MemberHome, len(members))
	for rows.Next() {
		var (
			m              account.Member
			nameTH, nameEN sql.NullString
			walletBal      money.Satang
			games          sql.NullString
			invite         money.Satang
		)
		if err := rows.Scan(&m.ID, &m.Phone, &m.Name, &m.BankCode, &m.BankAccountName, &m.BankAccountNo, &m.Currency,
			&m.CreatedAt, &nameTH, &nameEN, &walletBal, &m.Coin, &games, &invite); err != nil {
			return nil, err
		}
		accounts, err := parseGameBalances(games.String)
		if err != nil {
			return nil, fmt.Errorf("home of %s: %w", m.ID, err)
		}
		homes[m.ID] = &wallet.MemberHome{Member: m, Wallet: walletBal, InviteBonus: invite, Accounts: accounts,
			Bank: settings.Bank{Code: m.BankCode, NameTH: nameTH.String, NameEN: nameEN.String}}
	}
	return homes, rows.Err()
}

// parseGameBalances reads "CODE:balance,CODE:balance" (a game code never
// holds a comma; the balance is after the last colon).
func parseGameBalances(s string) ([]wallet.GameBalance, error) {
	if s == "" {
		return nil, nil
	}
	out := make([]wallet.GameBalance, 0, strings.Count(s, ",")+1)
	for item := range strings.SplitSeq(s, ",") {
		i := strings.LastIndexByte(item, ':')
		if i <= 0 {
			return nil, errors.New("malformed game balances")
		}
		n, err := strconv.ParseInt(item[i+1:], 10, 64)
		if err != nil {
			return nil, errors.New("malformed game balance")
		}
		out = append(out, wallet.GameBalance{Game: item[:i], Amount: money.Satang(n)})
	}
	return out, nil
}

func found(homes map[string]*wallet.MemberHome, member string) (*wallet.MemberHome, error) {
	if h := homes[member]; h != nil {
		return h, nil
	}
	return nil, errs.New(errs.NoUser)
}

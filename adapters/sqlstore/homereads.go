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

// The home screen's read (docs/performance.md, "Fourth pass" and "Fifth
// pass"). It is the most frequent call of the app, and one primary-key read
// of it costs PostgreSQL more in the statement around it (the round trip,
// the implicit transaction, the executor's start and end) than in the
// look-ups. So on PostgreSQL the reads that arrive while a home statement is
// at the database wait for the next one, and that one statement reads every
// member waiting: at low load each read is its own statement at once; under
// load a statement serves several members, and a further statement runs
// beside it only when enough reads wait (homeBatchMin). Every statement
// starts after the requests it answers arrived, so each sees every commit
// made before its request. These are the reads the home cache
// (homecache.go) does not answer from memory.
//
// SQLite runs in this process, with no round trip to save: each read is its
// own statement there.

// homeBatchMax bounds the members one statement reads.
const homeBatchMax = 64

// homeReadTimeout bounds one statement, which serves several requests
// (each of which also stops waiting when its own context ends).
const homeReadTimeout = 10 * time.Second

// homeQuery reads the members of k (member ids) with one row each: the
// member, the bank, every ledger account of the member (wallet, coin and
// one per game, as "kind:balance:CODE" joined by commas, in one scan of the
// member index), the codes of the member's game accounts (an account with
// no money yet has no ledger row) and the invite commission waiting.
// Index look-ups only: five per member.
const homeQuery = `SELECT m.id, COALESCE(m.code, ''), m.phone, m.name, m.bank_code, m.bank_account_name, m.bank_account_no, m.currency,
		m.created_at, b.name_th, b.name_en,
		(SELECT string_agg(la.kind || ':' || la.balance || ':' || COALESCE(la.game_code, ''), ',')
			FROM ledger_accounts la WHERE la.member_id = m.id),
		(SELECT string_agg(ga.game_code, ',') FROM game_accounts ga WHERE ga.member_id = m.id),
		(SELECT COALESCE(SUM(ic.amount), 0) FROM invite_commissions ic WHERE ic.inviter_id = m.id AND ic.status = 'PENDING')
	FROM %s
	JOIN members m ON m.id = k.member
	LEFT JOIN banks b ON b.code = m.bank_code`

var (
	// homeQueryPostgres reads a batch: an array of member ids.
	homeQueryPostgres = fmt.Sprintf(homeQuery, `unnest(?::text[]) AS k (member)`)
	homeQuerySQLite   = fmt.Sprintf(homeQuery, `(SELECT ? AS member) AS k`)
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

// homeReadsInFlight is how many home statements may run at once: one per
// processor of the server. The first starts at once; each further one only
// when at least homeBatchMin reads wait for it (see get).
func homeReadsInFlight() int { return max(1, runtime.GOMAXPROCS(0)) }

// homeBatchMin is how many reads must wait before a statement starts while
// another is already running. A statement's cost to PostgreSQL is mostly
// fixed (the round trip, the transaction, the executor), about that of
// four members' look-ups, so a second statement for one or two reads costs
// more than those reads waiting for the running one to end. Measured on two
// cores with 8 clients (docs/performance.md): one statement at a time left a
// fifth of the CPU idle while reads queued behind it; a second one for any
// waiting read made batches so small that PostgreSQL's CPU per read rose by
// half; a second one for four or more gave the most calls a second.
const homeBatchMin = 4

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
	if r.running == 0 || (r.running < r.inFlight && len(r.queue) >= homeBatchMin) {
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
		// The rule of get, for every statement: beside another one, only
		// for homeBatchMin reads. The last statement running always takes
		// what waits (running is counted under the lock, so one of two
		// ending at once sees the other gone).
		if n == 0 || (r.running > 1 && n < homeBatchMin) {
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
		args = []any{pq.Array(members)}
	} else {
		st, err = r.db.prepared(ctx, nil, homeQuerySQLite)
		args = []any{members[0]}
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
			m               account.Member
			nameTH, nameEN  sql.NullString
			balances, games sql.NullString
			invite          money.Satang
		)
		if err := rows.Scan(&m.ID, &m.Code, &m.Phone, &m.Name, &m.BankCode, &m.BankAccountName, &m.BankAccountNo, &m.Currency,
			&m.CreatedAt, &nameTH, &nameEN, &balances, &games, &invite); err != nil {
			return nil, err
		}
		h := &wallet.MemberHome{Member: m, InviteBonus: invite,
			Bank: settings.Bank{Code: m.BankCode, NameTH: nameTH.String, NameEN: nameEN.String}}
		if err := fillBalances(h, balances.String, games.String); err != nil {
			return nil, fmt.Errorf("home of %s: %w", m.ID, err)
		}
		homes[m.ID] = h
	}
	return homes, rows.Err()
}

// fillBalances sets h's wallet, coin and game balances from the home
// query's two lists: balances, the member's ledger accounts as
// "kind:balance:CODE" (CODE empty but for games), and games, the codes of
// their game accounts. A game code holds no comma; it comes last, so it may
// hold a colon. A game account with no ledger row yet holds 0.
func fillBalances(h *wallet.MemberHome, balances, games string) error {
	var byGame map[string]money.Satang
	if balances != "" {
		for item := range strings.SplitSeq(balances, ",") {
			kind, rest, ok := strings.Cut(item, ":")
			if !ok {
				return errors.New("malformed balances")
			}
			amount, code, ok := strings.Cut(rest, ":")
			n, err := strconv.ParseInt(amount, 10, 64)
			if !ok || err != nil {
				return errors.New("malformed balance")
			}
			switch ledger.Kind(kind) {
			case ledger.KindWallet:
				h.Wallet = money.Satang(n)
			case ledger.KindCoin:
				h.Member.Coin = n
			case ledger.KindGame:
				if code == "" {
					return errors.New("malformed game balance")
				}
				if byGame == nil {
					byGame = map[string]money.Satang{}
				}
				byGame[code] = money.Satang(n)
			}
		}
	}
	if games == "" {
		return nil
	}
	h.Accounts = make([]wallet.GameBalance, 0, strings.Count(games, ",")+1)
	for code := range strings.SplitSeq(games, ",") {
		if code == "" {
			return errors.New("malformed game accounts")
		}
		h.Accounts = append(h.Accounts, wallet.GameBalance{Game: code, Amount: byGame[code]})
	}
	return nil
}

func found(homes map[string]*wallet.MemberHome, member string) (*wallet.MemberHome, error) {
	if h := homes[member]; h != nil {
		return h, nil
	}
	return nil, errs.New(errs.NoUser)
}

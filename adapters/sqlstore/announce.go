package sqlstore

import (
	"context"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/jmoiron/sqlx"

	"ngern/core/events"
	"ngern/core/ledger"
	"ngern/core/wallet"
)

// How this package publishes wallet.BalancesChanged (see its rules there).
// Nothing writing a home's rows announces by itself:
//   - every journal is posted by postFor or, on PostgreSQL, by one of the
//     ledger's functions through callLedger; both record the members the
//     journal posts to, so that a new path that moves money through them
//     is announced without knowing it;
//   - the other rows a home reads (members, game_accounts,
//     invite_commissions) are written in homeTx, whose function must
//     return the members it changed: the compiler asks for them.
//
// What a transaction recorded is announced once it has ended (inTx);
// what a statement that is its own transaction recorded, as soon as it
// answered. TestHomeWritesAnnounced holds every writer to it by its
// behaviour: a home cached before the write is not served after it.

// Announcement settings (docs/operations.md, "Home cache").
const (
	// homeAnnounceEvery spaces the messages to the other nodes: the first
	// change after a quiet spell goes at once, those that follow within
	// it go together at its end. Under load one NOTIFY then carries the
	// changes of many commits: a message per commit (or a write waiting
	// for its message) cost transfers a sixth of their throughput
	// (docs/performance.md, "Sixth pass").
	homeAnnounceEvery = 5 * time.Millisecond
	// homeAnnounceBytes bounds the member ids of one message (under
	// events.MaxPayload with the JSON around them).
	homeAnnounceBytes = 6000
)

// announcer publishes the changes of one DB: to this node's home cache at
// once (local), to every node through the bus in batches.
type announcer struct {
	bus   events.Bus
	local func(members []string)
	log   *slog.Logger

	// The changes waiting for the next message.
	mu      sync.Mutex
	pending map[string]struct{}
	wake    chan struct{}
	stop    chan struct{}
	done    chan struct{}
	stopped bool
}

// journalMembers are the members whose home j changes: its member and the
// owners of the member accounts it posts to.
func journalMembers(j ledger.Journal) []string {
	ms := make([]string, 0, 1+len(j.Postings))
	ms = append(ms, j.MemberID)
	for _, p := range j.Postings {
		if p.Account.Member() {
			ms = append(ms, p.Account.MemberID)
		}
	}
	return ms
}

// announce records that the homes of members change: with tx, announced
// when tx ends (inTx); without, at once (the statement has committed, or
// may have).
func (db *DB) announce(tx *sqlx.Tx, members ...string) {
	if db.changes == nil {
		return
	}
	members = slices.DeleteFunc(slices.Clone(members), func(m string) bool { return m == "" })
	if len(members) == 0 {
		return
	}
	if tx == nil {
		db.changes.changed(members)
		return
	}
	db.touchMu.Lock()
	defer db.touchMu.Unlock()
	if db.touches == nil {
		db.touches = map[*sqlx.Tx][]string{}
	}
	t := db.touches[tx]
	for _, m := range members {
		if !slices.Contains(t, m) {
			t = append(t, m)
		}
	}
	db.touches[tx] = t
}

// txEnded announces what tx recorded, now that it has ended: whether it
// committed, rolled back or failed to say, a change announced in vain
// only costs a read.
func (db *DB) txEnded(tx *sqlx.Tx) {
	if db.changes == nil {
		return
	}
	db.touchMu.Lock()
	members := db.touches[tx]
	delete(db.touches, tx)
	db.touchMu.Unlock()
	if len(members) > 0 {
		db.changes.changed(members)
	}
}

// homeTx is inTx for a write of a home's rows other than the ledger's
// (members, game_accounts, invite_commissions): fn returns the members
// whose home it changed, announced once the transaction has ended, even
// when fn fails (it may have written before failing; announcing in vain
// costs a read).
func (db *DB) homeTx(ctx context.Context, fn func(tx *sqlx.Tx) (changed []string, err error)) error {
	return db.inTx(ctx, func(tx *sqlx.Tx) error {
		changed, err := fn(tx)
		db.announce(tx, changed...)
		return err
	})
}

// callLedger runs query, a call of one of the ledger's PostgreSQL
// functions (functions/postgres.sql) whose arguments are before, then j's
// (journalArgs), then after, and scans its one row into dest. Like postFor
// it announces the members j posts to: when tx ends, or, without tx (the
// call is its own transaction), as soon as it answered, whether it
// succeeded or not (an error may come after the commit). Errors are the
// database's; callers map them (functionError).
func (db *DB) callLedger(ctx context.Context, tx *sqlx.Tx, query string, before []any, j ledger.Journal, after []any, dest ...any) error {
	jargs, err := journalArgs(j)
	if err != nil {
		return err
	}
	st, err := db.prepared(ctx, tx, query)
	if err != nil {
		return err
	}
	args := make([]any, 0, len(before)+len(jargs)+len(after))
	args = append(append(append(args, before...), jargs...), after...)
	err = st.QueryRowxContext(ctx, args...).Scan(dest...)
	db.announce(tx, journalMembers(j)...)
	return err
}

// newAnnouncer starts publishing wallet.BalancesChanged on bus, telling
// local (this node's home cache) at once; close stops it.
func newAnnouncer(bus events.Bus, local func([]string), log *slog.Logger) *announcer {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	a := &announcer{bus: bus, local: local, log: log, pending: map[string]struct{}{},
		wake: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{})}
	go a.run()
	return a
}

// changed tells this node at once and queues members for every node.
func (a *announcer) changed(members []string) {
	a.local(members)
	a.mu.Lock()
	if a.stopped {
		a.mu.Unlock()
		return
	}
	for _, m := range members {
		a.pending[m] = struct{}{}
	}
	a.mu.Unlock()
	select {
	case a.wake <- struct{}{}:
	default:
	}
}

// run sends the queued changes to every node, a message every
// homeAnnounceEvery at most, until close.
func (a *announcer) run() {
	defer close(a.done)
	for {
		select {
		case <-a.wake:
		case <-a.stop:
			a.send()
			return
		}
		a.send()
		select {
		case <-time.After(homeAnnounceEvery):
		case <-a.stop:
			a.send()
			return
		}
	}
}

// send publishes what is queued, in messages of at most
// homeAnnounceBytes of ids. A message that cannot be sent is logged: the
// other nodes then keep those members' old homes until the TTL ends, and
// their sockets are not told.
func (a *announcer) send() {
	a.mu.Lock()
	pending := a.pending
	a.pending = map[string]struct{}{}
	a.mu.Unlock()
	var batches [][]string
	if len(pending) > 0 {
		var batch []string
		size := 0
		for m := range pending {
			if size+len(m)+3 > homeAnnounceBytes && len(batch) > 0 {
				batches = append(batches, batch)
				batch, size = nil, 0
			}
			batch = append(batch, m)
			size += len(m) + 3
		}
		batches = append(batches, batch)
	}
	for _, b := range batches {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		err := wallet.BalancesChanged.Publish(ctx, a.bus, b)
		cancel()
		if err != nil {
			a.log.Warn("home changes not sent to the other nodes: their cached homes of these members last until the TTL",
				"members", len(b), "err", err)
		}
	}
}

// close sends what waits and stops.
func (a *announcer) close() {
	a.mu.Lock()
	if a.stopped {
		a.mu.Unlock()
		return
	}
	a.stopped = true
	a.mu.Unlock()
	close(a.stop)
	<-a.done
}

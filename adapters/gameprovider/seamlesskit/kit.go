package seamlesskit

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"ngern/core/errs"
	"ngern/core/money"
	"ngern/core/seamless"
	"ngern/core/seamless/memstore"
)

// Provider is the aggregator code the kit mounts the adapter under.
const Provider = "kit"

// Currency is the currency of the kit's wallet.
const Currency = "THB"

// ttl is the session TTL of the kit's wallet; checks move the clock past it.
const ttl = time.Hour

// Run runs every rule of the seamless wallet, as a subtest each, through
// the driver that mount returns. Each check mounts a fresh adapter on a
// fresh wallet (the core Service over memstore, with a member port the kit
// controls and a clock it moves). The driver must be safe for concurrent
// use: one check sends 50 deliveries at once.
func Run(t *testing.T, mount Mount) {
	t.Helper()
	for _, c := range checks {
		t.Run(c.name, func(t *testing.T) {
			if err := c.run(context.Background(), newEnv(mount)); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// check is one rule the kit asks; it returns what the adapter got wrong.
type check struct {
	name string
	run  func(ctx context.Context, e *env) error
}

// checks are the kit's rules, in the order Run asks them.
var checks = []check{
	{"Balance", checkBalance},
	{"BetAndWin", checkBetAndWin},
	{"DuplicateBet", checkDuplicateBet},
	{"DuplicateWin", checkDuplicateWin},
	{"Mismatch", checkMismatch},
	{"UnknownToken", checkUnknownToken},
	{"TombstoneThenLateBet", checkTombstone},
	{"ExpiredToken", checkExpiredToken},
	{"BlockedMember", checkBlocked},
	{"InsufficientFunds", checkInsufficient},
	{"ConcurrentDuplicateBets", checkConcurrentBets},
	{"RollbackTwice", checkRollbackTwice},
	{"Forged", checkForged},
}

// env is one fresh wallet with the adapter under test mounted on it.
type env struct {
	store   *memstore.Store
	members *members
	clock   *clock
	wallet  *seamless.Service
	drv     Driver
}

func newEnv(mount Mount) *env {
	e := &env{store: memstore.New(), members: &members{blocked: map[string]bool{}},
		clock: &clock{now: time.Date(2026, 1, 2, 12, 0, 0, 0, time.UTC)}}
	e.wallet = seamless.NewService(e.store, e.members, seamless.Config{Currency: Currency, SessionTTL: ttl, Now: e.clock.Now})
	e.drv = mount(e.wallet, Provider)
	return e
}

// player launches a game for a member with balance in the wallet and
// returns the session token.
func (e *env) player(ctx context.Context, member string, balance money.Satang) (string, error) {
	e.store.Seed(member, balance)
	return e.wallet.Launch(ctx, member, Provider, "kit-slot")
}

// call returns a money call of member's session.
func call(token, member, tx string, amount money.Satang) Call {
	return Call{Token: token, Player: member, TxID: tx, RoundID: "round-" + tx, Game: "kit-slot", Amount: amount, Currency: Currency}
}

// cancel returns the rollback tx of the bet ref.
func cancel(token, member, tx, ref string) Call {
	return Call{Token: token, Player: member, TxID: tx, RefTxID: ref, RoundID: "round-" + ref, Game: "kit-slot", Currency: Currency}
}

// want checks one answer: its status and, when the status carries one, its
// balance; and the member's wallet as the store holds it.
func (e *env) want(what string, r Result, err error, status Status, member string, balance money.Satang) error {
	if err != nil {
		return fmt.Errorf("%s: the driver failed: %w", what, err)
	}
	if r.Status != status {
		return fmt.Errorf("%s: status %s, want %s", what, r.Status, status)
	}
	if (status == OK || status == Insufficient) && r.Balance != balance {
		return fmt.Errorf("%s: answered balance %d, want %d", what, r.Balance, balance)
	}
	if got := e.store.Wallet(member); got != balance {
		return fmt.Errorf("%s: the wallet holds %d, want %d", what, got, balance)
	}
	return nil
}

// members is the kit's member port: every member exists; some are blocked.
type members struct {
	mu      sync.Mutex
	blocked map[string]bool
}

func (m *members) Member(_ context.Context, id string) (seamless.Member, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if id == "" {
		return seamless.Member{}, errs.New(errs.NoData)
	}
	return seamless.Member{ID: id, Name: "Kit " + id, Country: "TH", Lang: "th", Blocked: m.blocked[id]}, nil
}

func (m *members) block(id string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.blocked[id] = true
}

// clock is the kit wallet's clock.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// Package providertest is the conformance kit for wallet.GameProvider
// adapters. An adapter's test calls Run with a function that sets up a fresh
// provider (a test account at the provider, or a simulated provider
// in-process); Run then checks the port's outcome rules as subtests:
// accounts, balances, transfers
// that move money once per ref, final statuses, launch links, bet history,
// and — when the provider can be told to misbehave — what the adapter
// answers when the provider fails, loses its answer, is slow or claims a
// duplicate.
//
// The kit expects an adapter to make one attempt per call: retrying is the
// reconciler's job, and an adapter that retries on its own hides the faults
// the kit injects.
package providertest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"net/url"
	"testing"
	"time"

	"ngern/core/money"
	"ngern/core/wallet"
)

// FaultKind names a way a provider can be told to misbehave.
type FaultKind string

// Fault kinds, as the simulated provider implements them.
const (
	// FaultError: the provider answers 5xx without executing.
	FaultError FaultKind = "error"
	// FaultDrop: the provider executes, then the answer is lost.
	FaultDrop FaultKind = "drop"
	// FaultDelay: the provider answers after the adapter's timeout,
	// executing the call late (Harness.Settle bounds how late).
	FaultDelay FaultKind = "delay"
	// FaultDuplicate: the provider claims a fresh ref is a duplicate,
	// without executing.
	FaultDuplicate FaultKind = "duplicate"
)

// Faults injects a fault into the provider's handling of the adapter's next
// request (only that one: a status query that follows goes through).
type Faults interface {
	Next(kind FaultKind)
}

// FaultFunc adapts a function to Faults.
type FaultFunc func(kind FaultKind)

// Next calls f(kind).
func (f FaultFunc) Next(kind FaultKind) { f(kind) }

// Harness is one fresh provider under test.
type Harness struct {
	// Provider is the adapter under test.
	Provider wallet.GameProvider
	// Games are game codes the provider knows; at least one. With two or
	// more, the kit checks that games keep separate wallets.
	Games []string
	// Play places at least one settled bet through a launch link, as a
	// player would. Nil skips the bet-history checks.
	Play func(ctx context.Context, launchURL string) error
	// Faults injects faults. Nil skips the fault scenarios.
	Faults Faults
	// Settle is the longest a delayed call can take to play out at the
	// provider after the adapter gave up on it. Zero skips the delay
	// scenarios.
	Settle time.Duration
}

// Run runs the conformance suite. newHarness is called once per subtest;
// subtests run in parallel.
func Run(t *testing.T, newHarness func(t *testing.T) Harness) {
	t.Helper()
	t.Run("Accounts", func(t *testing.T) { testAccounts(t, newHarness) })
	t.Run("Transfers", func(t *testing.T) { testTransfers(t, newHarness) })
	t.Run("Status", func(t *testing.T) { testStatus(t, newHarness) })
	t.Run("Launch", func(t *testing.T) { testLaunch(t, newHarness) })
	t.Run("Faults", func(t *testing.T) { testFaults(t, newHarness) })
}

// env is one subtest's provider, game and player.
type env struct {
	t    *testing.T
	ctx  context.Context
	h    Harness
	p    wallet.GameProvider
	game string
	cred wallet.Credentials
}

// setup makes a fresh harness and a player in its first game with balance
// funded (funded 0: none).
func setup(t *testing.T, newHarness func(t *testing.T) Harness, funded money.Satang) *env {
	t.Helper()
	t.Parallel()
	h := newHarness(t)
	if h.Provider == nil || len(h.Games) == 0 {
		t.Fatal("providertest: the harness needs a Provider and at least one game")
	}
	e := &env{t: t, ctx: t.Context(), h: h, p: h.Provider, game: h.Games[0]}
	e.cred = e.create(e.game, newID("member"))
	if funded > 0 {
		if err := e.p.TransferIn(e.ctx, e.game, e.cred.Username, newID("fund"), funded); err != nil {
			t.Fatalf("fund the player: %v", err)
		}
	}
	return e
}

func newID(prefix string) string {
	b := make([]byte, 8)
	rand.Read(b)
	return prefix + "-" + hex.EncodeToString(b)
}

func (e *env) create(game, memberRef string) wallet.Credentials {
	e.t.Helper()
	c, err := e.p.CreateAccount(e.ctx, game, memberRef)
	if err != nil {
		e.t.Fatalf("CreateAccount(%s, %s): %v", game, memberRef, err)
	}
	if c.Username == "" {
		e.t.Fatalf("CreateAccount(%s, %s): empty username", game, memberRef)
	}
	return c
}

func (e *env) balance() money.Satang {
	e.t.Helper()
	b, err := e.p.Balance(e.ctx, e.game, e.cred.Username)
	if err != nil {
		e.t.Fatalf("Balance: %v", err)
	}
	return b
}

func (e *env) wantBalance(want money.Satang) {
	e.t.Helper()
	if got := e.balance(); got != want {
		e.t.Fatalf("balance = %s, want %s", got, want)
	}
}

func (e *env) status(ref string) wallet.TransferStatus {
	e.t.Helper()
	st, err := e.p.TransferStatus(e.ctx, e.game, ref)
	if err != nil {
		e.t.Fatalf("TransferStatus(%s): %v", ref, err)
	}
	return st
}

func (e *env) wantStatus(ref string, want wallet.TransferStatus) {
	e.t.Helper()
	if got := e.status(ref); got != want {
		e.t.Fatalf("TransferStatus(%s) = %s, want %s", ref, got, want)
	}
}

// direction is TransferIn or TransferOut, for table tests.
type direction struct {
	name string
	sign money.Satang // +1: the game balance grows
}

func directions() []direction {
	return []direction{{"TransferIn", 1}, {"TransferOut", -1}}
}

func (e *env) transfer(d direction, ref string, amount money.Satang) error {
	if d.sign > 0 {
		return e.p.TransferIn(e.ctx, e.game, e.cred.Username, ref, amount)
	}
	return e.p.TransferOut(e.ctx, e.game, e.cred.Username, ref, amount)
}

func isRejected(err error) bool {
	var r *wallet.Rejected
	return errors.As(err, &r)
}

func testAccounts(t *testing.T, newHarness func(t *testing.T) Harness) {
	t.Run("CreateIsIdempotent", func(t *testing.T) {
		e := setup(t, newHarness, 0)
		ref := newID("member")
		first := e.create(e.game, ref)
		again := e.create(e.game, ref)
		if again.Username != first.Username {
			t.Fatalf("second CreateAccount gave %q, first %q", again.Username, first.Username)
		}
	})
	t.Run("MembersGetTheirOwnAccounts", func(t *testing.T) {
		e := setup(t, newHarness, 0)
		other := e.create(e.game, newID("member"))
		if other.Username == e.cred.Username {
			t.Fatalf("two members share username %q", other.Username)
		}
	})
	t.Run("NewAccountHasZeroBalance", func(t *testing.T) {
		e := setup(t, newHarness, 0)
		e.wantBalance(0)
	})
	t.Run("BalanceOfUnknownPlayerFails", func(t *testing.T) {
		e := setup(t, newHarness, 0)
		if _, err := e.p.Balance(e.ctx, e.game, newID("nosuchplayer")); err == nil {
			t.Fatal("Balance of an unknown player succeeded")
		}
	})
	t.Run("ResetPassword", func(t *testing.T) {
		e := setup(t, newHarness, 0)
		pw, err := e.p.ResetPassword(e.ctx, e.game, e.cred.Username)
		if err != nil || pw == "" {
			t.Fatalf("ResetPassword = %q, %v", pw, err)
		}
		if _, err := e.p.LaunchURL(e.ctx, e.game, e.cred.Username, pw); err != nil {
			t.Fatalf("LaunchURL with the new password: %v", err)
		}
	})
}

func testTransfers(t *testing.T, newHarness func(t *testing.T) Harness) {
	t.Run("InAndOutMoveTheBalance", func(t *testing.T) {
		e := setup(t, newHarness, 0)
		in, out := newID("in"), newID("out")
		if err := e.p.TransferIn(e.ctx, e.game, e.cred.Username, in, 100_00); err != nil {
			t.Fatalf("TransferIn: %v", err)
		}
		e.wantBalance(100_00)
		if err := e.p.TransferOut(e.ctx, e.game, e.cred.Username, out, 30_50); err != nil {
			t.Fatalf("TransferOut: %v", err)
		}
		e.wantBalance(69_50)
		e.wantStatus(in, wallet.StatusDone)
		e.wantStatus(out, wallet.StatusDone)
	})
	for _, d := range directions() {
		t.Run("SameRefTwiceMovesOnce/"+d.name, func(t *testing.T) {
			e := setup(t, newHarness, 100_00)
			ref := newID("ref")
			for i := range 2 {
				if err := e.transfer(d, ref, 10_00); err != nil {
					t.Fatalf("attempt %d: %v", i+1, err)
				}
			}
			e.wantBalance(100_00 + d.sign*10_00)
			e.wantStatus(ref, wallet.StatusDone)
		})
	}
	t.Run("OutOverBalanceIsRejected", func(t *testing.T) {
		e := setup(t, newHarness, 10_00)
		ref := newID("out")
		err := e.p.TransferOut(e.ctx, e.game, e.cred.Username, ref, 10_01)
		if !isRejected(err) {
			t.Fatalf("TransferOut over balance = %v, want *wallet.Rejected", err)
		}
		e.wantBalance(10_00)
		if st := e.status(ref); st == wallet.StatusDone {
			t.Fatalf("status of a rejected transfer = %s", st)
		}
	})
	t.Run("ZeroAmountIsRejected", func(t *testing.T) {
		e := setup(t, newHarness, 10_00)
		if err := e.p.TransferIn(e.ctx, e.game, e.cred.Username, newID("in"), 0); !isRejected(err) {
			t.Fatalf("TransferIn of 0 = %v, want *wallet.Rejected", err)
		}
		e.wantBalance(10_00)
	})
	t.Run("GamesKeepSeparateWallets", func(t *testing.T) {
		e := setup(t, newHarness, 0)
		if len(e.h.Games) < 2 {
			t.Skip("the harness names one game")
		}
		other := e.h.Games[1]
		c := e.create(other, newID("member"))
		if err := e.p.TransferIn(e.ctx, other, c.Username, newID("in"), 5_00); err != nil {
			t.Fatalf("TransferIn to %s: %v", other, err)
		}
		e.wantBalance(0)
		if b, err := e.p.Balance(e.ctx, other, c.Username); err != nil || b != 5_00 {
			t.Fatalf("balance in %s = %s, %v; want 5.00", other, b, err)
		}
	})
}

func testStatus(t *testing.T, newHarness func(t *testing.T) Harness) {
	for _, d := range directions() {
		t.Run("UnknownRefIsNotFoundAndFinal/"+d.name, func(t *testing.T) {
			e := setup(t, newHarness, 100_00)
			ref := newID("late")
			e.wantStatus(ref, wallet.StatusNotFound)
			// The ref arrives after the provider promised it never would.
			if err := e.transfer(d, ref, 10_00); err == nil {
				t.Fatal("a transfer with a ref already answered NOT_FOUND succeeded")
			}
			e.wantBalance(100_00)
			if st := e.status(ref); st == wallet.StatusDone {
				t.Fatalf("status after the late arrival = %s", st)
			}
		})
	}
}

func testLaunch(t *testing.T, newHarness func(t *testing.T) Harness) {
	t.Run("LaunchURL", func(t *testing.T) {
		e := setup(t, newHarness, 0)
		link, err := e.p.LaunchURL(e.ctx, e.game, e.cred.Username, e.cred.Password)
		if err != nil {
			t.Fatalf("LaunchURL: %v", err)
		}
		if u, err := url.Parse(link); err != nil || !u.IsAbs() {
			t.Fatalf("LaunchURL = %q, not an absolute URL", link)
		}
	})
	t.Run("BetsAppearAfterPlay", func(t *testing.T) {
		e := setup(t, newHarness, 100_00)
		if e.h.Play == nil {
			t.Skip("the harness cannot play")
		}
		// Start after the bets that exist already (a shared test account).
		_, cursor := e.allBets("")
		link, err := e.p.LaunchURL(e.ctx, e.game, e.cred.Username, e.cred.Password)
		if err != nil {
			t.Fatalf("LaunchURL: %v", err)
		}
		if err := e.h.Play(e.ctx, link); err != nil {
			t.Fatalf("Play: %v", err)
		}
		bets, next := e.allBets(cursor)
		var mine []wallet.Bet
		for _, b := range bets {
			if b.Username == e.cred.Username {
				mine = append(mine, b)
			}
		}
		if len(mine) == 0 {
			t.Fatal("no bets of the player after play")
		}
		want := money.Satang(100_00)
		for _, b := range mine {
			if b.Game != e.game || b.ID == "" || b.Stake <= 0 || b.Payout < 0 || b.PlacedAt.IsZero() {
				t.Fatalf("bad bet %+v", b)
			}
			want += b.Payout - b.Stake
		}
		e.wantBalance(want)
		if more, _, err := e.p.Bets(e.ctx, e.game, next, 10); err != nil || len(more) != 0 {
			t.Fatalf("Bets after the last cursor = %d bets, %v; want none", len(more), err)
		}
		// A cursor read again gives the same bets (the collector of
		// core/rewards reads a page again after a failure, and counts each
		// bet id once).
		again, _ := e.allBets(cursor)
		if len(again) != len(bets) {
			t.Fatalf("reading from the same cursor again gave %d bets, then %d", len(bets), len(again))
		}
		for i := range again {
			if again[i].ID != bets[i].ID || again[i].Stake != bets[i].Stake || again[i].Payout != bets[i].Payout {
				t.Fatalf("bet %d read again = %+v, first %+v", i, again[i], bets[i])
			}
		}
	})
}

// allBets pages through bets after cursor two at a time, checking that
// pages do not repeat bets, and returns them with the last cursor.
func (e *env) allBets(cursor string) ([]wallet.Bet, string) {
	e.t.Helper()
	var all []wallet.Bet
	seen := map[string]bool{}
	for range 10_000 {
		page, next, err := e.p.Bets(e.ctx, e.game, cursor, 2)
		if err != nil {
			e.t.Fatalf("Bets(%q): %v", cursor, err)
		}
		if len(page) > 2 {
			e.t.Fatalf("Bets(limit 2) gave %d bets", len(page))
		}
		if len(page) == 0 {
			return all, next
		}
		for _, b := range page {
			if seen[b.ID] {
				e.t.Fatalf("bet %s came twice", b.ID)
			}
			seen[b.ID] = true
		}
		all = append(all, page...)
		cursor = next
	}
	e.t.Fatal("Bets did not come to an end")
	return nil, ""
}

func testFaults(t *testing.T, newHarness func(t *testing.T) Harness) {
	// faulty sets up a funded player in a harness that can inject faults.
	faulty := func(t *testing.T) *env {
		e := setup(t, newHarness, 100_00)
		if e.h.Faults == nil {
			t.Skip("the harness cannot inject faults")
		}
		return e
	}
	const amount = 10_00
	for _, tc := range []struct {
		kind  FaultKind
		moved bool // the provider executed despite the fault
	}{
		{FaultError, false},
		{FaultDrop, true},
		{FaultDuplicate, false},
	} {
		for _, d := range directions() {
			t.Run(string(tc.kind)+"/"+d.name, func(t *testing.T) {
				e := faulty(t)
				ref := newID("ref")
				e.h.Faults.Next(tc.kind)
				err := e.transfer(d, ref, amount)
				if !errors.Is(err, wallet.ErrUnknown) {
					t.Fatalf("%s with fault %s = %v, want ErrUnknown", d.name, tc.kind, err)
				}
				want, wantSt := money.Satang(100_00), wallet.StatusNotFound
				if tc.moved {
					want, wantSt = 100_00+d.sign*amount, wallet.StatusDone
				}
				e.wantStatus(ref, wantSt)
				e.wantBalance(want)
				// Whatever happened, the ref never moves money again.
				if err := e.transfer(d, ref, amount); tc.moved != (err == nil) {
					t.Fatalf("retry after %s = %v", tc.kind, err)
				}
				e.wantBalance(want)
				e.wantStatus(ref, wantSt)
			})
		}
	}
	t.Run("error/Balance", func(t *testing.T) {
		e := faulty(t)
		e.h.Faults.Next(FaultError)
		if _, err := e.p.Balance(e.ctx, e.game, e.cred.Username); !errors.Is(err, wallet.ErrUnknown) {
			t.Fatalf("Balance = %v, want ErrUnknown", err)
		}
	})
	t.Run("error/TransferStatus", func(t *testing.T) {
		e := faulty(t)
		e.h.Faults.Next(FaultError)
		if _, err := e.p.TransferStatus(e.ctx, e.game, newID("ref")); !errors.Is(err, wallet.ErrUnknown) {
			t.Fatalf("TransferStatus = %v, want ErrUnknown", err)
		}
	})
	t.Run("error/CreateAccount", func(t *testing.T) {
		e := faulty(t)
		ref := newID("member")
		e.h.Faults.Next(FaultError)
		if _, err := e.p.CreateAccount(e.ctx, e.game, ref); !errors.Is(err, wallet.ErrUnknown) {
			t.Fatalf("CreateAccount = %v, want ErrUnknown", err)
		}
		first := e.create(e.game, ref)
		if again := e.create(e.game, ref); again.Username != first.Username {
			t.Fatalf("retries gave %q and %q", first.Username, again.Username)
		}
	})
	t.Run("drop/CreateAccount", func(t *testing.T) {
		e := faulty(t)
		ref := newID("member")
		e.h.Faults.Next(FaultDrop)
		if _, err := e.p.CreateAccount(e.ctx, e.game, ref); !errors.Is(err, wallet.ErrUnknown) {
			t.Fatalf("CreateAccount = %v, want ErrUnknown", err)
		}
		first := e.create(e.game, ref)
		if again := e.create(e.game, ref); again.Username != first.Username {
			t.Fatalf("retries gave %q and %q", first.Username, again.Username)
		}
	})
	for _, d := range directions() {
		for _, wait := range []bool{false, true} {
			name := "delay/" + d.name + "/AskAtOnce"
			if wait {
				name = "delay/" + d.name + "/AskAfterSettle"
			}
			t.Run(name, func(t *testing.T) {
				e := faulty(t)
				if e.h.Settle <= 0 {
					t.Skip("the harness sets no Settle time")
				}
				ref := newID("ref")
				e.h.Faults.Next(FaultDelay)
				if err := e.transfer(d, ref, amount); !errors.Is(err, wallet.ErrUnknown) {
					t.Fatalf("%s with a delay past the timeout = %v, want ErrUnknown", d.name, err)
				}
				if wait {
					time.Sleep(e.h.Settle)
				}
				first := e.status(ref)
				if first != wallet.StatusDone && first != wallet.StatusNotFound {
					t.Fatalf("status = %s, want DONE or NOT_FOUND", first)
				}
				// Once answered, the status holds when the late call plays out.
				if !wait {
					time.Sleep(e.h.Settle)
				}
				e.wantStatus(ref, first)
				want := money.Satang(100_00)
				if first == wallet.StatusDone {
					want += d.sign * amount
				}
				e.wantBalance(want)
			})
		}
	}
}

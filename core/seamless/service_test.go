package seamless_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"ngern/core/account"
	"ngern/core/errs"
	"ngern/core/money"
	"ngern/core/seamless"
	"ngern/core/seamless/memstore"
)

const provider = "sim"

// members is a fake Members port.
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
	return seamless.Member{ID: id, Name: "Player " + id, Country: "TH", Lang: "th", Blocked: m.blocked[id]}, nil
}

// fixture is a Service over memstore with a clock the test moves.
type fixture struct {
	t       *testing.T
	store   *memstore.Store
	members *members
	now     time.Time
	mu      sync.Mutex
	svc     *seamless.Service
}

func newFixture(t *testing.T) *fixture {
	f := &fixture{t: t, store: memstore.New(), members: &members{blocked: map[string]bool{}},
		now: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}
	f.svc = seamless.NewService(f.store, f.members, seamless.Config{Currency: "THB", SessionTTL: time.Hour, Now: f.clock})
	return f
}

func (f *fixture) clock() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.now
}

func (f *fixture) advance(d time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.now = f.now.Add(d)
}

// launch seeds a member's wallet and returns a token for it.
func (f *fixture) launch(member string, balance money.Satang) string {
	f.t.Helper()
	f.store.Seed(member, balance)
	tok, err := f.svc.Launch(context.Background(), member, provider, "book-of-ra")
	if err != nil {
		f.t.Fatalf("Launch: %v", err)
	}
	return tok
}

func call(tok, member, tx string, amount money.Satang) seamless.Callback {
	return seamless.Callback{Provider: provider, Token: tok, Player: member, TxID: tx, RoundID: "r-" + tx, Game: "book-of-ra",
		Amount: amount, Currency: "THB"}
}

func rollback(tok, member, tx, ref string) seamless.Callback {
	return seamless.Callback{Provider: provider, Token: tok, Player: member, TxID: tx, RefTxID: ref, RoundID: "r-" + ref, Game: "book-of-ra"}
}

func TestLaunch(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		f := newFixture(t)
		tok := f.launch("m1", 0)
		if _, err := f.store.Session(context.Background(), provider, tok); err == nil {
			t.Fatal("the token itself is stored; want only its hash")
		}
		ses, err := f.store.Session(context.Background(), provider, account.HashToken(tok))
		if err != nil {
			t.Fatal(err)
		}
		if ses.MemberID != "m1" || ses.Game != "book-of-ra" || !ses.ExpiresAt.Equal(f.now.Add(time.Hour)) {
			t.Fatalf("session = %+v", ses)
		}
	})
	t.Run("ErrBlocked", func(t *testing.T) {
		f := newFixture(t)
		f.members.blocked["m1"] = true
		if _, err := f.svc.Launch(context.Background(), "m1", provider, "g"); !errors.Is(err, seamless.ErrBlocked) {
			t.Fatalf("err = %v, want ErrBlocked", err)
		}
	})
	t.Run("ErrInvalid", func(t *testing.T) {
		f := newFixture(t)
		if _, err := f.svc.Launch(context.Background(), "m1", provider, ""); !errors.Is(err, seamless.ErrInvalid) {
			t.Fatalf("err = %v, want ErrInvalid", err)
		}
	})
	t.Run("DefaultTTL", func(t *testing.T) {
		store := memstore.New()
		now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
		svc := seamless.NewService(store, &members{}, seamless.Config{Now: func() time.Time { return now }})
		tok, err := svc.Launch(context.Background(), "m1", provider, "g")
		if err != nil {
			t.Fatal(err)
		}
		ses, _ := store.Session(context.Background(), provider, account.HashToken(tok))
		if got := ses.ExpiresAt.Sub(now); got != seamless.DefaultSessionTTL {
			t.Fatalf("TTL = %v, want %v", got, seamless.DefaultSessionTTL)
		}
	})
}

func TestPlayerAndBalance(t *testing.T) {
	tests := []struct {
		name    string
		setup   func(f *fixture)
		player  string
		token   string
		wantErr error
	}{
		{name: "OK", player: "m1"},
		{name: "OKWithoutPlayer", player: ""},
		{name: "ErrTokenExpired", setup: func(f *fixture) { f.advance(time.Hour) }, player: "m1", wantErr: seamless.ErrTokenExpired},
		{name: "ErrBlocked", setup: func(f *fixture) { f.members.blocked["m1"] = true }, player: "m1", wantErr: seamless.ErrBlocked},
		{name: "ErrTokenOtherPlayer", player: "m2", wantErr: seamless.ErrToken},
		{name: "ErrTokenUnknown", player: "m1", token: "nope", wantErr: seamless.ErrToken},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			tok := f.launch("m1", 1500)
			if tt.token != "" {
				tok = tt.token
			}
			if tt.setup != nil {
				tt.setup(f)
			}
			p, err := f.svc.Player(context.Background(), provider, tok, tt.player)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("Player err = %v, want %v", err, tt.wantErr)
			}
			a, err := f.svc.Balance(context.Background(), provider, tok, tt.player)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("Balance err = %v, want %v", err, tt.wantErr)
			}
			if tt.wantErr == nil {
				want := seamless.Player{MemberID: "m1", Name: "Player m1", Currency: "THB", Country: "TH", Lang: "th", Balance: 1500}
				if p != want {
					t.Fatalf("Player = %+v, want %+v", p, want)
				}
				if a.Balance != 1500 || a.Currency != "THB" {
					t.Fatalf("Balance = %+v", a)
				}
			}
		})
	}
	// Hub88's user info carries no token: the signed call names the player.
	t.Run("PlayerWithoutToken", func(t *testing.T) {
		f := newFixture(t)
		f.launch("m1", 1500)
		p, err := f.svc.Player(context.Background(), provider, "", "m1")
		if err != nil || p.MemberID != "m1" || p.Balance != 1500 {
			t.Fatalf("Player = %+v, %v", p, err)
		}
		f.members.blocked["m1"] = true
		if _, err := f.svc.Player(context.Background(), provider, "", "m1"); !errors.Is(err, seamless.ErrBlocked) {
			t.Fatalf("blocked: err = %v, want ErrBlocked", err)
		}
		if _, err := f.svc.Player(context.Background(), provider, "", ""); !errors.Is(err, seamless.ErrToken) {
			t.Fatalf("nobody: err = %v, want ErrToken", err)
		}
	})
	t.Run("ErrTokenOtherProvider", func(t *testing.T) {
		f := newFixture(t)
		tok := f.launch("m1", 0)
		if _, err := f.svc.Balance(context.Background(), "hub88", tok, "m1"); !errors.Is(err, seamless.ErrToken) {
			t.Fatalf("err = %v, want ErrToken", err)
		}
	})
}

func TestFingerprint(t *testing.T) {
	base := seamless.Callback{Provider: "sim", Kind: seamless.Bet, TxID: "t1", Token: "a", Player: "m1", RoundID: "r1", Game: "g",
		Amount: 100, Currency: "THB", RefTxID: "", RoundClosed: false}
	renewed := base
	renewed.Token, renewed.Player = "b", ""
	if seamless.Fingerprint(renewed) != seamless.Fingerprint(base) {
		t.Error("the token or player changes the fingerprint; a retry may present a renewed token, and the record keeps the member")
	}
	changes := map[string]func(c *seamless.Callback){
		"Provider":    func(c *seamless.Callback) { c.Provider = "hub88" },
		"Kind":        func(c *seamless.Callback) { c.Kind = seamless.Win },
		"TxID":        func(c *seamless.Callback) { c.TxID = "t2" },
		"RoundID":     func(c *seamless.Callback) { c.RoundID = "r2" },
		"Game":        func(c *seamless.Callback) { c.Game = "h" },
		"Amount":      func(c *seamless.Callback) { c.Amount = 101 },
		"Currency":    func(c *seamless.Callback) { c.Currency = "LAK" },
		"RefTxID":     func(c *seamless.Callback) { c.RefTxID = "t0" },
		"RoundClosed": func(c *seamless.Callback) { c.RoundClosed = true },
		"Boundaries":  func(c *seamless.Callback) { c.RoundID, c.Game = "r1g", "" },
	}
	for name, change := range changes {
		t.Run(name, func(t *testing.T) {
			other := base
			change(&other)
			if seamless.Fingerprint(other) == seamless.Fingerprint(base) {
				t.Fatal("same fingerprint for other content")
			}
		})
	}
}

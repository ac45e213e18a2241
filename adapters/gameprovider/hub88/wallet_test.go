package hub88_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"ngern/adapters/gameprovider/hub88"
	"ngern/adapters/gameprovider/hub88/hub88test"
	"ngern/adapters/gameprovider/seamlesskit"
	"ngern/core/money"
	"ngern/core/seamless"
)

// fakeWallet answers every call with answer and err and records the
// callbacks it was given.
type fakeWallet struct {
	mu     sync.Mutex
	answer seamless.Answer
	player seamless.Player
	err    error
	calls  []seamless.Callback
	asked  []string // Player and Balance calls: "token player"
}

func (f *fakeWallet) Player(_ context.Context, provider, token, player string) (seamless.Player, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.asked = append(f.asked, provider+" "+token+" "+player)
	return f.player, f.err
}

func (f *fakeWallet) Balance(_ context.Context, provider, token, player string) (seamless.Answer, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.asked = append(f.asked, provider+" "+token+" "+player)
	return f.answer, f.err
}

func (f *fakeWallet) money(c seamless.Callback, kind seamless.Kind) (seamless.Answer, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	c.Kind = kind
	f.calls = append(f.calls, c)
	return f.answer, f.err
}

func (f *fakeWallet) Bet(_ context.Context, c seamless.Callback) (seamless.Answer, error) {
	return f.money(c, seamless.Bet)
}

func (f *fakeWallet) Win(_ context.Context, c seamless.Callback) (seamless.Answer, error) {
	return f.money(c, seamless.Win)
}

func (f *fakeWallet) Rollback(_ context.Context, c seamless.Callback) (seamless.Answer, error) {
	return f.money(c, seamless.Rollback)
}

func newCaller(t *testing.T, w seamless.Wallet) *hub88test.Caller {
	t.Helper()
	d, ok := hub88test.Mount(w, hub88.Code).(*hub88test.Driver)
	if !ok {
		t.Fatal("Mount: not a *hub88test.Driver")
	}
	return d.Caller
}

var kitBet = seamlesskit.Call{Token: "tok-1234567890", Player: "m1", TxID: "tx1", RoundID: "r1", Game: "clt_dragonrising",
	Amount: 150, Currency: "THB"}

// TestWalletStatuses: every status the adapter can answer, from the
// wallet's errors and from the request itself.
func TestWalletStatuses(t *testing.T) {
	ctx := context.Background()
	bet := hub88test.Body("req-1", seamless.Bet, kitBet)
	with := func(m map[string]any, k string, v any) map[string]any {
		out := map[string]any{}
		for kk, vv := range m {
			out[kk] = vv
		}
		if v == nil {
			delete(out, k)
		} else {
			out[k] = v
		}
		return out
	}
	tests := []struct {
		name    string
		path    string
		body    any
		raw     string
		forged  bool
		err     error
		want    hub88.Status
		balance bool // the answer carries the balance
		called  bool // the wallet was called
	}{
		{"OK", hub88.PathBet, bet, "", false, nil, hub88.OK, true, true},
		{"InvalidSignature", hub88.PathBet, bet, "", true, nil, hub88.ErrorSignature, false, false},
		{"InvalidToken", hub88.PathBet, bet, "", false, seamless.ErrToken, hub88.ErrorInvalidToken, false, true},
		{"TokenExpired", hub88.PathBet, bet, "", false, seamless.ErrTokenExpired, hub88.ErrorTokenExpired, false, true},
		{"UserDisabled", hub88.PathBet, bet, "", false, seamless.ErrBlocked, hub88.ErrorUserDisabled, false, true},
		{"NotEnoughMoney", hub88.PathBet, bet, "", false, seamless.ErrInsufficient, hub88.ErrorNotEnoughMoney, true, true},
		{"DuplicateTransaction", hub88.PathBet, bet, "", false, seamless.ErrMismatch, hub88.ErrorDuplicate, false, true},
		{"TransactionRolledBack", hub88.PathBet, bet, "", false, seamless.ErrRolledBack, hub88.ErrorRolledBack, false, true},
		{"WrongCurrency", hub88.PathBet, bet, "", false, seamless.ErrCurrency, hub88.ErrorWrongCurrency, false, true},
		{"InvalidGame", hub88.PathBet, bet, "", false, seamless.ErrGame, hub88.ErrorInvalidGame, false, true},
		{"InvalidCallback", hub88.PathBet, bet, "", false, seamless.ErrInvalid, hub88.ErrorWrongSyntax, false, true},
		{"Unknown", hub88.PathBet, bet, "", false, errors.New("database gone"), hub88.ErrorUnknown, false, true},
		{"WrappedError", hub88.PathBet, bet, "", false, errors.Join(errors.New("x"), seamless.ErrBlocked), hub88.ErrorUserDisabled, false, true},
		{"WrongSyntaxNotJSON", hub88.PathBet, nil, `{"request_uuid":`, false, nil, hub88.ErrorWrongSyntax, false, false},
		{"WrongSyntaxNoTransaction", hub88.PathBet, with(bet, "transaction_uuid", nil), "", false, nil, hub88.ErrorWrongSyntax, false, false},
		{"WrongSyntaxNoAmount", hub88.PathBet, with(bet, "amount", nil), "", false, nil, hub88.ErrorWrongSyntax, false, false},
		{"WrongSyntaxNoRequestUUID", hub88.PathBet, with(bet, "request_uuid", nil), "", false, nil, hub88.ErrorWrongSyntax, false, false},
		{"WrongSyntaxUnknownPath", "/transaction/refund", bet, "", false, nil, hub88.ErrorWrongSyntax, false, false},
		{"WrongTypesAmountString", hub88.PathBet, with(bet, "amount", "150000"), "", false, nil, hub88.ErrorWrongTypes, false, false},
		{"WrongTypesAmountFloat", hub88.PathBet, with(bet, "amount", 1.5), "", false, nil, hub88.ErrorWrongTypes, false, false},
		{"WrongTypesFractionOfSatang", hub88.PathBet, with(bet, "amount", 150500), "", false, nil, hub88.ErrorWrongTypes, false, false},
		{"WrongTypesNegative", hub88.PathBet, with(bet, "amount", -1000), "", false, nil, hub88.ErrorWrongTypes, false, false},
		{"UnknownFreeBet", hub88.PathBet, with(bet, "is_free", true), "", false, nil, hub88.ErrorUnknown, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := &fakeWallet{answer: seamless.Answer{Balance: 1234, Currency: "THB"}, err: tt.err}
			c := newCaller(t, w)
			raw := []byte(tt.raw)
			var a hub88test.Answer
			var err error
			if tt.body != nil {
				a, err = c.Call(ctx, tt.path, tt.body, tt.forged)
			} else {
				a, err = c.CallRaw(ctx, tt.path, raw, tt.forged)
			}
			if err != nil {
				t.Fatal(err)
			}
			if !a.Signed {
				t.Error("the answer is not signed with our key")
			}
			if a.Status != tt.want {
				t.Errorf("status %s, want %s", a.Status, tt.want)
			}
			if tt.body != nil && tt.want != hub88.ErrorWrongSyntax && a.RequestUUID != "req-1" {
				t.Errorf("request_uuid %q not echoed", a.RequestUUID)
			}
			if got := a.Balance != nil; got != tt.balance {
				t.Errorf("balance present %v, want %v", got, tt.balance)
			} else if got && (a.Satang != 1234 || a.Currency != "THB" || *a.Balance != 1_234_000) {
				t.Errorf("balance %d (%d satang) %s", *a.Balance, a.Satang, a.Currency)
			}
			if got := len(w.calls) > 0; got != tt.called {
				t.Errorf("wallet called %v, want %v", got, tt.called)
			}
		})
	}
}

// TestWalletCallbacks: each documented request becomes the callback the
// seamless wallet expects, amounts in satang.
func TestWalletCallbacks(t *testing.T) {
	ctx := context.Background()
	win := kitBet
	win.TxID, win.RefTxID, win.Amount, win.RoundClosed = "tx2", "tx1", 300, true
	rb := kitBet
	rb.TxID, rb.RefTxID = "tx3", "tx1"
	tests := []struct {
		name string
		path string
		kind seamless.Kind
		call seamlesskit.Call
		want seamless.Callback
	}{
		{"Bet", hub88.PathBet, seamless.Bet, kitBet, seamless.Callback{Provider: "hub88", Kind: seamless.Bet, TxID: "tx1", Token: kitBet.Token,
			Player: "m1", RoundID: "r1", Game: "clt_dragonrising", Amount: 150, Currency: "THB"}},
		{"Win", hub88.PathWin, seamless.Win, win, seamless.Callback{Provider: "hub88", Kind: seamless.Win, TxID: "tx2", Token: kitBet.Token,
			Player: "m1", RoundID: "r1", Game: "clt_dragonrising", Amount: 300, Currency: "THB", RefTxID: "tx1", RoundClosed: true}},
		{"Rollback", hub88.PathRollback, seamless.Rollback, rb, seamless.Callback{Provider: "hub88", Kind: seamless.Rollback, TxID: "tx3",
			Token: kitBet.Token, Player: "m1", RoundID: "r1", Game: "clt_dragonrising", RefTxID: "tx1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := &fakeWallet{answer: seamless.Answer{Balance: 99, Currency: "THB"}}
			a, err := newCaller(t, w).Call(ctx, tt.path, hub88test.Body("req-9", tt.kind, tt.call), false)
			if err != nil || a.Status != hub88.OK || a.User != "m1" || a.Satang != 99 || a.RequestUUID != "req-9" {
				t.Fatalf("%+v %v", a, err)
			}
			if len(w.calls) != 1 || w.calls[0] != tt.want {
				t.Errorf("callbacks %+v, want %+v", w.calls, tt.want)
			}
		})
	}
	t.Run("RollbackNeedsReference", func(t *testing.T) {
		w := &fakeWallet{}
		body := hub88test.Body("req-9", seamless.Rollback, seamlesskit.Call{Token: "t", TxID: "tx3"})
		a, err := newCaller(t, w).Call(ctx, hub88.PathRollback, body, false)
		if err != nil || a.Status != hub88.ErrorWrongSyntax || len(w.calls) != 0 {
			t.Fatalf("%+v %v", a, err)
		}
	})
}

func TestWalletUserCalls(t *testing.T) {
	ctx := context.Background()
	t.Run("Balance", func(t *testing.T) {
		w := &fakeWallet{answer: seamless.Answer{Balance: money.FromBaht(5), Currency: "THB"}}
		a, err := newCaller(t, w).Call(ctx, hub88.PathBalance, map[string]any{"request_uuid": "q", "token": "tok", "user": "m1",
			"game_code": "g"}, false)
		if err != nil || a.Status != hub88.OK || *a.Balance != 500_000 || a.Currency != "THB" || a.User != "m1" {
			t.Fatalf("%+v %v", a, err)
		}
		if len(w.asked) != 1 || w.asked[0] != "hub88 tok m1" {
			t.Errorf("asked %v", w.asked)
		}
	})
	t.Run("BalanceExpired", func(t *testing.T) {
		w := &fakeWallet{err: seamless.ErrTokenExpired}
		a, err := newCaller(t, w).Call(ctx, hub88.PathBalance, map[string]any{"request_uuid": "q", "token": "tok"}, false)
		if err != nil || a.Status != hub88.ErrorTokenExpired || a.Balance != nil {
			t.Fatalf("%+v %v", a, err)
		}
	})
	t.Run("BalanceNoToken", func(t *testing.T) {
		a, err := newCaller(t, &fakeWallet{}).Call(ctx, hub88.PathBalance, map[string]any{"request_uuid": "q"}, false)
		if err != nil || a.Status != hub88.ErrorWrongSyntax {
			t.Fatalf("%+v %v", a, err)
		}
	})
	t.Run("UserInfo", func(t *testing.T) {
		w := &fakeWallet{player: seamless.Player{MemberID: "m1", Country: "TH"}}
		a, err := newCaller(t, w).Call(ctx, hub88.PathUserInfo, map[string]any{"request_uuid": "q", "user": "m1"}, false)
		if err != nil || a.Status != hub88.OK || a.User != "m1" || a.Country != "TH" || a.Balance != nil {
			t.Fatalf("%+v %v", a, err)
		}
		if len(w.asked) != 1 || w.asked[0] != "hub88  m1" {
			t.Errorf("asked %v", w.asked)
		}
	})
	t.Run("UserInfoUnknown", func(t *testing.T) {
		a, err := newCaller(t, &fakeWallet{err: seamless.ErrToken}).Call(ctx, hub88.PathUserInfo,
			map[string]any{"request_uuid": "q", "user": "m1"}, false)
		if err != nil || a.Status != hub88.ErrorInvalidToken {
			t.Fatalf("%+v %v", a, err)
		}
	})
	t.Run("ForgedUserInfo", func(t *testing.T) {
		w := &fakeWallet{}
		a, err := newCaller(t, w).Call(ctx, hub88.PathUserInfo, map[string]any{"request_uuid": "q", "user": "m1"}, true)
		if err != nil || a.Status != hub88.ErrorSignature || len(w.asked) != 0 || a.RequestUUID != "q" {
			t.Fatalf("%+v %v", a, err)
		}
	})
}

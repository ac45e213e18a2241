package seamless_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"ngern/core/money"
	"ngern/core/seamless"
)

func TestWin(t *testing.T) {
	tests := []struct {
		name        string
		before      func(f *fixture, tok string)
		call        func(tok string) seamless.Callback
		wantErr     error
		wantBalance money.Satang
		wantJournal bool
	}{
		{name: "OK", before: bet("b1", 300), call: func(tok string) seamless.Callback { return call(tok, "m1", "w1", 500) },
			wantBalance: 1200, wantJournal: true},
		{name: "OKUnknownRound", call: func(tok string) seamless.Callback { return call(tok, "m1", "w1", 500) },
			wantBalance: 1500, wantJournal: true},
		{name: "OKZero", call: func(tok string) seamless.Callback { return call(tok, "m1", "w1", 0) }, wantBalance: 1000},
		{name: "OKExpiredToken", before: func(f *fixture, _ string) { f.advance(48 * time.Hour) },
			call: func(tok string) seamless.Callback { return call(tok, "m1", "w1", 500) }, wantBalance: 1500, wantJournal: true},
		{name: "OKBlocked", before: func(f *fixture, _ string) { f.members.blocked["m1"] = true },
			call: func(tok string) seamless.Callback { return call(tok, "m1", "w1", 500) }, wantBalance: 1500, wantJournal: true},
		{name: "Duplicate", before: win("w1", 500), call: func(tok string) seamless.Callback { return call(tok, "m1", "w1", 500) },
			wantBalance: 1500},
		{name: "ErrMismatch", before: win("w1", 500), call: func(tok string) seamless.Callback { return call(tok, "m1", "w1", 600) },
			wantErr: seamless.ErrMismatch, wantBalance: 1500},
		{name: "ErrInvalidNegative", call: func(tok string) seamless.Callback { return call(tok, "m1", "w1", -1) },
			wantErr: seamless.ErrInvalid, wantBalance: 1000},
		{name: "ErrCurrency", call: func(tok string) seamless.Callback {
			c := call(tok, "m1", "w1", 1)
			c.Currency = "USD"
			return c
		}, wantErr: seamless.ErrCurrency, wantBalance: 1000},
		{name: "ErrToken", call: func(string) seamless.Callback { return call("forged", "m1", "w1", 500) },
			wantErr: seamless.ErrToken, wantBalance: 1000},
		{name: "ErrTokenOtherPlayer", call: func(tok string) seamless.Callback { return call(tok, "m9", "w1", 500) },
			wantErr: seamless.ErrToken, wantBalance: 1000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			tok := f.launch("m1", 1000)
			if tt.before != nil {
				tt.before(f, tok)
			}
			first := len(f.store.Journals())
			a, err := f.svc.Win(context.Background(), tt.call(tok))
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("err = %v, want %v", err, tt.wantErr)
			}
			if got := f.store.Wallet("m1"); got != tt.wantBalance {
				t.Fatalf("wallet = %d, want %d", got, tt.wantBalance)
			}
			if err == nil && (a.Balance != tt.wantBalance || a.Ref == "") {
				t.Fatalf("answer = %+v, want balance %d", a, tt.wantBalance)
			}
			if posted := len(f.store.Journals()) - first; posted != map[bool]int{true: 1}[tt.wantJournal] {
				t.Fatalf("%d journals posted", posted)
			}
		})
	}
}

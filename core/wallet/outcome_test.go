package wallet

import (
	"context"
	"errors"
	"testing"

	"ngern/core/errs"
	"ngern/core/money"
)

// statesStore answers the transfer states and the wallet balance Outcome
// reads.
type statesStore struct {
	Store
	states map[string]TransferState
}

func (s statesStore) TransferStates(_ context.Context, _ string, ids []string) (map[string]TransferState, error) {
	out := map[string]TransferState{}
	for _, id := range ids {
		if st, ok := s.states[id]; ok {
			out[id] = st
		}
	}
	return out, nil
}

func (statesStore) WalletBalance(context.Context, string) (money.Satang, error) {
	return money.FromBaht(42), nil
}

func TestOutcome(t *testing.T) {
	s := NewService(Deps{Store: statesStore{states: map[string]TransferState{
		"done": Done, "done2": Done, "failed": Failed, "unknown": Unknown, "pending": Pending,
	}}}, Config{})
	cases := []struct {
		name    string
		ids     []string
		stopped bool
		settled bool
		code    errs.Code // "" success
	}{
		{"Done", []string{"done"}, false, true, ""},
		{"AllDone", []string{"done", "done2"}, false, true, ""},
		{"Failed", []string{"failed"}, false, true, errs.TransferFail},
		{"OneFailed", []string{"done", "failed"}, false, true, errs.TransferFail},
		{"DoneButStopped", []string{"done"}, true, true, errs.TransferFail},
		{"StillUnknown", []string{"done", "unknown"}, false, false, ""},
		{"StillPending", []string{"pending"}, false, false, ""},
		{"NotTheMembers", []string{"nope"}, false, false, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			settled, bal, err := s.Outcome(context.Background(), "m1", c.ids, c.stopped)
			if settled != c.settled {
				t.Fatalf("settled = %v, want %v", settled, c.settled)
			}
			switch {
			case !settled:
			case c.code == "" && (err != nil || bal != money.FromBaht(42)):
				t.Fatalf("= %s, %v; want success with the balance", bal, err)
			case c.code != "" && !errs.HasCode(err, c.code):
				t.Fatalf("err = %v, want %s", err, c.code)
			}
		})
	}
	t.Run("Tracking", func(t *testing.T) {
		ctx, st := Track(context.Background())
		noteStarted(ctx, "a")
		noteStarted(ctx, "b")
		if err := stopped(ctx, errors.New("x")); err == nil || !st.Stopped() {
			t.Fatal("not marked stopped")
		}
		if ids := st.IDs(); len(ids) != 2 || ids[0] != "a" || ids[1] != "b" {
			t.Fatalf("ids = %v", ids)
		}
		noteStarted(context.Background(), "untracked") // no tracker: nothing happens
	})
}

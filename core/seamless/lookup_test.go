package seamless_test

import (
	"context"
	"errors"
	"testing"

	"ngern/core/seamless"
	"ngern/core/seamless/memstore"
)

// failingStore fails its writes.
type failingStore struct{ *memstore.Store }

var errWrite = errors.New("write failed")

func (failingStore) Apply(context.Context, seamless.Record) (seamless.Record, bool, error) {
	return seamless.Record{}, false, errWrite
}

func (failingStore) Cancel(context.Context, seamless.Record) (seamless.Record, bool, error) {
	return seamless.Record{}, false, errWrite
}

// TestLookUp covers seamless.LookUp, Store.Record over the other methods.
func TestLookUp(t *testing.T) {
	ctx := context.Background()
	bet := seamless.Record{Provider: provider, TxID: "b1", Kind: seamless.Bet, MemberID: "m1", Amount: 100, Fingerprint: "f"}
	win := seamless.Record{Provider: provider, TxID: "w1", Kind: seamless.Win, MemberID: "m1", Amount: 100, Fingerprint: "f"}
	cancel := func(tx, ref, member string) seamless.Record {
		return seamless.Record{Provider: provider, TxID: tx, Kind: seamless.Rollback, MemberID: member, RefTxID: ref}
	}
	tests := []struct {
		name   string
		before []seamless.Record
		r      seamless.Record
		refuse bool
		want   seamless.Found
	}{
		{name: "OKStored", r: bet, want: seamless.Stored},
		{name: "OKExisting", before: []seamless.Record{bet}, r: bet, want: seamless.Existing},
		{name: "OKExistingBeforeTheRefusal", before: []seamless.Record{bet}, r: bet, refuse: true, want: seamless.Existing},
		{name: "ErrRefused", r: bet, refuse: true, want: seamless.Refused},
		{name: "OKRollback", before: []seamless.Record{bet}, r: cancel("x1", "b1", "m1"), want: seamless.Stored},
		{name: "OKRollbackOfNone", r: cancel("x1", "b1", "m1"), want: seamless.Stored},
		{name: "OKRollbackOfATombstone", before: []seamless.Record{cancel("x1", "b1", "m2")}, r: cancel("x2", "b1", "m1"),
			want: seamless.Stored},
		{name: "ErrRollbackOfAWin", before: []seamless.Record{win}, r: cancel("x1", "w1", "m1"), want: seamless.NotABet},
		{name: "ErrRollbackOfAnothersBet", before: []seamless.Record{bet}, r: cancel("x1", "b1", "m2"), want: seamless.NotABet},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := memstore.New()
			s.Seed("m1", 1000)
			s.Seed("m2", 1000)
			for _, r := range tc.before {
				if _, _, err := s.Record(ctx, r, false); err != nil {
					t.Fatal(err)
				}
			}
			_, found, err := seamless.LookUp(ctx, s, tc.r, tc.refuse)
			if err != nil || found != tc.want {
				t.Fatalf("found %v, %v; want %v", found, err, tc.want)
			}
			if _, err := s.Transaction(ctx, provider, tc.r.TxID); (err == nil) != (tc.want == seamless.Stored || tc.want == seamless.Existing) {
				t.Fatalf("stored: %v", err)
			}
		})
	}
	t.Run("ErrWriteFailed", func(t *testing.T) {
		s := failingStore{memstore.New()}
		for _, r := range []seamless.Record{bet, cancel("x1", "b1", "m1")} {
			if _, _, err := seamless.LookUp(ctx, s, r, false); !errors.Is(err, errWrite) {
				t.Fatalf("%s: err = %v, want the write's", r.Kind, err)
			}
		}
	})
}

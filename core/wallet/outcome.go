package wallet

import (
	"context"
	"sync"

	"ngern/core/errs"
	"ngern/core/money"
)

// Started records the transfers a call started, so that an answer given
// while one of them was open (TRANSFER_PENDING) can be given again once
// they are final: see Outcome.
type Started struct {
	mu      sync.Mutex
	ids     []string
	stopped bool
}

type startedKey struct{}

// Track returns a context under which the transfers a call starts are
// recorded in the returned Started.
func Track(ctx context.Context) (context.Context, *Started) {
	st := &Started{}
	return context.WithValue(ctx, startedKey{}, st), st
}

// IDs returns the references of the transfers started, in order.
func (st *Started) IDs() []string {
	st.mu.Lock()
	defer st.mu.Unlock()
	return append([]string(nil), st.ids...)
}

// Stopped reports whether the call ended before doing all it was asked
// (e.g. the first leg of a transfer between two games did not settle, so
// the second never ran).
func (st *Started) Stopped() bool {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.stopped
}

// noteStarted records a transfer started under ctx.
func noteStarted(ctx context.Context, id string) {
	if st, ok := ctx.Value(startedKey{}).(*Started); ok {
		st.mu.Lock()
		st.ids = append(st.ids, id)
		st.mu.Unlock()
	}
}

// stopped marks the call under ctx as ended early, and returns err.
func stopped(ctx context.Context, err error) error {
	if st, ok := ctx.Value(startedKey{}).(*Started); ok {
		st.mu.Lock()
		st.stopped = true
		st.mu.Unlock()
	}
	return err
}

// Outcome is the settled answer of a call that started the transfers ids
// (of memberID) and was answered while one of them was open. While one is
// still open, settled is false. Once all are final: TRANSFER_FAIL when one
// was reversed or the call had stopped before its end (the money is where
// the finished transfers put it); otherwise success with the wallet balance
// now.
func (s *Service) Outcome(ctx context.Context, memberID string, ids []string, stoppedEarly bool) (settled bool, wallet money.Satang, err error) {
	states, err := s.store.TransferStates(ctx, memberID, ids)
	if err != nil {
		return false, 0, err
	}
	failed := stoppedEarly
	for _, id := range ids {
		switch states[id] {
		case Done:
		case Failed:
			failed = true
		default: // open, or not found (not this member's): nothing to settle on
			return false, 0, nil
		}
	}
	if failed {
		return true, 0, errs.New(errs.TransferFail)
	}
	bal, err := s.store.WalletBalance(ctx, memberID)
	if err != nil {
		return false, 0, err
	}
	return true, bal, nil
}

package wallet

import (
	"context"
	"time"
)

// ReconcileStats counts what one reconciler pass did.
type ReconcileStats struct {
	Settled, Reversed, Unresolved int
}

// Reconcile asks the provider about every transfer left open and settles
// or reverses it on a definite answer; a transfer whose status cannot be
// learnt stays open and is asked about again later, waiting longer each
// time (up to RetryMax).
func (s *Service) Reconcile(ctx context.Context) (ReconcileStats, error) {
	var st ReconcileStats
	now := s.now().UTC()
	open, err := s.store.OpenTransfers(ctx, now.Add(-s.cfg.PendingGrace), now, s.cfg.ReconcileBatch)
	if err != nil {
		return st, err
	}
	for _, t := range open {
		status, err := s.provider.TransferStatus(ctx, t.Game, t.ID)
		if err != nil {
			st.Unresolved++
			wait := min(time.Duration(1<<min(t.Attempts, 10))*time.Second, s.cfg.RetryMax)
			s.log.WarnContext(ctx, "transfer status unknown", "transfer", t.ID, "attempts", t.Attempts+1, "err", err)
			if err := s.store.MarkUnknown(ctx, t.ID, s.now().UTC().Add(wait), s.now().UTC()); err != nil {
				return st, err
			}
			continue
		}
		state := Failed
		if status == StatusDone {
			state = Done
		}
		if err := s.finish(ctx, t, state); err != nil {
			return st, err
		}
		if state == Done {
			st.Settled++
		} else {
			st.Reversed++
		}
		s.log.InfoContext(ctx, "transfer reconciled", "transfer", t.ID, "provider_status", status, "state", state)
	}
	return st, nil
}

package wallet

import (
	"context"
	"strings"
	"time"

	"ngern/core/errs"
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
		status, state, err := s.reconcileOne(ctx, t)
		if err != nil {
			return st, err
		}
		switch {
		case status == "":
			st.Unresolved++
		case state == Done:
			st.Settled++
		default:
			st.Reversed++
		}
	}
	return st, nil
}

// reconcileOne asks the provider about an open transfer and settles or
// reverses it on a definite answer. Without one it records the attempt,
// schedules the next question and answers an empty status; the transfer
// stays open.
func (s *Service) reconcileOne(ctx context.Context, t Transfer) (TransferStatus, TransferState, error) {
	status, err := s.provider.TransferStatus(ctx, t.Game, t.ID)
	if err != nil {
		wait := min(time.Duration(1<<min(t.Attempts, 10))*time.Second, s.cfg.RetryMax)
		s.log.WarnContext(ctx, "transfer status unknown", "transfer", t.ID, "attempts", t.Attempts+1, "err", err)
		if err := s.store.MarkUnknown(ctx, t.ID, s.now().UTC().Add(wait), s.now().UTC()); err != nil {
			return "", t.State, err
		}
		return "", t.State, nil
	}
	state := Failed
	if status == StatusDone {
		state = Done
	}
	if err := s.finish(ctx, t, state); err != nil {
		return status, t.State, err
	}
	s.log.InfoContext(ctx, "transfer reconciled", "transfer", t.ID, "provider_status", status, "state", state)
	return status, state, nil
}

// TransferQuery is what asking the provider again about a transfer found.
type TransferQuery struct {
	// ProviderStatus is the provider's definite answer, or empty when it
	// gave none (the transfer then stays open).
	ProviderStatus TransferStatus
	Before         TransferState
	Transfer       Transfer
}

// QueryTransfer asks the provider again about an open transfer, now, for
// an operator: it settles or reverses it only on a definite answer, exactly
// as the reconciler does.
func (s *Service) QueryTransfer(ctx context.Context, id string) (TransferQuery, error) {
	t, err := s.store.Transfer(ctx, id)
	if err != nil {
		return TransferQuery{}, err
	}
	if t.State != Pending && t.State != Unknown {
		return TransferQuery{}, errs.Newf(errs.NoData, "the transfer is %s already", strings.ToLower(string(t.State)))
	}
	status, _, err := s.reconcileOne(ctx, t)
	if err != nil {
		return TransferQuery{}, err
	}
	after, err := s.store.Transfer(ctx, id)
	if err != nil {
		return TransferQuery{}, err
	}
	return TransferQuery{ProviderStatus: status, Before: t.State, Transfer: after}, nil
}

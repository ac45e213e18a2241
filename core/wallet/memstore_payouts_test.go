package wallet

import (
	"context"
	"fmt"
	"sort"
	"sync"
	"time"

	"ngern/core/errs"
	"ngern/core/ledger"
)

// memPayouts is an in-memory PayoutStore over a memStore: it keeps the
// rules the SQL store keeps (a payout claimed by one caller per version,
// settled once with its journal).
type memPayouts struct {
	m       *memStore
	payouts map[string]*Payout
}

func newMemPayouts(m *memStore) *memPayouts { return &memPayouts{m: m, payouts: map[string]*Payout{}} }

func (s *memPayouts) ApproveForPayout(_ context.Context, id, by string, p Payout, at time.Time) (bool, error) {
	s.m.mu.Lock()
	defer s.m.mu.Unlock()
	w := s.m.withdrawals[id]
	if w == nil || w.Status != WithdrawalPending {
		return false, nil
	}
	for _, o := range s.payouts {
		if o.WithdrawalID == id {
			return false, fmt.Errorf("payout of %s twice", id)
		}
	}
	w.Status, w.DecidedBy, w.DecidedAt = WithdrawalApproved, by, &at
	w.PayoutID, w.PayoutStatus = p.ID, p.Status
	s.payouts[p.ID] = &p
	return true, nil
}

func (s *memPayouts) DuePayouts(_ context.Context, now time.Time, limit int) ([]Payout, error) {
	s.m.mu.Lock()
	defer s.m.mu.Unlock()
	var out []Payout
	for _, p := range s.payouts {
		if !p.Status.Final() && !p.NextCheckAt.After(now) {
			out = append(out, *p)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out[:min(len(out), limit)], nil
}

func (s *memPayouts) ClaimPayout(_ context.Context, id string, attempts int, until, at time.Time) (bool, error) {
	s.m.mu.Lock()
	defer s.m.mu.Unlock()
	p := s.payouts[id]
	if p == nil || p.Status.Final() || p.Attempts != attempts {
		return false, nil
	}
	p.Sent, p.Attempts, p.NextCheckAt, p.UpdatedAt = true, p.Attempts+1, until, at
	return true, nil
}

func (s *memPayouts) NotePayout(_ context.Context, id string, status PayoutStatus, ref string, next time.Time, escalate bool, at time.Time) error {
	s.m.mu.Lock()
	defer s.m.mu.Unlock()
	p := s.payouts[id]
	if p == nil || p.Status.Final() {
		return nil
	}
	p.Status, p.PartyRef, p.NextCheckAt, p.UpdatedAt = status, ref, next, at
	if status == PayoutStatusUnknown && p.UnknownSince == nil {
		p.UnknownSince = &at
	}
	if escalate && p.EscalatedAt == nil {
		p.EscalatedAt = &at
	}
	s.m.withdrawals[p.WithdrawalID].PayoutStatus = status
	return nil
}

func (s *memPayouts) SettlePayout(_ context.Context, p Payout, j ledger.Journal, at time.Time) (bool, error) {
	s.m.mu.Lock()
	defer s.m.mu.Unlock()
	cur := s.payouts[p.ID]
	if cur == nil || cur.Status.Final() {
		return false, nil
	}
	if err := s.m.post(j); err != nil {
		return false, err
	}
	cur.Status, cur.PartyRef, cur.Reason, cur.ResolvedBy, cur.Evidence, cur.SettledAt = p.Status, p.PartyRef, p.Reason,
		p.ResolvedBy, p.Evidence, &at
	w := s.m.withdrawals[p.WithdrawalID]
	w.PayoutStatus, w.PayoutReason = p.Status, p.Reason
	return true, nil
}

func (s *memPayouts) Payout(_ context.Context, id string) (Payout, error) {
	s.m.mu.Lock()
	defer s.m.mu.Unlock()
	if p := s.payouts[id]; p != nil {
		return *p, nil
	}
	return Payout{}, errs.New(errs.NoData)
}

func (s *memPayouts) Payouts(_ context.Context, status PayoutStatus, limit int) ([]Payout, int, error) {
	s.m.mu.Lock()
	defer s.m.mu.Unlock()
	var out []Payout
	for _, p := range s.payouts {
		if p.Status == status {
			out = append(out, *p)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out[:min(len(out), limit)], len(out), nil
}

// only returns the one payout.
func (s *memPayouts) only() Payout {
	s.m.mu.Lock()
	defer s.m.mu.Unlock()
	for _, p := range s.payouts {
		return *p
	}
	return Payout{}
}

// fakeParty is a payout party whose answers a test scripts: each Submit
// and Status call takes the next answer of its list (the last repeats).
type fakeParty struct {
	mu       sync.Mutex
	submits  []partyAnswer
	statuses []partyAnswer
	// paid counts the payouts the party made, by id.
	paid  map[string]int
	calls []string
}

type partyAnswer struct {
	state PayoutState
	err   error
	// pays: this Submit answer made the payout (even when it is an error).
	pays bool
}

func (f *fakeParty) next(list *[]partyAnswer) partyAnswer {
	a := (*list)[0]
	if len(*list) > 1 {
		*list = (*list)[1:]
	}
	return a
}

func (f *fakeParty) Submit(_ context.Context, r PayoutRequest) (PayoutResult, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls = append(f.calls, "submit")
	a := f.next(&f.submits)
	if a.pays || a.state == PayoutPaid {
		if f.paid == nil {
			f.paid = map[string]int{}
		}
		f.paid[r.ID] = 1 // idempotent by id
	}
	return PayoutResult{State: a.state, Ref: "REF-" + r.ID, Reason: reasonOf(a.state)}, a.err
}

func (f *fakeParty) Status(_ context.Context, id string) (PayoutResult, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls = append(f.calls, "status")
	a := f.next(&f.statuses)
	return PayoutResult{State: a.state, Reason: reasonOf(a.state)}, a.err
}

func reasonOf(st PayoutState) string {
	if st == PayoutFailed {
		return "account closed"
	}
	return ""
}

package wallet

import (
	"context"
	"slices"
	"sync"
	"time"

	"ngern/core/errs"
	"ngern/core/money"
)

// The in-memory store's approvals, game edits and approval threshold, kept
// beside it by store.
var (
	memExtraMu sync.Mutex
	memExtras  = map[*memStore]*memExtra{}
)

type memExtra struct {
	approvals map[string][]string
	threshold money.Satang
}

func (m *memStore) extra() *memExtra {
	memExtraMu.Lock()
	defer memExtraMu.Unlock()
	x := memExtras[m]
	if x == nil {
		x = &memExtra{approvals: map[string][]string{}, threshold: money.FromBaht(20000)}
		memExtras[m] = x
	}
	return x
}

func (m *memStore) WithdrawApprovalThreshold(context.Context) (money.Satang, error) {
	return m.extra().threshold, nil
}

func (m *memStore) AddWithdrawalApproval(_ context.Context, id, by string, _ time.Time) error {
	x := m.extra()
	m.mu.Lock()
	defer m.mu.Unlock()
	w := m.withdrawals[id]
	if w == nil || w.Status != WithdrawalPending {
		return errs.New(errs.NoData)
	}
	if slices.Contains(x.approvals[id], by) {
		return errs.New(errs.SameApprover)
	}
	x.approvals[id] = append(x.approvals[id], by)
	return nil
}

func (m *memStore) WithdrawalApprovals(_ context.Context, id string) ([]string, error) {
	x := m.extra()
	m.mu.Lock()
	defer m.mu.Unlock()
	return slices.Clone(x.approvals[id]), nil
}

func (m *memStore) Transfer(_ context.Context, id string) (Transfer, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	t := m.transfers[id]
	if t == nil {
		return Transfer{}, errs.New(errs.NoData)
	}
	return *t, nil
}

func (m *memStore) UpdateGame(_ context.Context, g Game) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.games[g.Code]; !ok {
		return errs.New(errs.NoGame)
	}
	m.games[g.Code] = g
	return nil
}

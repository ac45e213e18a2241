package wallet

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"

	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
)

var errLost = fmt.Errorf("%w: timeout", ErrPayoutUnknown)

// payoutEnv is an env whose approvals pay through a scripted party.
type payoutEnv struct {
	*env
	party *fakeParty
	store *memPayouts
}

func newPayoutEnv(t *testing.T, submits, statuses []partyAnswer) *payoutEnv {
	t.Helper()
	e := newEnv(t)
	if statuses == nil {
		statuses = []partyAnswer{{err: errLost}}
	}
	pe := &payoutEnv{env: e, party: &fakeParty{submits: submits, statuses: statuses}, store: newMemPayouts(e.store)}
	e.svc.UsePayouts(pe.store, pe.party)
	return pe
}

// approved holds a withdrawal of amount from a wallet of 1,000 baht and
// approves it.
func (pe *payoutEnv) approved(t *testing.T, amount money.Satang) Withdrawal {
	t.Helper()
	ctx := context.Background()
	pe.store.m.fund(t, ledger.Wallet(member), money.FromBaht(1000))
	w, err := pe.svc.Withdraw(ctx, member, amount)
	if err != nil {
		t.Fatal(err)
	}
	w, paid, err := pe.svc.Approve(ctx, w.ID, "fin1")
	if err != nil || !paid {
		t.Fatalf("Approve = %v, %v", paid, err)
	}
	return w
}

// passes runs n worker passes, each once everything is due.
func (pe *payoutEnv) passes(t *testing.T, n int) {
	t.Helper()
	for range n {
		if _, err := pe.svc.RunPayouts(context.Background()); err != nil {
			t.Fatal(err)
		}
		pe.now = pe.now.Add(pe.svc.cfg.PayoutPollMax + 2*pe.svc.cfg.PayoutCallTimeout)
	}
}

func TestApproveWithPayouts(t *testing.T) {
	ctx := context.Background()
	pe := newPayoutEnv(t, []partyAnswer{{state: PayoutPaid}}, nil)
	w := pe.approved(t, money.FromBaht(300))
	if w.Status != WithdrawalApproved || w.PayoutStatus != PayoutStatusSubmitted || w.Progress() != "PAYING" {
		t.Fatalf("approved %+v (progress %s)", w, w.Progress())
	}
	// The hold stays until the payout settles: nothing is paid out yet.
	if pe.store.m.bal(ledger.WithdrawalsPending) != money.FromBaht(300) || pe.store.m.bal(ledger.WithdrawalsOut) != 0 {
		t.Fatalf("pending %s, out %s", pe.store.m.bal(ledger.WithdrawalsPending), pe.store.m.bal(ledger.WithdrawalsOut))
	}
	p := pe.store.only()
	if p.WithdrawalID != w.ID || p.Amount != w.Amount || p.Sent || p.Status != PayoutStatusSubmitted || len(pe.party.calls) != 0 {
		t.Fatalf("payout %+v, calls %v", p, pe.party.calls)
	}
	select {
	case <-pe.svc.PayoutsDue():
	default:
		t.Fatal("the worker was not woken")
	}
	// A second decision finds it decided.
	_, err := pe.svc.Reject(ctx, w.ID, "late", "fin2")
	wantCode(t, err, errs.NoData)
}

func TestRunPayouts(t *testing.T) {
	amount := money.FromBaht(300)
	cases := []struct {
		name     string
		submits  []partyAnswer
		statuses []partyAnswer
		passes   int
		want     PayoutStatus
		calls    []string
		progress string
		reason   string
	}{
		{name: "OKPaidAtOnce", submits: []partyAnswer{{state: PayoutPaid}}, passes: 3, want: PayoutStatusPaid,
			calls: []string{"submit"}, progress: "APPROVED"},
		{name: "OKRefusedReturnsTheHold", submits: []partyAnswer{{state: PayoutFailed}}, passes: 3, want: PayoutStatusFailed,
			calls: []string{"submit"}, progress: "FAILED", reason: "account closed"},
		{name: "OKPendingThenPaid", submits: []partyAnswer{{state: PayoutPending}},
			statuses: []partyAnswer{{state: PayoutPending}, {state: PayoutPaid}}, passes: 5, want: PayoutStatusPaid,
			calls: []string{"submit", "status", "status"}, progress: "APPROVED"},
		{name: "OKLateFailure", submits: []partyAnswer{{state: PayoutPending}}, statuses: []partyAnswer{{state: PayoutFailed}},
			passes: 3, want: PayoutStatusFailed, calls: []string{"submit", "status"}, progress: "FAILED", reason: "account closed"},
		{name: "OKLostAnswerAskedNeverResent", submits: []partyAnswer{{err: errLost, pays: true}},
			statuses: []partyAnswer{{state: PayoutPaid}}, passes: 3, want: PayoutStatusPaid,
			calls: []string{"submit", "status"}, progress: "APPROVED"},
		{name: "OKNotFoundIsSentAgain", submits: []partyAnswer{{err: errLost}, {state: PayoutPaid}},
			statuses: []partyAnswer{{state: PayoutNotFound}}, passes: 3, want: PayoutStatusPaid,
			calls: []string{"submit", "status", "submit"}, progress: "APPROVED"},
		{name: "OKUnknownStaysHeld", submits: []partyAnswer{{err: errLost, pays: true}},
			statuses: []partyAnswer{{err: errLost}}, passes: 4, want: PayoutStatusUnknown,
			calls: []string{"submit", "status", "status", "status"}, progress: "PAYING"},
		{name: "OKOtherErrorIsUnknown", submits: []partyAnswer{{err: fmt.Errorf("connection reset")}},
			statuses: []partyAnswer{{err: fmt.Errorf("connection reset")}}, passes: 2, want: PayoutStatusUnknown,
			calls: []string{"submit", "status"}, progress: "PAYING"},
		{name: "OKUndefinedAnswerIsUnknown", submits: []partyAnswer{{state: PayoutNotFound}},
			statuses: []partyAnswer{{state: "WHATEVER"}}, passes: 2, want: PayoutStatusUnknown,
			calls: []string{"submit", "status"}, progress: "PAYING"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			pe := newPayoutEnv(t, c.submits, c.statuses)
			w := pe.approved(t, amount)
			pe.passes(t, c.passes)
			p := pe.store.only()
			if p.Status != c.want || p.Reason != c.reason {
				t.Fatalf("payout %s %q, want %s %q", p.Status, p.Reason, c.want, c.reason)
			}
			if !slices.Equal(pe.party.calls, c.calls) {
				t.Errorf("calls %v, want %v", pe.party.calls, c.calls)
			}
			got, _ := pe.svc.store.Withdrawal(context.Background(), w.ID)
			if got.Progress() != c.progress {
				t.Errorf("progress %s, want %s", got.Progress(), c.progress)
			}
			held, out, wallet := pe.store.m.bal(ledger.WithdrawalsPending), pe.store.m.bal(ledger.WithdrawalsOut), pe.wallet()
			want := map[PayoutStatus][3]money.Satang{
				PayoutStatusPaid:    {0, amount, money.FromBaht(1000) - amount},
				PayoutStatusFailed:  {0, 0, money.FromBaht(1000)},
				PayoutStatusUnknown: {amount, 0, money.FromBaht(1000) - amount},
			}[c.want]
			if [3]money.Satang{held, out, wallet} != want {
				t.Errorf("held, out, wallet = %s %s %s, want %v", held, out, wallet, want)
			}
		})
	}
}

func TestPayoutEscalation(t *testing.T) {
	pe := newPayoutEnv(t, []partyAnswer{{err: errLost}}, []partyAnswer{{err: errLost}})
	pe.approved(t, money.FromBaht(300))
	pe.passes(t, 2)
	if p := pe.store.only(); p.Status != PayoutStatusUnknown || p.UnknownSince == nil || p.EscalatedAt != nil {
		t.Fatalf("early: %+v", p)
	}
	pe.now = pe.now.Add(pe.svc.cfg.PayoutEscalateAfter)
	pe.passes(t, 1)
	p := pe.store.only()
	if p.EscalatedAt == nil || p.Attempts != 3 {
		t.Fatalf("late: %+v", p)
	}
	if d := pe.svc.payoutBackoff(20); d != pe.svc.cfg.PayoutPollMax {
		t.Errorf("backoff %s", d)
	}
	if d := pe.svc.payoutBackoff(2); d != 2*pe.svc.cfg.PayoutPoll {
		t.Errorf("backoff(2) %s", d)
	}
}

func TestResolvePayout(t *testing.T) {
	ctx := context.Background()
	amount := money.FromBaht(300)
	cases := []struct {
		name     string
		unknown  bool // the payout's outcome is unknown; else it was paid
		outcome  PayoutStatus
		evidence string
		want     errs.Code
		field    string
		wallet   money.Satang
	}{
		{name: "OKPaid", unknown: true, outcome: PayoutStatusPaid, evidence: "statement line 12", wallet: money.FromBaht(700)},
		{name: "OKFailed", unknown: true, outcome: PayoutStatusFailed, evidence: "bank: never paid", wallet: money.FromBaht(1000)},
		{name: "ErrNotUnknown", outcome: PayoutStatusFailed, evidence: "x", want: errs.NoData, wallet: money.FromBaht(700)},
		{name: "ErrNoEvidence", unknown: true, outcome: PayoutStatusPaid, evidence: "  ", want: errs.InvalidRequest,
			field: "evidence", wallet: money.FromBaht(700)},
		{name: "ErrOutcomeNotFinal", unknown: true, outcome: PayoutStatusUnknown, evidence: "x", want: errs.InvalidRequest,
			field: "status", wallet: money.FromBaht(700)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			submit := partyAnswer{state: PayoutPaid}
			if c.unknown {
				submit = partyAnswer{err: errLost}
			}
			pe := newPayoutEnv(t, []partyAnswer{submit}, nil)
			pe.approved(t, amount)
			pe.passes(t, 1)
			id := pe.store.only().ID
			p, err := pe.svc.ResolvePayout(ctx, id, c.outcome, c.evidence, "owner1")
			wantCode(t, err, c.want)
			if c.field != "" && errs.As(err).Field != c.field {
				t.Errorf("field %q", errs.As(err).Field)
			}
			if pe.wallet() != c.wallet {
				t.Errorf("wallet %s, want %s", pe.wallet(), c.wallet)
			}
			if c.want != "" {
				return
			}
			if p.Status != c.outcome || p.ResolvedBy != "owner1" || p.Evidence != c.evidence || pe.store.m.bal(ledger.WithdrawalsPending) != 0 {
				t.Fatalf("resolved %+v", p)
			}
			// The worker leaves a settled payout alone; a second resolution
			// finds it settled.
			pe.passes(t, 2)
			_, err = pe.svc.ResolvePayout(ctx, id, PayoutStatusPaid, "again", "owner2")
			wantCode(t, err, errs.NoData)
			if pe.wallet() != c.wallet {
				t.Errorf("wallet after %s", pe.wallet())
			}
		})
	}
}

// TestRunPayoutsTwoWorkers: two workers racing over one payout call the
// party once and settle it once.
func TestRunPayoutsTwoWorkers(t *testing.T) {
	pe := newPayoutEnv(t, []partyAnswer{{state: PayoutPaid}}, nil)
	pe.approved(t, money.FromBaht(300))
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			if _, err := pe.svc.RunPayouts(context.Background()); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if len(pe.party.calls) != 1 || pe.store.only().Status != PayoutStatusPaid ||
		pe.store.m.bal(ledger.WithdrawalsOut) != money.FromBaht(300) {
		t.Fatalf("calls %v, payout %+v", pe.party.calls, pe.store.only())
	}
}

func TestPayoutsList(t *testing.T) {
	ctx := context.Background()
	pe := newPayoutEnv(t, []partyAnswer{{state: PayoutPaid}}, nil)
	pe.approved(t, money.FromBaht(300))
	_, _, err := pe.svc.Payouts(ctx, "DONE")
	wantCode(t, err, errs.InvalidRequest)
	list, total, err := pe.svc.Payouts(ctx, PayoutStatusSubmitted)
	if err != nil || total != 1 || len(list) != 1 {
		t.Fatalf("Payouts = %v %d %v", list, total, err)
	}
	off := newEnv(t)
	list, total, err = off.svc.Payouts(ctx, PayoutStatusUnknown)
	if err != nil || total != 0 || len(list) != 0 || off.svc.PayoutsOn() {
		t.Fatalf("off: %v %d %v", list, total, err)
	}
}

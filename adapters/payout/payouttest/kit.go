// Package payouttest is the conformance kit of wallet.Payouts: every payout
// adapter (the simulated payout bank, a gateway's real adapter against its
// fake server or sandbox) runs Run, which checks the port's contract as
// subtests: a payout is paid at most once per id whatever is submitted
// again, concurrently or after a fault; a refusal is FAILED with a reason;
// a timeout, a 5xx or an unreadable answer is ErrPayoutUnknown, never
// FAILED; Status tells NOT_FOUND only of an id the party never received;
// amounts arrive at the party to the satang.
//
// The kit sees the party's side through Setup.Paid (the party's ledger) and
// moves the party's clock with Settle; it injects faults with Fault. The
// subtests run one after another (a fault is armed for the party's next
// request, whoever sends it), each with ids of its own, so one Setup serves
// the whole run.
package payouttest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"ngern/core/money"
	"ngern/core/wallet"
)

// FaultKind names a way the party misbehaves on the adapter's next request.
type FaultKind string

// The faults the kit injects.
const (
	// FaultError: the party answers 5xx without executing the request.
	FaultError FaultKind = "error"
	// FaultLost: the party executes the request, then its answer is lost
	// (the connection drops).
	FaultLost FaultKind = "lost"
	// FaultSlow: the party executes the request but answers only after the
	// adapter has given up on it (its timeout).
	FaultSlow FaultKind = "slow"
	// FaultGarbled: the party executes the request and answers 2xx with a
	// body that cannot be read.
	FaultGarbled FaultKind = "garbled"
)

// Faults are every FaultKind, in the order the kit tries them.
var Faults = []FaultKind{FaultError, FaultLost, FaultSlow, FaultGarbled}

// Setup is what the kit needs of an adapter's test.
type Setup struct {
	// Payouts is the adapter under test.
	Payouts wallet.Payouts
	// BankCode is one of our bank codes the adapter pays to; "" is KBANK.
	BankCode string
	// AccountNo is an account number the party pays; "" is 1234567890.
	AccountNo string
	// InvalidAccountNo is an account number the party refuses (at once or
	// when it settles the payout): the payout ends FAILED with a reason.
	InvalidAccountNo string
	// UnsupportedBankCode, when set, is one of our bank codes the adapter
	// cannot pay to: Submit answers FAILED with a reason, sending nothing.
	UnsupportedBankCode string
	// Paid is the party's ledger: the amounts it paid out under our payout
	// id, one entry a payment.
	Paid func(id string) []money.Satang
	// Settle makes the party finish what it accepted under id: paid, or
	// failed for the invalid account. A party that pays at once gives a
	// function that does nothing.
	Settle func(t *testing.T, id string)
	// Fault makes the party misbehave on the adapter's next request with
	// kind (only that one). Nil skips the fault checks.
	Fault func(kind FaultKind)
}

// Run checks the contract of wallet.Payouts.
func Run(t *testing.T, s Setup) {
	t.Helper()
	if s.Payouts == nil || s.Paid == nil || s.Settle == nil {
		t.Fatal("payouttest: the Setup needs Payouts, Paid and Settle")
	}
	if s.BankCode == "" {
		s.BankCode = "KBANK"
	}
	if s.AccountNo == "" {
		s.AccountNo = "1234567890"
	}
	k := &kit{s: s}
	t.Run("SubmitNewIsPendingOrPaid", k.submitNew)
	t.Run("SubmitAgainNeverPaysTwice", k.submitAgain)
	t.Run("StatusOfAnUnknownIDIsNotFound", k.statusUnknown)
	t.Run("StatusOfASubmittedIDIsItsState", k.statusSubmitted)
	t.Run("RefusedAccountFailsWithAReason", k.refused)
	if s.UnsupportedBankCode != "" {
		t.Run("UnsupportedBankFailsWithAReason", k.unsupportedBank)
	}
	t.Run("ConcurrentSubmitsOfOneIDPayOnce", k.concurrent)
	t.Run("AmountsAreSatangExact", k.amounts)
	if s.Fault != nil {
		t.Run("Faults", k.faults)
	}
}

type kit struct{ s Setup }

func newID(prefix string) string {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return "kit-" + prefix + "-" + hex.EncodeToString(b)
}

func (k *kit) request(id string, amount money.Satang) wallet.PayoutRequest {
	return wallet.PayoutRequest{ID: id, BankCode: k.s.BankCode, AccountNo: k.s.AccountNo,
		AccountName: "Somchai Jaidee", Amount: amount}
}

func (k *kit) submit(t *testing.T, r wallet.PayoutRequest) wallet.PayoutResult {
	t.Helper()
	res, err := k.s.Payouts.Submit(context.Background(), r)
	if err != nil {
		t.Fatalf("Submit(%s): %v", r.ID, err)
	}
	return res
}

func (k *kit) status(t *testing.T, id string) wallet.PayoutResult {
	t.Helper()
	res, err := k.s.Payouts.Status(context.Background(), id)
	if err != nil {
		t.Fatalf("Status(%s): %v", id, err)
	}
	return res
}

// paidOnce checks the party's ledger holds exactly one payment of amount
// under id.
func (k *kit) paidOnce(t *testing.T, id string, amount money.Satang) {
	t.Helper()
	if got := k.s.Paid(id); !slices.Equal(got, []money.Satang{amount}) {
		t.Fatalf("the party paid %v under %s; want exactly one payment of %v", got, id, amount)
	}
}

// settled settles id and checks that Status then answers PAID.
func (k *kit) settled(t *testing.T, id string) wallet.PayoutResult {
	t.Helper()
	k.s.Settle(t, id)
	st := k.status(t, id)
	if st.State != wallet.PayoutPaid {
		t.Fatalf("Status(%s) after settling: %+v, want PAID", id, st)
	}
	return st
}

func pendingOrPaid(s wallet.PayoutState) bool {
	return s == wallet.PayoutPending || s == wallet.PayoutPaid
}

func (k *kit) submitNew(t *testing.T) {
	id := newID("new")
	res := k.submit(t, k.request(id, 50000))
	if !pendingOrPaid(res.State) {
		t.Fatalf("Submit of a new id: %+v, want PENDING or PAID", res)
	}
	if n := len(k.s.Paid(id)); n > 1 {
		t.Fatalf("paid %d times", n)
	}
	k.settled(t, id)
	k.paidOnce(t, id, 50000)
}

func (k *kit) submitAgain(t *testing.T) {
	t.Run("BeforeItIsPaid", func(t *testing.T) {
		id := newID("again")
		r := k.request(id, 20000)
		first := k.submit(t, r)
		second := k.submit(t, r)
		if !pendingOrPaid(first.State) || !pendingOrPaid(second.State) {
			t.Fatalf("%+v then %+v", first, second)
		}
		k.settled(t, id)
		third := k.submit(t, r)
		if third.State != wallet.PayoutPaid {
			t.Fatalf("Submit of a paid id: %+v, want PAID (the first payout's state)", third)
		}
		k.paidOnce(t, id, 20000)
	})
	t.Run("AfterItIsPaid", func(t *testing.T) {
		id := newID("paid")
		r := k.request(id, 30000)
		k.submit(t, r)
		paid := k.settled(t, id)
		again := k.submit(t, r)
		if again.State != wallet.PayoutPaid || paid.Ref != "" && again.Ref != "" && again.Ref != paid.Ref {
			t.Fatalf("Submit again: %+v, want PAID under %q", again, paid.Ref)
		}
		k.s.Settle(t, id)
		k.paidOnce(t, id, 30000)
	})
}

func (k *kit) statusUnknown(t *testing.T) {
	st := k.status(t, newID("never"))
	if st.State != wallet.PayoutNotFound {
		t.Fatalf("Status of an id never submitted: %+v, want NOT_FOUND", st)
	}
}

func (k *kit) statusSubmitted(t *testing.T) {
	id := newID("status")
	res := k.submit(t, k.request(id, 40000))
	st := k.status(t, id)
	if st.State != res.State {
		t.Fatalf("Status %+v after Submit %+v", st, res)
	}
	if res.Ref != "" && st.Ref != res.Ref {
		t.Fatalf("Status ref %q, Submit ref %q", st.Ref, res.Ref)
	}
	k.settled(t, id)
}

func (k *kit) refused(t *testing.T) {
	if k.s.InvalidAccountNo == "" {
		t.Skip("no invalid account in the Setup")
	}
	id := newID("refused")
	r := k.request(id, 10000)
	r.AccountNo = k.s.InvalidAccountNo
	res := k.submit(t, r)
	if res.State == wallet.PayoutPending {
		k.s.Settle(t, id)
		res = k.status(t, id)
	}
	if res.State != wallet.PayoutFailed || res.Reason == "" {
		t.Fatalf("a refused payout: %+v, want FAILED with a reason", res)
	}
	if got := k.s.Paid(id); len(got) != 0 {
		t.Fatalf("a refused payout was paid: %v", got)
	}
}

func (k *kit) unsupportedBank(t *testing.T) {
	id := newID("nobank")
	r := k.request(id, 10000)
	r.BankCode = k.s.UnsupportedBankCode
	res := k.submit(t, r)
	if res.State != wallet.PayoutFailed || res.Reason == "" {
		t.Fatalf("a bank the adapter cannot pay to: %+v, want FAILED with a reason", res)
	}
	if st := k.status(t, id); st.State != wallet.PayoutNotFound {
		t.Fatalf("the party received it: %+v", st)
	}
}

func (k *kit) concurrent(t *testing.T) {
	id := newID("race")
	r := k.request(id, 77700)
	const n = 10
	var wg sync.WaitGroup
	results := make([]wallet.PayoutResult, n)
	errs := make([]error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i], errs[i] = k.s.Payouts.Submit(context.Background(), r)
		}()
	}
	wg.Wait()
	for i := range n {
		switch {
		case errs[i] != nil && !errors.Is(errs[i], wallet.ErrPayoutUnknown):
			t.Errorf("submit %d: %v (an error must wrap ErrPayoutUnknown)", i, errs[i])
		case errs[i] == nil && !pendingOrPaid(results[i].State):
			t.Errorf("submit %d: %+v", i, results[i])
		}
	}
	k.settled(t, id)
	k.paidOnce(t, id, 77700)
}

func (k *kit) amounts(t *testing.T) {
	for _, amount := range []money.Satang{1, 99, 100, 123456, 999999999} {
		t.Run(amount.String(), func(t *testing.T) {
			id := newID("amount")
			k.submit(t, k.request(id, amount))
			k.settled(t, id)
			k.paidOnce(t, id, amount)
		})
	}
}

// faults checks each fault on Submit and on Status: the error wraps
// ErrPayoutUnknown (never a FAILED answer, never NOT_FOUND), and the
// recovery the port prescribes — ask Status, submit again only on
// NOT_FOUND — pays exactly once.
func (k *kit) faults(t *testing.T) {
	for _, kind := range Faults {
		t.Run("Submit/"+string(kind), func(t *testing.T) {
			id := newID("fault")
			r := k.request(id, 15000)
			k.s.Fault(kind)
			res, err := k.s.Payouts.Submit(context.Background(), r)
			if !errors.Is(err, wallet.ErrPayoutUnknown) {
				t.Fatalf("Submit with the party's answer %s: %+v %v, want an error wrapping ErrPayoutUnknown", kind, res, err)
			}
			if kind == FaultError {
				if got := k.s.Paid(id); len(got) != 0 {
					t.Fatalf("the party paid on a 5xx: %v", got)
				}
			}
			st := k.recover(t, id)
			if st.State == wallet.PayoutNotFound {
				if kind != FaultError {
					t.Logf("the party had not recorded %s yet", id)
				}
				k.submit(t, r)
			}
			k.settled(t, id)
			k.paidOnce(t, id, 15000)
		})
		t.Run("Status/"+string(kind), func(t *testing.T) {
			id := newID("sfault")
			k.submit(t, k.request(id, 16000))
			k.s.Fault(kind)
			st, err := k.s.Payouts.Status(context.Background(), id)
			if !errors.Is(err, wallet.ErrPayoutUnknown) {
				t.Fatalf("Status with the party's answer %s: %+v %v, want an error wrapping ErrPayoutUnknown", kind, st, err)
			}
			k.settled(t, id)
			k.paidOnce(t, id, 16000)
		})
	}
}

// recover asks Status until the party can tell (a slow fault may still be
// playing out), for at most a few seconds.
func (k *kit) recover(t *testing.T, id string) wallet.PayoutResult {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		st, err := k.s.Payouts.Status(context.Background(), id)
		if err == nil {
			return st
		}
		if !errors.Is(err, wallet.ErrPayoutUnknown) {
			t.Fatalf("Status(%s): %v (an error must wrap ErrPayoutUnknown)", id, err)
		}
		if time.Now().After(deadline) {
			t.Fatalf("Status(%s) still unknown: %v", id, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

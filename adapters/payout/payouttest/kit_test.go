package payouttest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"

	"ngern/core/money"
	"ngern/core/wallet"
)

// memory is a party and its adapter with no wire. Its knobs break it the
// ways payout adapters go wrong, so that the kit is seen to catch them.
type memory struct {
	mu       sync.Mutex
	payouts  map[string][]*memPayout
	ledger   map[string][]money.Satang
	fault    []FaultKind
	seq      int
	payTwice bool // every Submit is a new payout (no idempotency)
	failOn5x bool // a 5xx is answered FAILED
	lostOK   bool // a lost or garbled answer is taken for PENDING
	notFound bool // Status answers NOT_FOUND when the party cannot tell
	rounds   bool // pays whole baht
}

type memPayout struct {
	ref, account string
	amount       money.Satang
	state        wallet.PayoutState
	reason       string
}

func newMemory() *memory {
	return &memory{payouts: map[string][]*memPayout{}, ledger: map[string][]money.Satang{}}
}

func (m *memory) Fault(kind FaultKind) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.fault = append(m.fault, kind)
}

func (m *memory) nextFault() FaultKind {
	if len(m.fault) == 0 {
		return ""
	}
	f := m.fault[0]
	m.fault = m.fault[1:]
	return f
}

func (m *memory) Submit(_ context.Context, r wallet.PayoutRequest) (wallet.PayoutResult, error) {
	if r.BankCode == "LHB" {
		return wallet.PayoutResult{State: wallet.PayoutFailed, Reason: "no channel"}, nil
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	fault := m.nextFault()
	if fault == FaultError {
		if m.failOn5x {
			return wallet.PayoutResult{State: wallet.PayoutFailed, Reason: "500"}, nil
		}
		return wallet.PayoutResult{}, fmt.Errorf("500: %w", wallet.ErrPayoutUnknown)
	}
	ps := m.payouts[r.ID]
	if len(ps) == 0 || m.payTwice {
		m.seq++
		amount := r.Amount
		if m.rounds {
			amount = amount / 100 * 100
		}
		p := &memPayout{ref: fmt.Sprint("p", m.seq), account: r.AccountNo, amount: amount, state: wallet.PayoutPending}
		m.payouts[r.ID] = append(m.payouts[r.ID], p)
		ps = m.payouts[r.ID]
	}
	p := ps[len(ps)-1]
	if fault != "" && !(m.lostOK && fault != FaultSlow) {
		return wallet.PayoutResult{}, fmt.Errorf("%s: %w", fault, wallet.ErrPayoutUnknown)
	}
	return wallet.PayoutResult{State: p.state, Ref: p.ref, Reason: p.reason}, nil
}

func (m *memory) Status(_ context.Context, id string) (wallet.PayoutResult, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if f := m.nextFault(); f != "" {
		if m.notFound {
			return wallet.PayoutResult{State: wallet.PayoutNotFound}, nil
		}
		return wallet.PayoutResult{}, fmt.Errorf("%s: %w", f, wallet.ErrPayoutUnknown)
	}
	ps := m.payouts[id]
	if len(ps) == 0 {
		return wallet.PayoutResult{State: wallet.PayoutNotFound}, nil
	}
	p := ps[len(ps)-1]
	return wallet.PayoutResult{State: p.state, Ref: p.ref, Reason: p.reason}, nil
}

func (m *memory) Paid(id string) []money.Satang {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]money.Satang(nil), m.ledger[id]...)
}

func (m *memory) Settle(_ *testing.T, id string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, p := range m.payouts[id] {
		if p.state != wallet.PayoutPending {
			continue
		}
		if p.account == "000" {
			p.state, p.reason = wallet.PayoutFailed, "INVALID_DESTINATION"
			continue
		}
		p.state = wallet.PayoutPaid
		m.ledger[id] = append(m.ledger[id], p.amount)
	}
}

func (m *memory) setup() Setup {
	return Setup{Payouts: m, InvalidAccountNo: "000", UnsupportedBankCode: "LHB", Paid: m.Paid, Settle: m.Settle, Fault: m.Fault}
}

func TestRunPassesACorrectAdapter(t *testing.T) {
	Run(t, newMemory().setup())
}

// brokenEnv names the knob TestBroken turns (set only when the test binary
// runs itself).
const brokenEnv = "PAYOUTTEST_BROKEN"

// TestBroken runs the kit on an adapter broken by the knob in brokenEnv; it
// is skipped unless TestRunFailsBrokenAdapters runs it.
func TestBroken(t *testing.T) {
	m := newMemory()
	switch os.Getenv(brokenEnv) {
	case "":
		t.Skip("run by TestRunFailsBrokenAdapters")
	case "payTwice":
		m.payTwice = true
	case "failOn5x":
		m.failOn5x = true
	case "lostOK":
		m.lostOK = true
	case "notFound":
		m.notFound = true
	case "rounds":
		m.rounds = true
	}
	Run(t, m.setup())
}

// TestRunFailsBrokenAdapters runs the kit (in a child test process, since a
// failing kit fails its test) on adapters broken on purpose: each must fail
// at least the checks named.
func TestRunFailsBrokenAdapters(t *testing.T) {
	if os.Getenv(brokenEnv) != "" {
		t.Skip("in the child")
	}
	for _, tc := range []struct {
		knob     string
		mustFail []string
	}{
		{"payTwice", []string{"SubmitAgainNeverPaysTwice", "ConcurrentSubmitsOfOneIDPayOnce"}},
		{"failOn5x", []string{"Faults/Submit/error"}},
		{"lostOK", []string{"Faults/Submit/lost", "Faults/Submit/garbled"}},
		{"notFound", []string{"Faults/Status/error", "Faults/Status/slow"}},
		{"rounds", []string{"AmountsAreSatangExact/0.01", "AmountsAreSatangExact/1234.56"}},
	} {
		t.Run(tc.knob, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestBroken$", "-test.v", "-test.count=1")
			cmd.Env = append(os.Environ(), brokenEnv+"="+tc.knob)
			out, err := cmd.CombinedOutput()
			var exit *exec.ExitError
			if !errors.As(err, &exit) {
				t.Fatalf("the kit passed an adapter broken by %s (%v):\n%s", tc.knob, err, out)
			}
			for _, name := range tc.mustFail {
				if !strings.Contains(string(out), "--- FAIL: TestBroken/"+name) {
					t.Errorf("check %s passed an adapter broken by %s", name, tc.knob)
				}
			}
		})
	}
}

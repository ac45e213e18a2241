package simaggregator

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// FaultKind is a way the simulated aggregator misbehaves towards Ngern, as
// real aggregators do.
type FaultKind string

// Fault kinds (docs/adapters.md, "The simulated aggregator").
const (
	// FaultDuplicate delivers each targeted callback Copies times at once,
	// with the same transactionId and body.
	FaultDuplicate FaultKind = "duplicate"
	// FaultRetry reads the first answer of each targeted callback and
	// throws it away, as if it had timed out, then sends the callback
	// again with the same transactionId.
	FaultRetry FaultKind = "retry"
	// FaultRollbackFirst sends the round's rollback before its bet: the
	// rollback names a bet Ngern has not seen, then the bet comes, which
	// Ngern must refuse (ROLLED_BACK). No win follows.
	FaultRollbackFirst FaultKind = "rollback-before-bet"
	// FaultUnknownRound places no bet: it sends one win of the stake under
	// a round no bet opened (a free-spin credit).
	FaultUnknownRound FaultKind = "unknown-round"
	// FaultSlow waits Delay (or Config.Delay) before each targeted callback.
	FaultSlow FaultKind = "slow"
)

// Callback names, which Fault.On targets.
const (
	callBalance  = "balance"
	callBet      = "bet"
	callWin      = "win"
	callRollback = "rollback"
)

// maxCopies bounds a duplicate delivery.
const maxCopies = 10

// Fault is one fault rule.
type Fault struct {
	Kind FaultKind `json:"kind"`
	// On is the callback duplicate, retry and slow target: bet, win,
	// rollback or balance; empty: every callback.
	On string `json:"on,omitempty"`
	// Probability is the chance, from 0 to 1, that the rule hits a press;
	// absent: every press.
	Probability *float64 `json:"probability,omitempty"`
	// Copies is how many deliveries duplicate makes in all (2 to 10;
	// absent: 2).
	Copies int `json:"copies,omitempty"`
	// DelayMs is how long slow waits, in milliseconds (absent:
	// Config.Delay).
	DelayMs int `json:"delayMs,omitempty"`
}

// Faults is a set of fault rules; every rule that hits applies (of
// rollback-before-bet and unknown-round, the first).
type Faults []Fault

// Validate names the first invalid rule.
func (f Faults) Validate() error {
	for i, r := range f {
		switch r.Kind {
		case FaultDuplicate, FaultRetry, FaultRollbackFirst, FaultUnknownRound, FaultSlow:
		default:
			return fmt.Errorf("fault %d: unknown kind %q (want duplicate, retry, rollback-before-bet, unknown-round or slow)", i, r.Kind)
		}
		switch r.On {
		case "", callBalance, callBet, callWin, callRollback:
		default:
			return fmt.Errorf("fault %d: unknown callback %q (want bet, win, rollback or balance)", i, r.On)
		}
		if r.Probability != nil && (*r.Probability < 0 || *r.Probability > 1) {
			return fmt.Errorf("fault %d: probability %v is not from 0 to 1", i, *r.Probability)
		}
		if r.Copies != 0 && (r.Copies < 2 || r.Copies > maxCopies) {
			return fmt.Errorf("fault %d: copies %d is not from 2 to %d", i, r.Copies, maxCopies)
		}
		if r.DelayMs < 0 || r.DelayMs > 60_000 {
			return fmt.Errorf("fault %d: delayMs %d is not from 0 to 60000", i, r.DelayMs)
		}
	}
	return nil
}

// ParseFaults reads fault rules as the JSON array POST /faults takes, e.g.
// `[{"kind":"duplicate","on":"bet","copies":3}]`; "" is none.
func ParseFaults(s string) (Faults, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	var f Faults
	if err := json.Unmarshal([]byte(s), &f); err != nil {
		return nil, fmt.Errorf("faults: %w", err)
	}
	return f, f.Validate()
}

// callFaults is what one callback of a press suffers.
type callFaults struct {
	copies int
	retry  bool
	delay  time.Duration
}

// plan is what one press suffers: a changed sequence of callbacks and the
// faults of each.
type plan struct {
	sequence FaultKind // "", FaultRollbackFirst or FaultUnknownRound
	calls    map[string]callFaults
}

// planFor rolls the dice of rules for one press. The caller holds s.mu (the
// random source).
func (s *Server) planFor(rules Faults) plan {
	p := plan{calls: map[string]callFaults{}}
	for _, r := range rules {
		if r.Probability != nil && s.rand.Float64() >= *r.Probability {
			continue
		}
		switch r.Kind {
		case FaultRollbackFirst, FaultUnknownRound:
			if p.sequence == "" {
				p.sequence = r.Kind
			}
			continue
		}
		targets := []string{r.On}
		if r.On == "" {
			targets = []string{callBalance, callBet, callWin, callRollback}
		}
		for _, t := range targets {
			cf := p.calls[t]
			switch r.Kind {
			case FaultDuplicate:
				cf.copies = max(r.Copies, 2)
			case FaultRetry:
				cf.retry = true
			case FaultSlow:
				cf.delay = s.cfg.Delay
				if r.DelayMs > 0 {
					cf.delay = time.Duration(r.DelayMs) * time.Millisecond
				}
			}
			p.calls[t] = cf
		}
	}
	return p
}

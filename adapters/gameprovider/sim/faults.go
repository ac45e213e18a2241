package sim

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
)

// Op names a provider operation that a fault can target.
type Op string

// Operations that faults can target.
const (
	OpCreate      Op = "create"
	OpBalance     Op = "balance"
	OpTransferIn  Op = "transferIn"
	OpTransferOut Op = "transferOut"
	OpStatus      Op = "status"
)

// FaultKind is a way the simulated provider misbehaves.
type FaultKind string

// Fault kinds.
const (
	// FaultDelay sleeps for Config.Delay, then executes normally.
	FaultDelay FaultKind = "delay"
	// FaultError answers HTTP 500 without executing.
	FaultError FaultKind = "error"
	// FaultDrop executes, then loses the answer: the connection is closed
	// without a response (or, where the connection cannot be taken over,
	// HTTP 500 is answered after executing).
	FaultDrop FaultKind = "drop"
	// FaultDuplicate answers 409 DUPLICATE without executing, even for a
	// fresh trace id. Transfers only.
	FaultDuplicate FaultKind = "duplicate"
)

// FaultHeader is the request header that asks for one fault on that request,
// e.g. "X-Sim-Fault: drop". Tests use it through FaultTransport.
const FaultHeader = "X-Sim-Fault"

// Fault is one fault rule: calls of Op misbehave as Kind with Probability
// (0 to 1).
type Fault struct {
	Op          Op
	Kind        FaultKind
	Probability float64
}

// Faults is a set of fault rules; the first rule of an op whose dice roll
// hits wins.
type Faults []Fault

// ParseFaults reads fault rules written as comma-separated "op:kind:probability",
// e.g. "transferIn:drop:0.3,transferOut:error:0.2". An empty string means no
// faults. An invalid rule is an error that names it.
func ParseFaults(s string) (Faults, error) {
	var out Faults
	for part := range strings.SplitSeq(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		fields := strings.Split(part, ":")
		if len(fields) != 3 {
			return nil, fmt.Errorf("sim: fault %q: want op:kind:probability", part)
		}
		op := Op(strings.TrimSpace(fields[0]))
		kind := FaultKind(strings.TrimSpace(fields[1]))
		if !validOp(op) {
			return nil, fmt.Errorf("sim: fault %q: unknown op %q (want create, balance, transferIn, transferOut or status)", part, op)
		}
		if !validKind(kind) {
			return nil, fmt.Errorf("sim: fault %q: unknown kind %q (want delay, error, drop or duplicate)", part, kind)
		}
		if !kindFits(op, kind) {
			return nil, fmt.Errorf("sim: fault %q: %s applies to transferIn and transferOut only", part, kind)
		}
		p, err := strconv.ParseFloat(strings.TrimSpace(fields[2]), 64)
		if err != nil || p < 0 || p > 1 {
			return nil, fmt.Errorf("sim: fault %q: probability %q is not a number from 0 to 1", part, fields[2])
		}
		out = append(out, Fault{Op: op, Kind: kind, Probability: p})
	}
	return out, nil
}

// String writes f back in the syntax ParseFaults reads.
func (f Faults) String() string {
	parts := make([]string, len(f))
	for i, r := range f {
		parts[i] = fmt.Sprintf("%s:%s:%s", r.Op, r.Kind, strconv.FormatFloat(r.Probability, 'g', -1, 64))
	}
	return strings.Join(parts, ",")
}

func validOp(op Op) bool {
	switch op {
	case OpCreate, OpBalance, OpTransferIn, OpTransferOut, OpStatus:
		return true
	}
	return false
}

func validKind(k FaultKind) bool {
	switch k {
	case FaultDelay, FaultError, FaultDrop, FaultDuplicate:
		return true
	}
	return false
}

// kindFits reports whether kind makes sense for op: only transfers carry a
// trace id that can be a duplicate.
func kindFits(op Op, k FaultKind) bool {
	return k != FaultDuplicate || op == OpTransferIn || op == OpTransferOut
}

// pickFault chooses the fault for one call of op: the request header first,
// then the configured rules. "" means behave.
func (s *Server) pickFault(r *http.Request, op Op) FaultKind {
	if h := FaultKind(strings.TrimSpace(r.Header.Get(FaultHeader))); h != "" {
		if validKind(h) && kindFits(op, h) {
			return h
		}
		return ""
	}
	if len(s.cfg.Faults) == 0 {
		return ""
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, f := range s.cfg.Faults {
		// Roll only for rules of this op so that a test's random sequence
		// depends on its own calls alone.
		if f.Op == op && s.rand.Float64() < f.Probability {
			return f.Kind
		}
	}
	return ""
}

// FaultTransport is an http.RoundTripper for tests: it asks the simulated
// provider to misbehave on the next request it carries, through FaultHeader.
// Later requests (such as the status query that resolves a duplicate) go
// through untouched.
type FaultTransport struct {
	// Base carries the requests; nil means http.DefaultTransport.
	Base http.RoundTripper

	mu   sync.Mutex
	next FaultKind
}

// Next arms kind for the next request.
func (t *FaultTransport) Next(kind FaultKind) {
	t.mu.Lock()
	t.next = kind
	t.mu.Unlock()
}

// RoundTrip sends r, adding the armed fault, if any, to a copy of it.
func (t *FaultTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	t.mu.Lock()
	kind := t.next
	t.next = ""
	t.mu.Unlock()
	if kind != "" {
		r = r.Clone(r.Context())
		r.Header.Set(FaultHeader, string(kind))
	}
	base := t.Base
	if base == nil {
		base = http.DefaultTransport
	}
	return base.RoundTrip(r)
}

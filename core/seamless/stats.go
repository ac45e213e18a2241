package seamless

import (
	"errors"
	"sort"
	"sync"
	"time"
)

// Outcomes of a money callback in the figures (Stats): applied, a repeated
// delivery answered from its record, or the refusal's name.
const (
	OutcomeApplied   = "applied"
	OutcomeDuplicate = "duplicate"
	// OutcomeError is Ngern's fault (the database): the aggregator retries.
	OutcomeError = "error"
)

// outcomes names each refusal in the figures.
var outcomes = []struct {
	err  error
	name string
}{
	{ErrToken, "token"}, {ErrTokenExpired, "token_expired"}, {ErrBlocked, "blocked"}, {ErrInsufficient, "insufficient"},
	{ErrMismatch, "mismatch"}, {ErrRolledBack, "rolled_back"}, {ErrInvalid, "invalid"}, {ErrCurrency, "currency"}, {ErrGame, "game"},
}

// Outcome names the outcome of a callback that answered a or err.
func Outcome(a Answer, err error) string {
	if err == nil {
		if a.Duplicate {
			return OutcomeDuplicate
		}
		return OutcomeApplied
	}
	for _, o := range outcomes {
		if errors.Is(err, o.err) {
			return o.name
		}
	}
	return OutcomeError
}

// LatencyBounds are the upper bounds of the latency buckets: a p99 is
// reported as the bound of the bucket it falls in.
var LatencyBounds = []time.Duration{time.Millisecond, 2 * time.Millisecond, 5 * time.Millisecond, 10 * time.Millisecond,
	20 * time.Millisecond, 50 * time.Millisecond, 100 * time.Millisecond, 200 * time.Millisecond, 500 * time.Millisecond,
	time.Second, 2 * time.Second, 5 * time.Second, 10 * time.Second}

// statsMinutes is how far back the figures go: a day of one-minute slots.
const statsMinutes = 24 * 60

type countKey struct {
	kind    Kind
	outcome string
}

// minute is one minute of one provider's callbacks.
type minute struct {
	at      int64 // Unix minute; a slot of another minute is stale
	counts  map[countKey]int64
	latency []int64 // per LatencyBounds, and one more above the last
}

// Stats counts the money callbacks this node answered, per provider, kind
// and outcome, with their latency, over the last day in one-minute slots.
// They are per node and start empty at each start (the console says so);
// a call that failed authentication never reaches the wallet and is not
// counted here (the adapters log it).
type Stats struct {
	mu    sync.Mutex
	slots map[string]*[statsMinutes]minute
}

// NewStats returns empty figures.
func NewStats() *Stats { return &Stats{slots: map[string]*[statsMinutes]minute{}} }

// Observe counts one callback answered at at, after took.
func (st *Stats) Observe(provider string, kind Kind, outcome string, at time.Time, took time.Duration) {
	m := at.Unix() / 60
	st.mu.Lock()
	defer st.mu.Unlock()
	ring := st.slots[provider]
	if ring == nil {
		ring = new([statsMinutes]minute)
		st.slots[provider] = ring
	}
	slot := &ring[m%statsMinutes]
	if slot.at != m || slot.counts == nil {
		*slot = minute{at: m, counts: map[countKey]int64{}, latency: make([]int64, len(LatencyBounds)+1)}
	}
	slot.counts[countKey{kind, outcome}]++
	i := sort.Search(len(LatencyBounds), func(i int) bool { return took <= LatencyBounds[i] })
	slot.latency[i]++
}

// Count is the number of callbacks of one kind and outcome.
type Count struct {
	Kind    Kind
	Outcome string
	N       int64
}

// Window is a provider's figures over a span.
type Window struct {
	Calls  int64
	Counts []Count // by kind, then outcome
	// P99 is the bound of the latency bucket the 99th percentile falls in
	// (0 without calls; above the last bound: the last bound doubled).
	P99 time.Duration
}

// Figures are a provider's callbacks over the last hour and day.
type Figures struct {
	Provider string
	Hour     Window
	Day      Window
}

// Figures returns every provider's figures as of now, by provider.
func (st *Stats) Figures(now time.Time) []Figures {
	m := now.Unix() / 60
	st.mu.Lock()
	defer st.mu.Unlock()
	out := make([]Figures, 0, len(st.slots))
	for p, ring := range st.slots {
		out = append(out, Figures{Provider: p, Hour: window(ring, m, 60), Day: window(ring, m, statsMinutes)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Provider < out[j].Provider })
	return out
}

// window sums the last n minutes up to m.
func window(ring *[statsMinutes]minute, m int64, n int64) Window {
	counts := map[countKey]int64{}
	latency := make([]int64, len(LatencyBounds)+1)
	var w Window
	for _, slot := range ring {
		if slot.counts == nil || slot.at > m || slot.at <= m-n {
			continue
		}
		for k, c := range slot.counts {
			counts[k] += c
			w.Calls += c
		}
		for i, c := range slot.latency {
			latency[i] += c
		}
	}
	for k, c := range counts {
		w.Counts = append(w.Counts, Count{Kind: k.kind, Outcome: k.outcome, N: c})
	}
	sort.Slice(w.Counts, func(i, j int) bool {
		if w.Counts[i].Kind != w.Counts[j].Kind {
			return w.Counts[i].Kind < w.Counts[j].Kind
		}
		return w.Counts[i].Outcome < w.Counts[j].Outcome
	})
	if w.Calls == 0 {
		return w
	}
	// The smallest bucket holding 99% of the calls.
	need, seen := (w.Calls*99+99)/100, int64(0)
	for i, c := range latency {
		if seen += c; seen >= need {
			if i == len(LatencyBounds) {
				w.P99 = 2 * LatencyBounds[i-1]
			} else {
				w.P99 = LatencyBounds[i]
			}
			break
		}
	}
	return w
}

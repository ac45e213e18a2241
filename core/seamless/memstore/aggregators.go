package memstore

import (
	"context"
	"sync"

	"ngern/core/seamless"
)

// Aggregators is a seamless.AggregatorStore in memory, for tests: the
// stored rows of the aggregators' settings, shared by every "node" given
// it. Rows may be read and set by a test directly (between calls); Fail,
// when set, is the answer of every read, as a database that is down.
type Aggregators struct {
	mu   sync.Mutex
	Rows map[string]seamless.AggregatorRow
	Fail error
}

var _ seamless.AggregatorStore = (*Aggregators)(nil)

// NewAggregators returns an empty store.
func NewAggregators() *Aggregators {
	return &Aggregators{Rows: map[string]seamless.AggregatorRow{}}
}

// AggregatorRows returns every stored row.
func (s *Aggregators) AggregatorRows(context.Context) ([]seamless.AggregatorRow, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.Fail != nil {
		return nil, s.Fail
	}
	out := make([]seamless.AggregatorRow, 0, len(s.Rows))
	for _, r := range s.Rows {
		out = append(out, r)
	}
	return out, nil
}

// PutAggregatorRow inserts or replaces a row.
func (s *Aggregators) PutAggregatorRow(_ context.Context, r seamless.AggregatorRow) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.Rows[r.Code] = r
	return nil
}

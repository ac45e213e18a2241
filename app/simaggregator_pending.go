package app

// SimAggregatorSecret is the generic protocol's shared secret of the
// in-process simulated aggregator `sim`, which the generic seamless
// adapter's wiring provides in demo mode. It is declared here only until
// that wiring (app/aggregators.go) is merged: delete this file then.
type SimAggregatorSecret []byte

package main

import "testing"

func TestStatusText(t *testing.T) {
	for name, tc := range map[string]struct {
		in   map[int]int
		want string
	}{
		"One":        {map[int]int{200: 20}, "200"},
		"Commonest":  {map[int]int{502: 1, 200: 19}, "200×19 502×1"},
		"NoResponse": {map[int]int{0: 3}, "0"},
	} {
		t.Run(name, func(t *testing.T) {
			if got := statusText(tc.in); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestPercentiles(t *testing.T) {
	for name, tc := range map[string]struct{ n, p50, p99 int }{
		"One":     {1, 0, 0},
		"Twenty":  {20, 10, 19},
		"Hundred": {100, 50, 98},
	} {
		t.Run(name, func(t *testing.T) {
			if p50, p99 := percentiles(tc.n); p50 != tc.p50 || p99 != tc.p99 {
				t.Errorf("percentiles(%d) = %d, %d; want %d, %d", tc.n, p50, p99, tc.p50, tc.p99)
			}
		})
	}
}

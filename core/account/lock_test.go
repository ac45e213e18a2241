package account

import (
	"context"
	"fmt"
	"testing"
	"time"

	"ngern/core/errs"
)

// windowLimiter is an in-memory fixed-window limiter on a settable clock.
type windowLimiter struct {
	now  time.Time
	hits map[string][]time.Time
}

func (l *windowLimiter) Hit(_ context.Context, key string, limit int, window time.Duration) (bool, time.Duration, error) {
	var kept []time.Time
	for _, t := range l.hits[key] {
		if l.now.Sub(t) < window {
			kept = append(kept, t)
		}
	}
	kept = append(kept, l.now)
	l.hits[key] = kept
	return len(kept) <= limit, kept[0].Add(window).Sub(l.now), nil
}

func TestCheckSignIn(t *testing.T) {
	ctx := context.Background()
	t0 := time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)
	cases := []struct {
		name  string
		tries func(l *windowLimiter, try func(ip string) error) error // the try checked last
		limit bool
		most  time.Duration // the longest wait answered
	}{
		{"ten tries from one address pass", func(l *windowLimiter, try func(string) error) error {
			for i := 0; i < 9; i++ {
				try("a")
			}
			return try("a")
		}, false, 0},
		{"the eleventh from that address waits", func(l *windowLimiter, try func(string) error) error {
			for i := 0; i < 10; i++ {
				try("a")
			}
			return try("a")
		}, true, 15 * time.Minute},
		{"another address is not locked out", func(l *windowLimiter, try func(string) error) error {
			for i := 0; i < 30; i++ {
				try("a")
			}
			return try("b")
		}, false, 0},
		{"a burst from many addresses waits a minute at most", func(l *windowLimiter, try func(string) error) error {
			for i := 0; i < 20; i++ {
				try(fmt.Sprint("ip", i))
			}
			return try("z")
		}, true, time.Minute},
		{"a sustained attack waits up to an hour", func(l *windowLimiter, try func(string) error) error {
			for m := 0; m < 10; m++ {
				for i := 0; i < 20; i++ {
					try(fmt.Sprint("ip", m, "-", i))
				}
				l.now = l.now.Add(time.Minute + time.Second)
			}
			return try("z")
		}, true, time.Hour},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l := &windowLimiter{now: t0, hits: map[string][]time.Time{}}
			try := func(ip string) error { return CheckSignIn(ctx, l, "login", "0812345678", ip, 10) }
			err := c.tries(l, try)
			if !c.limit {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			e := errs.As(err)
			if e == nil || e.Code != errs.RequestLimit || e.RetryAfter <= 0 || e.RetryAfter > c.most {
				t.Fatalf("%v (retry %v), want REQUEST_LIMIT within %s", err, e, c.most)
			}
		})
	}
}

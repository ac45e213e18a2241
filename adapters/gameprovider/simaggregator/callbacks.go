package simaggregator

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"
)

// launch is one game link.
type launch struct {
	ID        string
	Game      game
	Token     string
	Player    string
	Currency  string
	Lang      string
	ReturnURL string
	// Demo launches play with Balance, play money, and call nothing.
	Demo    bool
	Balance int64
	Expires time.Time
	// Faults, when not nil, replace the global rules for this launch.
	Faults Faults
	rounds []string
}

// round is one round played through the callbacks, kept for a rollback on
// demand.
type round struct {
	ID     string
	Launch string
	BetTx  string
	Stake  int64
	// RolledBack is set once a rollback was sent for it.
	RolledBack bool
}

// Wire bodies of the callbacks (docs/adapters.md, "The generic protocol").
type (
	balanceCall struct {
		Token  string `json:"token"`
		Player string `json:"player"`
	}
	moneyCall struct {
		Token         string `json:"token"`
		Player        string `json:"player"`
		TransactionID string `json:"transactionId"`
		RoundID       string `json:"roundId"`
		Game          string `json:"game"`
		Amount        int64  `json:"amount"`
		Currency      string `json:"currency"`
		RoundClosed   *bool  `json:"roundClosed,omitempty"` // win only
	}
	rollbackCall struct {
		Token            string `json:"token"`
		Player           string `json:"player"`
		TransactionID    string `json:"transactionId"`
		RefTransactionID string `json:"refTransactionId"`
		RoundID          string `json:"roundId"`
		Game             string `json:"game"`
	}
)

// Answer is Ngern's answer to a callback.
type Answer struct {
	Status   string `json:"status"`
	Balance  int64  `json:"balance"`
	Currency string `json:"currency"`
	Ref      string `json:"ref"`
	Name     string `json:"name,omitempty"`
	Lang     string `json:"lang,omitempty"`
}

// Call is one callback as the aggregator made it, shown on the game page
// and returned by a press.
type Call struct {
	Kind          string `json:"kind"`
	TransactionID string `json:"transactionId,omitempty"`
	Status        string `json:"status"`
	Balance       int64  `json:"balance"`
	Ref           string `json:"ref,omitempty"`
	// Deliveries is how many requests were sent in all (copies and
	// retries).
	Deliveries int `json:"deliveries"`
}

// statusFailed is a Call's status when no answer could be read.
const statusFailed = "NO_ANSWER"

// errNoAnswer is a callback whose every delivery was lost, 5xx or forged.
var errNoAnswer = errors.New("simaggregator: no answer from Ngern")

// callback sends one callback under its faults: delay first, then copies
// deliveries at once, each retried while its answer is lost or 5xx. It
// returns the first answer read (the copies' answers should all be the
// same: that is Ngern's promise, which a test checks on its side).
func (s *Server) callback(ctx context.Context, kind, txID string, v any, cf callFaults) (Answer, Call) {
	call := Call{Kind: kind, TransactionID: txID, Status: statusFailed}
	body, _ := json.Marshal(v) // the wire bodies are plain structs
	if cf.delay > 0 {
		s.log.Info("simaggregator: slow callback", "kind", kind, "tx", txID, "delay", cf.delay)
		select {
		case <-time.After(cf.delay):
		case <-ctx.Done():
			return Answer{}, call
		}
	}
	copies := max(cf.copies, 1)
	type result struct {
		a     Answer
		sent  int
		err   error
		index int
	}
	results := make([]result, copies)
	var wg sync.WaitGroup
	for i := range copies {
		wg.Go(func() {
			a, sent, err := s.deliver(ctx, kind, body, cf.retry)
			results[i] = result{a, sent, err, i}
		})
	}
	wg.Wait()
	var answer Answer
	found := false
	for _, r := range results {
		call.Deliveries += r.sent
		if r.err != nil {
			s.log.Warn("simaggregator: callback failed", "kind", kind, "tx", txID, "copy", r.index, "err", r.err)
			continue
		}
		if !found {
			answer, found = r.a, true
		}
	}
	if found {
		call.Status, call.Balance, call.Ref = answer.Status, answer.Balance, answer.Ref
	}
	return answer, call
}

// deliver sends body to kind's callback until an answer is read, at most
// Config.Attempts times, the same bytes each time (so the same
// transactionId), pausing RetryWait, doubled each time, after a lost or
// 5xx answer. With dropFirst the first answer is read and thrown away as if
// it had timed out. It returns the answer and the number of requests sent.
func (s *Server) deliver(ctx context.Context, kind string, body []byte, dropFirst bool) (Answer, int, error) {
	wait := s.cfg.RetryWait
	var last error
	for attempt := 1; attempt <= s.cfg.Attempts; attempt++ {
		if attempt > 1 {
			select {
			case <-time.After(wait):
				wait *= 2
			case <-ctx.Done():
				return Answer{}, attempt - 1, ctx.Err()
			}
		}
		code, data, err := s.post(ctx, kind, body)
		switch {
		case errors.Is(err, errSignature):
			// A forged or garbled answer is no answer to trust, and
			// asking again would not make it genuine.
			return Answer{}, attempt, err
		case err != nil:
			last = err
			continue
		case dropFirst && attempt == 1:
			s.log.Info("simaggregator: first answer dropped", "kind", kind, "status", code)
			last = errors.New("first answer dropped (retry fault)")
			continue
		case code >= http.StatusInternalServerError:
			last = fmt.Errorf("HTTP %d", code)
			continue
		}
		var a Answer
		if err := json.Unmarshal(data, &a); err != nil || a.Status == "" {
			return Answer{}, attempt, fmt.Errorf("HTTP %d: unreadable answer", code)
		}
		return a, attempt, nil
	}
	return Answer{}, s.cfg.Attempts, fmt.Errorf("%w: %v", errNoAnswer, last)
}

package httpapi

import (
	"bytes"
	"context"
	"database/sql/driver"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"ngern/adapters/sqlstore"
	"ngern/core/errs"
	"ngern/core/rewards"
	"ngern/core/wallet"
)

// collectStore is a rewards store for collection only (the rest of the
// port panics if called).
type collectStore struct {
	rewards.Store
	stateErr error // CollectState's error (the database is down)
	mu       sync.Mutex
	failed   []string
}

func (s *collectStore) CollectState(ctx context.Context, game string) (rewards.CollectState, error) {
	return rewards.CollectState{Game: game}, s.stateErr
}

func (s *collectStore) SaveBets(ctx context.Context, game string, bets []wallet.Bet, cursor string, at time.Time) (int, error) {
	return len(bets), nil
}

func (s *collectStore) CollectFailed(ctx context.Context, game, msg string, at time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failed = append(s.failed, msg)
	return nil
}

// betFeed is a game provider whose bet history fails with err.
type betFeed struct {
	wallet.GameProvider
	err error
}

func (f betFeed) Bets(ctx context.Context, game, cursor string, limit int) ([]wallet.Bet, string, error) {
	return nil, cursor, f.err
}

// TestCollectNowErrors: a provider's failure during "collect now" answers
// PROVIDER_UNAVAILABLE (502) with none of the provider's words, which go to
// the log; the database being down still answers SERVICE_UNAVAILABLE.
func TestCollectNowErrors(t *testing.T) {
	secret := "upstream 10.1.2.3:8443 said: agent key k-123 refused"
	tests := []struct {
		name       string
		provider   error
		store      error
		status     int
		code       errs.Code
		retryAfter bool
		logged     string // in the server's log
	}{
		{name: "ProviderFails", provider: errors.New(secret), status: 502, code: errs.ProviderUnavailable, logged: secret},
		{name: "ProviderUnreachable", // a network error, as the database's would be: still the provider's
			provider: fmt.Errorf("%s: %w", secret, &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connection refused")}),
			status:   502, code: errs.ProviderUnavailable, logged: secret},
		{name: "DatabaseDown", store: driver.ErrBadConn, status: 503, code: errs.ServiceUnavailable, retryAfter: true,
			logged: driver.ErrBadConn.Error()},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var log bytes.Buffer
			svc := rewards.NewService(rewards.Deps{
				Store:    &collectStore{stateErr: tc.store},
				Provider: betFeed{err: tc.provider},
				Games:    func(context.Context) ([]string, error) { return []string{"DEMO"}, nil },
				Log:      slog.New(slog.NewTextHandler(&log, nil)),
			})
			s := &Server{log: slog.New(slog.NewTextHandler(&log, nil)), rewards: svc, domainErr: sqlstore.DomainError}
			w := httptest.NewRecorder()
			s.observe(http.HandlerFunc(s.collectNow)).ServeHTTP(w,
				httptest.NewRequest(http.MethodPost, "/api/operator/collection/run", strings.NewReader("{}")))

			var body map[string]string
			if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil {
				t.Fatalf("body %q: %v", w.Body, err)
			}
			if w.Code != tc.status || body["message"] != string(tc.code) {
				t.Fatalf("answered %d %v, want %d %s", w.Code, body, tc.status, tc.code)
			}
			for _, word := range []string{"10.1.2.3", "k-123", "refused", "bad connection"} {
				if strings.Contains(w.Body.String(), word) {
					t.Errorf("body %s tells %q", w.Body, word)
				}
			}
			if got := w.Header().Get("Retry-After") != ""; got != tc.retryAfter {
				t.Errorf("Retry-After %q, want set %v", w.Header().Get("Retry-After"), tc.retryAfter)
			}
			if !strings.Contains(log.String(), tc.logged) {
				t.Errorf("log lacks the cause %q:\n%s", tc.logged, log.String())
			}
		})
	}
}

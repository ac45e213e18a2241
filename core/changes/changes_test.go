package changes

import (
	"context"
	"encoding/json"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"ngern/core/errs"
	"ngern/core/operator"
	"ngern/core/settings"
)

// memChanges is an in-memory Store with the same atomic decision.
type memChanges struct {
	mu sync.Mutex
	m  map[string]Change
}

func (s *memChanges) CreateChange(_ context.Context, c *Change) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, o := range s.m {
		if o.Status == Pending && o.Scope == c.Scope && o.Target == c.Target {
			return errs.New(errs.ChangePending)
		}
	}
	s.m[c.ID] = *c
	return nil
}

func (s *memChanges) Change(_ context.Context, id string) (*Change, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.m[id]
	if !ok {
		return nil, errs.New(errs.NoData)
	}
	return &c, nil
}

func (s *memChanges) Changes(_ context.Context, status Status, _ int) ([]Change, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Change
	for _, c := range s.m {
		if status == "" || c.Status == status {
			out = append(out, c)
		}
	}
	return out, nil
}

func (s *memChanges) DecideChange(_ context.Context, id string, from, to Status, by string, at *time.Time) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.m[id]
	if !ok || c.Status != from {
		return false, nil
	}
	c.Status, c.DecidedBy, c.DecidedAt = to, by, at
	s.m[id] = c
	return true, nil
}

// memSettings keeps settings documents; the rest of settings.Store is not
// used by these tests.
type memSettings struct {
	settings.Store
	mu   sync.Mutex
	docs map[string]json.RawMessage
	puts atomic.Int32
}

func (s *memSettings) Setting(_ context.Context, key string) (json.RawMessage, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.docs[key]
	if !ok {
		return nil, errs.New(errs.NoData)
	}
	return v, nil
}

func (s *memSettings) PutSetting(_ context.Context, key string, value json.RawMessage) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.docs[key] = value
	s.puts.Add(1)
	return nil
}

func newEnv() (*Service, *memSettings) {
	st := &memSettings{docs: map[string]json.RawMessage{settings.KeyApprovalThreshold: json.RawMessage(`{"amount":20000.00}`)}}
	set := settings.NewService(st, settings.Config{}, nil)
	return NewService(&memChanges{m: map[string]Change{}}, set, nil, nil, nil, nil), st
}

var (
	alice   = operator.Principal{ID: "a", Username: "alice", Role: operator.Owner}
	bob     = operator.Principal{ID: "b", Username: "bob", Role: operator.Owner}
	carol   = operator.Principal{ID: "c", Username: "carol", Role: operator.Owner}
	finance = operator.Principal{ID: "f", Username: "fin", Role: operator.Finance}
	token   = operator.Principal{Username: operator.ConfigOperator, Role: operator.Owner}
)

func TestProposeSetting(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		by   operator.Principal
		key  string
		doc  string
		code errs.Code
	}{
		{"ErrFinance", finance, settings.KeyApprovalThreshold, `{"amount":1}`, errs.ForbiddenRole},
		{"ErrNotAFourEyesSetting", alice, "notice", `{"notice":"x"}`, errs.NotFoundCode},
		{"ErrBadValue", alice, settings.KeyApprovalThreshold, `{"amount":-1}`, errs.InvalidRequest},
		{"OKOwner", alice, settings.KeyApprovalThreshold, `{"amount":100}`, ""},
		{"OKToken", token, settings.KeyApprovalThreshold, `{"amount":100}`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			svc, st := newEnv()
			c, err := svc.ProposeSetting(ctx, tc.by, tc.key, json.RawMessage(tc.doc))
			if tc.code != "" {
				if !errs.HasCode(err, tc.code) {
					t.Fatalf("err = %v, want %s", err, tc.code)
				}
				return
			}
			if err != nil || c.Status != Pending || c.Payload != `{"amount":100.00}` || st.puts.Load() != 0 {
				t.Fatalf("%+v %v (puts %d)", c, err, st.puts.Load())
			}
		})
	}
}

func TestApprove(t *testing.T) {
	ctx := context.Background()
	propose := func(t *testing.T, svc *Service, by operator.Principal) Change {
		t.Helper()
		c, err := svc.ProposeSetting(ctx, by, settings.KeyApprovalThreshold, json.RawMessage(`{"amount":100}`))
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	t.Run("ErrOwnChange", func(t *testing.T) {
		svc, _ := newEnv()
		c := propose(t, svc, alice)
		if _, err := svc.Approve(ctx, alice, c.ID); !errs.HasCode(err, errs.OwnChange) {
			t.Fatal(err)
		}
	})
	t.Run("ErrTokenIsOneOwner", func(t *testing.T) {
		svc, _ := newEnv()
		c := propose(t, svc, token)
		if _, err := svc.Approve(ctx, token, c.ID); !errs.HasCode(err, errs.OwnChange) {
			t.Fatal(err)
		}
		if _, err := svc.Approve(ctx, bob, c.ID); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("ErrFinanceCannotApprove", func(t *testing.T) {
		svc, _ := newEnv()
		c := propose(t, svc, alice)
		if _, err := svc.Approve(ctx, finance, c.ID); !errs.HasCode(err, errs.ForbiddenRole) {
			t.Fatal(err)
		}
	})
	t.Run("ErrOnePending", func(t *testing.T) {
		svc, _ := newEnv()
		propose(t, svc, alice)
		if _, err := svc.ProposeSetting(ctx, bob, settings.KeyApprovalThreshold, json.RawMessage(`{"amount":5}`)); !errs.HasCode(err, errs.ChangePending) {
			t.Fatal(err)
		}
	})
	t.Run("OKAppliesOnSecondOwner", func(t *testing.T) {
		svc, st := newEnv()
		c := propose(t, svc, alice)
		r, err := svc.Approve(ctx, bob, c.ID)
		if err != nil || r.Change.Status != Applied || r.Change.DecidedBy != "bob" {
			t.Fatalf("%+v %v", r, err)
		}
		if v, _ := st.Setting(ctx, settings.KeyApprovalThreshold); string(v) != `{"amount":100.00}` {
			t.Fatalf("threshold %s", v)
		}
		if _, err := svc.Approve(ctx, carol, c.ID); !errs.HasCode(err, errs.ChangeDecided) {
			t.Fatal(err)
		}
	})
	t.Run("ErrStale", func(t *testing.T) {
		svc, st := newEnv()
		c := propose(t, svc, alice)
		if err := st.PutSetting(ctx, settings.KeyApprovalThreshold, json.RawMessage(`{"amount":30000.00}`)); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Approve(ctx, bob, c.ID); !errs.HasCode(err, errs.ChangeStale) {
			t.Fatal(err)
		}
		if v, _ := st.Setting(ctx, settings.KeyApprovalThreshold); string(v) != `{"amount":30000.00}` {
			t.Fatalf("a stale change applied: %s", v)
		}
		got, _ := svc.Change(ctx, c.ID)
		if got.Status != Stale {
			t.Fatalf("status %s", got.Status)
		}
	})
	t.Run("OKRejectThenNothingApplies", func(t *testing.T) {
		svc, st := newEnv()
		c := propose(t, svc, alice)
		if _, err := svc.Reject(ctx, alice, c.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Approve(ctx, bob, c.ID); !errs.HasCode(err, errs.ChangeDecided) {
			t.Fatal(err)
		}
		if st.puts.Load() != 0 {
			t.Fatal("a rejected change applied")
		}
	})
	t.Run("ConcurrentApprovalsApplyOnce", func(t *testing.T) {
		svc, st := newEnv()
		c := propose(t, svc, alice)
		var wg sync.WaitGroup
		var ok, decided atomic.Int32
		for i := range 16 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				by := bob
				if i%2 == 1 {
					by = carol
				}
				_, err := svc.Approve(ctx, by, c.ID)
				switch {
				case err == nil:
					ok.Add(1)
				case errs.HasCode(err, errs.ChangeDecided):
					decided.Add(1)
				default:
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if ok.Load() != 1 || decided.Load() != 15 || st.puts.Load() != 1 {
			t.Fatalf("applied %d, decided %d, puts %d", ok.Load(), decided.Load(), st.puts.Load())
		}
	})
}

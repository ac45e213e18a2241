package operator

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"ngern/core/errs"
)

// memStore keeps operators and sessions in memory.
type memStore struct {
	mu       sync.Mutex
	ops      map[string]*Operator // by id
	sessions map[string]*Session
}

func newMemStore() *memStore {
	return &memStore{ops: map[string]*Operator{}, sessions: map[string]*Session{}}
}

func (m *memStore) CreateOperator(_ context.Context, o *Operator) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, x := range m.ops {
		if x.Username == o.Username {
			return errs.New(errs.ExistingUser)
		}
	}
	c := *o
	m.ops[o.ID] = &c
	return nil
}

func (m *memStore) find(match func(*Operator) bool) (*Operator, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, o := range m.ops {
		if match(o) {
			c := *o
			return &c, nil
		}
	}
	return nil, errs.New(errs.NoData)
}

func (m *memStore) OperatorByUsername(_ context.Context, u string) (*Operator, error) {
	return m.find(func(o *Operator) bool { return o.Username == u })
}

func (m *memStore) OperatorByID(_ context.Context, id string) (*Operator, error) {
	return m.find(func(o *Operator) bool { return o.ID == id })
}

func (m *memStore) Operators(context.Context) ([]Operator, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []Operator
	for _, o := range m.ops {
		out = append(out, *o)
	}
	slices.SortFunc(out, func(a, b Operator) int { return strings.Compare(a.Username, b.Username) })
	return out, nil
}

func (m *memStore) revoke(id, keep string, at time.Time) {
	for h, s := range m.sessions {
		if s.OperatorID == id && h != keep && s.RevokedAt == nil {
			s.RevokedAt = &at
		}
	}
}

func (m *memStore) UpdateOperator(_ context.Context, id string, role Role, disabled bool, at time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.ops[id].Role, m.ops[id].Disabled = role, disabled
	m.revoke(id, "", at)
	return nil
}

func (m *memStore) ResetCredentials(_ context.Context, id, hash, secret string, at time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	o := m.ops[id]
	o.PasswordHash, o.TOTPSecret, o.TOTPLastStep, o.Enrolled = hash, secret, 0, false
	m.revoke(id, "", at)
	return nil
}

func (m *memStore) ChangePassword(_ context.Context, id, hash, keep string, at time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.ops[id].PasswordHash = hash
	m.revoke(id, keep, at)
	return nil
}

func (m *memStore) UseTOTPStep(_ context.Context, id string, step int64, at time.Time) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	o := m.ops[id]
	if o.TOTPLastStep >= step {
		return false, nil
	}
	o.TOTPLastStep, o.Enrolled, o.LastLoginAt = step, true, &at
	return true, nil
}

func (m *memStore) CreateSession(_ context.Context, s *Session) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	c := *s
	m.sessions[s.TokenHash] = &c
	return nil
}

func (m *memStore) SessionByHash(_ context.Context, h string) (*Session, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s := m.sessions[h]
	if s == nil {
		return nil, errs.New(errs.InvalidToken)
	}
	c := *s
	return &c, nil
}

func (m *memStore) TouchSession(_ context.Context, h string, at time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.sessions[h].LastSeenAt = at
	return nil
}

func (m *memStore) RevokeSession(_ context.Context, h string, at time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.sessions[h].RevokedAt = &at
	return nil
}

func (m *memStore) PruneSessions(_ context.Context, before time.Time) (int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var n int64
	for h, s := range m.sessions {
		if s.ExpiresAt.Before(before) || (s.RevokedAt != nil && s.RevokedAt.Before(before)) {
			delete(m.sessions, h)
			n++
		}
	}
	return n, nil
}

// noLimit never limits.
type noLimit struct{}

func (noLimit) Hit(context.Context, string, int, time.Duration) (bool, time.Duration, error) {
	return true, 0, nil
}

type env struct {
	svc   *Service
	store *memStore
	now   time.Time
}

func newEnv(t *testing.T, configToken string) *env {
	e := &env{store: newMemStore(), now: time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)}
	e.svc = NewService(e.store, noLimit{}, DefaultConfig(), configToken, func() time.Time { return e.now })
	return e
}

// signIn signs in with the code of the current step.
func (e *env) signIn(t *testing.T, c Credentials) (SignIn, error) {
	t.Helper()
	code, err := TOTPCode(c.TOTPSecret, e.now)
	if err != nil {
		t.Fatal(err)
	}
	return e.svc.Login(context.Background(), c.Username, c.Password, code, "10.0.0.1", "test")
}

func wantCode(t *testing.T, err error, code errs.Code) {
	t.Helper()
	if (code == "" && err != nil) || (code != "" && !errs.HasCode(err, code)) {
		t.Fatalf("err = %v, want %q", err, code)
	}
}

func TestLogin(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, "")
	c, err := e.svc.Create(ctx, "Alice", Finance)
	if err != nil || c.Username != "alice" || len(c.Password) != 20 || len(c.TOTPSecret) != 32 {
		t.Fatalf("create = %+v, %v", c, err)
	}
	if o, _ := e.store.OperatorByUsername(ctx, "alice"); o.PasswordHash == c.Password || !strings.HasPrefix(o.PasswordHash, "$argon2id$") {
		t.Fatal("the password is not stored as an argon2id hash")
	}
	_, err = e.svc.Create(ctx, "alice", Owner)
	wantCode(t, err, errs.ExistingUser)

	t.Run("ErrWrongPassword", func(t *testing.T) {
		_, err := e.svc.Login(ctx, "alice", "wrong", "", "ip", "")
		wantCode(t, err, errs.WrongCredential)
		_, err = e.svc.Login(ctx, "nobody", c.Password, "", "ip", "")
		wantCode(t, err, errs.WrongCredential)
	})
	t.Run("ErrTOTPRequiredWithEnrolment", func(t *testing.T) {
		in, err := e.svc.Login(ctx, "alice", c.Password, "", "ip", "")
		wantCode(t, err, errs.TOTPRequired)
		if in.Enrolment == nil || in.Enrolment.Secret != c.TOTPSecret || in.Enrolment.URI != c.TOTPURI ||
			!strings.HasPrefix(in.Enrolment.QRSVG, "<svg") {
			t.Fatalf("enrolment = %+v", in.Enrolment)
		}
	})
	t.Run("ErrTOTPWrong", func(t *testing.T) {
		code, _ := TOTPCode(c.TOTPSecret, e.now.Add(-2*time.Minute))
		_, err := e.svc.Login(ctx, "alice", c.Password, code, "ip", "")
		wantCode(t, err, errs.TOTPInvalid)
	})
	t.Run("OKThenReplayRefused", func(t *testing.T) {
		in, err := e.signIn(t, c)
		if err != nil || in.Token == "" || in.Operator.Role != Finance {
			t.Fatalf("sign-in = %+v, %v", in, err)
		}
		_, err = e.signIn(t, c)
		wantCode(t, err, errs.TOTPInvalid)
		// The code of the previous step is within the skew but older than
		// the one used: refused too.
		code, _ := TOTPCode(c.TOTPSecret, e.now.Add(-30*time.Second))
		_, err = e.svc.Login(ctx, "alice", c.Password, code, "ip", "")
		wantCode(t, err, errs.TOTPInvalid)
		in, err = e.svc.Login(ctx, "alice", c.Password, "", "ip", "")
		wantCode(t, err, errs.TOTPRequired)
		if in.Enrolment != nil {
			t.Fatal("enrolment offered to an enrolled operator")
		}
	})
	t.Run("ErrDisabled", func(t *testing.T) {
		e.now = e.now.Add(time.Minute)
		in, err := e.signIn(t, c)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := e.svc.Update(ctx, Principal{ID: "someone"}, "alice", nil, ptr(true)); err != nil {
			t.Fatal(err)
		}
		_, err = e.svc.Authenticate(ctx, in.Token)
		wantCode(t, err, errs.InvalidToken)
		_, err = e.svc.Login(ctx, "alice", c.Password, "", "ip", "")
		wantCode(t, err, errs.InactiveUser)
	})
}

func ptr[T any](v T) *T { return &v }

func TestSessions(t *testing.T) {
	ctx := context.Background()
	configured := strings.Repeat("c", 40)
	e := newEnv(t, configured)
	c, err := e.svc.Create(ctx, "bob", Support)
	if err != nil {
		t.Fatal(err)
	}
	open := func() string {
		t.Helper()
		e.now = e.now.Add(30 * time.Second)
		in, err := e.signIn(t, c)
		if err != nil {
			t.Fatal(err)
		}
		return in.Token
	}
	t.Run("OKConfiguredToken", func(t *testing.T) {
		p, err := e.svc.Authenticate(ctx, configured)
		if err != nil || p.Username != ConfigOperator || p.Role != Owner || !p.Config() {
			t.Fatalf("configured = %+v, %v", p, err)
		}
		_, err = e.svc.Authenticate(ctx, configured[:39]+"d")
		wantCode(t, err, errs.InvalidToken)
	})
	t.Run("ErrIdle", func(t *testing.T) {
		tok := open()
		e.now = e.now.Add(29 * time.Minute)
		if _, err := e.svc.Authenticate(ctx, tok); err != nil {
			t.Fatal(err)
		}
		e.now = e.now.Add(30*time.Minute + time.Second)
		_, err := e.svc.Authenticate(ctx, tok)
		wantCode(t, err, errs.InvalidToken)
	})
	t.Run("ErrAbsolute", func(t *testing.T) {
		tok := open()
		start := e.now
		for e.now.Sub(start) < 12*time.Hour-20*time.Minute {
			e.now = e.now.Add(20 * time.Minute)
			if _, err := e.svc.Authenticate(ctx, tok); err != nil {
				t.Fatalf("after %s: %v", e.now.Sub(start), err)
			}
		}
		e.now = start.Add(12 * time.Hour)
		_, err := e.svc.Authenticate(ctx, tok)
		wantCode(t, err, errs.InvalidToken)
	})
	t.Run("OKLogout", func(t *testing.T) {
		tok := open()
		p, err := e.svc.Authenticate(ctx, tok)
		if err != nil || p.Username != "bob" || p.Role != Support {
			t.Fatalf("p = %+v, %v", p, err)
		}
		if err := e.svc.Logout(ctx, p); err != nil {
			t.Fatal(err)
		}
		_, err = e.svc.Authenticate(ctx, tok)
		wantCode(t, err, errs.InvalidToken)
	})
	t.Run("OKRoleChangeAndResetRevoke", func(t *testing.T) {
		tok := open()
		if _, _, err := e.svc.Update(ctx, Principal{ID: "x"}, "bob", ptr(Finance), nil); err != nil {
			t.Fatal(err)
		}
		_, err := e.svc.Authenticate(ctx, tok)
		wantCode(t, err, errs.InvalidToken)
		tok = open()
		if p, _ := e.svc.Authenticate(ctx, tok); p.Role != Finance {
			t.Fatalf("role = %s", p.Role)
		}
		nc, err := e.svc.Reset(ctx, "bob")
		if err != nil || nc.Password == c.Password || nc.TOTPSecret == c.TOTPSecret {
			t.Fatalf("reset = %+v, %v", nc, err)
		}
		_, err = e.svc.Authenticate(ctx, tok)
		wantCode(t, err, errs.InvalidToken)
		e.now = e.now.Add(30 * time.Second)
		if _, err := e.signIn(t, c); !errs.HasCode(err, errs.WrongCredential) {
			t.Fatalf("old credentials after reset: %v", err)
		}
		c = nc
	})
	t.Run("OKPasswordChangeKeepsThisSession", func(t *testing.T) {
		a, b := open(), open()
		pa, _ := e.svc.Authenticate(ctx, a)
		wantCode(t, e.svc.ChangePassword(ctx, pa, "wrong", "a-new-password-1"), errs.WrongPassword)
		wantCode(t, e.svc.ChangePassword(ctx, pa, c.Password, "short"), errs.InvalidUserInfo)
		if err := e.svc.ChangePassword(ctx, pa, c.Password, "a-new-password-1"); err != nil {
			t.Fatal(err)
		}
		if _, err := e.svc.Authenticate(ctx, a); err != nil {
			t.Fatalf("this session: %v", err)
		}
		_, err := e.svc.Authenticate(ctx, b)
		wantCode(t, err, errs.InvalidToken)
	})
	t.Run("ErrSelfDemotion", func(t *testing.T) {
		o, _ := e.store.OperatorByUsername(ctx, "bob")
		_, _, err := e.svc.Update(ctx, Principal{ID: o.ID}, "bob", nil, ptr(true))
		wantCode(t, err, errs.InvalidRequest)
	})
}

func TestRoles(t *testing.T) {
	cases := []struct {
		name    string
		setting string
		role    Role
		allowed bool
	}{
		{"OKOwnerAnything", "active", Owner, true},
		{"OKSupportText", "notice", Support, true},
		{"ErrSupportMoney", "withdraw", Support, false},
		{"OKFinanceLimits", "withdraw", Finance, true},
		{"ErrFinanceThreshold", "withdrawApprovalThreshold", Finance, false},
		{"ErrFinanceReceivingAccounts", "deposit", Finance, false},
		{"OKOwnerThreshold", "withdrawApprovalThreshold", Owner, true},
		{"ErrFinanceText", "conditions", Finance, false},
		{"ErrFinanceActive", "active", Finance, false},
		{"ErrSupportActive", "active", Support, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Allowed(c.role, SettingEditors(c.setting)); got != c.allowed {
				t.Fatalf("Allowed(%s, %s) = %v", c.role, c.setting, got)
			}
		})
	}
	for name, two := range map[string]bool{"withdrawApprovalThreshold": true, "deposit": true, "withdraw": false, "notice": false} {
		if SettingNeedsTwoOwners(name) != two {
			t.Fatalf("SettingNeedsTwoOwners(%s) = %v", name, !two)
		}
	}
	if _, err := ParseRole("root"); !errs.HasCode(err, errs.InvalidRequest) {
		t.Fatal("an unknown role parsed")
	}
}

func TestTOTPMatchesAuthenticatorApps(t *testing.T) {
	// RFC 6238 appendix B, SHA-1 (the 8-digit codes' last 6 digits).
	secret := "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ" // "12345678901234567890"
	cases := []struct {
		unix int64
		code string
	}{{59, "287082"}, {1111111109, "081804"}, {1234567890, "005924"}, {2000000000, "279037"}}
	for _, c := range cases {
		got, err := TOTPCode(secret, time.Unix(c.unix, 0))
		if err != nil || got != c.code {
			t.Fatalf("code at %d = %s, %v; want %s", c.unix, got, err, c.code)
		}
		if step, ok := matchTOTP(secret, c.code, time.Unix(c.unix+30, 0)); !ok || step != c.unix/30 {
			t.Fatalf("match within skew: %d, %v", step, ok)
		}
		if _, ok := matchTOTP(secret, c.code, time.Unix(c.unix+90, 0)); ok {
			t.Fatal("a code two steps old matched")
		}
	}
}

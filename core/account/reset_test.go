package account

import (
	"context"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"ngern/core/errs"
)

// resetStore keeps members and OTPs for the reset tests.
type resetStore struct {
	Store
	mu      sync.Mutex
	members map[string]*Member // by phone
	otps    map[string]*OTP    // by token hash
	revoked map[string]bool    // members whose sessions were revoked
}

func (s *resetStore) MemberByPhone(_ context.Context, phone string) (*Member, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if m, ok := s.members[phone]; ok {
		cp := *m
		return &cp, nil
	}
	return nil, errs.New(errs.NoUser)
}

func (s *resetStore) CreateOTP(_ context.Context, o *OTP) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	cp := *o
	s.otps[o.TokenHash] = &cp
	return nil
}

func (s *resetStore) OTPByTokenHash(_ context.Context, h string) (*OTP, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if o, ok := s.otps[h]; ok {
		cp := *o
		return &cp, nil
	}
	return nil, errs.New(errs.OTPTokenInvalid)
}

func (s *resetStore) ResetPassword(_ context.Context, id, otpID, hash string, at time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, o := range s.otps {
		if o.ID == otpID {
			if o.ConsumedAt != nil {
				return errs.New(errs.OTPTokenInvalid)
			}
			o.ConsumedAt = &at
		}
	}
	for _, m := range s.members {
		if m.ID == id {
			m.PasswordHash = hash
		}
	}
	s.revoked[id] = true
	return nil
}

// smsBox records the texts sent.
type smsBox struct {
	mu    sync.Mutex
	texts map[string][]string
}

func (b *smsBox) Send(_ context.Context, phone, text string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.texts[phone] = append(b.texts[phone], text)
	return nil
}

func (b *smsBox) code(t *testing.T, phone string) string {
	b.mu.Lock()
	defer b.mu.Unlock()
	list := b.texts[phone]
	if len(list) == 0 {
		t.Fatalf("no SMS to %s", phone)
	}
	return regexp.MustCompile(`\d{6}`).FindString(list[len(list)-1])
}

const (
	resetPhone  = "0812345678"
	lockedPhone = "0823456789"
	newPassword = "a-new-secret"
)

func newResetService(t *testing.T) (*Service, *resetStore, *smsBox, *windowLimiter) {
	t.Helper()
	now := time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)
	st := &resetStore{members: map[string]*Member{
		resetPhone:  {ID: "m1", Phone: resetPhone, PasswordHash: "old", Active: true},
		lockedPhone: {ID: "m2", Phone: lockedPhone, PasswordHash: "old", Active: false},
	}, otps: map[string]*OTP{}, revoked: map[string]bool{}}
	sms := &smsBox{texts: map[string][]string{}}
	l := &windowLimiter{now: now, hits: map[string][]time.Time{}}
	s := NewService(st, l, sms, nil, DefaultConfig(), func() time.Time { return l.now })
	return s, st, sms, l
}

func TestSendResetOTP(t *testing.T) {
	ctx := context.Background()
	s, _, sms, l := newResetService(t)
	t.Run("a registered and an unknown phone are answered alike", func(t *testing.T) {
		known, err1 := s.SendResetOTP(ctx, resetPhone, "1.1.1.1")
		unknown, err2 := s.SendResetOTP(ctx, "0899999999", "1.1.1.1")
		s.WaitBackground()
		if err1 != nil || err2 != nil || known.Code != unknown.Code || len(known.OTPToken) != len(unknown.OTPToken) || len(known.OTPRef) != len(unknown.OTPRef) {
			t.Fatalf("%+v %v / %+v %v", known, err1, unknown, err2)
		}
		if len(sms.texts[resetPhone]) != 1 || len(sms.texts["0899999999"]) != 0 {
			t.Fatalf("texts: %v", sms.texts)
		}
	})
	t.Run("a locked member gets no SMS", func(t *testing.T) {
		if _, err := s.SendResetOTP(ctx, lockedPhone, "1.1.1.1"); err != nil {
			t.Fatal(err)
		}
		s.WaitBackground()
		if len(sms.texts[lockedPhone]) != 0 {
			t.Fatalf("texts: %v", sms.texts[lockedPhone])
		}
	})
	t.Run("one code a minute per phone, from any address", func(t *testing.T) {
		if _, err := s.SendResetOTP(ctx, resetPhone, "2.2.2.2"); !errs.HasCode(err, errs.RequestLimit) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("the sign-in limits are not touched", func(t *testing.T) {
		for key := range l.hits {
			if strings.HasPrefix(key, "login") {
				t.Fatalf("sign-in key %s hit", key)
			}
		}
	})
}

func TestResetPassword(t *testing.T) {
	ctx := context.Background()
	// start sends a code to phone and answers its token and code ("" when
	// no SMS went).
	start := func(t *testing.T, s *Service, sms *smsBox, phone string) (string, string) {
		sent, err := s.SendResetOTP(ctx, phone, "1.1.1.1")
		if err != nil {
			t.Fatal(err)
		}
		s.WaitBackground()
		if len(sms.texts[phone]) == 0 {
			return sent.OTPToken, ""
		}
		return sent.OTPToken, sms.code(t, phone)
	}
	tests := []struct {
		name  string
		phone string
		try   func(t *testing.T, s *Service, token, code string) error
		want  errs.Code
	}{
		{"unknown phone answers like a wrong code", "0899999999", func(t *testing.T, s *Service, token, _ string) error {
			return s.ResetPassword(ctx, PasswordReset{"0899999999", token, "123456", newPassword}, "1.1.1.1")
		}, errs.OTPCodeInvalid},
		{"wrong code", resetPhone, func(t *testing.T, s *Service, token, code string) error {
			return s.ResetPassword(ctx, PasswordReset{resetPhone, token, wrong(code), newPassword}, "1.1.1.1")
		}, errs.OTPCodeInvalid},
		{"another phone's token", resetPhone, func(t *testing.T, s *Service, token, code string) error {
			return s.ResetPassword(ctx, PasswordReset{"0899999999", token, code, newPassword}, "1.1.1.1")
		}, errs.OTPCodeInvalid},
		{"attempts exhausted: even the right code is refused", resetPhone, func(t *testing.T, s *Service, token, code string) error {
			for range DefaultConfig().OTPMaxAttempts {
				_ = s.ResetPassword(ctx, PasswordReset{resetPhone, token, wrong(code), newPassword}, "1.1.1.1")
			}
			return s.ResetPassword(ctx, PasswordReset{resetPhone, token, code, newPassword}, "1.1.1.1")
		}, errs.OTPBlock},
		{"unknown phone blocks alike", "0899999999", func(t *testing.T, s *Service, token, _ string) error {
			for range DefaultConfig().OTPMaxAttempts {
				_ = s.ResetPassword(ctx, PasswordReset{"0899999999", token, "123456", newPassword}, "1.1.1.1")
			}
			return s.ResetPassword(ctx, PasswordReset{"0899999999", token, "123456", newPassword}, "1.1.1.1")
		}, errs.OTPBlock},
		{"short password first, before anything counts", resetPhone, func(t *testing.T, s *Service, token, code string) error {
			return s.ResetPassword(ctx, PasswordReset{resetPhone, token, code, "short"}, "1.1.1.1")
		}, errs.PasswordTooShort},
		{"expired code", resetPhone, func(t *testing.T, s *Service, token, code string) error {
			s.limiter.(*windowLimiter).now = s.now().Add(DefaultConfig().OTPTTL)
			return s.ResetPassword(ctx, PasswordReset{resetPhone, token, code, newPassword}, "1.1.1.1")
		}, errs.OTPExpired},
		{"a code is used once", resetPhone, func(t *testing.T, s *Service, token, code string) error {
			if err := s.ResetPassword(ctx, PasswordReset{resetPhone, token, code, newPassword}, "1.1.1.1"); err != nil {
				t.Fatal(err)
			}
			return s.ResetPassword(ctx, PasswordReset{resetPhone, token, code, "another-secret"}, "1.1.1.1")
		}, errs.OTPCodeInvalid},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, st, sms, _ := newResetService(t)
			token, code := start(t, s, sms, tc.phone)
			err := tc.try(t, s, token, code)
			if !errs.HasCode(err, tc.want) {
				t.Fatalf("err = %v, want %s", err, tc.want)
			}
			if changed := st.members[resetPhone].PasswordHash != "old"; changed != (tc.name == "a code is used once") {
				t.Fatalf("password changed: %v", changed)
			}
		})
	}
	t.Run("locked member", func(t *testing.T) {
		s, st, sms, _ := newResetService(t)
		// A member locked after the code was sent.
		token, code := start(t, s, sms, resetPhone)
		st.members[resetPhone].Active = false
		if err := s.ResetPassword(ctx, PasswordReset{resetPhone, token, code, newPassword}, "1.1.1.1"); !errs.HasCode(err, errs.InactiveUser) {
			t.Fatalf("err = %v", err)
		}
		if st.members[resetPhone].PasswordHash != "old" || st.revoked["m1"] {
			t.Fatal("locked member changed")
		}
	})
	t.Run("success stores the new password and revokes every session", func(t *testing.T) {
		s, st, sms, l := newResetService(t)
		token, code := start(t, s, sms, resetPhone)
		if err := s.ResetPassword(ctx, PasswordReset{" " + resetPhone, token, code, newPassword}, "1.1.1.1"); err != nil {
			t.Fatal(err)
		}
		m := st.members[resetPhone]
		if !s.hasher.Verify(newPassword, m.PasswordHash) || !st.revoked["m1"] {
			t.Fatalf("member %+v, revoked %v", m, st.revoked)
		}
		for key := range l.hits {
			if strings.HasPrefix(key, "login") {
				t.Fatalf("sign-in key %s hit", key)
			}
		}
	})
	t.Run("a registration token is no reset token", func(t *testing.T) {
		s, st, _, _ := newResetService(t)
		st.otps[HashToken("regtoken")] = &OTP{ID: "o1", Phone: resetPhone, TokenHash: HashToken("regtoken"),
			CodeHash: HashToken("regtoken:111111"), ExpiresAt: s.now().Add(time.Minute)}
		err := s.ResetPassword(ctx, PasswordReset{resetPhone, "regtoken", "111111", newPassword}, "1.1.1.1")
		if !errs.HasCode(err, errs.OTPCodeInvalid) {
			t.Fatalf("err = %v", err)
		}
	})
}

// wrong returns a six-digit code other than code.
func wrong(code string) string {
	if code == "000000" {
		return "111111"
	}
	return "000000"
}

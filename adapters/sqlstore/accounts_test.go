package sqlstore_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/account"
	"ngern/core/errs"
	"ngern/core/settings"
)

func seed(t *testing.T, db *sqlstore.DB) {
	t.Helper()
	svc := settings.NewService(sqlstore.NewSettings(db), settings.Config{}, nil)
	if err := svc.Seed(context.Background()); err != nil {
		t.Fatal(err)
	}
}

func newMember(phone, bankNo string) *account.Member {
	now := time.Now().UTC().Truncate(time.Microsecond)
	return &account.Member{ID: account.NewID(), Phone: phone, Name: "Somchai", PasswordHash: "x",
		BankCode: "KBANK", BankAccountName: "SOMCHAI JAIDEE", BankAccountNo: bankNo, Currency: "BAHT",
		Active: true, CreatedAt: now, UpdatedAt: now}
}

func TestAccounts(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		seed(t, db)
		s := sqlstore.NewAccounts(db)
		m := newMember("0812345678", "1234567890")
		if err := s.CreateMember(ctx, m, ""); err != nil {
			t.Fatal(err)
		}

		t.Run("OK", func(t *testing.T) {
			got, err := s.MemberByPhone(ctx, "0812345678")
			if err != nil || got.ID != m.ID || !got.Active || got.BankAccountName != "SOMCHAI JAIDEE" {
				t.Fatalf("got %+v, %v", got, err)
			}
			if !got.CreatedAt.Equal(m.CreatedAt) {
				t.Fatalf("created %v, want %v", got.CreatedAt, m.CreatedAt)
			}
		})
		t.Run("ErrExistingUser", func(t *testing.T) {
			err := s.CreateMember(ctx, newMember("0812345678", "999999999"), "")
			if !errs.HasCode(err, errs.ExistingUser) {
				t.Fatalf("err = %v", err)
			}
		})
		t.Run("ErrExistingBank", func(t *testing.T) {
			err := s.CreateMember(ctx, newMember("0899999999", "1234567890"), "")
			if !errs.HasCode(err, errs.ExistingBank) {
				t.Fatalf("err = %v", err)
			}
		})
		t.Run("ErrNoUser", func(t *testing.T) {
			if _, err := s.MemberByID(ctx, "nobody"); !errs.HasCode(err, errs.NoUser) {
				t.Fatalf("err = %v", err)
			}
		})
		t.Run("Taken", func(t *testing.T) {
			if ok, _ := s.PhoneTaken(ctx, "0812345678"); !ok {
				t.Fatal("phone not taken")
			}
			if ok, _ := s.BankAccountTaken(ctx, "KBANK", "1234567890"); !ok {
				t.Fatal("bank not taken")
			}
			if ok, _ := s.BankAccountTaken(ctx, "SCB", "1234567890"); ok {
				t.Fatal("other bank taken")
			}
		})
		t.Run("SessionsRevokedOnPasswordChange", func(t *testing.T) {
			now := time.Now().UTC()
			for _, h := range []string{"keep", "other1", "other2"} {
				if err := s.CreateSession(ctx, &account.Session{TokenHash: h, MemberID: m.ID, CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(time.Hour)}); err != nil {
					t.Fatal(err)
				}
			}
			if err := s.ChangePassword(ctx, m.ID, "newhash", "keep", now); err != nil {
				t.Fatal(err)
			}
			for h, revoked := range map[string]bool{"keep": false, "other1": true, "other2": true} {
				ses, active, err := s.SessionByHash(ctx, h)
				if err != nil || !active || (ses.RevokedAt != nil) != revoked {
					t.Fatalf("%s: %+v %v %v", h, ses, active, err)
				}
			}
			if _, _, err := s.SessionByHash(ctx, "missing"); !errs.HasCode(err, errs.InvalidToken) {
				t.Fatalf("err = %v", err)
			}
		})
		t.Run("TouchSessions", func(t *testing.T) {
			now := time.Now().UTC().Truncate(time.Second)
			for _, h := range []string{"touch1", "touch2", "touch3"} {
				if err := s.CreateSession(ctx, &account.Session{TokenHash: h, MemberID: m.ID, CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(time.Hour)}); err != nil {
					t.Fatal(err)
				}
			}
			later := now.Add(2 * time.Minute)
			// touch2's touch is late (before its last use): it must not move it back.
			err := s.TouchSessions(ctx, map[string]time.Time{"touch1": later, "touch2": now.Add(-time.Minute), "unknown": later})
			if err != nil {
				t.Fatal(err)
			}
			for h, want := range map[string]time.Time{"touch1": later, "touch2": now, "touch3": now} {
				ses, _, err := s.SessionByHash(ctx, h)
				if err != nil || !ses.LastSeenAt.Equal(want) {
					t.Fatalf("%s: last seen %v, want %v (%v)", h, ses.LastSeenAt, want, err)
				}
			}
			if err := s.TouchSessions(ctx, map[string]time.Time{}); err != nil {
				t.Fatal(err)
			}
		})
		t.Run("RevokeMemberSessions", func(t *testing.T) {
			other := newMember("0814444444", "4444444444")
			if err := s.CreateMember(ctx, other, ""); err != nil {
				t.Fatal(err)
			}
			now := time.Now().UTC()
			for h, id := range map[string]string{"all1": m.ID, "all2": m.ID, "others": other.ID} {
				if err := s.CreateSession(ctx, &account.Session{TokenHash: h, MemberID: id, CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(time.Hour)}); err != nil {
					t.Fatal(err)
				}
			}
			if err := s.RevokeMemberSessions(ctx, m.ID, now); err != nil {
				t.Fatal(err)
			}
			for h, revoked := range map[string]bool{"all1": true, "all2": true, "keep": true, "others": false} {
				ses, _, err := s.SessionByHash(ctx, h)
				if err != nil || (ses.RevokedAt != nil) != revoked {
					t.Fatalf("%s: %+v %v", h, ses, err)
				}
			}
		})
	})
}

func TestOTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		seed(t, db)
		s := sqlstore.NewAccounts(db)
		now := time.Now().UTC()
		o := &account.OTP{ID: account.NewID(), Phone: "0811111111", Ref: "ABCD", TokenHash: "tok", CodeHash: "code", ExpiresAt: now.Add(5 * time.Minute), CreatedAt: now}
		if err := s.CreateOTP(ctx, o); err != nil {
			t.Fatal(err)
		}
		t.Run("AttemptsAreBoundedUnderConcurrency", func(t *testing.T) {
			var counted atomic.Int32
			var wg sync.WaitGroup
			for i := 0; i < 20; i++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					ok, err := s.CountOTPAttempt(ctx, o.ID, 5)
					if err != nil {
						t.Error(err)
					}
					if ok {
						counted.Add(1)
					}
				}()
			}
			wg.Wait()
			if counted.Load() != 5 {
				t.Fatalf("counted %d attempts, want 5", counted.Load())
			}
		})
		t.Run("VerifiedAndConsumed", func(t *testing.T) {
			if v, _ := s.OTPByTokenHash(ctx, o.TokenHash); v.VerifiedAt != nil {
				t.Fatal("OTP verified before it was marked")
			}
			if err := s.MarkOTPVerified(ctx, o.ID, now); err != nil {
				t.Fatal(err)
			}
			v, err := s.OTPByTokenHash(ctx, o.TokenHash)
			if err != nil || v.VerifiedAt == nil || v.VerifiedAt.Sub(now).Abs() > time.Millisecond {
				t.Fatalf("verified = %+v, %v", v, err)
			}
			m := newMember(o.Phone, "5555555555")
			if err := s.CreateMember(ctx, m, o.ID); err != nil {
				t.Fatal(err)
			}
			m2 := newMember("0822222222", "6666666666")
			if err := s.CreateMember(ctx, m2, o.ID); !errs.HasCode(err, errs.UnverifiedOTP) {
				t.Fatalf("second use of OTP: %v", err)
			}
			if ok, _ := s.PhoneTaken(ctx, "0822222222"); ok {
				t.Fatal("member created although the OTP was consumed")
			}
		})
		t.Run("ErrTokenInvalid", func(t *testing.T) {
			if _, err := s.OTPByTokenHash(ctx, "nope"); !errs.HasCode(err, errs.OTPTokenInvalid) {
				t.Fatalf("err = %v", err)
			}
		})
	})
}

func TestLimiter(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
		l := sqlstore.NewLimiter(db, func() time.Time { return now })
		for i := 1; i <= 4; i++ {
			ok, retry, err := l.Hit(ctx, "k", 3, time.Minute)
			if err != nil {
				t.Fatal(err)
			}
			if ok != (i <= 3) {
				t.Fatalf("hit %d ok=%v", i, ok)
			}
			if retry != time.Minute {
				t.Fatalf("retry = %v", retry)
			}
		}
		now = now.Add(61 * time.Second)
		if ok, _, _ := l.Hit(ctx, "k", 3, time.Minute); !ok {
			t.Fatal("new window still limited")
		}
		if ok, _, _ := l.Hit(ctx, "other", 1, time.Minute); !ok {
			t.Fatal("keys share a count")
		}
	})
}

func TestSettings(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		seed(t, db)
		seed(t, db) // seeding twice keeps what is stored
		s := sqlstore.NewSettings(db)
		banks, err := s.Banks(ctx, "TH")
		if err != nil || len(banks) < 10 || banks[0].Code != "BBL" || !banks[0].EnglishOnly {
			t.Fatalf("banks = %+v, %v", banks, err)
		}
		la, _ := s.Banks(ctx, "LA")
		if len(la) == 0 || la[0].Code != "BCEL" {
			t.Fatalf("lao banks = %+v", la)
		}
		if _, err := s.Bank(ctx, "NOPE"); !errs.HasCode(err, errs.InvalidBank) {
			t.Fatalf("err = %v", err)
		}
		if err := s.PutSetting(ctx, "active", []byte(`{"terminated":true}`)); err != nil {
			t.Fatal(err)
		}
		seed(t, db)
		v, err := s.Setting(ctx, "active")
		if err != nil || string(v) != `{"terminated":true}` {
			t.Fatalf("active = %s, %v", v, err)
		}
		if _, err := s.Setting(ctx, "nope"); !errs.HasCode(err, errs.NoData) {
			t.Fatalf("err = %v", err)
		}
	})
}

func TestPrune(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		seed(t, db)
		s := sqlstore.NewAccounts(db)
		m := newMember("0813333333", "3333333333")
		if err := s.CreateMember(ctx, m, ""); err != nil {
			t.Fatal(err)
		}
		now := time.Now().UTC()
		old, fresh := now.Add(-48*time.Hour), now.Add(-time.Hour)
		for i, at := range []time.Time{old, fresh} {
			o := &account.OTP{ID: account.NewID(), Phone: m.Phone, Ref: "ABCD", TokenHash: "otp" + string(rune('a'+i)), CodeHash: "c", ExpiresAt: at.Add(5 * time.Minute), CreatedAt: at}
			if err := s.CreateOTP(ctx, o); err != nil {
				t.Fatal(err)
			}
		}
		sessions := map[string]account.Session{
			"expired": {ExpiresAt: old, CreatedAt: old.Add(-time.Hour)},
			"revoked": {ExpiresAt: now.Add(time.Hour), CreatedAt: old, RevokedAt: &old},
			"live":    {ExpiresAt: now.Add(time.Hour), CreatedAt: fresh},
		}
		for h, ses := range sessions {
			ses.TokenHash, ses.MemberID, ses.LastSeenAt = h, m.ID, ses.CreatedAt
			if err := s.CreateSession(ctx, &ses); err != nil {
				t.Fatal(err)
			}
			if ses.RevokedAt != nil {
				if err := s.RevokeSession(ctx, h, *ses.RevokedAt); err != nil {
					t.Fatal(err)
				}
			}
		}
		l := sqlstore.NewLimiter(db, func() time.Time { return old })
		if _, _, err := l.Hit(ctx, "stale", 1, time.Minute); err != nil {
			t.Fatal(err)
		}
		n, err := s.Prune(ctx, now.Add(-24*time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		if n != 4 { // one OTP, one rate-limit window, two sessions
			t.Fatalf("pruned %d rows, want 4", n)
		}
		if _, err := s.OTPByTokenHash(ctx, "otpb"); err != nil {
			t.Fatalf("fresh OTP pruned: %v", err)
		}
		if _, _, err := s.SessionByHash(ctx, "live"); err != nil {
			t.Fatalf("live session pruned: %v", err)
		}
		for _, h := range []string{"expired", "revoked"} {
			if _, _, err := s.SessionByHash(ctx, h); !errs.HasCode(err, errs.InvalidToken) {
				t.Fatalf("%s session kept: %v", h, err)
			}
		}
	})
}

func TestResetPassword(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		seed(t, db)
		s := sqlstore.NewAccounts(db)
		now := time.Now().UTC().Truncate(time.Second)
		member := func(t *testing.T, phone, bankNo string, active bool) *account.Member {
			t.Helper()
			m := newMember(phone, bankNo)
			m.Active = active
			if err := s.CreateMember(ctx, m, ""); err != nil {
				t.Fatal(err)
			}
			for _, h := range []string{"a", "b"} {
				if err := s.CreateSession(ctx, &account.Session{TokenHash: m.ID + h, MemberID: m.ID, CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(time.Hour)}); err != nil {
					t.Fatal(err)
				}
			}
			return m
		}
		otp := func(t *testing.T, phone string) *account.OTP {
			t.Helper()
			o := &account.OTP{ID: account.NewID(), Phone: phone, Ref: "ABCD", TokenHash: account.NewID(), CodeHash: "c", ExpiresAt: now.Add(time.Minute), CreatedAt: now}
			if err := s.CreateOTP(ctx, o); err != nil {
				t.Fatal(err)
			}
			return o
		}
		t.Run("stores the hash, consumes the code and revokes every session", func(t *testing.T) {
			m := member(t, "0811111111", "1111111111", true)
			o := otp(t, m.Phone)
			if err := s.ResetPassword(ctx, m.ID, o.ID, "$argon2id$new", now); err != nil {
				t.Fatal(err)
			}
			got, err := s.MemberByID(ctx, m.ID)
			if err != nil || got.PasswordHash != "$argon2id$new" {
				t.Fatalf("%+v %v", got, err)
			}
			for _, h := range []string{"a", "b"} {
				if ses, _, err := s.SessionByHash(ctx, m.ID+h); err != nil || ses.RevokedAt == nil {
					t.Fatalf("%s: %+v %v", h, ses, err)
				}
			}
			if err := s.ResetPassword(ctx, m.ID, o.ID, "$argon2id$again", now); !errs.HasCode(err, errs.OTPTokenInvalid) {
				t.Fatalf("second use: err = %v", err)
			}
		})
		t.Run("a locked member is refused and nothing changes", func(t *testing.T) {
			m := member(t, "0822222222", "2222222222", false)
			o := otp(t, m.Phone)
			if err := s.ResetPassword(ctx, m.ID, o.ID, "$argon2id$new", now); !errs.HasCode(err, errs.InactiveUser) {
				t.Fatalf("err = %v", err)
			}
			got, _ := s.MemberByID(ctx, m.ID)
			o2, _ := s.OTPByTokenHash(ctx, o.TokenHash)
			ses, _, _ := s.SessionByHash(ctx, m.ID+"a")
			if got.PasswordHash != "x" || o2.ConsumedAt != nil || ses.RevokedAt != nil {
				t.Fatalf("changed: %+v %+v %+v", got, o2, ses)
			}
		})
	})
}

package sqlstore_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/account"
	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/operator"
	"ngern/core/wallet"
)

func newOperator(username string, role operator.Role) *operator.Operator {
	now := time.Now().UTC().Truncate(time.Microsecond)
	return &operator.Operator{ID: account.NewID(), Username: username, PasswordHash: "$argon2id$x", Role: role,
		TOTPSecret: operator.NewTOTPSecret(), CreatedAt: now, UpdatedAt: now}
}

func TestOperators(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		s := sqlstore.NewOperators(db)
		o := newOperator("alice", operator.Finance)
		if err := s.CreateOperator(ctx, o); err != nil {
			t.Fatal(err)
		}
		now := time.Now().UTC().Truncate(time.Microsecond)
		session := func(hash string) {
			t.Helper()
			if err := s.CreateSession(ctx, &operator.Session{TokenHash: hash, OperatorID: o.ID, CreatedAt: now,
				LastSeenAt: now, ExpiresAt: now.Add(12 * time.Hour), IP: "10.0.0.1"}); err != nil {
				t.Fatal(err)
			}
		}
		revoked := func(hash string) bool {
			t.Helper()
			ses, err := s.SessionByHash(ctx, hash)
			if err != nil {
				t.Fatal(err)
			}
			return ses.RevokedAt != nil
		}

		t.Run("ErrExistingUser", func(t *testing.T) {
			if err := s.CreateOperator(ctx, newOperator("alice", operator.Owner)); !errs.HasCode(err, errs.ExistingUser) {
				t.Fatalf("err = %v", err)
			}
		})
		t.Run("OKRead", func(t *testing.T) {
			got, err := s.OperatorByUsername(ctx, "alice")
			if err != nil || got.ID != o.ID || got.Role != operator.Finance || got.Enrolled || got.Disabled || got.TOTPSecret != o.TOTPSecret {
				t.Fatalf("got %+v, %v", got, err)
			}
			if _, err := s.OperatorByID(ctx, "nope"); !errs.HasCode(err, errs.NoData) {
				t.Fatalf("err = %v", err)
			}
			if _, err := s.SessionByHash(ctx, "nope"); !errs.HasCode(err, errs.InvalidToken) {
				t.Fatalf("err = %v", err)
			}
		})
		t.Run("OKTOTPStepOnceUnderConcurrency", func(t *testing.T) {
			var ok atomic.Int32
			var wg sync.WaitGroup
			for range 8 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					used, err := s.UseTOTPStep(ctx, o.ID, 1000, now)
					if err != nil {
						t.Error(err)
					}
					if used {
						ok.Add(1)
					}
				}()
			}
			wg.Wait()
			if ok.Load() != 1 {
				t.Fatalf("step 1000 accepted %d times", ok.Load())
			}
			if used, _ := s.UseTOTPStep(ctx, o.ID, 999, now); used {
				t.Fatal("an older step was accepted")
			}
			if used, _ := s.UseTOTPStep(ctx, o.ID, 1001, now); !used {
				t.Fatal("a later step was refused")
			}
			got, _ := s.OperatorByID(ctx, o.ID)
			if !got.Enrolled || got.TOTPLastStep != 1001 || got.LastLoginAt == nil {
				t.Fatalf("after sign-in: %+v", got)
			}
		})
		t.Run("OKChangesRevokeSessions", func(t *testing.T) {
			session("h1")
			session("h2")
			if err := s.ChangePassword(ctx, o.ID, "$argon2id$y", "h1", now); err != nil {
				t.Fatal(err)
			}
			if revoked("h1") || !revoked("h2") {
				t.Fatal("a password change kept another session or revoked this one")
			}
			if err := s.UpdateOperator(ctx, o.ID, operator.Support, false, now); err != nil {
				t.Fatal(err)
			}
			if !revoked("h1") {
				t.Fatal("a role change kept a session")
			}
			session("h3")
			if err := s.ResetCredentials(ctx, o.ID, "$argon2id$z", "NEWSECRET", now); err != nil {
				t.Fatal(err)
			}
			got, _ := s.OperatorByID(ctx, o.ID)
			if !revoked("h3") || got.Enrolled || got.TOTPLastStep != 0 || got.TOTPSecret != "NEWSECRET" || got.Role != operator.Support {
				t.Fatalf("after reset: %+v", got)
			}
			if err := s.UpdateOperator(ctx, "nope", operator.Owner, false, now); !errs.HasCode(err, errs.NoData) {
				t.Fatalf("err = %v", err)
			}
		})
		t.Run("OKTouchNeverGoesBack", func(t *testing.T) {
			session("h4")
			s.TouchSession(ctx, "h4", now.Add(time.Minute))
			s.TouchSession(ctx, "h4", now)
			if ses, _ := s.SessionByHash(ctx, "h4"); !ses.LastSeenAt.Equal(now.Add(time.Minute)) {
				t.Fatalf("last seen %v", ses.LastSeenAt)
			}
		})
	})
}

func TestAuditLog(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		a := operator.NewAuditor(sqlstore.NewOperators(db), nil)
		fin := operator.Principal{ID: "1", Username: "fin", Role: operator.Finance}
		sup := operator.Principal{ID: "2", Username: "sup", Role: operator.Support}
		for i := range 5 {
			if err := a.Record(ctx, fin, "withdrawal.approve", fmt.Sprintf("w%d", i), nil, map[string]any{"n": i}, "10.0.0.1", "req"); err != nil {
				t.Fatal(err)
			}
		}
		if err := a.Record(ctx, sup, "member.lock", "m1", map[string]string{"status": "active"}, map[string]string{"status": "locked"}, "10.0.0.2", "r2"); err != nil {
			t.Fatal(err)
		}
		cases := []struct {
			name        string
			f           operator.AuditFilter
			page, limit int
			total, n    int
			first       string // target of the first entry
		}{
			{"OKAllNewestFirst", operator.AuditFilter{}, 1, 0, 6, 6, "m1"},
			{"OKByOperator", operator.AuditFilter{Operator: "fin"}, 1, 2, 5, 2, "w4"},
			{"OKSecondPage", operator.AuditFilter{Operator: "fin"}, 2, 2, 5, 2, "w2"},
			{"OKByAction", operator.AuditFilter{Action: "member.lock"}, 1, 0, 1, 1, "m1"},
			{"OKByTarget", operator.AuditFilter{Target: "w3"}, 1, 0, 1, 1, "w3"},
			{"OKNone", operator.AuditFilter{Operator: "nobody"}, 1, 0, 0, 0, ""},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				list, total, err := a.List(ctx, c.f, c.page, c.limit)
				if err != nil || total != c.total || len(list) != c.n || (c.n > 0 && list[0].Target != c.first) {
					t.Fatalf("list = %+v, %d, %v", list, total, err)
				}
			})
		}
		t.Run("OKKeysetPagesAsOffsetPages", func(t *testing.T) {
			for _, f := range []operator.AuditFilter{{}, {Operator: "fin"}, {Action: "withdrawal.approve"}} {
				all, _, err := a.List(ctx, f, 1, 100)
				if err != nil {
					t.Fatal(err)
				}
				var got []string
				var before int64
				for pages := 0; pages < 10; pages++ {
					p, err := a.Page(ctx, f, before, 2)
					if err != nil || p.Total != len(all) || p.Capped {
						t.Fatalf("page %+v, %v", p, err)
					}
					for _, e := range p.Entries {
						got = append(got, e.Target)
					}
					if p.Next == 0 {
						break
					}
					before = p.Next
				}
				var want []string
				for _, e := range all {
					want = append(want, e.Target)
				}
				if !slices.Equal(got, want) {
					t.Fatalf("%+v: keyset %v, offset %v", f, got, want)
				}
			}
		})
		t.Run("OKEntryFields", func(t *testing.T) {
			list, _, _ := a.List(ctx, operator.AuditFilter{Action: "member.lock"}, 1, 1)
			e := list[0]
			if e.Operator != "sup" || e.Role != operator.Support || e.Before != `{"status":"active"}` ||
				e.After != `{"status":"locked"}` || e.IP != "10.0.0.2" || e.RequestID != "r2" || e.At.IsZero() {
				t.Fatalf("entry = %+v", e)
			}
		})
		t.Run("ErrAppendOnly", func(t *testing.T) {
			qs := []string{`UPDATE audit_log SET operator = 'x'`, `DELETE FROM audit_log`}
			if db.Dialect() == sqlstore.Postgres { // SQLite has no TRUNCATE
				qs = append(qs, `TRUNCATE audit_log`, `TRUNCATE audit_log CASCADE`)
			}
			for _, q := range qs {
				if _, err := db.SQL().ExecContext(ctx, q); err == nil {
					t.Fatalf("%s succeeded", q)
				}
			}
			if _, total, _ := a.List(ctx, operator.AuditFilter{}, 1, 0); total != 6 {
				t.Fatalf("total = %d", total)
			}
		})
	})
}

func TestConsoleStore(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		seed(t, db)
		accounts := sqlstore.NewAccounts(db)
		m1, m2 := newMember("0811111111", "1111111111"), newMember("0822222222", "2222222222")
		m2.Name = "Malee 100%"
		for _, m := range []*account.Member{m1, m2} {
			if err := accounts.CreateMember(ctx, m, ""); err != nil {
				t.Fatal(err)
			}
		}
		c := operator.NewConsole(sqlstore.NewConsole(db), nil)
		cases := []struct {
			name, q string
			want    int
		}{
			{"OKAll", "", 2}, {"OKPhone", "08111", 1}, {"OKNameAnyCase", "MALEE", 1}, {"OKBankNo", "22222222", 1},
			{"OKID", m1.ID[:10], 1}, {"OKPercentIsLiteral", "100%", 1}, {"OKUnderscoreIsLiteral", "_", 0},
		}
		for _, cs := range cases {
			t.Run(cs.name, func(t *testing.T) {
				rows, total, err := c.SearchMembers(ctx, cs.q, 1, 10)
				if err != nil || total != cs.want || len(rows) != cs.want {
					t.Fatalf("search %q = %d rows, total %d, %v", cs.q, len(rows), total, err)
				}
			})
		}
		t.Run("OKLockAndSessions", func(t *testing.T) {
			now := time.Now().UTC()
			for _, h := range []string{"s1", "s2"} {
				if err := accounts.CreateSession(ctx, &account.Session{TokenHash: h, MemberID: m1.ID, CreatedAt: now,
					LastSeenAt: now, ExpiresAt: now.Add(time.Hour)}); err != nil {
					t.Fatal(err)
				}
			}
			if list, _ := accounts.MemberSessions(ctx, m1.ID, now); len(list) != 2 {
				t.Fatalf("sessions = %+v", list)
			}
			if err := accounts.SetMemberActive(ctx, m1.ID, false, now); err != nil {
				t.Fatal(err)
			}
			if err := accounts.RevokeMemberSessions(ctx, m1.ID, now); err != nil {
				t.Fatal(err)
			}
			if list, _ := accounts.MemberSessions(ctx, m1.ID, now); len(list) != 0 {
				t.Fatalf("sessions after revoke = %+v", list)
			}
			if got, _ := accounts.MemberByID(ctx, m1.ID); got.Active {
				t.Fatal("not locked")
			}
			if err := accounts.SetMemberActive(ctx, "nope", false, now); !errs.HasCode(err, errs.NoUser) {
				t.Fatalf("err = %v", err)
			}
		})
		t.Run("OKNotes", func(t *testing.T) {
			p := operator.Principal{Username: "sup", Role: operator.Support}
			if _, err := c.AddNote(ctx, p, m1.ID, "first"); err != nil {
				t.Fatal(err)
			}
			if _, err := c.AddNote(ctx, p, m1.ID, "  "); !errs.HasCode(err, errs.InvalidRequest) {
				t.Fatalf("err = %v", err)
			}
			notes, err := c.Notes(ctx, m1.ID)
			if err != nil || len(notes) != 1 || notes[0].Text != "first" || notes[0].Operator != "sup" {
				t.Fatalf("notes = %+v, %v", notes, err)
			}
		})
		t.Run("OKMembersToday", func(t *testing.T) {
			day, err := c.DayFigures(ctx, c.Today())
			if err != nil || day.Members != 2 || day.Deposits.Count != 0 || day.PromotionExpense != 0 {
				t.Fatalf("day = %+v, %v", day, err)
			}
			if _, err := c.Report(ctx, "2026-01-01", "2026-12-31"); !errs.HasCode(err, errs.InvalidRequest) {
				t.Fatalf("a year-long report: %v", err)
			}
		})
	})
}

// TestWithdrawalFourEyes: the approvals of one withdrawal are recorded once
// per operator whatever runs concurrently, and two pay it.
func TestWithdrawalFourEyes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		e := newWalletEnv(t, db)
		m := newMember("0812345678", "1234567890")
		if err := sqlstore.NewAccounts(db).CreateMember(ctx, m, ""); err != nil {
			t.Fatal(err)
		}
		if _, err := e.svc.Adjust(ctx, wallet.Adjustment{Phone: m.Phone, Amount: 30000_00, Reason: "welcome", By: "test"}); err != nil {
			t.Fatal(err)
		}
		w, err := e.svc.Withdraw(ctx, m.ID, 25000_00) // above the default 20,000.00
		if err != nil {
			t.Fatal(err)
		}
		var paid, same atomic.Int32
		var wg sync.WaitGroup
		for range 6 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, p, err := e.svc.Approve(ctx, w.ID, "fin1")
				switch {
				case errs.HasCode(err, errs.SameApprover):
					same.Add(1)
				case err != nil:
					t.Error(err)
				case p:
					paid.Add(1)
				}
			}()
		}
		wg.Wait()
		if paid.Load() != 0 || same.Load() != 5 {
			t.Fatalf("one operator: paid %d, refused %d", paid.Load(), same.Load())
		}
		list, _ := e.svc.Withdrawals(ctx, wallet.WithdrawalPending)
		if len(list) != 1 || len(list[0].ApprovedBy) != 1 || list[0].ApprovedBy[0] != "fin1" || list[0].BankAccountNo != "1234567890" {
			t.Fatalf("pending = %+v", list)
		}
		got, p, err := e.svc.Approve(ctx, w.ID, "fin2")
		if err != nil || !p || got.Status != wallet.WithdrawalApproved || len(got.ApprovedBy) != 2 {
			t.Fatalf("second approval = %+v, %v, %v", got, p, err)
		}
		if b, _ := e.l.Balance(ctx, ledger.WithdrawalsOut.ID); b != 25000_00 {
			t.Fatalf("paid out %s", b)
		}
		if _, _, err := e.svc.Approve(ctx, w.ID, "fin3"); !errs.HasCode(err, errs.NoData) {
			t.Fatalf("a third approval: %v", err)
		}
	})
}

func TestPruneOperatorSessions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		s := sqlstore.NewOperators(db)
		o := newOperator("bob", operator.Owner)
		if err := s.CreateOperator(ctx, o); err != nil {
			t.Fatal(err)
		}
		now := time.Now().UTC()
		for i, exp := range []time.Duration{-48 * time.Hour, time.Hour, time.Hour} {
			h := fmt.Sprintf("p%d", i)
			if err := s.CreateSession(ctx, &operator.Session{TokenHash: h, OperatorID: o.ID, CreatedAt: now, LastSeenAt: now,
				ExpiresAt: now.Add(exp)}); err != nil {
				t.Fatal(err)
			}
		}
		s.RevokeSession(ctx, "p1", now.Add(-48*time.Hour))
		n, err := s.PruneSessions(ctx, now.Add(-24*time.Hour))
		if err != nil || n != 2 {
			t.Fatalf("pruned %d, %v", n, err)
		}
		if _, err := s.SessionByHash(ctx, "p2"); err != nil {
			t.Fatalf("a live session went: %v", err)
		}
	})
}

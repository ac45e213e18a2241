package sqlstore_test

import (
	"context"
	"errors"
	"testing"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/account"
	"ngern/core/errs"
)

func TestMemberCodes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		seed(t, db)
		s := sqlstore.NewAccounts(db)
		a := newMember("0812345678", "1234567890")
		a.Code = "7K3MQ9XA"
		if err := s.CreateMember(ctx, a, ""); err != nil {
			t.Fatal(err)
		}
		// Members stored without a code, as before migration 0026.
		old1, old2 := newMember("0812345679", "1234567891"), newMember("0812345670", "1234567892")
		for _, m := range []*account.Member{old1, old2} {
			if err := s.CreateMember(ctx, m, ""); err != nil {
				t.Fatal(err)
			}
		}

		t.Run("LookupByCode", func(t *testing.T) {
			got, err := s.MemberByCode(ctx, "7K3MQ9XA")
			if err != nil || got.ID != a.ID || got.Code != "7K3MQ9XA" {
				t.Fatalf("got %+v, %v", got, err)
			}
			if _, err := s.MemberByCode(ctx, "7K3MQ9XB"); !errs.HasCode(err, errs.NoUser) {
				t.Fatalf("err = %v", err)
			}
		})
		t.Run("UniqueOnCreate", func(t *testing.T) {
			b := newMember("0899999999", "9999999999")
			b.Code = a.Code
			if err := s.CreateMember(ctx, b, ""); !errors.Is(err, account.ErrCodeTaken) {
				t.Fatalf("err = %v, want ErrCodeTaken", err)
			}
		})
		t.Run("UniqueOnSet", func(t *testing.T) {
			if err := s.SetMemberCode(ctx, old1.ID, a.Code); !errors.Is(err, account.ErrCodeTaken) {
				t.Fatalf("err = %v, want ErrCodeTaken", err)
			}
		})
		t.Run("Backfill", func(t *testing.T) {
			ids, err := s.MembersWithoutCode(ctx, "", 10)
			if err != nil || len(ids) != 2 || ids[0] > ids[1] {
				t.Fatalf("without code: %v, %v", ids, err)
			}
			if rest, err := s.MembersWithoutCode(ctx, ids[0], 10); err != nil || len(rest) != 1 || rest[0] != ids[1] {
				t.Fatalf("without code after %s: %v, %v", ids[0], rest, err)
			}
			svc := account.NewService(s, nil, nil, nil, account.DefaultConfig(), nil)
			if n, err := svc.BackfillCodes(ctx); err != nil || n != 2 {
				t.Fatalf("backfill: %d, %v", n, err)
			}
			seen := map[string]bool{}
			for _, m := range []*account.Member{a, old1, old2} {
				got, err := s.MemberByID(ctx, m.ID)
				if err != nil || len(got.Code) != account.CodeLength || seen[got.Code] {
					t.Fatalf("member %s code %q, %v", m.ID, got.Code, err)
				}
				seen[got.Code] = true
			}
			if got, _ := s.MemberByID(ctx, a.ID); got.Code != "7K3MQ9XA" {
				t.Fatalf("a given code changed to %q", got.Code)
			}
			// A code given meanwhile (another node) is kept.
			before, _ := s.MemberByID(ctx, old1.ID)
			if err := s.SetMemberCode(ctx, old1.ID, "ZZZZZZZZ"); err != nil {
				t.Fatal(err)
			}
			if got, _ := s.MemberByID(ctx, old1.ID); got.Code != before.Code {
				t.Fatalf("code %q replaced by %q", before.Code, got.Code)
			}
		})
		t.Run("ConsoleSearchByCode", func(t *testing.T) {
			rows, total, err := sqlstore.NewConsole(db).SearchMembers(ctx, "7k3mq9", 0, 10)
			if err != nil || total != 1 || len(rows) != 1 || rows[0].ID != a.ID || rows[0].Code != "7K3MQ9XA" {
				t.Fatalf("rows %+v, total %d, %v", rows, total, err)
			}
		})
	})
}

package sqlstore_test

import (
	"context"
	"sync"
	"testing"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/errs"
	"ngern/core/settings"
)

func TestBankFlags(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		seed(t, db)
		s := sqlstore.NewSettings(db)

		t.Run("UpdateAndList", func(t *testing.T) {
			b, err := s.UpdateBank(ctx, "KBANK", settings.BankFlags{EnglishOnly: true, Active: false, Sort: 0})
			if err != nil || b.Code != "KBANK" || !b.EnglishOnly || b.Active || b.Sort != 0 || b.NameEN != "Kasikornbank" {
				t.Fatalf("update = %+v, %v", b, err)
			}
			all, err := s.AllBanks(ctx, "TH")
			if err != nil || len(all) < 10 || all[0].Code != "KBANK" || all[0].Active {
				t.Fatalf("all = %+v, %v", all, err)
			}
			for _, b := range all {
				if b.Country != "TH" {
					t.Fatalf("bank of another country: %+v", b)
				}
			}
			active, _ := s.Banks(ctx, "TH")
			if len(active) != len(all)-1 {
				t.Fatalf("%d active of %d", len(active), len(all))
			}
			for _, b := range active {
				if b.Code == "KBANK" {
					t.Fatal("inactive bank listed as active")
				}
			}
			seed(t, db) // seeding again keeps the operator's flags
			if b, _ := s.Bank(ctx, "KBANK"); b.Active || !b.EnglishOnly {
				t.Fatalf("reseeded: %+v", b)
			}
		})

		t.Run("UnknownBank", func(t *testing.T) {
			if _, err := s.UpdateBank(ctx, "NOPE", settings.BankFlags{Active: true}); !errs.HasCode(err, errs.NotFoundCode) {
				t.Fatalf("err = %v", err)
			}
		})

		t.Run("LastActiveBankStays", func(t *testing.T) {
			la, _ := s.AllBanks(ctx, "LA")
			// Deactivate all but two, then race to deactivate the last two:
			// exactly one of the two may win.
			for _, b := range la[2:] {
				if _, err := s.UpdateBank(ctx, b.Code, settings.BankFlags{Sort: b.Sort}); err != nil {
					t.Fatal(err)
				}
			}
			var wg sync.WaitGroup
			results := make([]error, 2)
			for i := range 2 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					_, results[i] = s.UpdateBank(ctx, la[i].Code, settings.BankFlags{Sort: la[i].Sort})
				}()
			}
			wg.Wait()
			refused := 0
			for _, err := range results {
				if errs.HasCode(err, errs.InvalidRequest) {
					refused++
				} else if err != nil {
					t.Fatalf("err = %v", err)
				}
			}
			active, _ := s.Banks(ctx, "LA")
			if refused != 1 || len(active) != 1 {
				t.Fatalf("refused %d, %d active left", refused, len(active))
			}
			if th, _ := s.Banks(ctx, "TH"); len(th) == 0 {
				t.Fatal("another country's banks changed")
			}
		})
	})
}

package settings

import (
	"context"
	"encoding/json"
	"testing"

	"ngern/core/errs"
)

func lookupBanks(t *testing.T, s *Service) []map[string]any {
	t.Helper()
	v, err := s.Lookup(context.Background(), "banks", "")
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(v)
	var out []map[string]any
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestOperatorBanks(t *testing.T) {
	ctx := context.Background()
	s, _ := newSeeded(t, nil)

	t.Run("ListsTheCountryInactiveIncluded", func(t *testing.T) {
		if _, err := s.UpdateBank(ctx, "KBANK", BankFlags{Active: false, Sort: 2}); err != nil {
			t.Fatal(err)
		}
		all, err := s.OperatorBanks(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var kbank *Bank
		for i, b := range all {
			if b.Country != "TH" {
				t.Fatalf("bank of another country: %+v", b)
			}
			if b.Code == "KBANK" {
				kbank = &all[i]
			}
		}
		if kbank == nil || kbank.Active {
			t.Fatalf("inactive KBANK missing from the operator list: %+v", kbank)
		}
		for _, b := range lookupBanks(t, s) {
			if b["code"] == "KBANK" {
				t.Fatal("an inactive bank is in the members' lookup")
			}
		}
		if _, err := s.Bank(ctx, "KBANK"); !errs.HasCode(err, errs.InvalidBank) {
			t.Fatalf("members may still choose an inactive bank: %v", err)
		}
	})

	t.Run("LookupShowsNewFlags", func(t *testing.T) {
		b, err := s.UpdateBank(ctx, "SCB", BankFlags{EnglishOnly: true, Active: true, Sort: 0})
		if err != nil || !b.EnglishOnly || b.Sort != 0 {
			t.Fatalf("update = %+v, %v", b, err)
		}
		banks := lookupBanks(t, s)
		if banks[0]["code"] != "SCB" || banks[0]["englishOnly"] != true {
			t.Fatalf("lookup[0] = %v", banks[0])
		}
		if len(banks[0]) != 4 {
			t.Fatalf("lookup shape changed: %v", banks[0])
		}
	})

	for _, tc := range []struct {
		name, code string
		flags      BankFlags
		want       errs.Code
	}{
		{"NegativeSort", "BBL", BankFlags{Active: true, Sort: -1}, errs.InvalidRequest},
		{"UnknownBank", "NOPE", BankFlags{Active: true}, errs.NotFoundCode},
		{"OtherCountry", "BCEL", BankFlags{Active: true}, errs.NotFoundCode},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := s.UpdateBank(ctx, tc.code, tc.flags); !errs.HasCode(err, tc.want) {
				t.Fatalf("err = %v, want %s", err, tc.want)
			}
		})
	}

	t.Run("LastActiveBankStays", func(t *testing.T) {
		all, _ := s.OperatorBanks(ctx)
		for _, b := range all[1:] {
			if _, err := s.UpdateBank(ctx, b.Code, BankFlags{Sort: b.Sort}); err != nil {
				t.Fatalf("%s: %v", b.Code, err)
			}
		}
		last := all[0]
		_, err := s.UpdateBank(ctx, last.Code, BankFlags{EnglishOnly: last.EnglishOnly, Sort: last.Sort})
		if e, ok := err.(*errs.Error); !ok || e.Code != errs.InvalidRequest || e.Field != "active" {
			t.Fatalf("err = %v", err)
		}
		if got, _ := s.Bank(ctx, last.Code); !got.Active {
			t.Fatal("the last active bank was deactivated")
		}
		// Changing its other flags while it stays active is fine.
		if _, err := s.UpdateBank(ctx, last.Code, BankFlags{EnglishOnly: !last.EnglishOnly, Active: true, Sort: 5}); err != nil {
			t.Fatal(err)
		}
	})
}

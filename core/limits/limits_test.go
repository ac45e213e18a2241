package limits_test

import (
	"reflect"
	"testing"

	"ngern/core/limits"
	"ngern/core/money"
)

func TestTableNamesAreUnique(t *testing.T) {
	seen := map[string]bool{}
	for _, l := range limits.Table() {
		if seen[l.Name] || l.Name == "" || l.Doc == "" {
			t.Errorf("%q: empty or listed twice", l.Name)
		}
		seen[l.Name] = true
	}
	if len(limits.Values(limits.Baht)) != len(limits.Table()) {
		t.Fatal("Values does not hold every limit")
	}
}

// amounts lists the fields of a set of amounts by name.
func amounts(a limits.Amounts) map[string]money.Satang {
	out := map[string]money.Satang{}
	v := reflect.ValueOf(a)
	for i := 0; i < v.NumField(); i++ {
		out[v.Type().Field(i).Name] = v.Field(i).Interface().(money.Satang)
	}
	return out
}

func TestLimitsAmountsPerCurrency(t *testing.T) {
	cases := []struct {
		name string
		laos bool
		want limits.Amounts
		// round: every amount is a whole multiple of it (whole baht, round kip).
		round money.Satang
	}{
		{"Thailand", false, limits.Baht, money.FromBaht(1)},
		{"Laos", true, limits.Kip, money.FromBaht(1_000)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := limits.For(c.laos)
			if a != c.want {
				t.Fatalf("For(%v) = %+v", c.laos, a)
			}
			for name, v := range amounts(a) {
				if v <= 0 || v > money.Max || v%c.round != 0 {
					t.Errorf("%s = %s: not a positive round amount an API call takes", name, v)
				}
			}
			switch {
			case a.TransferMin > a.WithdrawMin:
				t.Error("a transfer minimum above the withdraw minimum")
			case a.WithdrawMin >= a.WithdrawMax:
				t.Error("withdraw minimum not below the maximum")
			case a.ApprovalThreshold < a.WithdrawMin || a.ApprovalThreshold >= a.WithdrawMax:
				t.Error("the four-eyes threshold is not between the withdraw limits")
			case a.AutoWithdrawMax > a.AutoWithdrawDayTotal || a.AutoWithdrawDayTotal > a.ApprovalThreshold:
				t.Error("the automatic withdrawal limits are not below the four-eyes threshold")
			}
			if got := limits.Values(a)["transferMin"]; got != a.TransferMin {
				t.Errorf("the lookup serves transferMin %v, want %v", got, a.TransferMin)
			}
		})
	}
	// Kip amounts are sized for kip: hundreds of times the baht ones (about
	// 650 kip a baht; the withdraw maximum and threshold are capped by
	// money.Max), never the baht numbers with the kip word.
	t.Run("LaosSizedForKip", func(t *testing.T) {
		kip := amounts(limits.Kip)
		for name, baht := range amounts(limits.Baht) {
			if r := kip[name] / baht; r < 150 || r > 1000 {
				t.Errorf("%s: %s kip for %s baht (×%d)", name, kip[name], baht, r)
			}
		}
	})
}

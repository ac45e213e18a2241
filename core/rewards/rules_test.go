package rewards

import (
	"fmt"
	"testing"
	"time"

	"ngern/core/errs"
	"ngern/core/limits"
	"ngern/core/money"
	"ngern/core/promo"
)

func TestAccrueRule(t *testing.T) {
	st := Settings{RateBP: 550, MinNetLoss: money.FromBaht(100), MaxPerPeriod: money.FromBaht(50)}
	for _, c := range []struct {
		name string
		loss money.Satang
		want money.Satang
	}{
		{"net win", -money.FromBaht(500), 0},
		{"break even", 0, 0},
		{"under the minimum", money.FromBaht(99), 0},
		{"at the minimum", money.FromBaht(100), 550},
		{"rounded down", 1_23, 0},
		{"capped", money.FromBaht(5000), money.FromBaht(50)},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := st.Accrue(c.loss); got != c.want {
				t.Fatalf("Accrue(%s) = %s, want %s", c.loss, got, c.want)
			}
		})
	}
}

func TestInviteAccrualsCapPerInviter(t *testing.T) {
	n := 0
	s := &Service{newID: func() string { n++; return fmt.Sprint(n) }}
	st := Settings{RateBP: 1000, MaxPerPeriod: money.FromBaht(15)}
	nets := []MemberNet{
		{MemberID: "b", InviterID: "a", Stake: money.FromBaht(100)},
		{MemberID: "c", InviterID: "a", Stake: money.FromBaht(100)},
		{MemberID: "d", InviterID: "a", Stake: money.FromBaht(100)},
		{MemberID: "e", InviterID: "x", Stake: money.FromBaht(100), Payout: money.FromBaht(300)}, // won
		{MemberID: "f", InviterID: "f", Stake: money.FromBaht(100)},                              // self
	}
	got := s.inviteAccruals(st, nets)
	if len(got) != 2 || got[0].InviteeID != "b" || got[0].Amount != money.FromBaht(10) ||
		got[1].InviteeID != "c" || got[1].Amount != money.FromBaht(5) {
		t.Fatalf("accruals = %+v", got)
	}
}

func TestPeriodOf(t *testing.T) {
	for _, c := range []struct {
		kind, at, want string
	}{
		{PeriodDaily, "2026-11-23T16:59:59Z", "day:2026-11-23"},
		{PeriodDaily, "2026-11-23T17:00:00Z", "day:2026-11-24"},
		{PeriodWeekly, "2026-11-29T16:59:59Z", "week:2026-11-23"}, // Sunday 23:59:59 Bangkok
		{PeriodWeekly, "2026-11-29T17:00:00Z", "week:2026-11-30"}, // Monday 00:00 Bangkok
	} {
		t.Run(c.kind+" "+c.at, func(t *testing.T) {
			at, _ := time.Parse(time.RFC3339, c.at)
			key, start := PeriodOf(c.kind, at)
			if key != c.want || start.After(at) || start.Location() != limits.Zone {
				t.Fatalf("PeriodOf = %s %s", key, start)
			}
		})
	}
}

func TestSaveSettingsRefusesBadInput(t *testing.T) {
	s := NewService(Deps{})
	good := DefaultSettings(Refund)
	for _, c := range []struct {
		field string
		mod   func(*Settings)
	}{
		{"period", func(s *Settings) { s.Period = "monthly" }},
		{"rateBP", func(s *Settings) { s.RateBP = 10001 }},
		{"minNetLoss", func(s *Settings) { s.MinNetLoss = -1 }},
		{"maxPerPeriod", func(s *Settings) { s.MaxPerPeriod = -1 }},
		{"successPercent", func(s *Settings) { s.SuccessPercent = 100 }},
		{"failPercent", func(s *Settings) { s.FailPercent = 101 }},
		{"games", func(s *Settings) { s.Games = []string{" "} }},
		{"info", func(s *Settings) { s.Info = map[string]string{"fr": "x"} }},
		{"banners", func(s *Settings) { s.Banners = []promo.Banner{{Image: ""}} }},
	} {
		t.Run(c.field, func(t *testing.T) {
			st := good
			c.mod(&st)
			_, err := s.SaveSettings(t.Context(), Refund, st, "op")
			if e := errs.As(err); e == nil || e.Code != errs.InvalidRequest || e.Field != c.field {
				t.Fatalf("SaveSettings with a bad %s = %v", c.field, err)
			}
		})
	}
}

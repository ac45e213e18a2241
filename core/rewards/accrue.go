package rewards

import (
	"context"
	"errors"
	"sort"
	"time"

	"ngern/core/errs"
	"ngern/core/money"
	"ngern/core/promo"
)

// PeriodOf returns the key of the period t falls in and when it started:
// "day:YYYY-MM-DD" (the Bangkok day) or "week:YYYY-MM-DD" (the Bangkok date
// of the week's Monday).
func PeriodOf(kind string, t time.Time) (string, time.Time) {
	if kind == PeriodWeekly {
		key, start := promo.Period(promo.TypeWeek, t)
		return "week:" + key, start
	}
	key, start := promo.Period(promo.TypeDay, t)
	return "day:" + key, start
}

// AccrueDue closes the period of each program that ended most recently,
// unless it has a run already (the scheduled job). Bets of a period that
// was missed are counted by the next run, as every run counts every bet not
// counted before it. It collects the bet history first.
func (s *Service) AccrueDue(ctx context.Context) ([]Run, error) {
	if _, err := s.Collect(ctx); err != nil {
		s.log.Warn("bet history not fully collected before accrual", "err", err)
	}
	var out []Run
	for _, p := range []Program{Refund, Invite} {
		st, err := s.Settings(ctx, p)
		if err != nil {
			return out, err
		}
		_, cur := PeriodOf(st.Period, s.now())
		key, _ := PeriodOf(st.Period, cur.Add(-time.Nanosecond))
		run, err := s.accrue(ctx, p, st, key, cur, "")
		if errors.Is(err, ErrRunExists) {
			continue
		}
		if err != nil {
			return out, err
		}
		out = append(out, run)
	}
	return out, nil
}

// ClosePeriod closes program p's current period now (an operator's or a
// test's "close period now"): it collects the bet history, then accrues
// every bet not counted before and placed before now, under the key
// "<current period>@<now>". Play after it counts in the next run.
func (s *Service) ClosePeriod(ctx context.Context, p Program, by string) (Run, error) {
	if p != Refund && p != Invite {
		return Run{}, errs.New(errs.NotFoundCode)
	}
	if _, err := s.Collect(ctx); err != nil {
		s.log.Warn("bet history not fully collected before closing a period", "err", err)
	}
	st, err := s.Settings(ctx, p)
	if err != nil {
		return Run{}, err
	}
	now := s.now().UTC()
	key, _ := PeriodOf(st.Period, now)
	run, err := s.accrue(ctx, p, st, key+"@"+now.Format("2006-01-02T15:04:05.000000000Z"), now, by)
	if errors.Is(err, ErrRunExists) {
		return Run{}, errs.Newf(errs.NoData, "this period was closed at this instant already")
	}
	return run, err
}

// accrue records one run of p for period key, ending at end.
func (s *Service) accrue(ctx context.Context, p Program, st Settings, key string, end time.Time, by string) (Run, error) {
	s.closeMu.Lock()
	defer s.closeMu.Unlock()
	run := Run{ID: s.newID(), Program: p, Period: key, EndsAt: end.UTC(), Settings: st, By: by, CreatedAt: s.now().UTC()}
	amounts := func(nets []MemberNet) []Accrual {
		if !st.Active {
			return nil // an inactive program closes its periods and pays nothing
		}
		if p == Refund {
			return s.refundAccruals(st, nets)
		}
		return s.inviteAccruals(st, nets)
	}
	var games []string
	if len(st.Games) > 0 {
		games = st.Games
	}
	run, err := s.store.Accrue(ctx, run, games, amounts)
	if err != nil {
		return Run{}, err
	}
	s.log.Info("reward period closed", "program", p, "period", key, "members", run.Members, "amount", run.Amount)
	return run, nil
}

// refundAccruals is net loss × rate per member, from the minimum, capped.
func (s *Service) refundAccruals(st Settings, nets []MemberNet) []Accrual {
	var out []Accrual
	for _, n := range nets {
		if a := st.Accrue(n.NetLoss()); a > 0 {
			out = append(out, Accrual{ID: s.newID(), MemberID: n.MemberID, Stake: n.Stake, Payout: n.Payout, Amount: a})
		}
	}
	return out
}

// inviteAccruals is each invitee's net loss × rate for their inviter (an
// invitee under the minimum earns nothing); an inviter's total of the
// period is capped at MaxPerPeriod, invitees taken in id order.
func (s *Service) inviteAccruals(st Settings, nets []MemberNet) []Accrual {
	sort.Slice(nets, func(i, j int) bool {
		if nets[i].InviterID != nets[j].InviterID {
			return nets[i].InviterID < nets[j].InviterID
		}
		return nets[i].MemberID < nets[j].MemberID
	})
	per := st
	per.MaxPerPeriod = 0
	var out []Accrual
	total := map[string]money.Satang{}
	for _, n := range nets {
		if n.InviterID == "" || n.InviterID == n.MemberID {
			continue
		}
		a := per.Accrue(n.NetLoss())
		if st.MaxPerPeriod > 0 {
			a = min(a, st.MaxPerPeriod-total[n.InviterID])
		}
		if a <= 0 {
			continue
		}
		total[n.InviterID] += a
		out = append(out, Accrual{ID: s.newID(), MemberID: n.InviterID, InviteeID: n.MemberID, Stake: n.Stake,
			Payout: n.Payout, Amount: a})
	}
	return out
}

// Runs lists a program's runs (the console).
func (s *Service) Runs(ctx context.Context, p Program, limit int) ([]Run, error) {
	if limit <= 0 || limit > 200 {
		limit = 50
	}
	return s.store.Runs(ctx, p, limit)
}

// Items lists accruals (the console's history, per member or per run).
func (s *Service) Items(ctx context.Context, p Program, memberID, runID string, page, limit int) ([]Item, int, error) {
	page, limit = pageOf(page, limit)
	return s.store.Items(ctx, p, memberID, runID, (page-1)*limit, limit)
}

// List page sizes (spec part 9: 10 per page).
const (
	DefaultLimit = 10
	MaxLimit     = 50
)

func pageOf(page, limit int) (int, int) {
	if page < 1 {
		page = 1
	}
	if limit <= 0 {
		limit = DefaultLimit
	}
	return page, min(limit, MaxLimit)
}

package promo

import (
	"context"
	"strings"
	"time"

	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/limits"
	"ngern/core/money"
)

// Period returns the key of the period t falls in for a bonus type, and
// when that period started: "all" and the zero time for limit, the Bangkok
// date for day, the Bangkok date of the week's Monday for week.
func Period(typ Type, t time.Time) (string, time.Time) {
	b := t.In(limits.Zone)
	day := time.Date(b.Year(), b.Month(), b.Day(), 0, 0, 0, 0, limits.Zone)
	switch typ {
	case TypeDay:
		return day.Format(time.DateOnly), day
	case TypeWeek:
		back := (int(day.Weekday()) + 6) % 7 // days since Monday
		mon := day.AddDate(0, 0, -back)
		return mon.Format(time.DateOnly), mon
	}
	return "all", time.Time{}
}

// Counted returns how many of receipts count against a bonus's maxReceived
// at now.
func Counted(b Bonus, receipts []Receipt, now time.Time) int {
	key, _ := Period(b.Type, now)
	n := 0
	for _, r := range receipts {
		if r.Source == SourceBonus && r.Code == b.Code && r.Period == key {
			n++
		}
	}
	return n
}

// MemberBonus is a bonus as a member sees it.
type MemberBonus struct {
	Bonus
	Received    []Receipt // the member's receipts of it, newest first
	IsActive    bool      // the member's active condition is this bonus's
	ReceivedOut bool      // the receipts counted reached maxReceived
}

// MemberBonuses lists the bonuses a member may see: active ones within their
// window, with the member's receipts.
func (s *Service) MemberBonuses(ctx context.Context, memberID string) ([]MemberBonus, error) {
	s.Evaluate(ctx, memberID)
	bonuses, err := s.store.Bonuses(ctx)
	if err != nil {
		return nil, err
	}
	receipts, err := s.store.Receipts(ctx, memberID)
	if err != nil {
		return nil, err
	}
	cond, active, err := s.store.ActiveCondition(ctx, memberID)
	if err != nil {
		return nil, err
	}
	now := s.now()
	out := []MemberBonus{}
	for _, b := range bonuses {
		if !b.usable(now) {
			continue
		}
		mb := MemberBonus{Bonus: b, Received: []Receipt{}}
		for _, r := range receipts {
			if r.Source == SourceBonus && r.Code == b.Code {
				mb.Received = append(mb.Received, r)
			}
		}
		mb.IsActive = active && cond.Source == SourceBonus && cond.Code == b.Code
		mb.ReceivedOut = Counted(b, receipts, now) >= b.MaxReceived
		out = append(out, mb)
	}
	return out, nil
}

func within(from, to *time.Time, now time.Time) bool {
	return (from == nil || !now.Before(*from)) && (to == nil || now.Before(*to))
}

func (b Bonus) usable(now time.Time) bool { return b.Active && within(b.ValidFrom, b.ValidTo, now) }

func (p Promotion) usable(now time.Time) bool { return p.Active && within(p.ValidFrom, p.ValidTo, now) }

// ActivateBonus gives the member the bonus code when the rules allow it
// (docs/promotions.md, "Eligibility") and attaches its condition.
func (s *Service) ActivateBonus(ctx context.Context, memberID, code string) (Condition, error) {
	code = strings.ToUpper(strings.TrimSpace(code))
	b, err := s.store.Bonus(ctx, code)
	if err != nil {
		return Condition{}, err
	}
	now := s.now()
	if !b.usable(now) {
		return Condition{}, errs.New(errs.NoData)
	}
	if err := s.noActive(ctx, memberID); err != nil {
		return Condition{}, err
	}
	amount, err := s.bonusAmount(ctx, memberID, b, now)
	if err != nil {
		return Condition{}, err
	}
	receipts, err := s.store.Receipts(ctx, memberID)
	if err != nil {
		return Condition{}, err
	}
	slot := Counted(b, receipts, now) + 1
	if slot > b.MaxReceived {
		return Condition{}, errs.New(errs.BonusMaxClaimed)
	}
	period, _ := Period(b.Type, now)
	return s.grant(ctx, memberID, SourceBonus, b.Code, string(b.Type), period, slot, b.MaxReceived, amount,
		b.SuccessPercent, b.PercentFail)
}

// bonusAmount checks the deposit-linked eligibility and returns the credit.
func (s *Service) bonusAmount(ctx context.Context, memberID string, b Bonus, now time.Time) (money.Satang, error) {
	if b.NewMemberDays > 0 {
		since, err := s.store.MemberSince(ctx, memberID)
		if err != nil {
			return 0, err
		}
		if now.Sub(since) >= time.Duration(b.NewMemberDays)*24*time.Hour {
			return 0, errs.Newf(errs.BonusCondition, "for members of less than %d days", b.NewMemberDays)
		}
	}
	needDeposit := b.Percent > 0 || b.MinDeposit > 0 || b.FirstDepositOfDay
	if !needDeposit {
		return b.Fixed, nil
	}
	dep, first, ok, err := s.qualifying(ctx, memberID, now)
	if err != nil {
		return 0, err
	}
	switch {
	case !ok:
		return 0, errs.Newf(errs.BonusCondition, "no qualifying deposit today")
	case dep.Amount < b.MinDeposit:
		return 0, errs.Newf(errs.BonusCondition, "the minimum deposit is %s", b.MinDeposit)
	case b.FirstDepositOfDay && !first:
		return 0, errs.Newf(errs.BonusCondition, "only the first deposit of the day")
	}
	if b.Percent == 0 {
		return b.Fixed, nil
	}
	amount := money.Satang(int64(dep.Amount) * int64(b.Percent) / 100)
	if b.Cap > 0 && amount > b.Cap {
		amount = b.Cap
	}
	if amount <= 0 {
		return 0, errs.Newf(errs.BonusCondition, "the deposit is too small")
	}
	return amount, nil
}

// qualifying returns the member's latest deposit of today (Bangkok) made
// after their last receipt, and whether it was the first of the day.
func (s *Service) qualifying(ctx context.Context, memberID string, now time.Time) (Deposit, bool, bool, error) {
	if s.deposits == nil {
		return Deposit{}, false, false, nil
	}
	_, today := Period(TypeDay, now)
	deps, err := s.deposits.Since(ctx, memberID, today)
	if err != nil || len(deps) == 0 {
		return Deposit{}, false, false, err
	}
	receipts, err := s.store.Receipts(ctx, memberID)
	if err != nil {
		return Deposit{}, false, false, err
	}
	last := deps[len(deps)-1]
	if len(receipts) > 0 && !last.At.After(receipts[0].UpdatedAt) {
		return Deposit{}, false, false, nil
	}
	return last, len(deps) == 1, true, nil
}

func (s *Service) noActive(ctx context.Context, memberID string) error {
	if _, active := s.Evaluate(ctx, memberID); active {
		return errs.New(errs.BonusAlreadyActive)
	}
	return nil
}

func (s *Service) grant(ctx context.Context, memberID string, src Source, code, typ, period string, slot, maxSlot int,
	amount money.Satang, successPercent, percentFail int) (Condition, error) {
	if amount <= 0 {
		return Condition{}, errs.Newf(errs.BonusCondition, "nothing to credit")
	}
	now := s.now().UTC()
	id := s.newID()
	memo := string(src) + ":" + code
	g := Grant{
		Receipt: Receipt{ID: id, MemberID: memberID, Source: src, Code: code, Period: period, Slot: slot, Amount: amount,
			UpdatedAt: now},
		Journal: ledger.Journal{ID: s.newID(), Kind: KindBonus, Ref: id, MemberID: memberID, Memo: memo,
			Postings: ledger.Move(ledger.PromotionExpense, ledger.Wallet(memberID), amount), CreatedAt: now},
		Condition: Condition{ID: id, MemberID: memberID, Source: src, Code: code, Type: typ, Amount: amount,
			SuccessPercent: successPercent, PercentFail: percentFail, Status: Active, CreatedAt: now},
		MaxSlot: maxSlot,
	}
	return s.store.Grant(ctx, g)
}

// TypeSpin is the condition type of a spin wheel bonus prize.
const TypeSpin = "spin"

// GrantPrize credits a spin wheel bonus prize of amount with its condition
// (docs/spin.md): a receipt of source bonus and code "SPIN-<slice code>" in
// the coupon's own period, so that one coupon is credited once
// (BONUS_MAX_CLAIMED the second time); BONUS_ALREADY_ACTIVE while the member
// has an active condition.
func (s *Service) GrantPrize(ctx context.Context, memberID, coupon, code string, amount money.Satang,
	successPercent, percentFail int) error {
	if err := s.noActive(ctx, memberID); err != nil {
		return err
	}
	if successPercent == 0 {
		successPercent = DefaultSuccessPercent
	}
	if percentFail == 0 {
		percentFail = DefaultPercentFail
	}
	_, err := s.grant(ctx, memberID, SourceBonus, "SPIN-"+code, TypeSpin, coupon, 1, 1, amount, successPercent, percentFail)
	return err
}

package promo

import (
	"context"
	"errors"
	"log/slog"
	"regexp"
	"strings"
	"time"

	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/limits"
	"ngern/core/money"
	"ngern/core/objects"
)

// Bangkok is the zone of the day and week boundaries (UTC+7 all year).
var Bangkok = time.FixedZone("Asia/Bangkok", 7*3600)

// Deps are what the service needs.
type Deps struct {
	Store    Store
	Deposits Deposits      // nil: no deposits (deposit-linked bonuses are never eligible)
	Objects  objects.Store // banner pictures; nil: no uploads
	Log      *slog.Logger
	Now      func() time.Time
	IDs      func() string
}

// Service implements promotions.
type Service struct {
	store    Store
	deposits Deposits
	objects  objects.Store
	log      *slog.Logger
	now      func() time.Time
	newID    func() string
}

// NewService returns the promotions service.
func NewService(d Deps) *Service {
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Log == nil {
		d.Log = slog.Default()
	}
	return &Service{store: d.Store, deposits: d.Deposits, objects: d.Objects, log: d.Log, now: d.Now, newID: d.IDs}
}

// Period returns the key of the period t falls in for a bonus type, and
// when that period started: "all" and the zero time for limit, the Bangkok
// date for day, the Bangkok date of the week's Monday for week.
func Period(typ Type, t time.Time) (string, time.Time) {
	b := t.In(Bangkok)
	day := time.Date(b.Year(), b.Month(), b.Day(), 0, 0, 0, 0, Bangkok)
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

// FindPromotion returns a promotion code the member may use now
// (NO_PROMOTION).
func (s *Service) FindPromotion(ctx context.Context, code string) (Promotion, error) {
	code = strings.ToUpper(strings.TrimSpace(code))
	if !codeRE.MatchString(code) {
		return Promotion{}, errs.New(errs.NoPromotion)
	}
	p, err := s.store.Promotion(ctx, code)
	if err != nil {
		return Promotion{}, err
	}
	if !p.usable(s.now()) {
		return Promotion{}, errs.New(errs.NoPromotion)
	}
	return p, nil
}

// ActivatePromotion gives the member a promotion code's credit and attaches
// its condition.
func (s *Service) ActivatePromotion(ctx context.Context, memberID, code string) (Condition, error) {
	p, err := s.FindPromotion(ctx, code)
	if err != nil {
		return Condition{}, err
	}
	if p.LimitTotal > 0 && p.Used >= p.LimitTotal {
		return Condition{}, errs.New(errs.BonusFull)
	}
	receipts, err := s.store.Receipts(ctx, memberID)
	if err != nil {
		return Condition{}, err
	}
	used := 0
	for _, r := range receipts {
		if r.Source == SourcePromotion && r.Code == p.Code {
			used++
		}
	}
	if used >= p.LimitPerMember {
		return Condition{}, errs.New(errs.PromotionReceived)
	}
	if err := s.noActive(ctx, memberID); err != nil {
		return Condition{}, err
	}
	return s.grant(ctx, memberID, SourcePromotion, p.Code, TypePromotion, "all", used+1, p.LimitPerMember, p.Amount,
		p.SuccessPercent, p.PercentFail)
}

// CurrentPromotion returns the promotion of the member's active condition,
// if its source is a promotion code.
func (s *Service) CurrentPromotion(ctx context.Context, memberID string) (Promotion, bool, error) {
	c, active := s.Evaluate(ctx, memberID)
	if !active || c.Source != SourcePromotion {
		return Promotion{}, false, nil
	}
	p, err := s.store.Promotion(ctx, c.Code)
	if err != nil {
		return Promotion{}, false, err
	}
	return p, true, nil
}

// Progress is a condition with where the member stands.
type Progress struct {
	Condition
	Total    money.Satang // wallet + games + open transfers, for the console
	Play     money.Satang // game results (wins − bets) booked since the condition started
	Progress money.Satang // Base + Play: only play moves it
}

// Active evaluates the member's condition and returns it with its progress
// while it is active.
func (s *Service) Active(ctx context.Context, memberID string) (Progress, bool, error) {
	c, ok, err := s.store.ActiveCondition(ctx, memberID)
	if err != nil || !ok {
		return Progress{}, false, err
	}
	p, err := s.evaluate(ctx, c)
	if err != nil {
		return Progress{}, false, err
	}
	return p, p.Status == Active, nil
}

// Evaluate ends the member's active condition when it has reached its
// target or fallen below its minimum, and returns it with whether it is
// still active. An error is logged and the condition left active: the
// next evaluation tries again.
func (s *Service) Evaluate(ctx context.Context, memberID string) (Condition, bool) {
	p, active, err := s.Active(ctx, memberID)
	if err != nil {
		s.log.ErrorContext(ctx, "promotion condition not evaluated", "member", memberID, "err", err)
		c, ok, _ := s.store.ActiveCondition(ctx, memberID)
		return c, ok
	}
	return p.Condition, active
}

// BalanceChanged is told of every balance change of a member the server
// sees; it evaluates the member's condition.
func (s *Service) BalanceChanged(ctx context.Context, memberID string) { s.Evaluate(ctx, memberID) }

// CheckWithdraw answers BONUS_REMAINING while a condition locks the
// member's money (evaluated first, so that a condition just met does not
// block).
func (s *Service) CheckWithdraw(ctx context.Context, memberID string) error {
	p, active, err := s.Active(ctx, memberID)
	if err != nil {
		return err
	}
	if active {
		return errs.Newf(errs.BonusRemaining, "reach %s or cancel the bonus", p.Target())
	}
	return nil
}

func (s *Service) evaluate(ctx context.Context, c Condition) (Progress, error) {
	p := Progress{Condition: c}
	total, err := s.store.TotalBalance(ctx, c.MemberID)
	if err != nil {
		return p, err
	}
	p.Total = total
	played, err := s.store.Play(ctx, c.MemberID, c.PlayFrom)
	if err != nil {
		return p, err
	}
	p.Play = played - c.PlayMark
	p.Progress = c.Base + p.Play
	var to Status
	switch {
	case p.Progress >= c.Target():
		to = Success
	case p.Progress < c.Minimum():
		to = Failed
	default:
		return p, nil
	}
	now := s.now().UTC()
	if _, err := s.store.EndCondition(ctx, c.ID, to, "", now, nil); err != nil {
		return p, err
	}
	// Whoever ended it (this call or another at once), it is over.
	ended, err := s.store.Condition(ctx, c.ID)
	if err != nil {
		return p, err
	}
	p.Condition = ended
	return p, nil
}

// EvaluateAll evaluates every active condition (the periodic job) and
// reports how many ended.
func (s *Service) EvaluateAll(ctx context.Context) (int, error) {
	conds, err := s.store.ActiveConditions(ctx)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, c := range conds {
		if ctx.Err() != nil {
			return n, ctx.Err()
		}
		p, err := s.evaluate(ctx, c)
		if err != nil {
			s.log.ErrorContext(ctx, "promotion condition not evaluated", "condition", c.ID, "err", err)
			continue
		}
		if p.Status != Active {
			n++
		}
	}
	return n, nil
}

// Clear cancels the member's active condition, forfeiting the remaining
// bonus part: min(bonus, total balance), never more than what is left,
// taken from the wallet. Money in game accounts must be brought back first
// (the API does so): while the wallet holds less than the forfeit it
// answers MONEY_NOT_ENOUGH and changes nothing. A condition that
// evaluation ends first is not forfeited. NO_DATA when none is active.
func (s *Service) Clear(ctx context.Context, memberID string) (Condition, error) {
	p, active, err := s.Active(ctx, memberID)
	if err != nil {
		return Condition{}, err
	}
	if !active {
		if p.ID != "" {
			return p.Condition, nil
		}
		return Condition{}, errs.New(errs.NoData)
	}
	return s.end(ctx, p.Condition, Cancelled, "", true)
}

// end ends an active condition with status, forfeiting min(bonus, total)
// from the wallet when forfeit.
func (s *Service) end(ctx context.Context, c Condition, status Status, by string, forfeit bool) (Condition, error) {
	for attempt := 0; ; attempt++ {
		var j *ledger.Journal
		if forfeit {
			wal, err := s.store.WalletBalance(ctx, c.MemberID)
			if err != nil {
				return Condition{}, err
			}
			total, err := s.store.TotalBalance(ctx, c.MemberID)
			if err != nil {
				return Condition{}, err
			}
			amount := min(c.Amount, total)
			if wal < amount {
				return Condition{}, errs.Newf(errs.MoneyNotEnough, "bring the game balances back to the wallet first")
			}
			if amount > 0 {
				j = &ledger.Journal{ID: s.newID(), Kind: KindForfeit, Ref: c.ID, MemberID: c.MemberID,
					Memo: string(c.Source) + ":" + c.Code, By: by,
					Postings: ledger.Move(ledger.Wallet(c.MemberID), Expense(c.Source), amount), CreatedAt: s.now().UTC()}
			}
		}
		ok, err := s.store.EndCondition(ctx, c.ID, status, by, s.now().UTC(), j)
		var e *errs.Error
		if errors.As(err, &e) && e.Code == errs.MoneyNotEnough && attempt < 3 {
			continue // the wallet changed meanwhile: read it again
		}
		if err != nil {
			return Condition{}, err
		}
		if !ok {
			return Condition{}, errs.Newf(errs.NoData, "the condition ended meanwhile")
		}
		return s.store.Condition(ctx, c.ID)
	}
}

// Conditions lists active conditions with their progress (the console).
func (s *Service) Conditions(ctx context.Context) ([]Progress, error) {
	conds, err := s.store.ActiveConditions(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]Progress, 0, len(conds))
	for _, c := range conds {
		p, err := s.evaluate(ctx, c)
		if err != nil {
			return nil, err
		}
		if p.Status == Active {
			out = append(out, p)
		}
	}
	return out, nil
}

// EndByOperator ends an active condition for an operator: with forfeit as
// a cancel, without it as a release. NO_DATA when it is not active.
func (s *Service) EndByOperator(ctx context.Context, id, by string, forfeit bool) (Condition, error) {
	c, err := s.store.Condition(ctx, id)
	if err != nil {
		return Condition{}, err
	}
	if c.Status != Active {
		return Condition{}, errs.Newf(errs.NoData, "the condition is %s already", strings.ToLower(string(c.Status)))
	}
	return s.end(ctx, c, Ended, by, forfeit)
}

// Condition returns a condition (NO_DATA).
func (s *Service) Condition(ctx context.Context, id string) (Condition, error) {
	return s.store.Condition(ctx, id)
}

// Bonus returns a bonus (NO_DATA).
func (s *Service) Bonus(ctx context.Context, code string) (Bonus, error) {
	return s.store.Bonus(ctx, code)
}

// Promotion returns a promotion code (NO_PROMOTION).
func (s *Service) Promotion(ctx context.Context, code string) (Promotion, error) {
	return s.store.Promotion(ctx, code)
}

// Bonuses lists every bonus (the console).
func (s *Service) Bonuses(ctx context.Context) ([]Bonus, error) { return s.store.Bonuses(ctx) }

// Promotions lists every promotion code (the console).
func (s *Service) Promotions(ctx context.Context) ([]Promotion, error) {
	return s.store.Promotions(ctx)
}

var codeRE = regexp.MustCompile(`^[A-Z0-9_-]{2,32}$`)

func validCommon(code string, percentFail, successPercent *int, from, to *time.Time) error {
	switch {
	case !codeRE.MatchString(code):
		return errs.OnField(errs.InvalidRequest, "code")
	case *percentFail < 0 || *percentFail > 100:
		return errs.OnField(errs.InvalidRequest, "percentFail")
	case *successPercent != 0 && (*successPercent <= 100 || *successPercent > 10000):
		return errs.OnField(errs.InvalidRequest, "successPercent")
	case from != nil && to != nil && !to.After(*from):
		return errs.OnField(errs.InvalidRequest, "validTo")
	}
	if *percentFail == 0 {
		*percentFail = DefaultPercentFail
	}
	if *successPercent == 0 {
		*successPercent = DefaultSuccessPercent
	}
	return nil
}

// maxAmount bounds a credit an operator may define (1,000,000.00).
const maxAmount = money.Satang(100_000_000)

// SaveBonus validates and stores a bonus (created or replaced).
func (s *Service) SaveBonus(ctx context.Context, b Bonus) (Bonus, error) {
	b.Code = strings.ToUpper(strings.TrimSpace(b.Code))
	b.Name = strings.TrimSpace(b.Name)
	if err := validCommon(b.Code, &b.PercentFail, &b.SuccessPercent, b.ValidFrom, b.ValidTo); err != nil {
		return Bonus{}, err
	}
	switch {
	case b.Name == "" || len(b.Name) > 100:
		return Bonus{}, errs.OnField(errs.InvalidRequest, "name")
	case b.Type != TypeLimit && b.Type != TypeDay && b.Type != TypeWeek:
		return Bonus{}, errs.OnField(errs.InvalidRequest, "type")
	case b.MaxReceived < 1 || b.MaxReceived > 1000:
		return Bonus{}, errs.OnField(errs.InvalidRequest, "maxReceived")
	case b.Percent < 0 || b.Percent > 1000:
		return Bonus{}, errs.OnField(errs.InvalidRequest, "percent")
	case b.Percent == 0 && (b.Fixed <= 0 || b.Fixed > maxAmount):
		return Bonus{}, errs.OnField(errs.InvalidRequest, "fixed")
	case b.Percent > 0 && b.Fixed != 0:
		return Bonus{}, errs.Newf(errs.InvalidRequest, "fixed or percent, not both")
	case b.Cap < 0 || b.Cap > maxAmount:
		return Bonus{}, errs.OnField(errs.InvalidRequest, "cap")
	case b.MinDeposit < 0 || b.MinDeposit > maxAmount:
		return Bonus{}, errs.OnField(errs.InvalidRequest, "minDeposit")
	case b.NewMemberDays < 0 || b.NewMemberDays > 3650:
		return Bonus{}, errs.OnField(errs.InvalidRequest, "newMemberDays")
	case len(b.Banners) > 10:
		return Bonus{}, errs.OnField(errs.InvalidRequest, "banners")
	}
	for _, bn := range b.Banners {
		if len(bn.Image) > 2048 || len(bn.HTML) > 10000 || (bn.Lang != "" && bn.Lang != "th" && bn.Lang != "la" && bn.Lang != "en") {
			return Bonus{}, errs.OnField(errs.InvalidRequest, "banners")
		}
	}
	if b.Banners == nil {
		b.Banners = []Banner{}
	}
	b.UpdatedAt = s.now().UTC()
	return b, s.store.SaveBonus(ctx, b)
}

// SavePromotion validates and stores a promotion code (created or
// replaced; its use count is kept).
func (s *Service) SavePromotion(ctx context.Context, p Promotion) (Promotion, error) {
	p.Code = strings.ToUpper(strings.TrimSpace(p.Code))
	if err := validCommon(p.Code, &p.PercentFail, &p.SuccessPercent, p.ValidFrom, p.ValidTo); err != nil {
		return Promotion{}, err
	}
	if p.LimitPerMember == 0 {
		p.LimitPerMember = 1
	}
	switch {
	case p.Amount <= 0 || p.Amount > maxAmount:
		return Promotion{}, errs.OnField(errs.InvalidRequest, "amount")
	case p.LimitTotal < 0:
		return Promotion{}, errs.OnField(errs.InvalidRequest, "limitTotal")
	case p.LimitPerMember < 0 || p.LimitPerMember > 1000:
		return Promotion{}, errs.OnField(errs.InvalidRequest, "limitPerMember")
	case len(p.Description) > limits.HTML:
		return Promotion{}, errs.OnField(errs.InvalidRequest, "description")
	}
	p.UpdatedAt = s.now().UTC()
	return p, s.store.SavePromotion(ctx, p)
}

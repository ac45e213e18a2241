package rewards

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sort"
	"strings"
	"sync"
	"time"

	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/limits"
	"ngern/core/money"
	"ngern/core/promo"
	"ngern/core/wallet"
)

// Collection tuning.
const (
	// BetPage is how many bets one bet-history call asks for.
	BetPage = 500
	// maxPages bounds one collection of a game, so that a huge backlog is
	// taken over several runs rather than one long one.
	maxPages = 40
)

// Promotions is what rewards asks of the promotions engine.
type Promotions interface {
	// Active reports whether the member holds an active condition (after
	// evaluating it, so a condition just met does not block).
	Active(ctx context.Context, memberID string) (promo.Progress, bool, error)
}

// Deps are what the service needs.
type Deps struct {
	Store    Store
	Provider wallet.GameProvider // nil: nothing to collect
	// Games lists the game codes whose bet history is collected.
	Games      func(ctx context.Context) ([]string, error)
	Promotions Promotions
	Log        *slog.Logger
	Now        func() time.Time
	IDs        func() string
}

// Service implements game-result collection, the accrual of refunds and
// invite commissions, and the members' and operators' calls.
type Service struct {
	store    Store
	provider wallet.GameProvider
	games    func(ctx context.Context) ([]string, error)
	promos   Promotions
	log      *slog.Logger
	now      func() time.Time
	newID    func() string
	collect  sync.Mutex // one collection at a time on this node
	closeMu  sync.Mutex // one accrual at a time on this node

	cacheMu sync.Mutex
	cache   map[Program]cachedSettings
}

type cachedSettings struct {
	st Settings
	at time.Time
}

// settingsTTL is how long CachedSettings serves a program's settings from
// memory (a save through this node shows at once).
const settingsTTL = 10 * time.Second

// NewService returns the rewards service.
func NewService(d Deps) *Service {
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Log == nil {
		d.Log = slog.Default()
	}
	return &Service{store: d.Store, provider: d.Provider, games: d.Games, promos: d.Promotions, log: d.Log,
		now: d.Now, newID: d.IDs}
}

// ---- Game results ----

// CollectGame reads game's bet history from the stored cursor until the
// provider has no more (at most maxPages pages) and stores the new bets.
// It returns how many were new. A failure is recorded for the console and
// returned; what was stored before it stays (the cursor moves with each
// page, in the page's transaction). A provider's failure is returned as
// PROVIDER_UNAVAILABLE wrapping the provider's error; the store's as it is.
func (s *Service) CollectGame(ctx context.Context, game string) (int, error) {
	if s.provider == nil {
		return 0, nil
	}
	st, err := s.store.CollectState(ctx, game)
	if err != nil {
		return 0, err
	}
	cursor, added := st.Cursor, 0
	for page := 0; page < maxPages; page++ {
		bets, next, err := s.provider.Bets(ctx, game, cursor, BetPage)
		if err != nil {
			if ferr := s.store.CollectFailed(context.WithoutCancel(ctx), game, err.Error(), s.now().UTC()); ferr != nil {
				s.log.Error("collection failure not recorded", "game", game, "err", ferr)
			}
			// PROVIDER_UNAVAILABLE first, so that the provider's error (a
			// network error, say) is never taken for the database's; the
			// cause stays in the chain for the log, not for the caller.
			return added, fmt.Errorf("rewards: collect %s: %w: %w", game,
				errs.Newf(errs.ProviderUnavailable, "bet history of %s", game), err)
		}
		for i := range bets {
			bets[i].Game = game
		}
		n, err := s.store.SaveBets(ctx, game, bets, next, s.now().UTC())
		if err != nil {
			return added, err
		}
		added += n
		if len(bets) == 0 || next == cursor {
			break
		}
		cursor = next
	}
	return added, nil
}

// Collect collects every game's bet history; a game that fails does not
// stop the others. It returns the bets stored and the first error.
func (s *Service) Collect(ctx context.Context) (int, error) {
	if s.provider == nil || s.games == nil {
		return 0, nil
	}
	s.collect.Lock()
	defer s.collect.Unlock()
	games, err := s.games(ctx)
	if err != nil {
		return 0, err
	}
	total := 0
	var first error
	for _, g := range games {
		n, err := s.CollectGame(ctx, g)
		total += n
		if err != nil && first == nil {
			first = err
		}
	}
	return total, first
}

// CollectStates is the console's collection status, with the lag.
func (s *Service) CollectStates(ctx context.Context) ([]CollectState, error) {
	list, err := s.store.CollectStates(ctx)
	if err != nil {
		return nil, err
	}
	now := s.now()
	for i := range list {
		list[i].Lag = -1
		if list[i].LastBetAt != nil {
			list[i].Lag = int64(now.Sub(*list[i].LastBetAt) / time.Second)
		}
	}
	return list, nil
}

// Results lists day results (the console's per-member history).
func (s *Service) Results(ctx context.Context, memberID, fromDay, toDay string, limit int) ([]DayResult, error) {
	if limit <= 0 || limit > 500 {
		limit = 100
	}
	return s.store.Results(ctx, memberID, fromDay, toDay, limit)
}

// ---- Settings ----

// Settings returns a program's settings (the defaults until saved).
func (s *Service) Settings(ctx context.Context, p Program) (Settings, error) {
	st, ok, err := s.store.Settings(ctx, p)
	if err != nil {
		return Settings{}, err
	}
	if !ok {
		return DefaultSettings(p), nil
	}
	return st, nil
}

// CachedSettings returns a program's settings read at most settingsTTL
// ago: for the wallet read, which must not add a database round trip.
func (s *Service) CachedSettings(ctx context.Context, p Program) (Settings, error) {
	s.cacheMu.Lock()
	c, ok := s.cache[p]
	s.cacheMu.Unlock()
	if ok && s.now().Sub(c.at) < settingsTTL && s.now().Sub(c.at) >= 0 {
		return c.st, nil
	}
	st, err := s.Settings(ctx, p)
	if err != nil {
		return Settings{}, err
	}
	s.remember(p, st)
	return st, nil
}

func (s *Service) remember(p Program, st Settings) {
	s.cacheMu.Lock()
	defer s.cacheMu.Unlock()
	if s.cache == nil {
		s.cache = map[Program]cachedSettings{}
	}
	s.cache[p] = cachedSettings{st: st, at: s.now()}
}

// SaveSettings validates and stores a program's settings; bad input
// answers INVALID_REQUEST on the field and changes nothing.
func (s *Service) SaveSettings(ctx context.Context, p Program, st Settings, by string) (Settings, error) {
	if p != Refund && p != Invite {
		return Settings{}, errs.New(errs.NotFoundCode)
	}
	switch {
	case st.Period != PeriodDaily && st.Period != PeriodWeekly:
		return Settings{}, errs.OnField(errs.InvalidRequest, "period")
	case st.RateBP < 0 || st.RateBP > 10000:
		return Settings{}, errs.OnField(errs.InvalidRequest, "rateBP")
	case st.MinNetLoss < 0:
		return Settings{}, errs.OnField(errs.InvalidRequest, "minNetLoss")
	case st.MaxPerPeriod < 0:
		return Settings{}, errs.OnField(errs.InvalidRequest, "maxPerPeriod")
	case st.SuccessPercent <= 100 || st.SuccessPercent > 10000:
		return Settings{}, errs.OnField(errs.InvalidRequest, "successPercent")
	case st.FailPercent < 0 || st.FailPercent > 100:
		return Settings{}, errs.OnField(errs.InvalidRequest, "failPercent")
	}
	games := []string{}
	seen := map[string]bool{}
	for _, g := range st.Games {
		g = strings.TrimSpace(g)
		if g == "" || len(g) > limits.Label {
			return Settings{}, errs.OnField(errs.InvalidRequest, "games")
		}
		if !seen[g] {
			seen[g] = true
			games = append(games, g)
		}
	}
	st.Games = games
	if st.Info == nil {
		st.Info = map[string]string{}
	}
	for lang, html := range st.Info {
		if !validLang(lang) || len(html) > limits.HTML {
			return Settings{}, errs.OnField(errs.InvalidRequest, "info")
		}
	}
	if st.Banners == nil {
		st.Banners = []promo.Banner{}
	}
	if len(st.Banners) > 20 {
		return Settings{}, errs.OnField(errs.InvalidRequest, "banners")
	}
	for _, b := range st.Banners {
		if !validLang(b.Lang) || b.Image == "" || len(b.Image) > 500 || len(b.HTML) > limits.HTML {
			return Settings{}, errs.OnField(errs.InvalidRequest, "banners")
		}
	}
	st.UpdatedAt = s.now().UTC()
	st.UpdatedBy = by
	if err := s.store.SaveSettings(ctx, p, st); err != nil {
		return Settings{}, err
	}
	s.remember(p, st)
	return st, nil
}

func validLang(l string) bool { return l == "" || l == "th" || l == "la" || l == "en" }

// ---- Periods and accrual ----

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

// ---- Members: refunds ----

// RefundCheck is GET /api/refund/check.
type RefundCheck struct {
	Result  bool         // refunds are active and something is pending or received
	Bonus   bool         // a bonus condition is held (receive is disabled)
	Info    string       // the explanatory html
	Pending money.Satang // accrued, not yet received
	Balance money.Satang // received, not yet added to the wallet
	Success int
	Fail    int
	Active  bool
}

// CheckRefund answers the refund modal's state.
func (s *Service) CheckRefund(ctx context.Context, memberID, lang string) (RefundCheck, error) {
	st, err := s.Settings(ctx, Refund)
	if err != nil {
		return RefundCheck{}, err
	}
	a, err := s.store.Amounts(ctx, Refund, memberID)
	if err != nil {
		return RefundCheck{}, err
	}
	held, err := s.held(ctx, memberID)
	if err != nil {
		return RefundCheck{}, err
	}
	return RefundCheck{Result: st.Active && (a.Pending > 0 || a.Received > 0), Bonus: held, Info: pick(st.Info, lang),
		Pending: a.Pending, Balance: a.Received, Success: st.SuccessPercent, Fail: st.FailPercent, Active: st.Active}, nil
}

func (s *Service) held(ctx context.Context, memberID string) (bool, error) {
	if s.promos == nil {
		return false, nil
	}
	_, active, err := s.promos.Active(ctx, memberID)
	return active, err
}

// ReceiveRefund moves the member's pending refunds to their refund balance
// and returns the amount: REFUND_INACTIVE, REFUND_CONDITION while a bonus
// is held, NO_REFUND when nothing is pending.
func (s *Service) ReceiveRefund(ctx context.Context, memberID string) (money.Satang, error) {
	st, err := s.Settings(ctx, Refund)
	if err != nil {
		return 0, err
	}
	if !st.Active {
		return 0, errs.New(errs.RefundInactive)
	}
	if held, err := s.held(ctx, memberID); err != nil {
		return 0, err
	} else if held {
		return 0, errs.New(errs.RefundCondition)
	}
	n, err := s.store.ReceiveRefunds(ctx, memberID, s.now().UTC())
	if err != nil {
		return 0, err
	}
	if n <= 0 {
		return 0, errs.New(errs.NoRefund)
	}
	return n, nil
}

// AddRefund credits the member's refund balance to their wallet from
// sys:refunds with the refund condition attached: REFUND_INACTIVE,
// REFUND_CONDITION while a bonus is held, REFUND_MINIMUM when the refund
// balance is 0.
func (s *Service) AddRefund(ctx context.Context, memberID string) (promo.Condition, error) {
	st, err := s.Settings(ctx, Refund)
	if err != nil {
		return promo.Condition{}, err
	}
	if !st.Active {
		return promo.Condition{}, errs.New(errs.RefundInactive)
	}
	if held, err := s.held(ctx, memberID); err != nil {
		return promo.Condition{}, err
	} else if held {
		return promo.Condition{}, errs.New(errs.RefundCondition)
	}
	c, err := s.claim(ctx, Refund, memberID, st)
	switch {
	case errors.Is(err, ErrNothing):
		return promo.Condition{}, errs.New(errs.RefundMinimum)
	case errs.HasCode(err, errs.BonusAlreadyActive):
		return promo.Condition{}, errs.New(errs.RefundCondition)
	}
	return c, err
}

// claim takes the member's claimable accruals of p and credits them with
// the program's condition, in one store transaction.
func (s *Service) claim(ctx context.Context, p Program, memberID string, st Settings) (promo.Condition, error) {
	claimID := s.newID()
	now := s.now().UTC()
	src, kind, code, from := SourceRefund, KindRefund, "REFUND", ledger.RefundExpense
	if p == Invite {
		src, kind, code, from = SourceInvite, KindInvite, "INVITE", ledger.InviteExpense
	}
	build := func(amount money.Satang) promo.Grant {
		return promo.Grant{
			Receipt: promo.Receipt{ID: claimID, MemberID: memberID, Source: src, Code: code, Period: claimID, Slot: 1,
				Amount: amount, UpdatedAt: now},
			Journal: ledger.Journal{ID: s.newID(), Kind: kind, Ref: claimID, MemberID: memberID,
				Memo: string(src) + ":" + code, Postings: ledger.Move(from, ledger.Wallet(memberID), amount), CreatedAt: now},
			Condition: promo.Condition{ID: claimID, MemberID: memberID, Source: src, Code: code, Type: string(src),
				Amount: amount, SuccessPercent: st.SuccessPercent, PercentFail: st.FailPercent, Status: promo.Active,
				CreatedAt: now},
			MaxSlot: 1,
		}
	}
	return s.store.Claim(ctx, p, memberID, claimID, now, build)
}

// RefundLog is POST /api/refund: the member's refunds, newest first.
func (s *Service) RefundLog(ctx context.Context, memberID string, page, limit int) ([]Item, int, error) {
	return s.Items(ctx, Refund, memberID, "", page, limit)
}

// Banners returns a program's carousel for lang: the banners of every
// language and those of lang, or of Thai when the operator made none in
// lang (an untranslated text falls back to Thai).
func (s *Service) Banners(ctx context.Context, p Program, lang string) ([]promo.Banner, error) {
	st, err := s.Settings(ctx, p)
	if err != nil {
		return nil, err
	}
	out := []promo.Banner{}
	if !st.Active {
		return out, nil
	}
	shown := "th"
	for _, b := range st.Banners {
		if b.Lang == lang {
			shown = lang
		}
	}
	for _, b := range st.Banners {
		if b.Lang == "" || b.Lang == shown {
			out = append(out, b)
		}
	}
	return out, nil
}

// pick returns the html of lang, else of every language, else the Thai
// one (the fallback of every untranslated text), else the first of en, la
// there is.
func pick(m map[string]string, lang string) string {
	for _, l := range []string{lang, "", "th", "en", "la"} {
		if v := m[l]; v != "" {
			return v
		}
	}
	return ""
}

// ---- Members: invites ----

// InviteBonus is the invite bonus waiting for a member, with the condition
// that comes with it.
type InviteBonus struct {
	Amount  money.Satang
	Success int
	Fail    int
	Active  bool
}

// InviteBonus returns what GET /api/invite/bonus and the wallet's invite
// field show.
func (s *Service) InviteBonus(ctx context.Context, memberID string) (InviteBonus, error) {
	st, err := s.Settings(ctx, Invite)
	if err != nil {
		return InviteBonus{}, err
	}
	a, err := s.store.Amounts(ctx, Invite, memberID)
	if err != nil {
		return InviteBonus{}, err
	}
	return InviteBonus{Amount: a.Pending, Success: st.SuccessPercent, Fail: st.FailPercent, Active: st.Active}, nil
}

// ReceiveInvite credits the member's pending invite bonus from
// sys:invites with the invite condition attached. INVITE_INACTIVE; with
// nothing pending, INVITE_COLLECT when the member received an invite bonus
// before, NO_INVITEE_PLAY_INFO when they have invitees none of whom played,
// NO_INVITE_BONUS otherwise; INVITE_BONUS_FAIL while a condition is held.
func (s *Service) ReceiveInvite(ctx context.Context, memberID string) (promo.Condition, error) {
	st, err := s.Settings(ctx, Invite)
	if err != nil {
		return promo.Condition{}, err
	}
	if !st.Active {
		return promo.Condition{}, errs.New(errs.InviteInactive)
	}
	a, err := s.store.Amounts(ctx, Invite, memberID)
	if err != nil {
		return promo.Condition{}, err
	}
	if a.Pending <= 0 {
		return promo.Condition{}, s.noInviteBonus(ctx, memberID, a)
	}
	if held, err := s.held(ctx, memberID); err != nil {
		return promo.Condition{}, err
	} else if held {
		return promo.Condition{}, errs.Newf(errs.InviteBonusFail, "a bonus condition is active")
	}
	c, err := s.claim(ctx, Invite, memberID, st)
	switch {
	case errs.HasCode(err, errs.BonusAlreadyActive):
		return promo.Condition{}, errs.Newf(errs.InviteBonusFail, "a bonus condition is active")
	case errors.Is(err, ErrNothing):
		// Taken by a concurrent call meanwhile.
		return promo.Condition{}, errs.New(errs.InviteCollect)
	}
	return c, err
}

// noInviteBonus says why nothing waits.
func (s *Service) noInviteBonus(ctx context.Context, memberID string, a Amounts) error {
	if a.Claimed {
		return errs.New(errs.InviteCollect)
	}
	_, invitees, err := s.store.Invitees(ctx, memberID, 0, 1)
	if err != nil {
		return err
	}
	if invitees > 0 {
		played, err := s.store.InviteePlayed(ctx, memberID)
		if err != nil {
			return err
		}
		if !played {
			return errs.New(errs.NoInviteePlayInfo)
		}
	}
	return errs.New(errs.NoInviteBonus)
}

// Invitees is POST /api/invite: the members memberID invited.
func (s *Service) Invitees(ctx context.Context, memberID string, page, limit int) ([]Invitee, int, error) {
	page, limit = pageOf(page, limit)
	return s.store.Invitees(ctx, memberID, (page-1)*limit, limit)
}

// InviteCode is a member's invite code: "PR" and their id (the register
// flow resolves it, core/account).
func InviteCode(memberID string) string { return "PR" + memberID }

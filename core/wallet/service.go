package wallet

import (
	"context"
	"crypto/subtle"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"time"

	"ngern/core/account"
	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
)

// Config tunes the wallet rules.
type Config struct {
	// TransferMin is the smallest amount a member may transfer (spec: 1 baht).
	TransferMin money.Satang
	// PendingGrace is how long a PENDING transfer is left to the request
	// that made it before the reconciler takes it over (longer than any
	// provider call can take).
	PendingGrace time.Duration
	// RetryMax caps the wait between two status questions about one
	// transfer.
	RetryMax time.Duration
	// ReconcileBatch bounds the transfers one reconciler pass handles.
	ReconcileBatch int
	// RefreshConcurrency bounds the provider calls of one refresh.
	RefreshConcurrency int
	// CatalogueTTL is how long the games catalogue is served from memory
	// before it is read again (a change through this node shows at once).
	CatalogueTTL time.Duration
}

// DefaultConfig returns the documented defaults.
func DefaultConfig() Config {
	return Config{
		TransferMin:        money.FromBaht(1),
		PendingGrace:       time.Minute,
		RetryMax:           time.Minute,
		ReconcileBatch:     100,
		RefreshConcurrency: 4,
		CatalogueTTL:       10 * time.Second,
	}
}

// Service implements the wallet rules.
type Service struct {
	store    Store
	ledger   ledger.Store
	provider GameProvider
	members  Members
	limits   Limits
	sealer   *Sealer
	cfg      Config
	log      *slog.Logger
	now      func() time.Time
	cat      catalogue
}

// Deps are what the service needs.
type Deps struct {
	Store    Store
	Ledger   ledger.Store
	Provider GameProvider
	Members  Members
	Limits   Limits
	Sealer   *Sealer
	Log      *slog.Logger
	Now      func() time.Time // nil: the system clock
}

// NewService returns a wallet service.
func NewService(d Deps, cfg Config) *Service {
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Log == nil {
		d.Log = slog.Default()
	}
	return &Service{store: d.Store, ledger: d.Ledger, provider: d.Provider, members: d.Members, limits: d.Limits,
		sealer: d.Sealer, cfg: cfg, log: d.Log, now: d.Now}
}

// Games lists the catalogue, all of it for operators.
func (s *Service) Games(ctx context.Context) ([]Game, error) { return s.store.Games(ctx, false) }

// SeedDemoGames stores the demo catalogue when the catalogue is empty.
func (s *Service) SeedDemoGames(ctx context.Context) (int, error) {
	n, err := s.store.SeedGames(ctx, DemoGames())
	if n > 0 {
		s.InvalidateCatalogue()
	}
	return n, err
}

// Home returns the member's home screen: the balances from the ledger as it
// stands (never cached), the games from the catalogue. It lists every active
// game, and a switched-off game while the member still has money in it, so
// the money can be brought back.
func (s *Service) Home(ctx context.Context, memberID string) (*Home, error) {
	games, byCode, err := s.catalogue(ctx, false)
	if err != nil {
		return nil, err
	}
	mh, err := s.store.MemberHome(ctx, memberID)
	if err != nil {
		return nil, err
	}
	for _, a := range mh.Accounts {
		if byCode[a.Game] == nil {
			// An account with a game this node has not seen yet (added by
			// another node within the TTL): read the catalogue again.
			if games, _, err = s.catalogue(ctx, true); err != nil {
				return nil, err
			}
			break
		}
	}
	h := &Home{Member: mh.Member, Bank: mh.Bank, Wallet: mh.Wallet, Slots: make([]Slot, 0, len(games)),
		UpdatedAt: s.now().UTC()}
	for _, g := range games {
		var amount money.Satang
		has := false
		for _, a := range mh.Accounts {
			if a.Game == g.Code {
				amount, has = a.Amount, true
				break
			}
		}
		if !g.Active && amount <= 0 {
			continue
		}
		h.Slots = append(h.Slots, Slot{CatalogueGame: *g, IsActive: has, Amount: amount})
	}
	return h, nil
}

// Refresh books every game balance of the member from the providers, then
// returns the home screen. A provider that fails is skipped and logged.
func (s *Service) Refresh(ctx context.Context, memberID string) (*Home, error) {
	accounts, err := s.store.GameAccounts(ctx, memberID)
	if err != nil {
		return nil, err
	}
	var wg sync.WaitGroup
	slots := make(chan struct{}, max(1, s.cfg.RefreshConcurrency))
	for _, ga := range accounts {
		wg.Add(1)
		slots <- struct{}{}
		go func() {
			defer func() { <-slots; wg.Done() }()
			if err := s.refreshGame(ctx, ga); err != nil {
				s.log.WarnContext(ctx, "game balance not refreshed", "game", ga.Game, "err", err)
			}
		}()
	}
	wg.Wait()
	return s.Home(ctx, memberID)
}

// refreshGame makes the member's GAME account equal the provider balance by
// booking the difference (bets and wins) against the game's clearing
// account. It books nothing while a transfer of that game is open, or when
// the account changed while the provider was asked: the next refresh does.
func (s *Service) refreshGame(ctx context.Context, ga GameAccount) error {
	snap, err := s.store.GameSnapshot(ctx, ga.MemberID, ga.Game)
	if err != nil || snap.Open > 0 {
		return err
	}
	bal, err := s.provider.Balance(ctx, ga.Game, ga.Username)
	if err != nil {
		return err
	}
	delta := bal - snap.Balance
	if delta == 0 {
		return nil
	}
	j := s.journal(ledger.GameResult, account.NewID(), ga.MemberID,
		ledger.Move(ledger.Clearing(ga.Game), ledger.Game(ga.MemberID, ga.Game), delta))
	_, err = s.store.BookGameResult(ctx, ga.MemberID, ga.Game, snap.Version, j)
	return err
}

func (s *Service) journal(kind ledger.JournalKind, ref, memberID string, postings []ledger.Posting) ledger.Journal {
	return ledger.Journal{ID: account.NewID(), Kind: kind, Ref: ref, MemberID: memberID, Postings: postings,
		CreatedAt: s.now().UTC()}
}

// Activate opens the member's account with a game.
func (s *Service) Activate(ctx context.Context, memberID, code string) error {
	g, err := s.store.Game(ctx, code)
	if err != nil {
		return err
	}
	if !g.Active {
		return errs.New(errs.NoGame)
	}
	if _, err := s.store.GameAccount(ctx, memberID, code); err == nil {
		return errs.New(errs.SlotAlreadyActive)
	} else if !errs.HasCode(err, errs.SlotNoAccount) {
		return err
	}
	cred, err := s.provider.CreateAccount(ctx, code, memberID)
	if err != nil {
		s.log.WarnContext(ctx, "game account not created", "game", code, "err", err)
		return errs.New(errs.SlotActivateFail)
	}
	sealed, err := s.sealer.Seal(cred.Password, memberID+"/"+code)
	if err != nil {
		return err
	}
	return s.store.CreateGameAccount(ctx, GameAccount{MemberID: memberID, Game: code, Username: cred.Username,
		Password: sealed, CreatedAt: s.now().UTC()})
}

// Credentials returns the member's login at a game.
func (s *Service) Credentials(ctx context.Context, memberID, code string) (Credentials, error) {
	ga, err := s.store.GameAccount(ctx, memberID, code)
	if err != nil {
		return Credentials{}, err
	}
	pw, err := s.sealer.Open(ga.Password, memberID+"/"+code)
	if err != nil {
		return Credentials{}, err
	}
	return Credentials{Username: ga.Username, Password: pw}, nil
}

// ResetPassword sets a new password at the provider and returns the login.
func (s *Service) ResetPassword(ctx context.Context, memberID, code string) (Credentials, error) {
	ga, err := s.store.GameAccount(ctx, memberID, code)
	if err != nil {
		return Credentials{}, err
	}
	pw, err := s.provider.ResetPassword(ctx, code, ga.Username)
	if err != nil {
		s.log.WarnContext(ctx, "game password not reset", "game", code, "err", err)
		return Credentials{}, errs.New(errs.SlotResetPasswordFail)
	}
	sealed, err := s.sealer.Seal(pw, memberID+"/"+code)
	if err != nil {
		return Credentials{}, err
	}
	if err := s.store.SetGamePassword(ctx, memberID, code, sealed, s.now().UTC()); err != nil {
		return Credentials{}, err
	}
	return Credentials{Username: ga.Username, Password: pw}, nil
}

// AutoLogin returns a link that opens game code logged in, for the
// caller's own account only: another username, or a password that is not
// the account's, answers SLOT_NO_ACCOUNT.
func (s *Service) AutoLogin(ctx context.Context, memberID, code, username, password string) (string, error) {
	cred, err := s.Credentials(ctx, memberID, code)
	if err != nil {
		return "", err
	}
	if cred.Username != username ||
		(password != "" && subtle.ConstantTimeCompare([]byte(password), []byte(cred.Password)) != 1) {
		return "", errs.New(errs.SlotNoAccount)
	}
	link, err := s.provider.LaunchURL(ctx, code, cred.Username, cred.Password)
	if err != nil {
		s.log.WarnContext(ctx, "launch link not made", "game", code, "err", err)
		return "", errs.New(errs.GameActivationFail)
	}
	return link, nil
}

// Transfer moves amount from one account to another: WALLET or a game
// code. Between two games it is two transfers, out of the first game into
// the wallet and then into the second; when the second fails the money
// stays in the wallet. It returns the wallet balance after.
func (s *Service) Transfer(ctx context.Context, memberID, from, to string, amount money.Satang) (money.Satang, error) {
	from, to = accountCode(from), accountCode(to)
	switch {
	case from == "":
		return 0, errs.OnField(errs.InvalidRequest, "from")
	case to == "":
		return 0, errs.OnField(errs.InvalidRequest, "to")
	case amount < s.cfg.TransferMin:
		return 0, errs.OnField(errs.TransferMinimum, "amount")
	case from == to:
		return 0, errs.New(errs.SameAccount)
	}
	if from == WalletCode {
		// The reservation checks the game account (NO_GAME,
		// SLOT_NO_ACCOUNT) before anything moves, and reads the wallet
		// balance it leaves: no look-up before, no re-read after.
		return s.move(ctx, GameAccount{MemberID: memberID, Game: to}, In, amount)
	}
	src, err := s.store.GameAccount(ctx, memberID, from)
	if err != nil {
		return 0, err
	}
	var dst GameAccount
	if to != WalletCode {
		// Checked before the money leaves the first game.
		if dst, err = s.store.GameAccount(ctx, memberID, to); err != nil {
			return 0, err
		}
		if !dst.GameActive {
			return 0, errs.New(errs.NoGame)
		}
	}
	// Wins at the provider must be on the ledger before they can leave.
	if err := s.refreshGame(ctx, src); err != nil {
		s.log.WarnContext(ctx, "game balance not refreshed before transfer", "game", src.Game, "err", err)
	}
	if _, err := s.move(ctx, src, Out, amount); err != nil {
		if to != WalletCode {
			return 0, stopped(ctx, err)
		}
		return 0, err
	}
	if to != WalletCode {
		// The reservation took the money from the wallet and read its
		// balance after: no need to read it again.
		return s.move(ctx, dst, In, amount)
	}
	return s.store.WalletBalance(ctx, memberID)
}

// accountCode trims a transfer end and spells the wallet one way.
func accountCode(code string) string {
	code = strings.TrimSpace(code)
	if strings.EqualFold(code, WalletCode) {
		return WalletCode
	}
	return code
}

// TransferAll moves everything to one account: to WALLET it brings every
// game balance back (each game on its own; the first failure is answered
// after the others were tried); to a game it moves the whole wallet there.
func (s *Service) TransferAll(ctx context.Context, memberID, to string) (money.Satang, error) {
	to = accountCode(to)
	if to == "" {
		return 0, errs.OnField(errs.InvalidRequest, "to")
	}
	if to != WalletCode {
		dst, err := s.store.GameAccount(ctx, memberID, to)
		if err != nil {
			return 0, err
		}
		if !dst.GameActive {
			return 0, errs.New(errs.NoGame)
		}
		bal, err := s.store.WalletBalance(ctx, memberID)
		if err != nil {
			return 0, err
		}
		if bal <= 0 {
			return 0, errs.New(errs.MoneyNotEnough)
		}
		return s.move(ctx, dst, In, bal)
	}
	if err := s.bringBack(ctx, memberID); err != nil {
		return 0, err
	}
	return s.store.WalletBalance(ctx, memberID)
}

// bringBack moves every game balance of the member into the wallet.
func (s *Service) bringBack(ctx context.Context, memberID string) error {
	accounts, err := s.store.GameAccounts(ctx, memberID)
	if err != nil {
		return err
	}
	var first error
	for _, ga := range accounts {
		if err := s.refreshGame(ctx, ga); err != nil {
			s.log.WarnContext(ctx, "game balance not refreshed before transfer", "game", ga.Game, "err", err)
		}
		snap, err := s.store.GameSnapshot(ctx, memberID, ga.Game)
		if err == nil && snap.Balance > 0 {
			_, err = s.move(ctx, ga, Out, snap.Balance)
		}
		if err != nil && first == nil {
			first = err
		}
	}
	return first
}

// move runs one transfer with the provider: reserve, call, settle.
//
//  1. In one transaction the amount leaves the member's account (WALLET for
//     In, GAME for Out) for the game's clearing account, and the transfer is
//     stored PENDING with a fresh reference.
//  2. The provider is called with that reference.
//  3. Done: the clearing account pays the other side (GAME for In, WALLET
//     for Out). Refused: the amount goes back (TRANSFER_FAIL). No answer:
//     the transfer is UNKNOWN (TRANSFER_PENDING) and the reconciler settles
//     it from the provider's status; nothing is credited or returned on a
//     guess.
//
// It returns the balance of the account the money left (the WALLET for In)
// as the reservation left it.
func (s *Service) move(ctx context.Context, ga GameAccount, dir Direction, amount money.Satang) (money.Satang, error) {
	now := s.now().UTC()
	t := Transfer{ID: account.NewID(), MemberID: ga.MemberID, Game: ga.Game, Username: ga.Username, Direction: dir,
		Amount: amount, State: Pending, CreatedAt: now, UpdatedAt: now, NextCheckAt: now}
	res, err := s.store.ReserveTransfer(ctx, t, s.journal(ledger.TransferReserve, t.ID, t.MemberID,
		ledger.Move(t.home(), ledger.Clearing(t.Game), amount)))
	if err != nil {
		return 0, stopped(ctx, err) // this leg of the call did not happen
	}
	t.Username = res.Username
	noteStarted(ctx, t.ID)
	// The member leaving must not turn a call under way into an unknown
	// outcome; the adapter bounds the call's time.
	pctx := context.WithoutCancel(ctx)
	if dir == In {
		err = s.provider.TransferIn(pctx, t.Game, t.Username, t.ID, amount)
	} else {
		err = s.provider.TransferOut(pctx, t.Game, t.Username, t.ID, amount)
	}
	var rejected *Rejected
	switch {
	case err == nil:
		if err := s.finish(pctx, t, Done); err != nil {
			s.log.ErrorContext(ctx, "transfer done at the provider but not settled; the reconciler will", "transfer", t.ID, "err", err)
			return 0, errs.New(errs.TransferPending)
		}
		return res.Left, nil
	case errors.As(err, &rejected):
		s.log.InfoContext(ctx, "transfer refused by the provider", "transfer", t.ID, "reason", rejected.Reason)
		if err := s.finish(pctx, t, Failed); err != nil {
			s.log.ErrorContext(ctx, "transfer refused but not reversed; the reconciler will", "transfer", t.ID, "err", err)
			return 0, errs.New(errs.TransferPending)
		}
		return 0, errs.New(errs.TransferFail)
	default:
		s.log.WarnContext(ctx, "transfer outcome unknown; reconciling", "transfer", t.ID, "err", err)
		if err := s.store.MarkUnknown(pctx, t.ID, now, s.now().UTC()); err != nil {
			s.log.ErrorContext(ctx, "transfer not marked unknown", "transfer", t.ID, "err", err)
		}
		return 0, errs.New(errs.TransferPending)
	}
}

// home is the member account a transfer takes its money from.
func (t Transfer) home() ledger.Account {
	if t.Direction == In {
		return ledger.Wallet(t.MemberID)
	}
	return ledger.Game(t.MemberID, t.Game)
}

// other is the member account a done transfer pays into.
func (t Transfer) other() ledger.Account {
	if t.Direction == In {
		return ledger.Game(t.MemberID, t.Game)
	}
	return ledger.Wallet(t.MemberID)
}

// finish settles (Done) or reverses (Failed) an open transfer. A transfer
// that another process finished meanwhile is left as it is.
func (s *Service) finish(ctx context.Context, t Transfer, state TransferState) error {
	kind, to := ledger.TransferSettle, t.other()
	if state == Failed {
		kind, to = ledger.TransferReverse, t.home()
	}
	j := s.journal(kind, t.ID, t.MemberID, ledger.Move(ledger.Clearing(t.Game), to, t.Amount))
	_, err := s.store.FinishTransfer(ctx, t.ID, state, j, s.now().UTC())
	return err
}

// ReconcileStats counts what one reconciler pass did.
type ReconcileStats struct {
	Settled, Reversed, Unresolved int
}

// Reconcile asks the provider about every transfer left open and settles
// or reverses it on a definite answer; a transfer whose status cannot be
// learnt stays open and is asked about again later, waiting longer each
// time (up to RetryMax).
func (s *Service) Reconcile(ctx context.Context) (ReconcileStats, error) {
	var st ReconcileStats
	now := s.now().UTC()
	open, err := s.store.OpenTransfers(ctx, now.Add(-s.cfg.PendingGrace), now, s.cfg.ReconcileBatch)
	if err != nil {
		return st, err
	}
	for _, t := range open {
		status, err := s.provider.TransferStatus(ctx, t.Game, t.ID)
		if err != nil {
			st.Unresolved++
			wait := min(time.Duration(1<<min(t.Attempts, 10))*time.Second, s.cfg.RetryMax)
			s.log.WarnContext(ctx, "transfer status unknown", "transfer", t.ID, "attempts", t.Attempts+1, "err", err)
			if err := s.store.MarkUnknown(ctx, t.ID, s.now().UTC().Add(wait), s.now().UTC()); err != nil {
				return st, err
			}
			continue
		}
		state := Failed
		if status == StatusDone {
			state = Done
		}
		if err := s.finish(ctx, t, state); err != nil {
			return st, err
		}
		if state == Done {
			st.Settled++
		} else {
			st.Reversed++
		}
		s.log.InfoContext(ctx, "transfer reconciled", "transfer", t.ID, "provider_status", status, "state", state)
	}
	return st, nil
}

// Withdraw holds amount from the member's wallet for an operator to pay.
func (s *Service) Withdraw(ctx context.Context, memberID string, amount money.Satang) (Withdrawal, error) {
	lim, err := s.limits.WithdrawLimits(ctx)
	if err != nil {
		return Withdrawal{}, err
	}
	if amount < lim.Min {
		e := errs.Newf(errs.WithdrawMinimum, "the minimum is %s", lim.Min)
		e.Field = "amount"
		return Withdrawal{}, e
	}
	if amount > lim.Max {
		e := errs.Newf(errs.WithdrawMaximum, "the maximum is %s", lim.Max)
		e.Field = "amount"
		return Withdrawal{}, e
	}
	w := Withdrawal{ID: account.NewID(), MemberID: memberID, Amount: amount, Status: WithdrawalPending, CreatedAt: s.now().UTC()}
	j := s.journal(ledger.WithdrawHold, w.ID, memberID, ledger.Move(ledger.Wallet(memberID), ledger.WithdrawalsPending, amount))
	if err := s.store.RequestWithdrawal(ctx, w, j); err != nil {
		return Withdrawal{}, err
	}
	return w, nil
}

// WithdrawAll brings every game balance back to the wallet, then withdraws
// amount, or the whole wallet when amount is 0. When a game's money cannot
// be brought back, that failure is answered and nothing is withdrawn.
func (s *Service) WithdrawAll(ctx context.Context, memberID string, amount money.Satang) (Withdrawal, error) {
	if err := s.bringBack(ctx, memberID); err != nil {
		return Withdrawal{}, stopped(ctx, err)
	}
	if amount == 0 {
		bal, err := s.store.WalletBalance(ctx, memberID)
		if err != nil {
			return Withdrawal{}, stopped(ctx, err)
		}
		if bal == 0 {
			return Withdrawal{}, errs.New(errs.MoneyNotEnough)
		}
		amount = bal
	}
	wd, err := s.Withdraw(ctx, memberID, amount)
	if err != nil {
		return wd, stopped(ctx, err)
	}
	return wd, nil
}

// Withdrawals lists the withdrawals waiting for an operator.
func (s *Service) Withdrawals(ctx context.Context) ([]Withdrawal, error) {
	return s.store.Withdrawals(ctx, WithdrawalPending)
}

// Approve marks a pending withdrawal paid. by names the operator.
func (s *Service) Approve(ctx context.Context, id, by string) (Withdrawal, error) {
	return s.decide(ctx, id, WithdrawalApproved, "", by)
}

// Reject returns a pending withdrawal to the member's wallet.
func (s *Service) Reject(ctx context.Context, id, reason, by string) (Withdrawal, error) {
	reason = strings.TrimSpace(reason)
	if reason == "" || len(reason) > 500 {
		return Withdrawal{}, errs.OnField(errs.InvalidRequest, "reason")
	}
	return s.decide(ctx, id, WithdrawalRejected, reason, by)
}

func (s *Service) decide(ctx context.Context, id string, status WithdrawalStatus, reason, by string) (Withdrawal, error) {
	w, err := s.store.Withdrawal(ctx, id)
	if err != nil {
		return Withdrawal{}, err
	}
	if w.Status != WithdrawalPending {
		return Withdrawal{}, errs.Newf(errs.NoData, "the withdrawal is %s already", strings.ToLower(string(w.Status)))
	}
	kind, to := ledger.WithdrawPay, ledger.WithdrawalsOut
	if status == WithdrawalRejected {
		kind, to = ledger.WithdrawReturn, ledger.Wallet(w.MemberID)
	}
	now := s.now().UTC()
	j := s.journal(kind, w.ID, w.MemberID, ledger.Move(ledger.WithdrawalsPending, to, w.Amount))
	j.Memo = reason
	ok, err := s.store.DecideWithdrawal(ctx, w.ID, status, reason, by, j, now)
	if err != nil {
		return Withdrawal{}, err
	}
	if !ok {
		return Withdrawal{}, errs.Newf(errs.NoData, "the withdrawal was decided meanwhile")
	}
	w.Status, w.Reason, w.DecidedBy, w.DecidedAt = status, reason, by, &now
	return w, nil
}

// Adjustment is an operator's credit (positive) or debit (negative) of a
// member's wallet.
type Adjustment struct {
	Phone  string
	Amount money.Satang
	Reason string
	By     string // the operator
	// Ref makes the adjustment once only: a second adjustment with the same
	// ref answers ledger.ErrDuplicate. Empty: a fresh one.
	Ref string
}

// Adjust credits or debits a member's wallet through the ledger; a debit
// never takes it below zero (MONEY_NOT_ENOUGH). It returns the new balance.
func (s *Service) Adjust(ctx context.Context, a Adjustment) (money.Satang, error) {
	a.Reason = strings.TrimSpace(a.Reason)
	switch {
	case a.Amount == 0 || a.Amount > money.Max || a.Amount < -money.Max:
		return 0, errs.OnField(errs.InvalidAmount, "amount")
	case a.Reason == "" || len(a.Reason) > 500:
		return 0, errs.OnField(errs.InvalidRequest, "reason")
	}
	m, err := s.members.MemberByPhone(ctx, strings.TrimSpace(a.Phone))
	if err != nil {
		return 0, err
	}
	postings := ledger.Move(ledger.Adjustments, ledger.Wallet(m.ID), a.Amount)
	if a.Amount < 0 {
		postings = ledger.Move(ledger.Wallet(m.ID), ledger.Adjustments, -a.Amount)
	}
	if a.Ref == "" {
		a.Ref = account.NewID()
	}
	j := s.journal(ledger.Adjustment, a.Ref, m.ID, postings)
	j.Memo, j.By = a.Reason, a.By
	if err := s.ledger.Post(ctx, j); err != nil {
		return 0, err
	}
	return s.store.WalletBalance(ctx, m.ID)
}

// Statement page sizes.
const (
	DefaultStatementLimit = 10
	MaxStatementLimit     = 50
)

// Statement returns page (1-based) of the member's statement with limit
// items (default 10, at most 50), and the number of items in all.
func (s *Service) Statement(ctx context.Context, memberID string, page, limit int) ([]StatementItem, int, error) {
	if page < 1 {
		page = 1
	}
	if limit <= 0 {
		limit = DefaultStatementLimit
	}
	limit = min(limit, MaxStatementLimit)
	return s.store.Statement(ctx, memberID, (page-1)*limit, limit)
}

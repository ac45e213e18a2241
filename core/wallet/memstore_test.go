package wallet

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"ngern/core/account"
	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
	"ngern/core/settings"
)

// memStore is an in-memory Store, ledger.Store, Members and Limits that
// keeps the rules the SQL store keeps (docs in the Store interface): the
// ledger refuses a member account below zero and a journal twice, a
// transfer or withdrawal is finished once, one withdrawal is pending per
// member. The conformance of the SQL store to those rules is tested in
// adapters/sqlstore.
type memStore struct {
	mu          sync.Mutex
	games       map[string]Game
	accounts    map[string]GameAccount // by member/game
	balances    map[string]money.Satang
	versions    map[string]int64 // by game account id
	journals    map[string]ledger.Journal
	transfers   map[string]*Transfer
	withdrawals map[string]*Withdrawal
	members     map[string]*account.Member // by phone
	limits      settings.Withdraw
	statement   []StatementItem
	// statementAsked is the offset and limit of the last statement read.
	statementAsked [2]int
}

func newMemStore() *memStore {
	return &memStore{games: map[string]Game{}, accounts: map[string]GameAccount{}, balances: map[string]money.Satang{},
		versions: map[string]int64{}, journals: map[string]ledger.Journal{}, transfers: map[string]*Transfer{},
		withdrawals: map[string]*Withdrawal{}, members: map[string]*account.Member{},
		limits: settings.Withdraw{Min: money.FromBaht(100), Max: money.FromBaht(50000)}}
}

// post applies j; the caller holds mu.
func (m *memStore) post(j ledger.Journal) error {
	if err := j.Validate(); err != nil {
		return err
	}
	key := string(j.Kind) + "/" + j.Ref
	if _, ok := m.journals[key]; ok {
		return ledger.ErrDuplicate
	}
	for _, p := range j.Postings {
		if p.Account.Member() && m.balances[p.Account.ID]+p.Amount < 0 {
			return errs.New(errs.MoneyNotEnough)
		}
	}
	for _, p := range j.Postings {
		m.balances[p.Account.ID] += p.Amount
		if p.Account.Kind == ledger.KindGame {
			m.versions[p.Account.ID]++
		}
	}
	m.journals[key] = j
	return nil
}

func (m *memStore) Post(_ context.Context, j ledger.Journal) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.post(j)
}

func (m *memStore) Balance(_ context.Context, id string) (money.Satang, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.balances[id], nil
}

func (m *memStore) Verify(context.Context, time.Time) (ledger.Report, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var r ledger.Report
	var sum money.Satang
	for id, b := range m.balances {
		sum += b
		if b < 0 && !strings.HasPrefix(id, "sys:") && !strings.HasPrefix(id, "clearing:") {
			r.Problems = append(r.Problems, id+" below zero")
		}
	}
	if sum != 0 {
		r.Problems = append(r.Problems, fmt.Sprintf("balances sum to %s", sum))
	}
	r.Journals, r.Accounts = len(m.journals), len(m.balances)
	return r, nil
}

func (m *memStore) Games(_ context.Context, activeOnly bool) ([]Game, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []Game
	for _, g := range m.games {
		if g.Active || !activeOnly {
			out = append(out, g)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Sort < out[j].Sort })
	return out, nil
}

func (m *memStore) Game(_ context.Context, code string) (Game, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	g, ok := m.games[code]
	if !ok {
		return Game{}, errs.New(errs.NoGame)
	}
	return g, nil
}

func (m *memStore) SeedGames(_ context.Context, games []Game) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.games) > 0 {
		return 0, nil
	}
	for _, g := range games {
		m.games[g.Code] = g
	}
	return len(games), nil
}

func (m *memStore) MemberHome(_ context.Context, memberID string) (*MemberHome, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	h := &MemberHome{Member: account.Member{ID: memberID}, Wallet: m.balances[ledger.Wallet(memberID).ID]}
	for _, a := range m.accounts {
		if a.MemberID == memberID {
			h.Accounts = append(h.Accounts, GameBalance{Game: a.Game, Amount: m.balances[ledger.Game(memberID, a.Game).ID]})
		}
	}
	return h, nil
}

func (m *memStore) WalletBalance(_ context.Context, memberID string) (money.Satang, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.balances[ledger.Wallet(memberID).ID], nil
}

func (m *memStore) CreateGameAccount(_ context.Context, a GameAccount) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.accounts[a.MemberID+"/"+a.Game]; ok {
		return errs.New(errs.SlotAlreadyActive)
	}
	m.accounts[a.MemberID+"/"+a.Game] = a
	return nil
}

// gameAccount looks an account up; the caller holds mu.
func (m *memStore) gameAccount(memberID, game string) (GameAccount, error) {
	g, ok := m.games[game]
	if !ok {
		return GameAccount{}, errs.New(errs.NoGame)
	}
	a, ok := m.accounts[memberID+"/"+game]
	if !ok {
		return GameAccount{}, errs.New(errs.SlotNoAccount)
	}
	a.GameActive = g.Active
	return a, nil
}

func (m *memStore) GameAccount(_ context.Context, memberID, game string) (GameAccount, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.gameAccount(memberID, game)
}

func (m *memStore) GameAccounts(_ context.Context, memberID string) ([]GameAccount, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []GameAccount
	for _, a := range m.accounts {
		if a.MemberID == memberID {
			a.GameActive = m.games[a.Game].Active
			out = append(out, a)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Game < out[j].Game })
	return out, nil
}

func (m *memStore) SetGamePassword(_ context.Context, memberID, game, sealed string, _ time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	a, ok := m.accounts[memberID+"/"+game]
	if !ok {
		return errs.New(errs.SlotNoAccount)
	}
	a.Password = sealed
	m.accounts[memberID+"/"+game] = a
	return nil
}

func (m *memStore) GameSnapshot(_ context.Context, memberID, game string) (GameSnapshot, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	id := ledger.Game(memberID, game).ID
	snap := GameSnapshot{Balance: m.balances[id], Version: m.versions[id]}
	for _, t := range m.transfers {
		if t.MemberID == memberID && t.Game == game && (t.State == Pending || t.State == Unknown) {
			snap.Open++
		}
	}
	return snap, nil
}

func (m *memStore) BookGameResult(_ context.Context, memberID, game string, version int64, j ledger.Journal) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.versions[ledger.Game(memberID, game).ID] != version {
		return false, nil
	}
	return true, m.post(j)
}

func (m *memStore) ReserveTransfer(_ context.Context, t Transfer, j ledger.Journal) (Reservation, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	a, err := m.gameAccount(t.MemberID, t.Game)
	if err != nil {
		return Reservation{}, err
	}
	if t.Direction == In && !a.GameActive {
		return Reservation{}, errs.New(errs.NoGame)
	}
	if err := m.post(j); err != nil {
		return Reservation{}, err
	}
	t.Username = a.Username
	m.transfers[t.ID] = &t
	return Reservation{Username: a.Username, Left: m.balances[t.home().ID]}, nil
}

func (m *memStore) FinishTransfer(_ context.Context, id string, state TransferState, j ledger.Journal, at time.Time) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	t := m.transfers[id]
	if t == nil || t.State == Done || t.State == Failed {
		return false, nil
	}
	if err := m.post(j); err != nil {
		return false, err
	}
	t.State, t.UpdatedAt = state, at
	return true, nil
}

func (m *memStore) MarkUnknown(_ context.Context, id string, next, at time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if t := m.transfers[id]; t != nil && (t.State == Pending || t.State == Unknown) {
		t.State, t.Attempts, t.NextCheckAt, t.UpdatedAt = Unknown, t.Attempts+1, next, at
	}
	return nil
}

func (m *memStore) TransferStates(_ context.Context, memberID string, ids []string) (map[string]TransferState, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := map[string]TransferState{}
	for _, id := range ids {
		if t, ok := m.transfers[id]; ok && t.MemberID == memberID {
			out[id] = t.State
		}
	}
	return out, nil
}

func (m *memStore) OpenTransfers(_ context.Context, pendingBefore, now time.Time, limit int) ([]Transfer, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []Transfer
	for _, t := range m.transfers {
		if (t.State == Pending && t.UpdatedAt.Before(pendingBefore)) || (t.State == Unknown && !t.NextCheckAt.After(now)) {
			out = append(out, *t)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out[:min(len(out), limit)], nil
}

func (m *memStore) RequestWithdrawal(_ context.Context, w Withdrawal, j ledger.Journal) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, o := range m.withdrawals {
		if o.MemberID == w.MemberID && o.Status == WithdrawalPending {
			return errs.New(errs.WithdrawPending)
		}
	}
	if err := m.post(j); err != nil {
		return err
	}
	m.withdrawals[w.ID] = &w
	return nil
}

func (m *memStore) Withdrawal(_ context.Context, id string) (Withdrawal, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	w := m.withdrawals[id]
	if w == nil {
		return Withdrawal{}, errs.New(errs.NoData)
	}
	return *w, nil
}

func (m *memStore) DecideWithdrawal(_ context.Context, id string, status WithdrawalStatus, reason, by string, j ledger.Journal, at time.Time) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	w := m.withdrawals[id]
	if w == nil || w.Status != WithdrawalPending {
		return false, nil
	}
	if err := m.post(j); err != nil {
		return false, err
	}
	w.Status, w.Reason, w.DecidedBy, w.DecidedAt = status, reason, by, &at
	return true, nil
}

func (m *memStore) Withdrawals(_ context.Context, status WithdrawalStatus, limit int) ([]Withdrawal, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []Withdrawal
	for _, w := range m.withdrawals {
		if w.Status == status {
			out = append(out, *w)
		}
	}
	if status == WithdrawalPending {
		sort.Slice(out, func(i, j int) bool { return out[i].CreatedAt.Before(out[j].CreatedAt) })
	} else {
		sort.Slice(out, func(i, j int) bool { return out[j].DecidedAt.Before(*out[i].DecidedAt) })
	}
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

func (m *memStore) PendingWithdrawals(context.Context) (int, money.Satang, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	n, sum := 0, money.Satang(0)
	for _, w := range m.withdrawals {
		if w.Status == WithdrawalPending {
			n++
			sum += w.Amount
		}
	}
	return n, sum, nil
}

func (m *memStore) MemberWithdrawals(_ context.Context, memberID string, limit int) ([]Withdrawal, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := []Withdrawal{}
	for _, w := range m.withdrawals {
		if w.MemberID == memberID {
			out = append(out, *w)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[j].CreatedAt.Before(out[i].CreatedAt) })
	return out[:min(len(out), limit)], nil
}

func (m *memStore) Statement(_ context.Context, _ string, offset, limit int) ([]StatementItem, int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.statementAsked = [2]int{offset, limit}
	from, to := min(offset, len(m.statement)), min(offset+limit, len(m.statement))
	return m.statement[from:to], len(m.statement), nil
}

func (m *memStore) StatementBefore(_ context.Context, _ string, before StatementCursor, limit int) ([]StatementItem, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []StatementItem
	for _, it := range m.statement {
		if (before.IsZero() || it.CreatedAt.Before(before.At) || it.CreatedAt.Equal(before.At) && it.ID < before.ID) && len(out) < limit {
			out = append(out, it)
		}
	}
	return out, nil
}

func (m *memStore) MemberByPhone(_ context.Context, phone string) (*account.Member, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if mb := m.members[phone]; mb != nil {
		return mb, nil
	}
	return nil, errs.New(errs.NoUser)
}

func (m *memStore) WithdrawLimits(context.Context) (settings.Withdraw, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.limits, nil
}

// fund credits the member's wallet (a deposit) or game account.
func (m *memStore) fund(t *testing.T, acc ledger.Account, amount money.Satang) {
	t.Helper()
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := m.post(ledger.Journal{ID: "fund-" + acc.ID, Kind: ledger.Adjustment, Ref: "fund-" + acc.ID,
		Postings: ledger.Move(ledger.Deposits, acc, amount)}); err != nil {
		t.Fatal(err)
	}
}

func (m *memStore) bal(acc ledger.Account) money.Satang {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.balances[acc.ID]
}

func (m *memStore) transfer(id string) Transfer {
	m.mu.Lock()
	defer m.mu.Unlock()
	if t := m.transfers[id]; t != nil {
		return *t
	}
	return Transfer{}
}

// fate is what memProvider does with the next transfer.
type fate int

const (
	execute        fate = iota // execute and answer
	refuse                     // refuse definitely
	executeAndLose             // execute, then lose the answer
	loseUnexecuted             // lose the request before executing
)

// memProvider is an in-memory GameProvider whose next transfer outcome, and
// whether its other calls fail, a test chooses.
type memProvider struct {
	mu       sync.Mutex
	balances map[string]money.Satang // by game/username
	done     map[string]bool         // executed refs
	refs     []string                // refs of every transfer call
	next     fate
	then     *fate // the fate after next, when set
	down     bool  // every call but transfers fails; TransferStatus answers ErrUnknown
}

func newMemProvider() *memProvider {
	return &memProvider{balances: map[string]money.Satang{}, done: map[string]bool{}}
}

func (p *memProvider) fail() error {
	if p.down {
		return fmt.Errorf("provider down: %w", ErrUnknown)
	}
	return nil
}

func (p *memProvider) CreateAccount(_ context.Context, game, memberRef string) (Credentials, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return Credentials{Username: "u-" + memberRef, Password: "pw-" + game}, p.fail()
}

func (p *memProvider) ResetPassword(context.Context, string, string) (string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return "new-password", p.fail()
}

func (p *memProvider) Balance(_ context.Context, game, username string) (money.Satang, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.balances[game+"/"+username], p.fail()
}

func (p *memProvider) set(game, username string, b money.Satang) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.balances[game+"/"+username] = b
}

func (p *memProvider) move(game, username, ref string, amount money.Satang) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.refs = append(p.refs, ref)
	next := p.next
	p.next = execute
	if p.then != nil {
		p.next, p.then = *p.then, nil
	}
	switch next {
	case refuse:
		return &Rejected{Reason: "REFUSED"}
	case loseUnexecuted:
		return ErrUnknown
	}
	key := game + "/" + username
	if p.balances[key]+amount < 0 {
		return &Rejected{Reason: "INSUFFICIENT_BALANCE"}
	}
	p.balances[key] += amount
	p.done[ref] = true
	if next == executeAndLose {
		return ErrUnknown
	}
	return nil
}

func (p *memProvider) TransferIn(_ context.Context, game, username, ref string, amount money.Satang) error {
	return p.move(game, username, ref, amount)
}

func (p *memProvider) TransferOut(_ context.Context, game, username, ref string, amount money.Satang) error {
	return p.move(game, username, ref, -amount)
}

func (p *memProvider) TransferStatus(_ context.Context, _, ref string) (TransferStatus, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if err := p.fail(); err != nil {
		return "", err
	}
	if p.done[ref] {
		return StatusDone, nil
	}
	return StatusNotFound, nil
}

func (p *memProvider) LaunchURL(_ context.Context, game, username, _ string) (string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return "/play/" + game + "/" + username, p.fail()
}

func (p *memProvider) Bets(context.Context, string, string, int) ([]Bet, string, error) {
	return nil, "", nil
}

// env is a wallet service over memStore and memProvider with a clock the
// test moves and ids counted from id-1.
type env struct {
	svc   *Service
	store *memStore
	p     *memProvider
	now   time.Time
	ids   int
	idMu  sync.Mutex // Refresh asks for ids from one goroutine per game
}

const member = "m1"

func newEnv(t *testing.T) *env {
	t.Helper()
	sealer, err := NewSealer(make([]byte, KeySize))
	if err != nil {
		t.Fatal(err)
	}
	e := &env{store: newMemStore(), p: newMemProvider(), now: time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)}
	e.svc = NewService(Deps{Store: e.store, Ledger: e.store, Provider: e.p, Members: e.store, Limits: e.store,
		Sealer: sealer, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Now: func() time.Time { return e.now },
		IDs: func() string { e.idMu.Lock(); defer e.idMu.Unlock(); e.ids++; return idN(e.ids) }}, DefaultConfig())
	if _, err := e.svc.SeedDemoGames(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if r, _ := e.store.Verify(context.Background(), e.now); !r.OK() {
			t.Errorf("ledger: %v", r.Problems)
		}
	})
	return e
}

func idN(n int) string { return fmt.Sprintf("id-%d", n) }

// game returns the code of the i-th demo game.
func game(i int) string { return DemoGames()[i].Code }

// activate opens the member's account with the game and funds the wallet.
func (e *env) activate(t *testing.T, codes ...string) {
	t.Helper()
	for _, c := range codes {
		if err := e.svc.Activate(context.Background(), member, c); err != nil {
			t.Fatalf("activate %s: %v", c, err)
		}
	}
}

func (e *env) wallet() money.Satang { return e.store.bal(ledger.Wallet(member)) }

func (e *env) gameBal(code string) money.Satang { return e.store.bal(ledger.Game(member, code)) }

func wantCode(t *testing.T, err error, code errs.Code) {
	t.Helper()
	if code == "" {
		if err != nil {
			t.Fatalf("err = %v, want none", err)
		}
		return
	}
	if !errs.HasCode(err, code) {
		t.Fatalf("err = %v, want %s", err, code)
	}
}

package promo_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
	"ngern/core/promo"
)

// memStore is an in-memory promo.Store with a tiny ledger of member
// balances, for the engine's tests.
type memStore struct {
	mu         sync.Mutex
	bonuses    map[string]promo.Bonus
	promotions map[string]promo.Promotion
	receipts   []promo.Receipt
	conds      map[string]promo.Condition
	balances   map[string]money.Satang // account id → balance
	journals   map[string]ledger.Journal
	since      map[string]time.Time
	now        func() time.Time // the time of the journals move posts
}

func newMemStore() *memStore {
	return &memStore{bonuses: map[string]promo.Bonus{}, promotions: map[string]promo.Promotion{},
		conds: map[string]promo.Condition{}, balances: map[string]money.Satang{}, journals: map[string]ledger.Journal{},
		since: map[string]time.Time{}}
}

func (m *memStore) Bonuses(context.Context) ([]promo.Bonus, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := []promo.Bonus{}
	for _, b := range m.bonuses {
		out = append(out, b)
	}
	slices.SortFunc(out, func(a, b promo.Bonus) int { return a.Sort - b.Sort })
	return out, nil
}

func (m *memStore) Bonus(_ context.Context, code string) (promo.Bonus, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	b, ok := m.bonuses[code]
	if !ok {
		return b, errs.New(errs.NoData)
	}
	return b, nil
}

func (m *memStore) SaveBonus(_ context.Context, b promo.Bonus) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.bonuses[b.Code] = b
	return nil
}

func (m *memStore) Promotions(context.Context) ([]promo.Promotion, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := []promo.Promotion{}
	for _, p := range m.promotions {
		out = append(out, p)
	}
	return out, nil
}

func (m *memStore) Promotion(_ context.Context, code string) (promo.Promotion, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	p, ok := m.promotions[code]
	if !ok {
		return p, errs.New(errs.NoPromotion)
	}
	return p, nil
}

func (m *memStore) SavePromotion(_ context.Context, p promo.Promotion) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	p.Used = m.promotions[p.Code].Used
	m.promotions[p.Code] = p
	return nil
}

func (m *memStore) Receipts(_ context.Context, memberID string) ([]promo.Receipt, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := []promo.Receipt{}
	for i := len(m.receipts) - 1; i >= 0; i-- {
		if m.receipts[i].MemberID == memberID {
			out = append(out, m.receipts[i])
		}
	}
	return out, nil
}

func (m *memStore) Grant(_ context.Context, g promo.Grant) (promo.Condition, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, c := range m.conds {
		if c.MemberID == g.Condition.MemberID && c.Status == promo.Active {
			return promo.Condition{}, errs.New(errs.BonusAlreadyActive)
		}
	}
	r := g.Receipt
	full := errs.BonusMaxClaimed
	if r.Source == promo.SourcePromotion {
		full = errs.PromotionReceived
	}
	if r.Slot > g.MaxSlot {
		return promo.Condition{}, errs.New(full)
	}
	for _, o := range m.receipts {
		if o.MemberID == r.MemberID && o.Source == r.Source && o.Code == r.Code && o.Period == r.Period && o.Slot == r.Slot {
			return promo.Condition{}, errs.New(full)
		}
	}
	if r.Source == promo.SourcePromotion {
		p := m.promotions[r.Code]
		if p.LimitTotal > 0 && p.Used >= p.LimitTotal {
			return promo.Condition{}, errs.New(errs.BonusFull)
		}
		p.Used++
		m.promotions[r.Code] = p
	}
	if err := m.postJournal(g.Journal); err != nil {
		return promo.Condition{}, err
	}
	m.receipts = append(m.receipts, r)
	c := g.Condition
	c.Base = m.total(c.MemberID)
	c.PlayFrom = c.CreatedAt.Add(-promo.PlayWindow)
	c.PlayMark = m.play(c.MemberID, c.PlayFrom)
	m.conds[c.ID] = c
	return c, nil
}

// postJournal applies a journal; member accounts never go below zero.
func (m *memStore) postJournal(j ledger.Journal) error {
	if err := j.Validate(); err != nil {
		return err
	}
	key := string(j.Kind) + "/" + j.Ref
	if _, dup := m.journals[key]; dup {
		return ledger.ErrDuplicate
	}
	for _, p := range j.Postings {
		if p.Account.Member() && m.balances[p.Account.ID]+p.Amount < 0 {
			return errs.New(errs.MoneyNotEnough)
		}
	}
	for _, p := range j.Postings {
		m.balances[p.Account.ID] += p.Amount
	}
	m.journals[key] = j
	return nil
}

func (m *memStore) total(memberID string) money.Satang {
	var t money.Satang
	for id, b := range m.balances {
		if id == ledger.Wallet(memberID).ID || (len(id) > 5 && id[:5] == "game:" && id[5:5+len(memberID)] == memberID) {
			t += b
		}
	}
	return t
}

// play is the net of the game results posted to the member's game
// accounts and of the seamless games' journals on the wallet at or after
// since.
func (m *memStore) play(memberID string, since time.Time) money.Satang {
	var t money.Satang
	for _, j := range m.journals {
		if j.CreatedAt.Before(since) {
			continue
		}
		on := ledger.KindGame
		if slices.Contains(promo.SeamlessPlay, j.Kind) {
			on = ledger.KindWallet
		} else if j.Kind != promo.KindPlay {
			continue
		}
		for _, p := range j.Postings {
			if p.Account.Kind == on && p.Account.MemberID == memberID {
				t += p.Amount
			}
		}
	}
	return t
}

func (m *memStore) Play(_ context.Context, memberID string, since time.Time) (money.Satang, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.play(memberID, since), nil
}

func (m *memStore) ActiveCondition(_ context.Context, memberID string) (promo.Condition, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, c := range m.conds {
		if c.MemberID == memberID && c.Status == promo.Active {
			return c, true, nil
		}
	}
	return promo.Condition{}, false, nil
}

func (m *memStore) Condition(_ context.Context, id string) (promo.Condition, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	c, ok := m.conds[id]
	if !ok {
		return c, errs.New(errs.NoData)
	}
	return c, nil
}

func (m *memStore) ActiveConditions(context.Context) ([]promo.Condition, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := []promo.Condition{}
	for _, c := range m.conds {
		if c.Status == promo.Active {
			out = append(out, c)
		}
	}
	return out, nil
}

func (m *memStore) EndCondition(_ context.Context, id string, status promo.Status, by string, at time.Time, forfeit *ledger.Journal) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	c, ok := m.conds[id]
	if !ok || c.Status != promo.Active {
		return false, nil
	}
	if forfeit != nil {
		if err := m.postJournal(*forfeit); err != nil {
			return false, err
		}
		for _, p := range forfeit.Postings {
			if p.Account.ID == ledger.PromotionExpense.ID {
				c.Forfeited = p.Amount
			}
		}
	}
	c.Status, c.EndedBy, c.EndedAt = status, by, &at
	m.conds[id] = c
	return true, nil
}

func (m *memStore) TotalBalance(_ context.Context, memberID string) (money.Satang, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.total(memberID), nil
}

func (m *memStore) WalletBalance(_ context.Context, memberID string) (money.Satang, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.balances[ledger.Wallet(memberID).ID], nil
}

func (m *memStore) MemberSince(_ context.Context, memberID string) (time.Time, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	t, ok := m.since[memberID]
	if !ok {
		return t, errs.New(errs.NoUser)
	}
	return t, nil
}

// move moves money between a member's accounts or from outside (a
// system account), as the wallet and the games would: between a game's
// clearing account and a game account it is a game result, as the wallet
// books bets and wins.
func (m *memStore) move(from, to ledger.Account, amount money.Satang) {
	kind := ledger.JournalKind("test")
	if from.ID == ledger.Clearing(to.Game).ID || to.ID == ledger.Clearing(from.Game).ID {
		kind = ledger.GameResult
	}
	m.post(kind, from, to, amount)
}

// post posts one journal of kind moving amount, now.
func (m *memStore) post(kind ledger.JournalKind, from, to ledger.Account, amount money.Satang) {
	var at time.Time
	if m.now != nil {
		at = m.now()
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	n := len(m.journals)
	j := ledger.Journal{ID: fmt.Sprint("j", n), Kind: kind, Ref: fmt.Sprint(n), MemberID: to.MemberID + from.MemberID,
		Postings: ledger.Move(from, to, amount), CreatedAt: at}
	if err := m.postJournal(j); err != nil {
		panic(err)
	}
}

// memDeposits is a promo.Deposits over a list; deposit also credits the
// wallet in the store.
type memDeposits struct {
	mu    sync.Mutex
	list  map[string][]promo.Deposit
	store *memStore
}

func (d *memDeposits) Since(_ context.Context, memberID string, since time.Time) ([]promo.Deposit, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := []promo.Deposit{}
	for _, dep := range d.list[memberID] {
		if !dep.At.Before(since) {
			out = append(out, dep)
		}
	}
	return out, nil
}

func (d *memDeposits) deposit(memberID string, amount money.Satang, at time.Time) {
	d.mu.Lock()
	d.list[memberID] = append(d.list[memberID], promo.Deposit{Ref: fmt.Sprint(len(d.list[memberID])), Amount: amount, At: at})
	d.mu.Unlock()
	d.store.move(ledger.Deposits, ledger.Wallet(memberID), amount)
}

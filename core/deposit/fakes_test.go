package deposit

import (
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"ngern/core/account"
	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
	"ngern/core/objects"
	"ngern/core/settings"
)

// memStore is an in-memory Store and ledger for the service's tests.
type memStore struct {
	mu       sync.Mutex
	slips    map[string]Slip
	vouchers map[string]Voucher
	journals map[string]ledger.Journal // by kind|ref
	balances map[string]money.Satang
	// members are the members SenderAccounts looks through.
	members fakeMembers
	// fed are the slipless deposits credited (memQR adds them), which a
	// slip of the same transfer does not credit again.
	fed []Payment
	// failRecord and failCredit, when set, are what RecordVoucher and
	// CreditVoucher answer (a database gone between redemption and credit).
	failRecord, failCredit error
}

func newMemStore() *memStore {
	return &memStore{slips: map[string]Slip{}, vouchers: map[string]Voucher{}, journals: map[string]ledger.Journal{},
		balances: map[string]money.Satang{}}
}

// post posts the journals of one movement: all of them or none.
func (m *memStore) post(js ...ledger.Journal) error {
	for _, j := range js {
		if err := j.Validate(); err != nil {
			return err
		}
		if _, dup := m.journals[string(j.Kind)+"|"+j.Ref]; dup {
			return ledger.ErrDuplicate
		}
	}
	for _, j := range js {
		m.journals[string(j.Kind)+"|"+j.Ref] = j
		for _, p := range j.Postings {
			m.balances[p.Account.ID] += p.Amount
		}
	}
	return nil
}

func (m *memStore) CreateSlip(_ context.Context, s Slip) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.slips[s.ID] = s
	return nil
}

func (m *memStore) UpdateSlip(_ context.Context, s Slip) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.slips[s.ID].Status != Pending {
		return false, nil
	}
	m.slips[s.ID] = s
	return true, nil
}

func (m *memStore) CreditSlip(_ context.Context, s Slip, js []ledger.Journal) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.slips[s.ID].Status != Pending {
		return false, nil
	}
	if s.DecidedBy == "" {
		if ref := m.feedCredit(s); ref != "" {
			return false, &FeedCredited{Ref: ref}
		}
	}
	if err := m.post(js...); err != nil {
		return false, err
	}
	m.slips[s.ID] = s
	return true, nil
}

func (m *memStore) feedCredit(s Slip) string {
	for _, p := range m.fed {
		if s.TransferredAt != nil && p.MemberID == s.MemberID && p.Ref != s.SendingBank+":"+s.TransRef &&
			SameTransfer(s.Sender.BankCode, s.Amount, *s.TransferredAt, p.Sender.BankCode, p.Amount, p.PaidAt) {
			return p.Ref
		}
	}
	return ""
}

func (m *memStore) FeedCredit(_ context.Context, s Slip) (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.feedCredit(s), nil
}

func (m *memStore) Slip(_ context.Context, id string) (Slip, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, ok := m.slips[id]
	if !ok {
		return s, errs.New(errs.NoData)
	}
	return s, nil
}

func (m *memStore) MemberSlips(_ context.Context, memberID string, offset, limit int) ([]Slip, int, error) {
	return nil, 0, fmt.Errorf("not used")
}
func (m *memStore) SlipsByStatus(_ context.Context, status Status, limit int) ([]Slip, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []Slip
	for _, s := range m.slips {
		if s.Status == status && len(out) < limit {
			out = append(out, s)
		}
	}
	return out, nil
}

func (m *memStore) SenderAccounts(_ context.Context, bankCode, digits, memberID string, limit int) ([]string, error) {
	var out []string
	for id, mb := range m.members {
		if id != memberID && mb.BankCode == bankCode && strings.Contains(mb.BankAccountNo, digits) && len(out) < limit {
			out = append(out, mb.BankAccountNo)
		}
	}
	return out, nil
}

func (m *memStore) ClaimVoucher(_ context.Context, v Voucher) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.vouchers[v.Hash]; ok {
		return errs.New(errs.TruelinkDup)
	}
	m.vouchers[v.Hash] = v
	return nil
}

func (m *memStore) ReleaseVoucher(_ context.Context, hash string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.vouchers[hash].Status == Pending {
		delete(m.vouchers, hash)
	}
	return nil
}

func (m *memStore) NoteVoucher(_ context.Context, hash, note string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	v := m.vouchers[hash]
	v.Note = note
	m.vouchers[hash] = v
	return nil
}

func (m *memStore) RecordVoucher(_ context.Context, hash string, amount money.Satang) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.failRecord != nil {
		return m.failRecord
	}
	v := m.vouchers[hash]
	if v.Status == Pending {
		v.Amount, v.Note = amount, NoteRedeemed
		m.vouchers[hash] = v
	}
	return nil
}

func (m *memStore) CreditVoucher(_ context.Context, hash string, amount money.Satang, js []ledger.Journal) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.failCredit != nil {
		return m.failCredit
	}
	if m.vouchers[hash].Status != Pending {
		return errs.New(errs.TruelinkDup)
	}
	if err := m.post(js...); err != nil {
		return err
	}
	v := m.vouchers[hash]
	v.Status, v.Amount = Success, amount
	m.vouchers[hash] = v
	return nil
}

func (m *memStore) Credits(context.Context, int, int) ([]Credit, error) {
	return nil, fmt.Errorf("not used")
}
func (m *memStore) PendingVouchers(context.Context) ([]Voucher, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := []Voucher{}
	for _, v := range m.vouchers {
		if v.Status == Pending {
			out = append(out, v)
		}
	}
	return out, nil
}

func (m *memStore) balance(id string) money.Satang {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.balances[id]
}

// nopObjects stores nothing; uploads run concurrently in the tests.
type nopObjects struct{}

func (o *nopObjects) Put(context.Context, string, io.Reader, int64, string) error { return nil }
func (o *nopObjects) Get(context.Context, string) (io.ReadCloser, objects.Info, error) {
	return nil, objects.Info{}, errs.New(errs.NotFoundCode)
}
func (o *nopObjects) Delete(context.Context, string) error    { return nil }
func (o *nopObjects) DeleteAll(context.Context, string) error { return nil }

// textReader "reads" the image's bytes as the QR text; "" is unreadable.
type textReader struct{}

func (textReader) Read(_ context.Context, img []byte) (string, error) {
	if len(img) == 0 || string(img) == "blank" {
		return "", ErrUnreadable
	}
	return string(img), nil
}

type fakeVerifier struct {
	txs map[string]Transaction
	err error
}

func (v *fakeVerifier) Verify(_ context.Context, q SlipQR) (Transaction, error) {
	if v.err != nil {
		return Transaction{}, v.err
	}
	t, ok := v.txs[q.TransRef]
	if !ok {
		return Transaction{}, &Refused{Code: NoteInvalidSlip, Reason: "NOT_FOUND"}
	}
	return t, nil
}

type fakeOptions struct {
	dep  settings.Deposit
	slip settings.Slip
}

func (o *fakeOptions) DepositOptions(context.Context) (settings.Deposit, error) { return o.dep, nil }
func (o *fakeOptions) SlipRules(context.Context) (settings.Slip, error)         { return o.slip, nil }
func (o *fakeOptions) Bank(context.Context, string) (settings.Bank, error) {
	return settings.Bank{}, nil
}

type fakeMembers map[string]*account.Member

func (f fakeMembers) MemberByID(_ context.Context, id string) (*account.Member, error) {
	if m, ok := f[id]; ok {
		return m, nil
	}
	return nil, errs.New(errs.NoUser)
}

// allow is a limiter that counts per key.
type limiter struct {
	mu   sync.Mutex
	hits map[string]int
	off  bool
}

func (l *limiter) Hit(_ context.Context, key string, limit int, window time.Duration) (bool, time.Duration, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.off {
		return true, 0, nil
	}
	if l.hits == nil {
		l.hits = map[string]int{}
	}
	l.hits[key]++
	return l.hits[key] <= limit, window, nil
}

type fakeRedeemer struct {
	mu       sync.Mutex
	vouchers map[string]money.Satang // amount left
	redeemed map[string]bool
	checkErr error
	err      error
}

func (r *fakeRedeemer) Check(_ context.Context, v, _ string) (money.Satang, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.checkErr != nil {
		return 0, r.checkErr
	}
	a, ok := r.vouchers[v]
	if !ok {
		return 0, &Refused{Code: errs.TruelinkInvalid, Reason: "VOUCHER_NOT_FOUND"}
	}
	if r.redeemed[v] {
		return 0, &Refused{Code: errs.TruelinkEmpty, Reason: "VOUCHER_OUT_OF_STOCK"}
	}
	return a, nil
}

func (r *fakeRedeemer) Redeem(ctx context.Context, v, phone string) (money.Satang, error) {
	if r.err != nil {
		return 0, r.err
	}
	a, err := r.Check(ctx, v, phone)
	if err != nil {
		return 0, err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.redeemed == nil {
		r.redeemed = map[string]bool{}
	}
	r.redeemed[v] = true
	return a, nil
}

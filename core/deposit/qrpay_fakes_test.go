package deposit

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"sync"
	"time"

	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
)

// memQR is an in-memory QRStore with the journals it posted.
type memQR struct {
	mu         sync.Mutex
	qrs        map[string]QRCode
	payments   map[string]Payment // by provider|ref
	deliveries map[string]bool
	ledger     *memStore
	// failPay, when set, is what PayQR answers (the database gone).
	failPay error
}

func newMemQR() *memQR {
	return &memQR{qrs: map[string]QRCode{}, payments: map[string]Payment{}, deliveries: map[string]bool{},
		ledger: newMemStore()}
}

func (m *memQR) expire(now time.Time) {
	for id, q := range m.qrs {
		if q.Status == QROpen && !now.Before(q.ExpiresAt) {
			q.Status, q.ClosedAt = QRExpired, q.ExpiresAt
			m.qrs[id] = q
		}
	}
}

func (m *memQR) CreateQR(_ context.Context, q QRCode, now time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.expire(now)
	for _, o := range m.qrs {
		if o.Status != QROpen {
			continue
		}
		if o.MemberID == q.MemberID && o.Provider == q.Provider || q.Target != "" && o.Target == q.Target && o.Amount == q.Amount {
			return ErrQRTaken
		}
	}
	for id, o := range m.qrs {
		if o.Status == QROpen && o.MemberID == q.MemberID {
			o.Status, o.ClosedAt = QRCancelled, now
			m.qrs[id] = o
		}
	}
	m.qrs[q.ID] = q
	return nil
}

func (m *memQR) SetGatewayRef(_ context.Context, id, ref, payload string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	q := m.qrs[id]
	q.GatewayRef, q.Payload = ref, payload
	m.qrs[id] = q
	return nil
}

func (m *memQR) OpenQR(_ context.Context, memberID, provider string, now time.Time) (QRCode, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.expire(now)
	for _, q := range m.qrs {
		if q.Status == QROpen && q.MemberID == memberID && q.Provider == provider {
			return q, nil
		}
	}
	return QRCode{}, errs.New(errs.NoData)
}

func (m *memQR) QR(_ context.Context, id string) (QRCode, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	q, ok := m.qrs[id]
	if !ok {
		return QRCode{}, errs.New(errs.NoData)
	}
	return q, nil
}

func (m *memQR) CancelQR(_ context.Context, memberID, id string, now time.Time) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.expire(now)
	q, ok := m.qrs[id]
	if !ok || q.MemberID != memberID || q.Status != QROpen {
		return false, nil
	}
	q.Status, q.ClosedAt = QRCancelled, now
	m.qrs[id] = q
	return true, nil
}

func (m *memQR) OpenAmounts(_ context.Context, target string, now time.Time) ([]money.Satang, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.expire(now)
	var out []money.Satang
	for _, q := range m.qrs {
		if q.Status == QROpen && q.Target == target {
			out = append(out, q.Amount)
		}
	}
	return out, nil
}

func (m *memQR) QRByAmount(_ context.Context, target string, amount money.Satang, at time.Time) (QRCode, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var best *QRCode
	for _, q := range m.qrs {
		if q.Target == target && q.Amount == amount && !q.CreatedAt.After(at) && (best == nil || q.CreatedAt.After(best.CreatedAt)) {
			c := q
			best = &c
		}
	}
	if best == nil {
		return QRCode{}, errs.New(errs.NoData)
	}
	return *best, nil
}

func (m *memQR) DeliverySeen(_ context.Context, provider, id string) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.deliveries[provider+"|"+id], nil
}

func (m *memQR) RecordDelivery(_ context.Context, provider, id string, _ time.Time) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	k := provider + "|" + id
	if m.deliveries[k] {
		return false, nil
	}
	m.deliveries[k] = true
	return true, nil
}

func (m *memQR) PayQR(_ context.Context, p Payment, js []ledger.Journal) (Payment, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.failPay != nil {
		return Payment{}, m.failPay
	}
	k := p.Provider + "|" + p.Ref
	if old, dup := m.payments[k]; dup {
		return old, ErrPaymentDuplicate
	}
	p.Status = PaymentReview
	if p.Provider == TransferProvider && p.QRCodeID == "" && (p.Note == "" && p.MemberID != "" && len(js) > 0 || p.Note != "") {
		members := p.Candidates
		if p.MemberID != "" {
			members = []string{p.MemberID}
		}
		for _, sl := range m.ledger.slips {
			if sl.Status == Success && slices.Contains(members, sl.MemberID) && sl.TransferredAt != nil &&
				SameTransfer(p.Sender.BankCode, p.Amount, p.PaidAt, sl.Sender.BankCode, sl.Amount, *sl.TransferredAt) {
				p.Note, p.MemberID = NoteSlipCredited, ""
			}
		}
	}
	if p.Note == "" && p.QRCodeID == "" && p.MemberID != "" && len(js) > 0 {
		if err := m.ledger.post(js...); err != nil {
			return Payment{}, err
		}
		p.Status, p.JournalID = PaymentCredited, js[0].ID
		m.ledger.fed = append(m.ledger.fed, p)
	}
	if p.Note == "" && p.QRCodeID != "" {
		q := m.qrs[p.QRCodeID]
		if (q.Status == QROpen || q.Status == QRExpired || q.Status == QRCancelled && p.PaidAt.Before(q.ClosedAt)) &&
			q.Amount == p.Amount && !p.PaidAt.After(q.ExpiresAt) {
			if err := m.ledger.post(js...); err != nil {
				return Payment{}, err
			}
			q.Status, q.ClosedAt = QRPaid, p.PaidAt
			m.qrs[q.ID] = q
			p.Status, p.JournalID = PaymentCredited, js[0].ID
		} else {
			p.Note = NoteQRNotOpen
		}
	}
	m.payments[k] = p
	return p, nil
}

func (m *memQR) UnsettledGatewayQRs(_ context.Context, since time.Time, limit int) ([]QRCode, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []QRCode
	for _, q := range m.qrs {
		if q.Target != "" || !(q.Status == QROpen || (q.Status == QRExpired || q.Status == QRCancelled) && q.ClosedAt.After(since)) {
			continue
		}
		paid := false
		for _, p := range m.payments {
			paid = paid || p.QRCodeID == q.ID
		}
		if !paid {
			out = append(out, q)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].CreatedAt.Before(out[j].CreatedAt) })
	return out, nil
}

func (m *memQR) ReviewPayments(_ context.Context, limit int) ([]Payment, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []Payment
	for _, p := range m.payments {
		if p.Status == PaymentReview {
			out = append(out, p)
		}
	}
	return out, nil
}

func (m *memQR) balance(member string) money.Satang {
	m.ledger.mu.Lock()
	defer m.ledger.mu.Unlock()
	return m.ledger.balances[ledger.Wallet(member).ID]
}

// fakeGateway accepts webhooks whose header "Sig" is "good"; the body is
// "<delivery>|<order>|<payment>|<status>|<amount>".
type fakeGateway struct {
	mu     sync.Mutex
	n      int
	status map[string]GatewayEvent // by gateway ref
	down   bool
}

func (g *fakeGateway) Create(_ context.Context, o GatewayOrder) (GatewayQR, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.down {
		return GatewayQR{}, fmt.Errorf("down: %w", ErrUnavailable)
	}
	g.n++
	ref := fmt.Sprintf("G%d", g.n)
	if g.status == nil {
		g.status = map[string]GatewayEvent{}
	}
	g.status[ref] = GatewayEvent{OrderRef: o.Ref, Status: PaymentPending}
	return GatewayQR{Ref: ref, Payload: "https://gw.example/pay/" + ref}, nil
}

func (g *fakeGateway) VerifyWebhook(header func(string) string, body []byte) (GatewayEvent, error) {
	if header("Sig") != "good" {
		return GatewayEvent{}, ErrBadSignature
	}
	var ev GatewayEvent
	var amount int64
	var st string
	if _, err := fmt.Sscanf(string(body), "%s %s %s %s %d", &ev.DeliveryID, &ev.OrderRef, &ev.PaymentRef, &st, &amount); err != nil {
		return GatewayEvent{}, fmt.Errorf("%w: %v", ErrBadSignature, err)
	}
	ev.Status, ev.Amount = PaymentStatus(st), money.Satang(amount)
	return ev, nil
}

func (g *fakeGateway) Status(_ context.Context, ref string) (GatewayEvent, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	ev, ok := g.status[ref]
	if !ok {
		return GatewayEvent{}, ErrUnavailable
	}
	return ev, nil
}

func (g *fakeGateway) markPaid(ref, paymentRef string, amount money.Satang, at time.Time) {
	g.mu.Lock()
	defer g.mu.Unlock()
	ev := g.status[ref]
	ev.Status, ev.PaymentRef, ev.Amount, ev.PaidAt = PaymentPaid, paymentRef, amount, at
	g.status[ref] = ev
}

func (m *memQR) RecentQRs(_ context.Context, offset, limit int) ([]QRCode, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []QRCode
	for _, q := range m.qrs {
		out = append(out, q)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].CreatedAt.After(out[j].CreatedAt) })
	if offset > len(out) {
		return nil, nil
	}
	out = out[offset:]
	if len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

func (m *memQR) ReviewPayment(_ context.Context, provider, ref string) (Payment, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	p, ok := m.payments[provider+"|"+ref]
	if !ok || p.Status != PaymentReview {
		return Payment{}, errs.New(errs.NoData)
	}
	return p, nil
}

func (m *memQR) AssignPayment(_ context.Context, p Payment, js []ledger.Journal, _ string) error {
	j := js[0]
	m.mu.Lock()
	defer m.mu.Unlock()
	k := p.Provider + "|" + p.Ref
	cur, ok := m.payments[k]
	if !ok || cur.Status != PaymentReview {
		return errs.New(errs.NoData)
	}
	if err := m.ledger.post(js...); err != nil {
		return err
	}
	cur.Status, cur.MemberID, cur.JournalID = PaymentCredited, j.MemberID, j.ID
	cur.DecidedBy, cur.DecidedAt = j.By, j.CreatedAt
	m.payments[k] = cur
	return nil
}

func (m *memQR) RefundPayment(_ context.Context, provider, ref, note, by string, at time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	k := provider + "|" + ref
	cur, ok := m.payments[k]
	if !ok || cur.Status != PaymentReview {
		return errs.New(errs.NoData)
	}
	cur.Status, cur.DecidedBy, cur.DecidedAt, cur.DecisionNote = PaymentRefunded, by, at, note
	m.payments[k] = cur
	return nil
}

func (m *memQR) DecidedPayments(_ context.Context, limit int) ([]Payment, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []Payment
	for _, p := range m.payments {
		if p.DecidedBy != "" {
			out = append(out, p)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].DecidedAt.After(out[j].DecidedAt) })
	if len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

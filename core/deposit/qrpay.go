package deposit

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"strings"
	"time"
	"unicode/utf8"

	"ngern/core/account"
	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
	"ngern/core/settings"
)

// QR deposits (spec parts 4, 5, 7 and 9): a member asks for a QR of a
// provider and an amount, pays it from a bank app, and is credited when the
// provider says so. Two kinds of provider:
//   - the bank QR (PromptPay to the operator's own receiving target): the
//     transfer carries no reference, so every open QR of a target has an
//     amount of its own (the asked amount plus 0.01–0.99 baht) and a bank
//     payment matches the open QR of its target and exact amount;
//   - payment gateways: the QR carries our reference, the gateway tells of
//     the payment in a signed webhook (or when asked its status).
//
// Every payment is recorded once per (provider, provider's reference) and
// either credits its QR (one ledger journal, ref "qr:<provider>:<ref>") or
// waits in the review queue with a note: it is never lost.

// QRStatus is the state of a QR.
type QRStatus string

// QR states. OPEN ends in exactly one of the others.
const (
	QROpen      QRStatus = "OPEN"
	QRPaid      QRStatus = "PAID"
	QRExpired   QRStatus = "EXPIRED"
	QRCancelled QRStatus = "CANCELLED" // by the member, or by a QR of another provider
)

// QRCode is a member's deposit QR.
type QRCode struct {
	ID         string
	MemberID   string
	Provider   string // the channel code: "kbank", "WW", ...
	Target     string // the PromptPay target (bank QR), "" for a gateway
	Amount     money.Satang
	Payload    string // what the QR encodes
	GatewayRef string // the gateway's reference of the order
	Status     QRStatus
	CreatedAt  time.Time
	ExpiresAt  time.Time
	// ClosedAt is when it left OPEN: cancelled, paid or expired (zero while
	// open).
	ClosedAt time.Time
}

// PaymentStatus is what a gateway says of an order.
type PaymentStatus string

// Payment statuses of a gateway.
const (
	PaymentPending PaymentStatus = "PENDING"
	PaymentPaid    PaymentStatus = "PAID"
	PaymentFailed  PaymentStatus = "FAILED" // expired or refused at the gateway: nothing was paid
)

// GatewayOrder is what Ngern asks a gateway for.
type GatewayOrder struct {
	Ref       string       // ours: the QR's id, echoed in webhooks
	Amount    money.Satang // satang
	ExpiresAt time.Time
}

// GatewayQR is a gateway's answer to an order.
type GatewayQR struct {
	Ref     string // the gateway's reference of the order
	Payload string // the text the QR encodes (EMVCo payload or a URL)
}

// GatewayEvent is what a gateway says of an order, in a webhook or a status
// answer.
type GatewayEvent struct {
	DeliveryID string // the webhook delivery's id (replay protection); "" from Status
	OrderRef   string // ours (GatewayOrder.Ref)
	PaymentRef string // the gateway's reference of the payment (unique per gateway)
	Status     PaymentStatus
	Amount     money.Satang // what was paid (PAID)
	PaidAt     time.Time
}

// ErrBadSignature answers a webhook whose signature, timestamp or form is
// wrong: it is refused and changes nothing.
var ErrBadSignature = errors.New("deposit: webhook signature refused")

// PaymentGateway is a QR payment gateway (WW, PAYTIMZ, PAYONEX, FP, ...).
//
// Contract:
//   - Create registers an order and returns the QR's payload and the
//     gateway's reference; an error wrapping ErrUnavailable when it cannot
//     (the member is told QR_FAIL); one attempt, with a timeout.
//   - VerifyWebhook checks a delivery: the signature is the hex
//     HMAC-SHA256 of the raw body with the provider's secret (as the
//     gateway defines where it travels, with its timestamp), the timestamp is
//     within 5 minutes of now; it answers the event, with a DeliveryID unique
//     to the delivery, or an error wrapping ErrBadSignature. It never
//     trusts the body before the signature. Refusing a replayed DeliveryID
//     is the service's job (it remembers them).
//   - Status answers what the gateway knows of an order by its reference
//     (for the poller and the console); ErrUnavailable when it cannot tell.
//   - Amounts are satang; never log the secret. Safe for concurrent use.
type PaymentGateway interface {
	Create(ctx context.Context, o GatewayOrder) (GatewayQR, error)
	VerifyWebhook(header func(string) string, body []byte) (GatewayEvent, error)
	Status(ctx context.Context, gatewayRef string) (GatewayEvent, error)
}

// BankCredit is a credit transfer that reached one of the operator's
// PromptPay targets.
type BankCredit struct {
	Ref    string // the bank's reference of the transfer (unique per bank)
	Target string // the PromptPay target credited (as configured)
	Amount money.Satang
	At     time.Time
}

// BankFeed tells of incoming transfers to the operator's PromptPay target.
//
// Contract: Listen registers the one function that every incoming credit
// transfer is given to, at least once (a feed may repeat one: the service
// records each Ref once). The function's error means "not recorded, tell me
// again". Listen is called once, before any transfer is given.
type BankFeed interface {
	Listen(fn func(ctx context.Context, c BankCredit) error)
}

// Payment is one payment a provider told of.
type Payment struct {
	Provider  string
	Ref       string // the provider's reference (unique per provider)
	QRCodeID  string // the QR it paid, "" when none matched
	Amount    money.Satang
	PaidAt    time.Time
	Status    PaymentState
	Note      string // why it waits for review
	MemberID  string
	JournalID string
	// An operator's decision on a payment that waited for review: who,
	// when, and (refunded outside) the operator's note.
	DecidedBy    string
	DecidedAt    time.Time
	DecisionNote string
}

// PaymentState is where a payment stands.
type PaymentState string

// Payment states.
const (
	PaymentCredited PaymentState = "CREDITED" // its QR was paid and the member credited
	PaymentReview   PaymentState = "REVIEW"   // unmatched: an operator decides
	// PaymentRefunded: an operator gave the money back outside Ngern (a
	// bank transfer, the gateway's refund); nothing was credited.
	PaymentRefunded PaymentState = "REFUNDED"
)

// Review notes of unmatched payments.
const (
	NoteNoQR           = "NO_QR"           // no QR of ours with this reference (or target and amount)
	NoteAmountMismatch = "AMOUNT_MISMATCH" // paid another amount than the QR's
	NoteQRNotOpen      = "QR_NOT_OPEN"     // the QR was expired, cancelled or paid when the payment came
)

// QRStore keeps QRs and the payments providers tell of.
type QRStore interface {
	// CreateQR marks the QRs whose time has passed EXPIRED, cancels the
	// member's open QRs of other providers and stores q, OPEN, in one
	// transaction. It answers ErrQRTaken, storing nothing, when the member
	// has an open QR of q.Provider or (q.Target set) another open QR of the
	// target has q's amount.
	CreateQR(ctx context.Context, q QRCode, now time.Time) error
	// SetGatewayRef records the gateway's reference of an order.
	SetGatewayRef(ctx context.Context, id, ref, payload string) error
	// OpenQR is the member's open, unexpired QR of a provider (NO_DATA).
	OpenQR(ctx context.Context, memberID, provider string, now time.Time) (QRCode, error)
	// QR is a QR by its id (NO_DATA).
	QR(ctx context.Context, id string) (QRCode, error)
	// CancelQR cancels the member's QR while it is open (false otherwise).
	CancelQR(ctx context.Context, memberID, id string, now time.Time) (bool, error)
	// OpenAmounts are the amounts of a target's open, unexpired QRs.
	OpenAmounts(ctx context.Context, target string, now time.Time) ([]money.Satang, error)
	// QRByAmount is the latest QR of a target with amount created at or
	// before at, whatever its state (NO_DATA).
	QRByAmount(ctx context.Context, target string, amount money.Satang, at time.Time) (QRCode, error)
	// DeliverySeen tells whether a webhook delivery was recorded.
	DeliverySeen(ctx context.Context, provider, id string) (bool, error)
	// RecordDelivery remembers a webhook delivery; false when it was seen
	// before.
	RecordDelivery(ctx context.Context, provider, id string, at time.Time) (bool, error)
	// PayQR records p once per (provider, ref): a payment recorded before
	// answers ErrPaymentDuplicate and changes nothing. When p.QRCodeID
	// names a QR of p's provider, of p's amount, OPEN (or EXPIRED or
	// CANCELLED since, a late notice: cancelled strictly after p.PaidAt) and
	// whose lifetime holds p.PaidAt, the QR becomes PAID and the journals of m
	// are posted (the credit first; the payment CREDITED),
	// all in one transaction; otherwise the payment is stored for review
	// with p.Note (NoteQRNotOpen when the QR was not open). It answers the
	// payment as stored.
	PayQR(ctx context.Context, p Payment, m []ledger.Journal) (Payment, error)
	// UnsettledGatewayQRs are gateway QRs without a payment, OPEN or
	// expired or cancelled after since, for the poller (oldest first, at
	// most limit).
	UnsettledGatewayQRs(ctx context.Context, since time.Time, limit int) ([]QRCode, error)
	// ReviewPayments lists the payments waiting for review, oldest first.
	ReviewPayments(ctx context.Context, limit int) ([]Payment, error)
	// RecentQRs lists QRs newest first, page offset, at most limit.
	RecentQRs(ctx context.Context, offset, limit int) ([]QRCode, error)
	// ReviewPayment is a payment waiting for review (NO_DATA otherwise).
	ReviewPayment(ctx context.Context, provider, ref string) (Payment, error)
	// AssignPayment credits a payment waiting for review to the member of
	// m's first journal: it posts the journals of m and marks the payment CREDITED by the operator, in one
	// transaction; a payment no longer waiting answers NO_DATA.
	AssignPayment(ctx context.Context, p Payment, m []ledger.Journal, by string) error
	// RefundPayment marks a payment waiting for review REFUNDED by an
	// operator with a note, crediting nothing; a payment no longer
	// waiting answers NO_DATA.
	RefundPayment(ctx context.Context, provider, ref, note, by string, at time.Time) error
	// DecidedPayments lists the payments operators decided (assigned or
	// refunded), newest decision first.
	DecidedPayments(ctx context.Context, limit int) ([]Payment, error)
}

// ErrQRTaken: an open QR is in the way (see QRStore.CreateQR).
var ErrQRTaken = errors.New("deposit: an open QR is in the way")

// ErrPaymentDuplicate: the payment was recorded before.
var ErrPaymentDuplicate = errors.New("deposit: payment recorded before")

// GatewaySource gives the adapter of a gateway provider configured with
// the provider's stored secrets (settings.QRProvider), so that a secret an
// operator replaces is used from the next call on; nil when this
// deployment has no adapter for the provider.
type GatewaySource interface {
	Gateway(p settings.QRProvider) PaymentGateway
}

// StaticGateways is a GatewaySource of fixed adapters by code (tests, and
// gateways whose secrets are not stored).
type StaticGateways map[string]PaymentGateway

// Gateway is the adapter of p's code.
func (m StaticGateways) Gateway(p settings.QRProvider) PaymentGateway { return m[p.Code] }

// QRDeps are what the QR service needs.
type QRDeps struct {
	Store    QRStore
	Gateways GatewaySource
	// PromptPay is the bank QR's channel code ("kbank") and its target;
	// no target: no bank QR.
	PromptPayCode   string
	PromptPayTarget string
	Members         Members // for operators' assignments
	// Providers answers the providers' configuration as operators set it
	// (settings.Service.QRProviders): enabled, minimum, quick amounts,
	// lifetime, secrets. Nil: the defaults of spec part 9, all enabled.
	Providers func(ctx context.Context) ([]settings.QRProvider, error)
	// Coins answers the operator's coins setting; nil: its default.
	Coins CoinRate
	Log   *slog.Logger
	Now   func() time.Time
	IDs   func() string
}

// QRService implements QR deposits.
type QRService struct{ d QRDeps }

// DefaultQRLifetime is how long a QR can be paid unless its provider says
// otherwise.
const DefaultQRLifetime = settings.DefaultLifetime

// NewQRService returns the QR deposit service.
func NewQRService(d QRDeps) *QRService {
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.IDs == nil {
		d.IDs = account.NewID
	}
	if d.Log == nil {
		d.Log = slog.Default()
	}
	if d.Gateways == nil {
		d.Gateways = StaticGateways(nil)
	}
	if d.PromptPayCode == "" {
		d.PromptPayCode = settings.PromptPayCode
	}
	if d.Providers == nil {
		d.Providers = func(context.Context) ([]settings.QRProvider, error) { return settings.DefaultQRProviders(), nil }
	}
	return &QRService{d: d}
}

// Providers are the QR channels members may use now: the enabled
// providers this deployment can serve (the bank QR when it has a target, a
// gateway with an adapter), in the spec's order.
func (s *QRService) Providers(ctx context.Context) ([]settings.QRProvider, error) {
	all, err := s.d.Providers(ctx)
	if err != nil {
		return nil, err
	}
	var out []settings.QRProvider
	for _, p := range all {
		if p.Enabled && s.configured(p) {
			out = append(out, p)
		}
	}
	return out, nil
}

func (s *QRService) configured(p settings.QRProvider) bool {
	if p.Code == s.d.PromptPayCode {
		return s.d.PromptPayTarget != ""
	}
	return s.d.Gateways.Gateway(p) != nil
}

// provider is a provider's configuration, enabled or not (NO_DATA when
// unknown).
func (s *QRService) provider(ctx context.Context, code string) (settings.QRProvider, error) {
	all, err := s.d.Providers(ctx)
	if err != nil {
		return settings.QRProvider{}, err
	}
	for _, p := range all {
		if p.Code == code {
			return p, nil
		}
	}
	return settings.QRProvider{}, errs.New(errs.NoData)
}

// channel is an enabled, configured provider members may use.
func (s *QRService) channel(ctx context.Context, code string) (settings.QRProvider, bool, error) {
	p, err := s.provider(ctx, code)
	if errs.HasCode(err, errs.NoData) {
		return p, false, nil
	}
	if err != nil {
		return p, false, err
	}
	return p, p.Enabled && s.configured(p), nil
}

// gateway is the adapter of a gateway provider, enabled or not: a payment
// told of after an operator switched the provider off is still recorded.
func (s *QRService) gateway(ctx context.Context, code string) (PaymentGateway, error) {
	if code == s.d.PromptPayCode {
		return nil, nil
	}
	p, err := s.provider(ctx, code)
	if errs.HasCode(err, errs.NoData) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return s.d.Gateways.Gateway(p), nil
}

// qrFail is the member's QR_FAIL with a message the app shows.
func qrFail(format string, a ...any) error { return errs.Newf(errs.QRFail, format, a...) }

// Current is the member's open QR of a provider (NO_DATA when none).
func (s *QRService) Current(ctx context.Context, memberID, provider string) (QRCode, error) {
	if _, ok, err := s.channel(ctx, provider); err != nil || !ok {
		if err == nil {
			err = errs.New(errs.NoData)
		}
		return QRCode{}, err
	}
	return s.d.Store.OpenQR(ctx, memberID, provider, s.d.Now().UTC())
}

// Create makes the member a QR of provider for amount (satang): the member's
// open QR of that provider when it is for the same amount asked, otherwise a
// refusal (cancel it first); it cancels the member's open QRs of the other
// providers.
func (s *QRService) Create(ctx context.Context, memberID, provider string, amount money.Satang) (QRCode, error) {
	ch, ok, err := s.channel(ctx, provider)
	if err != nil {
		return QRCode{}, err
	}
	if !ok {
		return QRCode{}, qrFail("%s is not a QR channel here", provider)
	}
	if amount < 100 || amount < ch.Min {
		min := max(ch.Min, 100)
		// The member's input, refused before any provider is asked.
		return QRCode{}, errs.Newf(errs.QRMinimum, "the smallest amount is %d.%02d", min/100, min%100)
	}
	now := s.d.Now().UTC()
	lifetime := ch.Lifetime
	if lifetime <= 0 {
		lifetime = DefaultQRLifetime
	}
	q := QRCode{ID: s.d.IDs(), MemberID: memberID, Provider: provider, Amount: amount, Status: QROpen,
		CreatedAt: now, ExpiresAt: now.Add(lifetime)}
	if provider == s.d.PromptPayCode {
		return s.createPromptPay(ctx, q, now)
	}
	if err := s.d.Store.CreateQR(ctx, q, now); err != nil {
		if errors.Is(err, ErrQRTaken) {
			return QRCode{}, qrFail("a QR of %s is open: pay or cancel it first", provider)
		}
		return QRCode{}, err
	}
	g, err := s.d.Gateways.Gateway(ch).Create(ctx, GatewayOrder{Ref: q.ID, Amount: amount, ExpiresAt: q.ExpiresAt})
	if err != nil {
		s.d.Log.WarnContext(ctx, "gateway order refused", "provider", provider, "qr", q.ID, "err", err)
		s.d.Store.CancelQR(ctx, memberID, q.ID, now)
		return QRCode{}, qrFail("%s cannot make a QR now", provider)
	}
	q.GatewayRef, q.Payload = g.Ref, g.Payload
	if err := s.d.Store.SetGatewayRef(ctx, q.ID, g.Ref, g.Payload); err != nil {
		return QRCode{}, err
	}
	return q, nil
}

// createPromptPay gives the QR an amount of its own among the target's open
// QRs: the asked amount plus 1 to 99 satang.
func (s *QRService) createPromptPay(ctx context.Context, q QRCode, now time.Time) (QRCode, error) {
	q.Target = s.d.PromptPayTarget
	asked := q.Amount
	for attempt := 0; attempt < 3; attempt++ {
		taken, err := s.d.Store.OpenAmounts(ctx, q.Target, now)
		if err != nil {
			return QRCode{}, err
		}
		off, ok := freeOffset(asked, taken)
		if !ok {
			return QRCode{}, qrFail("too many QRs of this amount are open: try another amount")
		}
		q.Amount = asked + off
		if q.Payload, err = PromptPayPayload(q.Target, q.Amount, true); err != nil {
			return QRCode{}, fmt.Errorf("promptpay target: %w", err)
		}
		err = s.d.Store.CreateQR(ctx, q, now)
		if err == nil {
			return q, nil
		}
		if !errors.Is(err, ErrQRTaken) {
			return QRCode{}, err
		}
		if _, err := s.d.Store.OpenQR(ctx, q.MemberID, q.Provider, now); err == nil {
			return QRCode{}, qrFail("a QR of %s is open: pay or cancel it first", q.Provider)
		}
		// Another member took the amount meanwhile: choose again.
	}
	return QRCode{}, qrFail("too many QRs are being made: try again")
}

// freeOffset picks at random an offset of 1–99 satang such that asked+offset
// is not taken.
func freeOffset(asked money.Satang, taken []money.Satang) (money.Satang, bool) {
	used := map[money.Satang]bool{}
	for _, t := range taken {
		used[t] = true
	}
	var free []money.Satang
	for off := money.Satang(1); off <= 99; off++ {
		if !used[asked+off] {
			free = append(free, off)
		}
	}
	if len(free) == 0 {
		return 0, false
	}
	return free[rand.IntN(len(free))], true
}

// Cancel cancels the member's own open QR.
func (s *QRService) Cancel(ctx context.Context, memberID, id string) error {
	ok, err := s.d.Store.CancelQR(ctx, memberID, id, s.d.Now().UTC())
	if err != nil {
		return err
	}
	if !ok {
		return errs.New(errs.NoData)
	}
	return nil
}

// Webhook handles a gateway's webhook delivery: the signature is checked
// first (ErrBadSignature: nothing changes), a delivery seen before is a
// replay (ErrBadSignature), a status other than PAID is acknowledged
// without change, and a payment is settled (a payment recorded before is
// acknowledged without change).
func (s *QRService) Webhook(ctx context.Context, provider string, header func(string) string, body []byte) error {
	g, err := s.gateway(ctx, provider)
	if err != nil {
		return err
	}
	if g == nil {
		return errs.New(errs.NotFoundCode)
	}
	ev, err := g.VerifyWebhook(header, body)
	if err != nil {
		s.d.Log.WarnContext(ctx, "webhook refused", "provider", provider, "err", err)
		return errs.New(errs.BadSignature)
	}
	if ev.DeliveryID == "" {
		return errs.New(errs.BadSignature)
	}
	seen, err := s.d.Store.DeliverySeen(ctx, provider, ev.DeliveryID)
	if err != nil {
		return err
	}
	if seen {
		s.d.Log.WarnContext(ctx, "webhook replayed", "provider", provider, "delivery", ev.DeliveryID)
		return errs.New(errs.BadSignature)
	}
	// The delivery is recorded only once it is settled: a settlement that
	// failed (the database gone) answers an error, and the gateway's retry
	// of the same delivery settles it then instead of being refused as a
	// replay. Two copies arriving at once both settle, which records the
	// payment once (its key is the gateway's reference).
	if _, err := s.settleEvent(ctx, provider, ev); err != nil {
		return err
	}
	_, err = s.d.Store.RecordDelivery(ctx, provider, ev.DeliveryID, s.d.Now().UTC())
	return err
}

// settleEvent records a PAID event's payment; other statuses change
// nothing (a late PENDING after PAID is harmless).
func (s *QRService) settleEvent(ctx context.Context, provider string, ev GatewayEvent) (Payment, error) {
	if ev.Status != PaymentPaid {
		return Payment{}, nil
	}
	if ev.PaymentRef == "" || ev.Amount <= 0 {
		return Payment{}, fmt.Errorf("gateway %s: a paid event without reference or amount", provider)
	}
	p := Payment{Provider: provider, Ref: ev.PaymentRef, QRCodeID: ev.OrderRef, Amount: ev.Amount, PaidAt: ev.PaidAt.UTC()}
	if p.PaidAt.IsZero() {
		p.PaidAt = s.d.Now().UTC()
	}
	return s.pay(ctx, p)
}

// pay matches a payment with its QR and records it: credited when the QR
// is open, of the amount and within its time; otherwise for review.
func (s *QRService) pay(ctx context.Context, p Payment) (Payment, error) {
	var m []ledger.Journal
	if p.QRCodeID != "" {
		q, err := s.d.Store.QR(ctx, p.QRCodeID)
		switch {
		case errs.HasCode(err, errs.NoData):
			p.QRCodeID, p.Note = "", NoteNoQR
		case err != nil:
			return Payment{}, err
		case q.Provider != p.Provider:
			p.QRCodeID, p.Note = "", NoteNoQR
		case q.Amount != p.Amount:
			p.Note, p.MemberID = NoteAmountMismatch, q.MemberID
		case q.Status == QRPaid || q.Status == QRCancelled && !p.PaidAt.Before(q.ClosedAt) || p.PaidAt.After(q.ExpiresAt):
			// Paid after its time, after a cancel, or a second time. A QR
			// paid while it was open whose notice arrives after the member
			// cancelled it is credited: the gateway's paid time precedes
			// the cancel.
			p.Note, p.MemberID = NoteQRNotOpen, q.MemberID
		default:
			p.MemberID = q.MemberID
			j := ledger.Journal{ID: s.d.IDs(), Kind: JournalKind, Ref: "qr:" + p.Provider + ":" + p.Ref, MemberID: q.MemberID,
				Memo: "qr deposit " + p.Provider, CreatedAt: s.d.Now().UTC(),
				Postings: ledger.Move(ledger.Deposits, ledger.Wallet(q.MemberID), p.Amount)}
			if m, err = credit(ctx, s.d.Coins, j); err != nil {
				return Payment{}, err
			}
		}
	} else if p.Note == "" {
		p.Note = NoteNoQR
	}
	out, err := s.d.Store.PayQR(ctx, p, m)
	if errors.Is(err, ErrPaymentDuplicate) {
		return out, nil // told before: nothing changes
	}
	if err != nil {
		return Payment{}, err
	}
	if out.Status == PaymentReview {
		s.d.Log.WarnContext(ctx, "qr payment for review", "provider", p.Provider, "ref", p.Ref, "note", out.Note)
	}
	return out, nil
}

// BankCredit handles a transfer to the PromptPay target (from a BankFeed):
// it credits the open QR of the target with exactly that amount made
// before the transfer and still valid then; anything else waits for review.
func (s *QRService) BankCredit(ctx context.Context, c BankCredit) error {
	if s.d.PromptPayCode == "" || s.d.PromptPayTarget == "" {
		return fmt.Errorf("bank credit: no PromptPay target configured")
	}
	p := Payment{Provider: s.d.PromptPayCode, Ref: c.Ref, Amount: c.Amount, PaidAt: c.At.UTC()}
	if p.PaidAt.IsZero() {
		p.PaidAt = s.d.Now().UTC()
	}
	if !sameTarget(c.Target, s.d.PromptPayTarget) {
		return nil // not ours to match
	}
	// Banks and SMS stamp transfers to the second or the minute: a QR made
	// within BankClockSkew after the stamped time is still a candidate.
	q, err := s.d.Store.QRByAmount(ctx, s.d.PromptPayTarget, c.Amount, p.PaidAt.Add(BankClockSkew))
	switch {
	case errs.HasCode(err, errs.NoData):
		p.Note = NoteNoQR
	case err != nil:
		return err
	default:
		p.QRCodeID = q.ID
	}
	_, err = s.pay(ctx, p)
	return err
}

// BankClockSkew is how far a bank's time of a transfer may lag ours.
const BankClockSkew = time.Minute

func sameTarget(a, b string) bool {
	_, x, err1 := PromptPayTarget(a)
	_, y, err2 := PromptPayTarget(b)
	return err1 == nil && err2 == nil && x == y
}

// PollGateways asks the gateways the status of QRs that saw no payment
// (open, or expired or cancelled within the last hour) and settles those
// paid: a lost webhook is made good (a QR paid before its cancel is
// credited, see pay). It answers how many payments it recorded.
func (s *QRService) PollGateways(ctx context.Context) (int, error) {
	now := s.d.Now().UTC()
	qs, err := s.d.Store.UnsettledGatewayQRs(ctx, now.Add(-time.Hour), 200)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, q := range qs {
		g, err := s.gateway(ctx, q.Provider)
		if err != nil {
			return n, err
		}
		if g == nil || q.GatewayRef == "" {
			continue
		}
		ev, err := g.Status(ctx, q.GatewayRef)
		if err != nil {
			s.d.Log.WarnContext(ctx, "gateway status unknown", "provider", q.Provider, "qr", q.ID, "err", err)
			continue
		}
		if ev.Status != PaymentPaid {
			continue
		}
		if ev.OrderRef == "" {
			ev.OrderRef = q.ID
		}
		if _, err := s.settleEvent(ctx, q.Provider, ev); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// ReviewPayments lists unmatched payments for the operators.
func (s *QRService) ReviewPayments(ctx context.Context, limit int) ([]Payment, error) {
	return s.d.Store.ReviewPayments(ctx, limit)
}

// AssignPayment credits an unmatched payment to a member, by an operator
// who checked it (the review queue's "assign"): its whole amount, once.
func (s *QRService) AssignPayment(ctx context.Context, provider, ref, memberID, by string) (Payment, error) {
	p, err := s.d.Store.ReviewPayment(ctx, provider, ref)
	if err != nil {
		return Payment{}, err
	}
	if s.d.Members == nil {
		return Payment{}, errs.New(errs.NoData)
	}
	if _, err := s.d.Members.MemberByID(ctx, memberID); err != nil {
		return Payment{}, err
	}
	j := ledger.Journal{ID: s.d.IDs(), Kind: JournalKind, Ref: "qr:" + p.Provider + ":" + p.Ref, MemberID: memberID, By: by,
		Memo: "qr deposit " + p.Provider + " assigned", CreatedAt: s.d.Now().UTC(),
		Postings: ledger.Move(ledger.Deposits, ledger.Wallet(memberID), p.Amount)}
	m, err := credit(ctx, s.d.Coins, j)
	if err != nil {
		return Payment{}, err
	}
	if err := s.d.Store.AssignPayment(ctx, p, m, by); err != nil {
		return Payment{}, err
	}
	p.Status, p.MemberID, p.JournalID, p.Note = PaymentCredited, memberID, j.ID, ""
	return p, nil
}

// MaxRefundNote bounds the note of a refund outside Ngern.
const MaxRefundNote = 500

// RefundPayment records that an operator gave an unmatched payment back
// outside Ngern (the review queue's "refund outside"): the payment leaves
// the queue as REFUNDED with the operator's note; nothing is credited.
// The note (how it was refunded, e.g. the bank transfer's reference) is
// required.
func (s *QRService) RefundPayment(ctx context.Context, provider, ref, note, by string) (Payment, error) {
	note = strings.TrimSpace(note)
	if note == "" || utf8.RuneCountInString(note) > MaxRefundNote {
		return Payment{}, errs.OnField(errs.InvalidRequest, "note")
	}
	p, err := s.d.Store.ReviewPayment(ctx, provider, ref)
	if err != nil {
		return Payment{}, err
	}
	now := s.d.Now().UTC()
	if err := s.d.Store.RefundPayment(ctx, provider, ref, note, by, now); err != nil {
		return Payment{}, err
	}
	p.Status, p.DecidedBy, p.DecidedAt, p.DecisionNote = PaymentRefunded, by, now, note
	return p, nil
}

// DecidedPayments lists the payments operators decided, newest first.
func (s *QRService) DecidedPayments(ctx context.Context, limit int) ([]Payment, error) {
	return s.d.Store.DecidedPayments(ctx, limit)
}

// RecentQRs lists QRs newest first for the operators; an OPEN QR past its
// time shows EXPIRED.
func (s *QRService) RecentQRs(ctx context.Context, offset, limit int) ([]QRCode, error) {
	qs, err := s.d.Store.RecentQRs(ctx, offset, limit)
	now := s.d.Now()
	for i := range qs {
		if qs[i].Status == QROpen && !now.Before(qs[i].ExpiresAt) {
			qs[i].Status = QRExpired
		}
	}
	return qs, err
}

// ExpireIn is how many seconds q can still be paid, rounded up (a QR made
// now answers its whole lifetime).
func (s *QRService) ExpireIn(q QRCode) int {
	d := q.ExpiresAt.Sub(s.d.Now())
	if d <= 0 {
		return 0
	}
	return int((d + time.Second - 1) / time.Second)
}

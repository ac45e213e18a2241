package deposit

import (
	"context"
	"errors"
	"time"

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
// accounts: its PromptPay target (a QR deposit) or one of the receiving
// bank accounts of the deposit lookup (a slipless deposit).
type BankCredit struct {
	Ref string // the bank's reference of the transfer (unique per bank)
	// Target is the account credited as the bank names it: the PromptPay
	// target, or a receiving account's number (possibly masked, as banks
	// show it: "xxx-x-x5678-x").
	Target string
	Amount money.Satang
	At     time.Time
	// Sender is where the money came from as the bank gives it: our bank
	// code, the account number often masked (only its last 4–6 digits
	// shown) and the holder's name often truncated ("SOMCHAI J", "นาย
	// สมชาย ใ"). A transfer to a receiving account is credited to the
	// member whose registered account fits it (SenderCandidates).
	Sender Party
}

// BankFeed tells of incoming transfers to the operator's PromptPay target
// and receiving bank accounts.
//
// Contract: Listen registers the one function that every incoming credit
// transfer is given to, at least once (a feed may repeat one: the service
// records each Ref once). The function's error means "not recorded, tell me
// again". Listen is called once, before any transfer is given. A feed
// gives the sender as the bank does (BankCredit.Sender), never guessing
// what the bank hid.
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
	// Sender is the sender a bank named (slipless deposits, provider
	// TransferProvider); Candidates the members it may be, when it went to
	// review with more than one or none credited.
	Sender     Party
	Candidates []string
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
	// Slipless deposits (TransferProvider).
	NoteNoSender       = "NO_SENDER"        // no member's registered account fits the sender
	NoteManySenders    = "MANY_SENDERS"     // more than one member fits: Candidates lists them
	NoteLateNotice     = "LATE_NOTICE"      // the transfer's time is outside the window of now
	NoteSenderLocked   = "SENDER_LOCKED"    // the one member who fits is locked
	NoteAmountTooLarge = "AMOUNT_TOO_LARGE" // more than a wallet can hold at once
	NoteSlipCredited   = "SLIP_CREDITED"    // the transfer's slip (same reference, or same sender's bank, amount and time) credited it first
	NoteNoSenderName   = "NO_SENDER_NAME"   // the bank named no sender: Candidates are the members the digits fit
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
	// answers ErrPaymentDuplicate and changes nothing. A payment of no QR
	// (a slipless deposit) with journals m and no note is CREDITED to
	// p.MemberID with m in the same transaction, unless a SUCCESS slip of
	// the member matches its transfer (p.Sender.BankCode, p.Amount,
	// p.PaidAt within TransferWindow): then it is stored for review with
	// NoteSlipCredited and no member, crediting nothing — checked under the
	// member's lock CreditSlip takes too (see twin.go); a slipless deposit
	// stored for review whose transfer a SUCCESS slip of one of
	// p.Candidates matches is stored with NoteSlipCredited. When p.QRCodeID
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

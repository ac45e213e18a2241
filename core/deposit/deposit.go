// Package deposit is how members put money in: bank-transfer slips (read,
// verified, checked against the rules and credited, or left to an
// operator's review) and TrueMoney gift links (redeemed to the operator's
// wallet and credited). Every credit is a ledger journal from sys:deposits
// whose reference is the bank's transaction reference or the voucher, so
// that one slip or voucher credits once whatever happens concurrently.
package deposit

import (
	"context"
	"errors"
	"time"

	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
)

// Journal kinds of deposits.
const (
	// JournalKind is the ledger kind of every deposit credit; refs are
	// "slip:<bank>:<transRef>", "slipreview:<slip id>" (an approved slip
	// without a readable reference) and "gift:<voucher>".
	JournalKind ledger.JournalKind = "deposit"
)

// Slip reason codes (spec part 8), a slip's note: the catalogue's codes.
const (
	NoteUploadedFileNotExist = errs.UploadedFileNotExist
	NoteImgSizeUnable        = errs.ImgSizeUnable
	NoteCannotReadCropped    = errs.CannotReadCropped
	NoteDestAccInvalid       = errs.DestAccInvalid
	NoteRefNoDuplicated      = errs.SlipRefNoDuplicated
	NoteUnstableRefNo        = errs.UnstableRefNo
	NoteTrippleWrongCaptcha  = errs.TrippleWrongCaptcha
	NoteInvalidSlip          = errs.InvalidSlip
	NoteNotMatch             = errs.NotMatch
	NoteExpiredSlip          = errs.ExpiredSlip
	NoteUnknownError         = errs.UnknowError
)

// RejectReasons are the reason codes an operator may reject a slip with.
var RejectReasons = []errs.Code{NoteUploadedFileNotExist, NoteImgSizeUnable, NoteCannotReadCropped, NoteDestAccInvalid,
	NoteRefNoDuplicated, NoteUnstableRefNo, NoteTrippleWrongCaptcha, NoteInvalidSlip, NoteNotMatch, NoteExpiredSlip,
	NoteUnknownError}

// Status of a slip or a voucher: PENDING until it is credited (SUCCESS) or
// refused (FAILED).
type Status string

// Statuses (spec part 4: SUCCESS, FAILED, otherwise in progress).
const (
	Pending Status = "PENDING"
	Success Status = "SUCCESS"
	Failed  Status = "FAILED"
)

// Party is one side of a bank transfer. AccountNo is as the bank shows it,
// often masked ("xxx-x-x1234-x"); see AccountMatches.
type Party struct {
	BankCode  string `json:"bankCode"`  // our bank code (KBANK, SCB, ...)
	AccountNo string `json:"accountNo"` // digits, possibly masked
	Name      string `json:"name"`
}

// Transaction is a bank transfer as the verifier knows it.
type Transaction struct {
	TransRef      string
	Amount        money.Satang
	Sender        Party
	Receiver      Party
	TransferredAt time.Time
}

// SlipReader finds and reads the mini-QR of a slip image.
//
// Contract: Read gets the image's bytes (JPEG, PNG or WebP, already checked
// to be one and within the pixel limit) and returns the QR's text, or an
// error wrapping ErrUnreadable when it finds none. It never judges the text:
// ParseSlipQR does. It must be safe for concurrent use.
type SlipReader interface {
	Read(ctx context.Context, image []byte) (string, error)
}

// SlipVerifier resolves a slip's reference to the bank transaction.
//
// Contract: Verify returns the transaction the bank (or a service that asks
// the banks) knows by q; its TransRef is q.TransRef. It answers
//   - a *Refused when the service said definitely that the slip is not a
//     real transaction (not found, not a slip); the slip then goes to review
//     with note INVALID_SLIP, never credited;
//   - an error wrapping ErrUnavailable for every other failure (timeout,
//     5xx, quota, an answer it cannot read, no verifier configured); the
//     slip then goes to review with note UNSTABLE_REFNO_ON_SLIP.
//
// Amounts are satang; bank codes are ours (settings.Bank.Code), translated
// from the service's own codes by the adapter. One attempt per call, with a
// timeout; never log the service's key.
type SlipVerifier interface {
	Verify(ctx context.Context, q SlipQR) (Transaction, error)
}

// GiftRedeemer redeems TrueMoney gift vouchers.
//
// Contract: Redeem takes a voucher hash (letters and digits) and the phone
// number of the operator's TrueMoney wallet, and returns the amount that
// reached that wallet. It answers a *Refused whose Code is one of
// TRUELINK_INVALID (no such voucher), TRUELINK_EXPIRED, TRUELINK_EMPTY (out
// of stock: fully redeemed), TRUELINK_OWN (the operator's own voucher) or
// TRUELINK_DUPLICATE (already redeemed to this wallet) only when nothing was
// redeemed; an error wrapping ErrUnavailable when it cannot tell (timeout,
// 5xx, unreadable answer) — the voucher is then kept for an operator and
// never credited on a guess. Never call the real service from tests.
//
// Check asks, without redeeming, what the voucher would give (the amount
// still in it for one redeemer), with the same refusals; the service
// refuses vouchers under the 2-baht minimum before redeeming.
type GiftRedeemer interface {
	Check(ctx context.Context, voucher, phone string) (money.Satang, error)
	Redeem(ctx context.Context, voucher, phone string) (money.Satang, error)
}

// Refused is a definite "no" of a verifier or a redeemer.
type Refused struct {
	Code   errs.Code // what the member is told
	Reason string    // the service's own code, for operators
}

func (r *Refused) Error() string { return "refused: " + string(r.Code) + " (" + r.Reason + ")" }

// ErrUnreadable: the reader found no QR.
var ErrUnreadable = errors.New("deposit: no QR code found")

// ErrUnavailable: the service could not answer definitely.
var ErrUnavailable = errors.New("deposit: service unavailable")

// Slip is an uploaded slip.
type Slip struct {
	ID          string       `db:"id"`
	MemberID    string       `db:"member_id"`
	ObjectKey   string       `db:"object_key"`
	ContentType string       `db:"content_type"`
	Status      Status       `db:"status"`
	Note        string       `db:"note"`
	Amount      money.Satang `db:"amount"`
	SendingBank string       `db:"sending_bank"` // from the QR (BOT code)
	TransRef    string       `db:"trans_ref"`
	Sender      Party        `db:"sender"`
	Receiver    Party        `db:"receiver"`
	// TransferredAt is zero until a verifier or an operator tells it.
	TransferredAt *time.Time `db:"transferred_at"`
	CreatedAt     time.Time  `db:"created_at"`
	DecidedBy     string     `db:"decided_by"`
	DecidedAt     *time.Time `db:"decided_at"`
	// The member's registered bank, for the review page.
	MemberPhone     string `db:"phone"`
	MemberName      string `db:"member_name"`
	MemberBank      string `db:"bank_code"`
	MemberAccountNo string `db:"bank_account_no"`
	MemberAccount   string `db:"bank_account_name"`
	// OCR is what the slip prints as the OCR read it (nil: not read): the
	// review's pre-filled fields and the edited-slip flag.
	OCR *SlipReading `db:"-"`
	// FeedRef is the bank feed's payment (provider TransferProvider) that
	// credited the transfer of a slip waiting with NoteFeedCredited (Review).
	FeedRef string `db:"-"`
}

// Voucher is a redeemed or claimed gift voucher.
type Voucher struct {
	Hash      string       `db:"voucher"`
	MemberID  string       `db:"member_id"`
	Status    Status       `db:"status"`
	Amount    money.Satang `db:"amount"`
	Note      string       `db:"note"`
	CreatedAt time.Time    `db:"created_at"`
}

// Credit is one deposit credit, for the operators' list.
type Credit struct {
	JournalID string       `db:"id"`
	Ref       string       `db:"ref"`
	MemberID  string       `db:"member_id"`
	Phone     string       `db:"phone"`
	Name      string       `db:"name"`
	Amount    money.Satang `db:"amount"`
	By        string       `db:"created_by"`
	CreatedAt time.Time    `db:"created_at"`
}

// Store keeps slips and vouchers; credits go through the ledger in the same
// transaction.
type Store interface {
	// CreateSlip stores a new slip.
	CreateSlip(ctx context.Context, s Slip) error
	// UpdateSlip records what was learnt of a PENDING slip (note, reference,
	// parties, amount, time) and, when status is FAILED, refuses it. A slip
	// no longer PENDING is left alone (false).
	UpdateSlip(ctx context.Context, s Slip) (bool, error)
	// CreditSlip marks a PENDING slip SUCCESS with s's details and posts
	// the journals of m (the credit first, then what it earns) in one
	// transaction. A journal whose ref was credited before answers
	// ledger.ErrDuplicate and changes nothing; a slip no longer PENDING
	// answers false. A slip credited automatically (s.DecidedBy empty)
	// whose transfer (s.Sender.BankCode, s.Amount, s.TransferredAt within
	// TransferWindow) matches a CREDITED slipless deposit to s.MemberID of
	// another reference than the slip's answers *FeedCredited and changes
	// nothing; the check and the credit are one transaction under the
	// member's lock that PayQR's slipless credit takes too (see twin.go).
	// A slip credited (automatically or by an operator) notes
	// NoteSlipCredited the slipless deposits of its transfer waiting for
	// review with its member among their candidates.
	CreditSlip(ctx context.Context, s Slip, m []ledger.Journal) (bool, error)
	// Slip returns a slip with its member's bank data (NO_DATA when absent).
	Slip(ctx context.Context, id string) (Slip, error)
	// MemberSlips is a page of a member's slips, newest first, and how many
	// there are.
	MemberSlips(ctx context.Context, memberID string, offset, limit int) ([]Slip, int, error)
	// FeedCredit is the reference of a CREDITED slipless deposit to the
	// slip's member whose transfer is the slip's (sender's bank, amount,
	// TransferWindow) under another reference than the slip's; "" when
	// none. CreditSlip applies the same rule.
	FeedCredit(ctx context.Context, s Slip) (string, error)
	// SlipsByStatus lists slips with status, oldest first, at most limit.
	SlipsByStatus(ctx context.Context, status Status, limit int) ([]Slip, error)
	// SenderAccounts lists the bank account numbers of the members other
	// than memberID registered at bankCode whose number holds digits (the
	// digits a slip shows of its sender), at most limit.
	SenderAccounts(ctx context.Context, bankCode, digits, memberID string, limit int) ([]string, error)

	// ClaimVoucher stores a PENDING voucher; a voucher claimed before
	// answers TRUELINK_DUPLICATE.
	ClaimVoucher(ctx context.Context, v Voucher) error
	// ReleaseVoucher forgets a PENDING voucher that was refused.
	ReleaseVoucher(ctx context.Context, hash string) error
	// NoteVoucher records a note on a PENDING voucher (outcome unknown).
	NoteVoucher(ctx context.Context, hash, note string) error
	// RecordVoucher records the amount TrueMoney redeemed on a PENDING
	// voucher and notes it NoteRedeemed (to be credited).
	RecordVoucher(ctx context.Context, hash string, amount money.Satang) error
	// CreditVoucher marks a PENDING voucher SUCCESS with its amount and posts
	// the journals of m (the credit first) in one transaction.
	CreditVoucher(ctx context.Context, hash string, amount money.Satang, m []ledger.Journal) error

	// Credits lists deposit credits, newest first.
	Credits(ctx context.Context, offset, limit int) ([]Credit, error)
	// PendingVouchers lists vouchers whose redemption outcome is unknown.
	PendingVouchers(ctx context.Context) ([]Voucher, error)
}

package deposit

import (
	"context"
	"errors"
	"strings"
	"time"

	"ngern/core/ledger"
	"ngern/core/limits"
	"ngern/core/money"
	"ngern/core/settings"
)

// Slipless deposits (issue 28): a member transfers from the registered
// bank account to one of the receiving accounts of the deposit lookup and
// is credited from the bank's own notification, without a slip. The
// notification names the sender as banks do (masked number, truncated
// name); it is recorded once per bank reference as a payment of provider
// TransferProvider and either credits the one member whose registered
// account fits (SenderCandidates), or waits in the review queue with the
// members it may be: never a guess.

// TransferProvider is the payment provider of slipless deposits.
const TransferProvider = "transfer"

// SenderStore finds the registered bank accounts a sender may be.
type SenderStore interface {
	// RegisteredAccounts lists the members' registered accounts of
	// bankCode whose number is LIKE pattern (AccountPattern: digits, '_'
	// and a leading '%'), at most limit, in member id order.
	RegisteredAccounts(ctx context.Context, bankCode, pattern string, limit int) ([]RegisteredAccount, error)
}

// maxTransferCandidates bounds the accounts read for one notification; a
// notification fitting that many accounts is sent to review.
const maxTransferCandidates = 50

// AccountPattern is the SQL LIKE pattern of the account numbers a number
// as a bank shows it may be: its digits in place, a hidden digit any one
// digit, aligned on the right ("xxx-x-x1234-x" → "%_____1234_"); "" when
// it is not an account number or shows fewer than four digits.
func AccountPattern(shown string) string {
	s := clean(shown)
	if len(shownDigits(s)) == 0 {
		return ""
	}
	visible := 0
	var b strings.Builder
	b.WriteByte('%')
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			b.WriteByte(s[i])
			visible++
		} else {
			b.WriteByte('_')
		}
	}
	if visible < minShown {
		return ""
	}
	return b.String()
}

// receiving reports whether target names one of the receiving accounts.
func (s *QRService) receiving(ctx context.Context, target string) (bool, error) {
	if s.d.Receiving == nil {
		return false, nil
	}
	banks, err := s.d.Receiving(ctx)
	if err != nil {
		return false, err
	}
	for _, b := range banks {
		if AccountMatches(target, b.BankAccountNo) == Match {
			return true, nil
		}
	}
	return false, nil
}

// transferCredit records a transfer to a receiving account: credited to
// the one member whose registered account fits the sender, within
// limits.BankNoticeHours of now; otherwise for review with the
// candidates. A notification told before changes nothing.
func (s *QRService) transferCredit(ctx context.Context, c BankCredit) error {
	now := s.d.Now().UTC()
	p := Payment{Provider: TransferProvider, Ref: c.Ref, Amount: c.Amount, PaidAt: c.At.UTC(), Sender: c.Sender}
	if p.PaidAt.IsZero() {
		p.PaidAt = now
	}
	var cands []RegisteredAccount
	if pattern := AccountPattern(c.Sender.AccountNo); pattern != "" && s.d.Senders != nil && c.Sender.BankCode != "" {
		accounts, err := s.d.Senders.RegisteredAccounts(ctx, c.Sender.BankCode, pattern, maxTransferCandidates)
		if err != nil {
			return err
		}
		if strings.TrimSpace(c.Sender.Name) == "" {
			// The bank names no one (a KBank SMS shows only the digits):
			// the members the digits fit are listed for an operator, and
			// none is credited.
			for _, a := range accounts {
				if AccountMatches(c.Sender.AccountNo, a.AccountNo) == Match {
					p.Candidates = append(p.Candidates, a.MemberID)
				}
			}
			p.Note = NoteNoSenderName
			_, err := s.record(ctx, p, nil)
			return err
		}
		cands = SenderCandidates(c.Sender, accounts)
		if len(accounts) >= maxTransferCandidates && len(cands) == 1 {
			cands = append(cands, RegisteredAccount{}) // more may fit than were read: a person decides
		}
	}
	for _, a := range cands {
		if a.MemberID != "" {
			p.Candidates = append(p.Candidates, a.MemberID)
		}
	}
	var m []ledger.Journal
	switch {
	case p.Amount > money.Max:
		p.Note = NoteAmountTooLarge
	case len(cands) == 0:
		p.Note = NoteNoSender
	case len(cands) > 1:
		p.Note = NoteManySenders
	case !WithinNotice(p.PaidAt, now):
		p.Note = NoteLateNotice
	case !cands[0].Active:
		p.Note = NoteSenderLocked
	default:
		p.MemberID = cands[0].MemberID
		j := ledger.Journal{ID: s.d.IDs(), Kind: JournalKind, Ref: paymentRef(p), MemberID: p.MemberID,
			Memo: "bank transfer " + c.Sender.BankCode, CreatedAt: now,
			Postings: ledger.Move(ledger.Deposits, ledger.Wallet(p.MemberID), p.Amount)}
		var err error
		if m, err = credit(ctx, s.d.Coins, j); err != nil {
			return err
		}
	}
	_, err := s.record(ctx, p, m)
	if errors.Is(err, ledger.ErrDuplicate) {
		// Its slip credited the transfer first: recorded for the record,
		// nothing more is credited.
		p.Note, p.MemberID = NoteSlipCredited, ""
		_, err = s.record(ctx, p, nil)
	}
	return err
}

// WithinNotice reports whether a transfer stamped at may credit by itself
// at now: not later than now (give or take BankClockSkew) and at most
// limits.BankNoticeHours before it.
func WithinNotice(at, now time.Time) bool {
	return !at.After(now.Add(BankClockSkew)) && now.Sub(at) <= limits.BankNoticeHours*time.Hour
}

// paymentRef is the journal ref of a payment's credit: one per provider's
// reference, whoever credits it. A slipless deposit shares the key of a
// slip ("slip:<sending bank>:<reference>", slipRef) when the feed's
// reference has that form (the simulated bank's does): a transfer told by
// the bank and proved by its slip as well is credited once.
func paymentRef(p Payment) string {
	if p.Provider == TransferProvider {
		return "slip:" + p.Ref
	}
	return "qr:" + p.Provider + ":" + p.Ref
}

// ReceivingBanks answers the receiving accounts of the deposit setting.
func ReceivingBanks(opts func(ctx context.Context) (settings.Deposit, error)) func(ctx context.Context) ([]settings.ReceivingBank, error) {
	return func(ctx context.Context) ([]settings.ReceivingBank, error) {
		d, err := opts(ctx)
		return d.Banks, err
	}
}

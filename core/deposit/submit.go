package deposit

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/limits"
	"ngern/core/money"
	"ngern/core/settings"
)

// Upload is a slip image as received, already checked (kind and size).
type Upload struct {
	Data        []byte
	ContentType string // image/jpeg, image/png or image/webp
	Ext         string // jpg, png or webp
}

// UploadLimit is one slip upload per member per minute.
const UploadLimit = time.Minute

// SubmitSlip stores the image of a member's slip and processes it: it is
// credited (SUCCESS), refused (FAILED with a note) or left for an
// operator's review (PENDING with a note). A refusal answers the slip and an
// error with the note's code.
func (s *Service) SubmitSlip(ctx context.Context, memberID string, up Upload) (Slip, error) {
	// Too many slips being read: IMAGE_BUSY before anything is stored or
	// counted against the member's limit.
	release, err := s.slips.enter(ctx)
	if err != nil {
		return Slip{}, err
	}
	defer release()
	if ok, retry, err := s.d.Limiter.Hit(ctx, "slip:"+memberID, 1, UploadLimit); err != nil {
		return Slip{}, err
	} else if !ok {
		return Slip{}, errs.Limited(errs.RequestLimit1Min, retry)
	}
	now := s.d.Now().UTC()
	sl := Slip{ID: s.d.IDs(), MemberID: memberID, ContentType: up.ContentType, Status: Pending, CreatedAt: now}
	// The name is ours: never the client's.
	sl.ObjectKey = fmt.Sprintf("slips/%s/%s.%s", now.Format("2006/01"), sl.ID, up.Ext)
	if err := s.d.Objects.Put(ctx, sl.ObjectKey, bytes.NewReader(up.Data), int64(len(up.Data)), up.ContentType); err != nil {
		s.d.Log.ErrorContext(ctx, "slip image not stored", "err", err)
		return Slip{}, errs.New(errs.SlipUploadFail)
	}
	if err := s.d.Store.CreateSlip(ctx, sl); err != nil {
		return Slip{}, err
	}
	opts, err := s.d.Options.DepositOptions(ctx)
	if err != nil {
		return sl, err
	}
	// What the slip prints, read once: it pre-fills the review of a slip
	// that goes there and cross-checks the amount of a verified one.
	sl.OCR = s.readSlip(ctx, sl, up.Data)
	if opts.IsManual {
		return s.toReview(ctx, sl, "")
	}
	text, err := s.d.Reader.Read(ctx, up.Data)
	if err != nil {
		if !errors.Is(err, ErrUnreadable) {
			s.d.Log.WarnContext(ctx, "slip reader failed", "slip", sl.ID, "err", err)
		}
		return s.toReview(ctx, sl, NoteUnstableRefNo)
	}
	q, err := ParseSlipQR(text)
	if err != nil {
		return s.toReview(ctx, sl, NoteUnstableRefNo)
	}
	sl.SendingBank, sl.TransRef = q.SendingBank, q.TransRef
	tx, err := s.d.Verifier.Verify(ctx, q)
	var refused *Refused
	switch {
	case errors.As(err, &refused):
		s.d.Log.InfoContext(ctx, "slip refused by the verifier", "slip", sl.ID, "reason", refused.Reason)
		return s.toReview(ctx, sl, NoteInvalidSlip)
	case err != nil:
		s.d.Log.WarnContext(ctx, "slip verifier unavailable", "slip", sl.ID, "err", err)
		return s.toReview(ctx, sl, NoteUnstableRefNo)
	case tx.TransRef != q.TransRef || tx.Amount <= 0 || tx.Amount > money.Max:
		s.d.Log.WarnContext(ctx, "slip verifier answered another transaction", "slip", sl.ID)
		return s.toReview(ctx, sl, NoteUnstableRefNo)
	}
	sl.Amount, sl.Sender, sl.Receiver = tx.Amount, tx.Sender, tx.Receiver
	at := tx.TransferredAt.UTC()
	sl.TransferredAt = &at
	// Flagged before the rules, so that the review shows it whatever note
	// the slip goes there with.
	edited := crossCheck(sl.OCR, tx.Amount)
	if note, review := s.check(ctx, sl, opts, now); note != "" {
		if review {
			return s.toReview(ctx, sl, note)
		}
		return s.refuse(ctx, sl, note)
	}
	if edited {
		// The image prints another amount than the transfer its reference
		// names: edited. Never credited silently; an operator decides.
		s.d.Log.WarnContext(ctx, "slip prints another amount than its transfer", "slip", sl.ID)
		return s.toReview(ctx, sl, NoteInvalidSlip)
	}
	return s.credit(ctx, sl, "")
}

// check applies the slip rules; it answers the note of the first one
// broken, and whether the slip goes to review rather than being refused.
func (s *Service) check(ctx context.Context, sl Slip, opts settings.Deposit, now time.Time) (errs.Code, bool) {
	received := false
	for _, b := range opts.Banks {
		if b.BankCode == sl.Receiver.BankCode && AccountMatches(sl.Receiver.AccountNo, b.BankAccountNo) == Match {
			received = true
			break
		}
	}
	if !received {
		return NoteDestAccInvalid, false
	}
	m, err := s.d.Members.MemberByID(ctx, sl.MemberID)
	if err != nil {
		return NoteUnknownError, true
	}
	if m.BankCode != sl.Sender.BankCode {
		return NoteNotMatch, false
	}
	switch AccountMatches(sl.Sender.AccountNo, m.BankAccountNo) {
	case Mismatch:
		return NoteNotMatch, false
	case Undecided: // too few digits shown (a PromptPay transfer): a person decides
		return NoteNotMatch, true
	}
	// A slip shows a few digits of the sender's account: when they fit
	// another member of the bank as well, the slip does not say whose
	// transfer it is, and crediting the first uploader would pay the wrong
	// member. A person decides.
	others, err := s.d.Store.SenderAccounts(ctx, m.BankCode, shownDigits(sl.Sender.AccountNo), m.ID, maxSenderCandidates)
	if err != nil {
		return NoteUnknownError, true
	}
	for _, no := range others {
		if AccountMatches(sl.Sender.AccountNo, no) == Match {
			s.d.Log.InfoContext(ctx, "slip sender fits more than one member", "slip", sl.ID)
			return NoteNotMatch, true
		}
	}
	rules, err := s.d.Options.SlipRules(ctx)
	if err != nil {
		return NoteUnknownError, true
	}
	at := *sl.TransferredAt
	if at.After(now.Add(clockSkew)) || now.Sub(at) > time.Duration(rules.UploadWithinHours)*time.Hour ||
		InClosing(at, rules.ClosedFrom, rules.ClosedTo) {
		return NoteExpiredSlip, false
	}
	return "", false
}

// maxSenderCandidates bounds the accounts read to tell whether a slip's
// sender fits another member; one fitting is enough to send it to review.
const maxSenderCandidates = 50

// InClosing reports whether t falls in the daily closing window from–to
// ("23:50"–"00:10", local time; the window may span midnight; empty: none).
func InClosing(t time.Time, from, to string) bool {
	f, okf := minuteOfDay(from)
	e, oke := minuteOfDay(to)
	if !okf || !oke || f == e {
		return false
	}
	l := t.In(limits.Zone)
	m := l.Hour()*60 + l.Minute()
	if f < e {
		return m >= f && m < e
	}
	return m >= f || m < e
}

func minuteOfDay(s string) (int, bool) {
	t, err := time.Parse("15:04", strings.TrimSpace(s))
	if err != nil {
		return 0, false
	}
	return t.Hour()*60 + t.Minute(), true
}

// slipRef is the journal ref of a slip with a bank reference: the same
// transfer credits once, whoever uploads it and however often.
func slipRef(sl Slip) string {
	if sl.TransRef == "" {
		return "slipreview:" + sl.ID
	}
	return "slip:" + sl.SendingBank + ":" + sl.TransRef
}

func (s *Service) credit(ctx context.Context, sl Slip, by string) (Slip, error) {
	now := s.d.Now().UTC()
	j := ledger.Journal{ID: s.d.IDs(), Kind: JournalKind, Ref: slipRef(sl), MemberID: sl.MemberID, By: by,
		Memo: "slip " + sl.ID, Postings: ledger.Move(ledger.Deposits, ledger.Wallet(sl.MemberID), sl.Amount), CreatedAt: now}
	sl.Status, sl.Note = Success, ""
	if by != "" {
		sl.DecidedBy, sl.DecidedAt = by, &now
	}
	m, err := credit(ctx, s.d.Coins, j)
	if err != nil {
		return sl, err
	}
	ok, err := s.d.Store.CreditSlip(ctx, sl, m)
	var fed *FeedCredited
	if errors.As(err, &fed) {
		// The bank feed credited this transfer under its own reference:
		// a person tells a second transfer from the same one.
		s.d.Log.WarnContext(ctx, "slip of a transfer credited from the bank feed", "slip", sl.ID, "payment", fed.Ref)
		sl.Status = Pending
		return s.toReview(ctx, sl, NoteFeedCredited)
	}
	if errors.Is(err, ledger.ErrDuplicate) {
		if by != "" {
			return sl, errs.New(NoteRefNoDuplicated)
		}
		sl.Status = Pending // refuse reads the slip as it stands
		return s.refuse(ctx, sl, NoteRefNoDuplicated)
	}
	if err != nil {
		return sl, err
	}
	if !ok {
		return sl, errs.Newf(errs.NoData, "the slip was decided already")
	}
	s.d.Log.InfoContext(ctx, "slip credited", "slip", sl.ID, "amount", sl.Amount, "by", by)
	return sl, nil
}

func (s *Service) toReview(ctx context.Context, sl Slip, note errs.Code) (Slip, error) {
	sl.Status, sl.Note = Pending, string(note)
	if _, err := s.d.Store.UpdateSlip(ctx, sl); err != nil {
		return sl, err
	}
	return sl, nil
}

func (s *Service) refuse(ctx context.Context, sl Slip, note errs.Code) (Slip, error) {
	sl.Status, sl.Note = Failed, string(note)
	if _, err := s.d.Store.UpdateSlip(ctx, sl); err != nil {
		return sl, err
	}
	return sl, errs.New(note)
}

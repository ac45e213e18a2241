package deposit

import (
	"context"
	"errors"
	"net/url"
	"regexp"
	"strings"
	"time"

	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/limits"
	"ngern/core/money"
	"ngern/core/settings"
)

// voucherRe is a TrueMoney voucher hash.
var voucherRe = regexp.MustCompile(`^[0-9A-Za-z]{10,64}$`)

// ParseGiftLink takes what a member pastes: a gift link
// (https://gift.truemoney.com/campaign/?v=HASH, with or without the scheme,
// "www." or other query values) or the bare voucher hash, and returns the
// hash. Anything else answers TRUELINK_INVALID.
func ParseGiftLink(link string) (string, error) {
	link = strings.TrimSpace(link)
	if voucherRe.MatchString(link) {
		return link, nil
	}
	if !strings.Contains(link, "://") {
		link = "https://" + link
	}
	u, err := url.Parse(link)
	if err != nil {
		return "", errs.OnField(errs.TruelinkInvalid, "link")
	}
	host := strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.")
	if host != "gift.truemoney.com" || (u.Scheme != "https" && u.Scheme != "http") {
		return "", errs.OnField(errs.TruelinkInvalid, "link")
	}
	v := u.Query().Get("v")
	if !voucherRe.MatchString(v) {
		return "", errs.OnField(errs.TruelinkInvalid, "link")
	}
	return v, nil
}

// NoteRedeemed marks a PENDING voucher TrueMoney has redeemed whose amount
// is recorded but not yet credited: RecoverGifts credits it.
const NoteRedeemed = "REDEEMED"

// RedeemGift redeems a member's gift link to the operator's TrueMoney
// wallet and credits the member with what arrived (at least 2 baht). The
// voucher is claimed in the database first, so that of concurrent requests
// with one voucher only one redeems it (the others: TRUELINK_DUPLICATE).
//
// Once TrueMoney has redeemed the voucher the money is the member's: the
// amount is recorded on the voucher at once, then credited. If the credit
// fails (the database went away) the answer is the amount with status
// PENDING, never "retry": RecoverGifts credits it, exactly once.
func (s *Service) RedeemGift(ctx context.Context, memberID, link string) (money.Satang, Status, error) {
	hash, err := ParseGiftLink(link)
	if err != nil {
		return 0, "", err
	}
	opts, err := s.d.Options.DepositOptions(ctx)
	if err != nil {
		return 0, "", err
	}
	var wallet *settings.ReceivingWallet
	for i := range opts.Wallets {
		if opts.Wallets[i].Mode == "truemoney" && opts.Wallets[i].WalletAccountNo != "" {
			wallet = &opts.Wallets[i]
			break
		}
	}
	if wallet == nil {
		return 0, "", errs.New(errs.NoWallet)
	}
	if err := s.d.Store.ClaimVoucher(ctx, Voucher{Hash: hash, MemberID: memberID, Status: Pending, CreatedAt: s.d.Now().UTC()}); err != nil {
		return 0, "", err
	}
	amount, err := s.d.Redeemer.Check(ctx, hash, wallet.WalletAccountNo)
	if err == nil && amount < limits.GiftLinkMin {
		err = &Refused{Code: errs.TruelinkMinimum, Reason: "under the minimum"}
	}
	if err == nil {
		amount, err = s.d.Redeemer.Redeem(ctx, hash, wallet.WalletAccountNo)
	}
	var refused *Refused
	switch {
	case errors.As(err, &refused):
		if rerr := s.d.Store.ReleaseVoucher(context.WithoutCancel(ctx), hash); rerr != nil {
			return 0, "", rerr
		}
		return 0, "", errs.New(refused.Code)
	case err != nil:
		// Perhaps redeemed: never credited on a guess, never redeemed again;
		// an operator checks the wallet's history.
		s.d.Log.WarnContext(ctx, "gift voucher outcome unknown; kept for an operator", "member", memberID, "err", err)
		if nerr := s.d.Store.NoteVoucher(context.WithoutCancel(ctx), hash, string(NoteUnknownError)); nerr != nil {
			return 0, "", nerr
		}
		return 0, "", errs.New(errs.TruelinkUnconfirmed)
	case amount <= 0 || amount > money.Max:
		if nerr := s.d.Store.NoteVoucher(context.WithoutCancel(ctx), hash, string(NoteUnknownError)); nerr != nil {
			return 0, "", nerr
		}
		return 0, "", errs.New(errs.TruelinkUnconfirmed)
	}
	// The money has arrived: it is the member's. Record it before anything
	// else can fail, then credit it.
	ctx = context.WithoutCancel(ctx)
	if err := s.d.Store.RecordVoucher(ctx, hash, amount); err != nil {
		// Redeemed but nothing written (the database is away): the member
		// is told the deposit is being credited, and the amount is recorded
		// as soon as the database answers again. Should this process end
		// first, the voucher stays PENDING with its claim for an operator.
		s.d.Log.WarnContext(ctx, "gift voucher redeemed, amount not yet recorded", "member", memberID, "amount", amount, "err", err)
		go s.recordLater(ctx, hash, memberID, amount)
		return amount, Pending, nil
	}
	if err := s.creditGift(ctx, hash, memberID, amount); err != nil {
		s.d.Log.WarnContext(ctx, "gift voucher redeemed, credit deferred to recovery", "member", memberID, "amount", amount, "err", err)
		return amount, Pending, nil
	}
	s.d.Log.InfoContext(ctx, "gift voucher credited", "member", memberID, "amount", amount)
	return amount, Success, nil
}

// GiftRecordRetry is how often and how long a redeemed voucher's amount is
// written again while the database does not answer.
var GiftRecordRetry = struct{ Every, For time.Duration }{time.Second, 10 * time.Minute}

// recordLater records a redeemed voucher's amount once the database
// answers, then credits it (or leaves it to RecoverGifts).
func (s *Service) recordLater(ctx context.Context, hash, memberID string, amount money.Satang) {
	deadline := time.Now().Add(GiftRecordRetry.For)
	for time.Now().Before(deadline) {
		time.Sleep(GiftRecordRetry.Every)
		if err := s.d.Store.RecordVoucher(ctx, hash, amount); err != nil {
			continue
		}
		if err := s.creditGift(ctx, hash, memberID, amount); err != nil {
			s.d.Log.WarnContext(ctx, "gift voucher recorded, credit left to recovery", "member", memberID, "err", err)
		}
		return
	}
	s.d.Log.ErrorContext(ctx, "gift voucher redeemed, amount never recorded; an operator resolves it", "member", memberID, "amount", amount)
}

// creditGift posts a recorded voucher's journal; the journal's reference is
// the voucher, so a voucher credits once however often this runs.
func (s *Service) creditGift(ctx context.Context, hash, memberID string, amount money.Satang) error {
	j := ledger.Journal{ID: s.d.IDs(), Kind: JournalKind, Ref: "gift:" + hash, MemberID: memberID, Memo: "truemoney gift",
		Postings: ledger.Move(ledger.Deposits, ledger.Wallet(memberID), amount), CreatedAt: s.d.Now().UTC()}
	m, err := credit(ctx, s.d.Coins, j)
	if err != nil {
		return err
	}
	return s.d.Store.CreditVoucher(ctx, hash, amount, m)
}

// RecoverGifts credits the vouchers TrueMoney redeemed whose credit failed
// (recorded with NoteRedeemed, still PENDING) and answers how many it
// credited. Concurrent or repeated passes credit each voucher once: the
// credit is conditional on PENDING and the journal's reference is unique.
func (s *Service) RecoverGifts(ctx context.Context) (int, error) {
	vs, err := s.d.Store.PendingVouchers(ctx)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, v := range vs {
		if v.Note != NoteRedeemed || v.Amount <= 0 {
			continue
		}
		switch err := s.creditGift(ctx, v.Hash, v.MemberID, v.Amount); {
		case err == nil:
			n++
			s.d.Log.InfoContext(ctx, "gift voucher credited by recovery", "member", v.MemberID, "amount", v.Amount)
		case errs.HasCode(err, errs.TruelinkDup), errors.Is(err, ledger.ErrDuplicate):
			// credited meanwhile by another pass
		default:
			return n, err
		}
	}
	return n, nil
}

// CreditGiftNow is an operator's one-action resolution of a PENDING voucher
// (redeemed whose credit has not happened, or whose outcome TrueMoney did
// not confirm and the operator found in the wallet's history): it credits
// the member with the recorded amount, or with amount when none was
// recorded, once. A recorded amount cannot be changed (INVALID_AMOUNT); a
// voucher that is not pending answers NO_DATA.
func (s *Service) CreditGiftNow(ctx context.Context, hash string, amount money.Satang, by string) (Voucher, error) {
	vs, err := s.d.Store.PendingVouchers(ctx)
	if err != nil {
		return Voucher{}, err
	}
	for _, v := range vs {
		if v.Hash != hash {
			continue
		}
		if v.Amount > 0 && amount != v.Amount {
			return Voucher{}, errs.OnField(errs.InvalidAmount, "amount")
		}
		if amount < limits.GiftLinkMin || amount > money.Max {
			return Voucher{}, errs.OnField(errs.InvalidAmount, "amount")
		}
		j := ledger.Journal{ID: s.d.IDs(), Kind: JournalKind, Ref: "gift:" + hash, MemberID: v.MemberID, Memo: "truemoney gift",
			Postings: ledger.Move(ledger.Deposits, ledger.Wallet(v.MemberID), amount), CreatedAt: s.d.Now().UTC(), By: by}
		m, err := credit(ctx, s.d.Coins, j)
		if err != nil {
			return Voucher{}, err
		}
		switch err := s.d.Store.CreditVoucher(ctx, hash, amount, m); {
		case errs.HasCode(err, errs.TruelinkDup), errors.Is(err, ledger.ErrDuplicate):
			return Voucher{}, errs.New(errs.NoData)
		case err != nil:
			return Voucher{}, err
		}
		v.Status, v.Amount = Success, amount
		return v, nil
	}
	return Voucher{}, errs.New(errs.NoData)
}

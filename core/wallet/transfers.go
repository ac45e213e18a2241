package wallet

import (
	"context"
	"errors"
	"strings"

	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
)

// Transfer moves amount from one account to another: WALLET or a game
// code. Between two games it is two transfers, out of the first game into
// the wallet and then into the second; when the second fails the money
// stays in the wallet. It returns the wallet balance after.
func (s *Service) Transfer(ctx context.Context, memberID, from, to string, amount money.Satang) (money.Satang, error) {
	from, to = accountCode(from), accountCode(to)
	switch {
	case from == "":
		return 0, errs.OnField(errs.InvalidRequest, "from")
	case to == "":
		return 0, errs.OnField(errs.InvalidRequest, "to")
	case amount < s.cfg.TransferMin:
		return 0, errs.OnField(errs.TransferMinimum, "amount")
	case from == to:
		return 0, errs.New(errs.SameAccount)
	}
	if from == WalletCode {
		// The reservation checks the game account (NO_GAME,
		// SLOT_NO_ACCOUNT) before anything moves, and reads the wallet
		// balance it leaves: no look-up before, no re-read after.
		return s.move(ctx, GameAccount{MemberID: memberID, Game: to}, In, amount)
	}
	// Out of a game the refresh below may book wins or losses, which the
	// promotion engine must hear of. Into a game from the wallet the
	// member's total (a condition is measured on it, money in flight
	// included) does not change, so there is nothing to tell.
	defer s.changed(ctx, memberID)
	src, err := s.store.GameAccount(ctx, memberID, from)
	if err != nil {
		return 0, err
	}
	var dst GameAccount
	if to != WalletCode {
		// Checked before the money leaves the first game.
		if dst, err = s.store.GameAccount(ctx, memberID, to); err != nil {
			return 0, err
		}
		if !dst.GameActive {
			return 0, errs.New(errs.NoGame)
		}
	}
	// Wins at the provider must be on the ledger before they can leave.
	if err := s.refreshGame(ctx, src); err != nil {
		s.log.WarnContext(ctx, "game balance not refreshed before transfer", "game", src.Game, "err", err)
	}
	if _, err := s.move(ctx, src, Out, amount); err != nil {
		if to != WalletCode {
			return 0, stopped(ctx, err)
		}
		return 0, err
	}
	if to != WalletCode {
		// The reservation took the money from the wallet and read its
		// balance after: no need to read it again.
		return s.move(ctx, dst, In, amount)
	}
	return s.store.WalletBalance(ctx, memberID)
}

// accountCode trims a transfer end and spells the wallet one way.
func accountCode(code string) string {
	code = strings.TrimSpace(code)
	if strings.EqualFold(code, WalletCode) {
		return WalletCode
	}
	return code
}

// TransferAll moves everything to one account: to WALLET it brings every
// game balance back (each game on its own; the first failure is answered
// after the others were tried); to a game it moves the whole wallet there.
func (s *Service) TransferAll(ctx context.Context, memberID, to string) (money.Satang, error) {
	to = accountCode(to)
	if to == "" {
		return 0, errs.OnField(errs.InvalidRequest, "to")
	}
	if to != WalletCode {
		dst, err := s.store.GameAccount(ctx, memberID, to)
		if err != nil {
			return 0, err
		}
		if !dst.GameActive {
			return 0, errs.New(errs.NoGame)
		}
		bal, err := s.store.WalletBalance(ctx, memberID)
		if err != nil {
			return 0, err
		}
		if bal <= 0 {
			return 0, errs.New(errs.MoneyNotEnough)
		}
		return s.move(ctx, dst, In, bal)
	}
	// The refreshes may book wins or losses (see Transfer).
	defer s.changed(ctx, memberID)
	if err := s.bringBack(ctx, memberID); err != nil {
		return 0, err
	}
	return s.store.WalletBalance(ctx, memberID)
}

// bringBack moves every game balance of the member into the wallet.
func (s *Service) bringBack(ctx context.Context, memberID string) error {
	accounts, err := s.store.GameAccounts(ctx, memberID)
	if err != nil {
		return err
	}
	var first error
	for _, ga := range accounts {
		if err := s.refreshGame(ctx, ga); err != nil {
			s.log.WarnContext(ctx, "game balance not refreshed before transfer", "game", ga.Game, "err", err)
		}
		snap, err := s.store.GameSnapshot(ctx, memberID, ga.Game)
		if err == nil && snap.Balance > 0 {
			_, err = s.move(ctx, ga, Out, snap.Balance)
		}
		if err != nil && first == nil {
			first = err
		}
	}
	return first
}

// move runs one transfer with the provider: reserve, call, settle.
//
//  1. In one transaction the amount leaves the member's account (WALLET for
//     In, GAME for Out) for the game's clearing account, and the transfer is
//     stored PENDING with a fresh reference.
//  2. The provider is called with that reference.
//  3. Done: the clearing account pays the other side (GAME for In, WALLET
//     for Out). Refused: the amount goes back (TRANSFER_FAIL). No answer:
//     the transfer is UNKNOWN (TRANSFER_PENDING) and the reconciler settles
//     it from the provider's status; nothing is credited or returned on a
//     guess.
//
// It returns the balance of the account the money left (the WALLET for In)
// as the reservation left it.
func (s *Service) move(ctx context.Context, ga GameAccount, dir Direction, amount money.Satang) (money.Satang, error) {
	now := s.now().UTC()
	t := Transfer{ID: s.newID(), MemberID: ga.MemberID, Game: ga.Game, Username: ga.Username, Direction: dir,
		Amount: amount, State: Pending, CreatedAt: now, UpdatedAt: now, NextCheckAt: now}
	res, err := s.store.ReserveTransfer(ctx, t, s.journal(ledger.TransferReserve, t.ID, t.MemberID,
		ledger.Move(t.home(), ledger.Clearing(t.Game), amount)))
	if err != nil {
		return 0, stopped(ctx, err) // this leg of the call did not happen
	}
	t.Username = res.Username
	noteStarted(ctx, t.ID)
	// The member leaving must not turn a call under way into an unknown
	// outcome; the adapter bounds the call's time.
	pctx := context.WithoutCancel(ctx)
	if dir == In {
		err = s.provider.TransferIn(pctx, t.Game, t.Username, t.ID, amount)
	} else {
		err = s.provider.TransferOut(pctx, t.Game, t.Username, t.ID, amount)
	}
	var rejected *Rejected
	switch {
	case err == nil:
		if err := s.finish(pctx, t, Done); err != nil {
			s.log.ErrorContext(ctx, "transfer done at the provider but not settled; the reconciler will", "transfer", t.ID, "err", err)
			return 0, errs.New(errs.TransferPending)
		}
		return res.Left, nil
	case errors.As(err, &rejected):
		s.log.InfoContext(ctx, "transfer refused by the provider", "transfer", t.ID, "reason", rejected.Reason)
		if err := s.finish(pctx, t, Failed); err != nil {
			s.log.ErrorContext(ctx, "transfer refused but not reversed; the reconciler will", "transfer", t.ID, "err", err)
			return 0, errs.New(errs.TransferPending)
		}
		return 0, errs.New(errs.TransferFail)
	default:
		s.log.WarnContext(ctx, "transfer outcome unknown; reconciling", "transfer", t.ID, "err", err)
		if err := s.store.MarkUnknown(pctx, t.ID, now, s.now().UTC()); err != nil {
			s.log.ErrorContext(ctx, "transfer not marked unknown", "transfer", t.ID, "err", err)
		}
		return 0, errs.New(errs.TransferPending)
	}
}

// home is the member account a transfer takes its money from.
func (t Transfer) home() ledger.Account {
	if t.Direction == In {
		return ledger.Wallet(t.MemberID)
	}
	return ledger.Game(t.MemberID, t.Game)
}

// other is the member account a done transfer pays into.
func (t Transfer) other() ledger.Account {
	if t.Direction == In {
		return ledger.Game(t.MemberID, t.Game)
	}
	return ledger.Wallet(t.MemberID)
}

// finish settles (Done) or reverses (Failed) an open transfer. A transfer
// that another process finished meanwhile is left as it is.
func (s *Service) finish(ctx context.Context, t Transfer, state TransferState) error {
	kind, to := ledger.TransferSettle, t.other()
	if state == Failed {
		kind, to = ledger.TransferReverse, t.home()
	}
	j := s.journal(kind, t.ID, t.MemberID, ledger.Move(ledger.Clearing(t.Game), to, t.Amount))
	_, err := s.store.FinishTransfer(ctx, t.ID, state, j, s.now().UTC())
	return err
}

package wallet

import (
	"context"
	"crypto/subtle"
	"sync"

	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
)

// Games lists the catalogue, all of it for operators.
func (s *Service) Games(ctx context.Context) ([]Game, error) { return s.store.Games(ctx, false) }

// SeedDemoGames stores the demo catalogue when the catalogue is empty.
func (s *Service) SeedDemoGames(ctx context.Context) (int, error) {
	n, err := s.store.SeedGames(ctx, DemoGames())
	if n > 0 {
		s.InvalidateCatalogue()
	}
	return n, err
}

// Home returns the member's home screen: the balances from the ledger as it
// stands (never cached), the games from the catalogue. It lists every active
// game, and a switched-off game while the member still has money in it, so
// the money can be brought back.
func (s *Service) Home(ctx context.Context, memberID string) (*Home, error) {
	games, byCode, err := s.catalogue(ctx, false)
	if err != nil {
		return nil, err
	}
	mh, err := s.store.MemberHome(ctx, memberID)
	if err != nil {
		return nil, err
	}
	for _, a := range mh.Accounts {
		if byCode[a.Game] == nil {
			// An account with a game this node has not seen yet (added by
			// another node within the TTL): read the catalogue again.
			if games, _, err = s.catalogue(ctx, true); err != nil {
				return nil, err
			}
			break
		}
	}
	h := &Home{Member: mh.Member, Bank: mh.Bank, Wallet: mh.Wallet, InviteBonus: mh.InviteBonus, Slots: make([]Slot, 0, len(games)),
		UpdatedAt: s.now().UTC()}
	for _, g := range games {
		var amount money.Satang
		has := false
		for _, a := range mh.Accounts {
			if a.Game == g.Code {
				amount, has = a.Amount, true
				break
			}
		}
		if !g.Active && amount <= 0 {
			continue
		}
		h.Slots = append(h.Slots, Slot{CatalogueGame: *g, IsActive: has, Amount: amount})
	}
	return h, nil
}

// Refresh books every game balance of the member from the providers, then
// returns the home screen. A provider that fails is skipped and logged.
func (s *Service) Refresh(ctx context.Context, memberID string) (*Home, error) {
	accounts, err := s.store.GameAccounts(ctx, memberID)
	if err != nil {
		return nil, err
	}
	var wg sync.WaitGroup
	slots := make(chan struct{}, max(1, s.cfg.RefreshConcurrency))
	for _, ga := range accounts {
		wg.Add(1)
		slots <- struct{}{}
		go func() {
			defer func() { <-slots; wg.Done() }()
			if err := s.refreshGame(ctx, ga); err != nil {
				s.log.WarnContext(ctx, "game balance not refreshed", "game", ga.Game, "err", err)
			}
		}()
	}
	wg.Wait()
	s.changed(ctx, memberID)
	return s.Home(ctx, memberID)
}

// refreshGame makes the member's GAME account equal the provider balance by
// booking the difference (bets and wins) against the game's clearing
// account. It books nothing while a transfer of that game is open, or when
// the account changed while the provider was asked: the next refresh does.
func (s *Service) refreshGame(ctx context.Context, ga GameAccount) error {
	snap, err := s.store.GameSnapshot(ctx, ga.MemberID, ga.Game)
	if err != nil || snap.Open > 0 {
		return err
	}
	bal, err := s.provider.Balance(ctx, ga.Game, ga.Username)
	if err != nil {
		return err
	}
	delta := bal - snap.Balance
	if delta == 0 {
		return nil
	}
	j := s.journal(ledger.GameResult, s.newID(), ga.MemberID,
		ledger.Move(ledger.Clearing(ga.Game), ledger.Game(ga.MemberID, ga.Game), delta))
	_, err = s.store.BookGameResult(ctx, ga.MemberID, ga.Game, snap.Version, j)
	return err
}

// Activate opens the member's account with a game.
func (s *Service) Activate(ctx context.Context, memberID, code string) error {
	g, err := s.store.Game(ctx, code)
	if err != nil {
		return err
	}
	if !g.Active {
		return errs.New(errs.NoGame)
	}
	if _, err := s.store.GameAccount(ctx, memberID, code); err == nil {
		return errs.New(errs.SlotAlreadyActive)
	} else if !errs.HasCode(err, errs.SlotNoAccount) {
		return err
	}
	cred, err := s.provider.CreateAccount(ctx, code, memberID)
	if err != nil {
		s.log.WarnContext(ctx, "game account not created", "game", code, "err", err)
		return errs.New(errs.SlotActivateFail)
	}
	sealed, err := s.sealer.Seal(cred.Password, memberID+"/"+code)
	if err != nil {
		return err
	}
	return s.store.CreateGameAccount(ctx, GameAccount{MemberID: memberID, Game: code, Username: cred.Username,
		Password: sealed, CreatedAt: s.now().UTC()})
}

// Credentials returns the member's login at a game.
func (s *Service) Credentials(ctx context.Context, memberID, code string) (Credentials, error) {
	ga, err := s.store.GameAccount(ctx, memberID, code)
	if err != nil {
		return Credentials{}, err
	}
	pw, err := s.sealer.Open(ga.Password, memberID+"/"+code)
	if err != nil {
		return Credentials{}, err
	}
	return Credentials{Username: ga.Username, Password: pw}, nil
}

// ResetPassword sets a new password at the provider and returns the login.
func (s *Service) ResetPassword(ctx context.Context, memberID, code string) (Credentials, error) {
	ga, err := s.store.GameAccount(ctx, memberID, code)
	if err != nil {
		return Credentials{}, err
	}
	pw, err := s.provider.ResetPassword(ctx, code, ga.Username)
	if err != nil {
		s.log.WarnContext(ctx, "game password not reset", "game", code, "err", err)
		return Credentials{}, errs.New(errs.SlotResetPasswordFail)
	}
	sealed, err := s.sealer.Seal(pw, memberID+"/"+code)
	if err != nil {
		return Credentials{}, err
	}
	if err := s.store.SetGamePassword(ctx, memberID, code, sealed, s.now().UTC()); err != nil {
		return Credentials{}, err
	}
	return Credentials{Username: ga.Username, Password: pw}, nil
}

// AutoLogin returns a link that opens game code logged in, for the
// caller's own account only: another username, or a password that is not
// the account's, answers SLOT_NO_ACCOUNT.
func (s *Service) AutoLogin(ctx context.Context, memberID, code, username, password string) (string, error) {
	cred, err := s.Credentials(ctx, memberID, code)
	if err != nil {
		return "", err
	}
	if cred.Username != username ||
		(password != "" && subtle.ConstantTimeCompare([]byte(password), []byte(cred.Password)) != 1) {
		return "", errs.New(errs.SlotNoAccount)
	}
	link, err := s.provider.LaunchURL(ctx, code, cred.Username, cred.Password)
	if err != nil {
		s.log.WarnContext(ctx, "launch link not made", "game", code, "err", err)
		return "", errs.New(errs.GameActivationFail)
	}
	return link, nil
}

package wallet

import (
	"context"
	"net/url"
	"strings"

	"ngern/core/errs"
)

// UpdateGame replaces a catalogue entry after checking it (operator use):
// a name, pictures, a known category, a positive display factor and http(s)
// links. The code never changes.
func (s *Service) UpdateGame(ctx context.Context, g Game) (Game, error) {
	if _, err := s.store.Game(ctx, g.Code); err != nil {
		return Game{}, err
	}
	g.Name = strings.TrimSpace(g.Name)
	switch {
	case g.Name == "" || len(g.Name) > 100:
		return Game{}, errs.OnField(errs.InvalidRequest, "name")
	case g.Logo == "" || len(g.Logo) > 512<<10:
		return Game{}, errs.OnField(errs.InvalidRequest, "logo")
	case g.Background == "" || len(g.Background) > 512<<10:
		return Game{}, errs.OnField(errs.InvalidRequest, "background")
	case g.Category != CategorySlot && g.Category != CategorySport && g.Category != CategoryLotto:
		return Game{}, errs.OnField(errs.InvalidRequest, "category")
	case !(g.FtWalletSlot > 0 && g.FtWalletSlot <= 1000):
		return Game{}, errs.OnField(errs.InvalidRequest, "ftWalletSlot")
	case g.Sort < -1000000 || g.Sort > 1000000:
		return Game{}, errs.OnField(errs.InvalidRequest, "sort")
	}
	for field, link := range map[string]*string{"web": g.Web, "android": g.Android, "ios": g.IOS} {
		if link == nil {
			continue
		}
		u, err := url.Parse(*link)
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || len(*link) > 2000 {
			return Game{}, errs.OnField(errs.InvalidRequest, field)
		}
	}
	if err := s.store.UpdateGame(ctx, g); err != nil {
		return Game{}, err
	}
	s.InvalidateCatalogue()
	return g, nil
}

// Game returns a catalogue entry (NO_GAME).
func (s *Service) Game(ctx context.Context, code string) (Game, error) {
	return s.store.Game(ctx, code)
}

package rewards

import (
	"context"
	"strings"
	"time"

	"ngern/core/errs"
	"ngern/core/limits"
	"ngern/core/promo"
)

type cachedSettings struct {
	st Settings
	at time.Time
}

// settingsTTL is how long CachedSettings serves a program's settings from
// memory (a save through this node shows at once).
const settingsTTL = 10 * time.Second

// Settings returns a program's settings (the defaults until saved).
func (s *Service) Settings(ctx context.Context, p Program) (Settings, error) {
	st, ok, err := s.store.Settings(ctx, p)
	if err != nil {
		return Settings{}, err
	}
	if !ok {
		return DefaultSettings(p), nil
	}
	return st, nil
}

// CachedSettings returns a program's settings read at most settingsTTL
// ago: for the wallet read, which must not add a database round trip.
func (s *Service) CachedSettings(ctx context.Context, p Program) (Settings, error) {
	s.cacheMu.Lock()
	c, ok := s.cache[p]
	s.cacheMu.Unlock()
	if ok && s.now().Sub(c.at) < settingsTTL && s.now().Sub(c.at) >= 0 {
		return c.st, nil
	}
	st, err := s.Settings(ctx, p)
	if err != nil {
		return Settings{}, err
	}
	s.remember(p, st)
	return st, nil
}

func (s *Service) remember(p Program, st Settings) {
	s.cacheMu.Lock()
	defer s.cacheMu.Unlock()
	if s.cache == nil {
		s.cache = map[Program]cachedSettings{}
	}
	s.cache[p] = cachedSettings{st: st, at: s.now()}
}

// SaveSettings validates and stores a program's settings; bad input
// answers INVALID_REQUEST on the field and changes nothing.
func (s *Service) SaveSettings(ctx context.Context, p Program, st Settings, by string) (Settings, error) {
	if p != Refund && p != Invite {
		return Settings{}, errs.New(errs.NotFoundCode)
	}
	switch {
	case st.Period != PeriodDaily && st.Period != PeriodWeekly:
		return Settings{}, errs.OnField(errs.InvalidRequest, "period")
	case st.RateBP < 0 || st.RateBP > 10000:
		return Settings{}, errs.OnField(errs.InvalidRequest, "rateBP")
	case st.MinNetLoss < 0:
		return Settings{}, errs.OnField(errs.InvalidRequest, "minNetLoss")
	case st.MaxPerPeriod < 0:
		return Settings{}, errs.OnField(errs.InvalidRequest, "maxPerPeriod")
	case st.SuccessPercent <= 100 || st.SuccessPercent > 10000:
		return Settings{}, errs.OnField(errs.InvalidRequest, "successPercent")
	case st.FailPercent < 0 || st.FailPercent > 100:
		return Settings{}, errs.OnField(errs.InvalidRequest, "failPercent")
	}
	games := []string{}
	seen := map[string]bool{}
	for _, g := range st.Games {
		g = strings.TrimSpace(g)
		if g == "" || len(g) > limits.Label {
			return Settings{}, errs.OnField(errs.InvalidRequest, "games")
		}
		if !seen[g] {
			seen[g] = true
			games = append(games, g)
		}
	}
	st.Games = games
	if st.Info == nil {
		st.Info = map[string]string{}
	}
	for lang, html := range st.Info {
		if !validLang(lang) || len(html) > limits.HTML {
			return Settings{}, errs.OnField(errs.InvalidRequest, "info")
		}
	}
	if st.Banners == nil {
		st.Banners = []promo.Banner{}
	}
	if len(st.Banners) > 20 {
		return Settings{}, errs.OnField(errs.InvalidRequest, "banners")
	}
	for _, b := range st.Banners {
		if !validLang(b.Lang) || b.Image == "" || len(b.Image) > 500 || len(b.HTML) > limits.HTML {
			return Settings{}, errs.OnField(errs.InvalidRequest, "banners")
		}
	}
	st.UpdatedAt = s.now().UTC()
	st.UpdatedBy = by
	if err := s.store.SaveSettings(ctx, p, st); err != nil {
		return Settings{}, err
	}
	s.remember(p, st)
	return st, nil
}

func validLang(l string) bool { return l == "" || l == "th" || l == "la" || l == "en" }

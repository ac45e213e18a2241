package rewards

import (
	"context"

	"ngern/core/promo"
)

// Banners returns a program's carousel for lang: the banners of every
// language and those of lang, or of Thai when the operator made none in
// lang (an untranslated text falls back to Thai).
func (s *Service) Banners(ctx context.Context, p Program, lang string) ([]promo.Banner, error) {
	st, err := s.Settings(ctx, p)
	if err != nil {
		return nil, err
	}
	out := []promo.Banner{}
	if !st.Active {
		return out, nil
	}
	shown := "th"
	for _, b := range st.Banners {
		if b.Lang == lang {
			shown = lang
		}
	}
	for _, b := range st.Banners {
		if b.Lang == "" || b.Lang == shown {
			out = append(out, b)
		}
	}
	return out, nil
}

// pick returns the html of lang, else of every language, else the Thai
// one (the fallback of every untranslated text), else the first of en, la
// there is.
func pick(m map[string]string, lang string) string {
	for _, l := range []string{lang, "", "th", "en", "la"} {
		if v := m[l]; v != "" {
			return v
		}
	}
	return ""
}

package wallet

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"net/url"
	"strings"
	"sync"
	"time"

	"ngern/core/errs"
)

// Image is a catalogue picture (a game's logo or background) that the
// operator stored inline as a data URL. The home screen links to it instead
// of repeating it in every answer, and the API serves it as a file that
// clients may cache for as long as its Version stays the same.
type Image struct {
	ContentType string
	Data        []byte
	// Version changes whenever the picture does: a link that carries it
	// may be cached for good.
	Version string
}

// ImageKind names a picture of a game.
type ImageKind string

// The pictures of a game.
const (
	ImageLogo       ImageKind = "logo"
	ImageBackground ImageKind = "background"
)

// imageTypes are the media types a data URL may hold to be served as a
// file; anything else stays inline, as stored.
var imageTypes = map[string]bool{
	"image/svg+xml": true,
	"image/png":     true,
	"image/jpeg":    true,
	"image/webp":    true,
	"image/gif":     true,
}

// parseImage decodes a data URL of one of imageTypes, base64 or
// percent-encoded; it answers nil for anything else (an https URL, say).
func parseImage(s string) *Image {
	rest, ok := strings.CutPrefix(s, "data:")
	if !ok {
		return nil
	}
	meta, payload, ok := strings.Cut(rest, ",")
	if !ok {
		return nil
	}
	params := strings.Split(meta, ";")
	ct := strings.ToLower(strings.TrimSpace(params[0]))
	if !imageTypes[ct] {
		return nil
	}
	b64 := false
	for _, p := range params[1:] {
		if strings.EqualFold(strings.TrimSpace(p), "base64") {
			b64 = true
		}
	}
	var data []byte
	if b64 {
		d, err := base64.StdEncoding.DecodeString(payload)
		if err != nil {
			return nil
		}
		data = d
	} else {
		d, err := url.PathUnescape(payload)
		if err != nil {
			return nil
		}
		data = []byte(d)
	}
	sum := sha256.Sum256(data)
	return &Image{ContentType: ct, Data: data, Version: hex.EncodeToString(sum[:8])}
}

// CatalogueGame is a game of the catalogue with its inline pictures
// decoded (nil when the picture is a link rather than a data URL).
type CatalogueGame struct {
	Game
	LogoImage       *Image
	BackgroundImage *Image
}

// Image returns the picture of kind, nil when it is not stored inline.
func (g *CatalogueGame) Image(kind ImageKind) *Image {
	switch kind {
	case ImageLogo:
		return g.LogoImage
	case ImageBackground:
		return g.BackgroundImage
	}
	return nil
}

// catalogue caches the games catalogue. It is operator configuration that
// every home screen lists; balances are never cached with it. Entries are
// read again after the TTL (a change made by another node or by hand shows
// within it) and at once after a change made through this service.
type catalogue struct {
	mu       sync.Mutex
	games    []*CatalogueGame // display order, switched-off games included
	byCode   map[string]*CatalogueGame
	loadedAt time.Time
	valid    bool
}

// Catalogue returns the whole catalogue in display order, from the cache
// when it is fresh. The slice and its games are shared: read them only.
func (s *Service) Catalogue(ctx context.Context) ([]*CatalogueGame, error) {
	games, _, err := s.catalogue(ctx, false)
	return games, err
}

func (s *Service) catalogue(ctx context.Context, reload bool) ([]*CatalogueGame, map[string]*CatalogueGame, error) {
	c := &s.cat
	c.mu.Lock()
	defer c.mu.Unlock()
	if !reload && c.valid && s.now().Sub(c.loadedAt) < s.cfg.CatalogueTTL {
		return c.games, c.byCode, nil
	}
	list, err := s.store.Games(ctx, false)
	if err != nil {
		return nil, nil, err
	}
	games := make([]*CatalogueGame, len(list))
	byCode := make(map[string]*CatalogueGame, len(list))
	for i, g := range list {
		cg := &CatalogueGame{Game: g, LogoImage: parseImage(g.Logo), BackgroundImage: parseImage(g.Background)}
		games[i], byCode[g.Code] = cg, cg
	}
	c.games, c.byCode, c.loadedAt, c.valid = games, byCode, s.now(), true
	return games, byCode, nil
}

// InvalidateCatalogue makes the next read of the catalogue go to the store.
// Whatever changes the catalogue through this node calls it.
func (s *Service) InvalidateCatalogue() {
	s.cat.mu.Lock()
	s.cat.valid = false
	s.cat.mu.Unlock()
}

// GameImage returns a game's inline picture (NO_GAME for an unknown game,
// NOT_FOUND when that picture is a link rather than a data URL).
func (s *Service) GameImage(ctx context.Context, code string, kind ImageKind) (*Image, error) {
	_, byCode, err := s.catalogue(ctx, false)
	if err != nil {
		return nil, err
	}
	g := byCode[code]
	if g == nil {
		return nil, errs.New(errs.NoGame)
	}
	img := g.Image(kind)
	if img == nil {
		return nil, errs.New(errs.NotFoundCode)
	}
	return img, nil
}

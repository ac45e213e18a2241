package wallet

import (
	"context"
	"testing"
	"time"

	"ngern/core/account"
	"ngern/core/errs"
	"ngern/core/money"
)

// catalogueStore is a Store with a catalogue and one member; it counts the
// catalogue reads.
type catalogueStore struct {
	Store
	games    []Game
	accounts []GameBalance
	wallet   money.Satang
	reads    int
	seeded   int
}

func (s *catalogueStore) Games(context.Context, bool) ([]Game, error) {
	s.reads++
	return append([]Game(nil), s.games...), nil
}

func (s *catalogueStore) SeedGames(_ context.Context, games []Game) (int, error) {
	if s.seeded > 0 {
		return 0, nil
	}
	s.games, s.seeded = games, len(games)
	return len(games), nil
}

func (s *catalogueStore) MemberHome(_ context.Context, memberID string) (*MemberHome, error) {
	return &MemberHome{Member: account.Member{ID: memberID}, Wallet: s.wallet,
		Accounts: append([]GameBalance(nil), s.accounts...)}, nil
}

func newCatalogueService(store *catalogueStore, now *time.Time) *Service {
	return NewService(Deps{Store: store, Now: func() time.Time { return *now }}, DefaultConfig())
}

func codes(h *Home) []string {
	var out []string
	for _, s := range h.Slots {
		out = append(out, s.Code)
	}
	return out
}

func TestCatalogueCache(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 11, 22, 2, 0, 0, 0, time.UTC)
	store := &catalogueStore{}
	s := newCatalogueService(store, &now)
	if n, err := s.SeedDemoGames(ctx); err != nil || n != 8 {
		t.Fatalf("seeded %d, %v", n, err)
	}
	home := func() *Home {
		t.Helper()
		h, err := s.Home(ctx, "m1")
		if err != nil {
			t.Fatal(err)
		}
		return h
	}

	t.Run("ReadOncePerTTL", func(t *testing.T) {
		store.reads = 0
		for range 10 {
			home()
			now = now.Add(time.Second)
		}
		if store.reads != 1 {
			t.Fatalf("%d catalogue reads in 10 s", store.reads)
		}
		now = now.Add(DefaultConfig().CatalogueTTL)
		home()
		if store.reads != 2 {
			t.Fatalf("%d catalogue reads after the TTL, want 2", store.reads)
		}
	})
	t.Run("BalancesAreNeverCached", func(t *testing.T) {
		store.wallet, store.accounts = 100_00, []GameBalance{{Game: "NAGAGOLD", Amount: 5_00}}
		h := home()
		store.wallet, store.accounts = 40_00, []GameBalance{{Game: "NAGAGOLD", Amount: 65_00}}
		h2 := home()
		if h.Wallet != 100_00 || h2.Wallet != 40_00 || h2.Slots[1].Code != "NAGAGOLD" || h2.Slots[1].Amount != 65_00 ||
			!h2.Slots[1].IsActive || h2.Slots[0].IsActive {
			t.Fatalf("home %+v then %+v", h, h2)
		}
	})
	t.Run("SwitchedOffGameShowsWhileItHoldsMoney", func(t *testing.T) {
		store.games[1].Active = false // NAGAGOLD
		s.InvalidateCatalogue()
		store.accounts = []GameBalance{{Game: "NAGAGOLD", Amount: 1}}
		if h := home(); len(h.Slots) != 8 || h.Slots[1].Code != "NAGAGOLD" {
			t.Fatalf("slots %v", codes(h))
		}
		store.accounts = []GameBalance{{Game: "NAGAGOLD", Amount: 0}}
		if h := home(); len(h.Slots) != 7 {
			t.Fatalf("slots %v", codes(h))
		}
		store.games[1].Active = true
		s.InvalidateCatalogue()
	})
	t.Run("InvalidatedBySeedingAndByAnUnknownGame", func(t *testing.T) {
		home()
		reads := store.reads
		if n, _ := s.SeedDemoGames(ctx); n != 0 {
			t.Fatal("seeded twice")
		}
		home()
		if store.reads != reads {
			t.Fatal("a seed that stored nothing dropped the cache")
		}
		// Another node added a game and a member opened an account with it
		// within the TTL: this node reads the catalogue again at once.
		store.games = append(store.games, Game{Code: "NEWGAME", Name: "New", Active: true, Sort: 99})
		store.accounts = []GameBalance{{Game: "NEWGAME", Amount: 3_00}}
		h := home()
		if store.reads != reads+1 || h.Slots[len(h.Slots)-1].Code != "NEWGAME" || h.Slots[len(h.Slots)-1].Amount != 3_00 {
			t.Fatalf("%d reads, slots %v", store.reads-reads, codes(h))
		}
	})
	t.Run("GameImage", func(t *testing.T) {
		img, err := s.GameImage(ctx, "SIAMSLOT", ImageLogo)
		if err != nil || img.ContentType != "image/svg+xml" || string(img.Data[:5]) != "<svg " || len(img.Version) != 16 {
			t.Fatalf("logo %+v, %v", img, err)
		}
		bg, err := s.GameImage(ctx, "SIAMSLOT", ImageBackground)
		if err != nil || bg.Version == img.Version {
			t.Fatalf("background %+v, %v", bg, err)
		}
		if _, err := s.GameImage(ctx, "NOPE", ImageLogo); !errs.HasCode(err, errs.NoGame) {
			t.Fatalf("unknown game: %v", err)
		}
		if _, err := s.GameImage(ctx, "SIAMSLOT", "icon"); !errs.HasCode(err, errs.NotFoundCode) {
			t.Fatalf("unknown picture: %v", err)
		}
		// A picture stored as a link is not served.
		if _, err := s.GameImage(ctx, "NEWGAME", ImageLogo); !errs.HasCode(err, errs.NotFoundCode) {
			t.Fatalf("linked picture: %v", err)
		}
		// A new picture gets a new version once the catalogue is read again.
		store.games[0].Logo = "data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E"
		s.InvalidateCatalogue()
		again, err := s.GameImage(ctx, "SIAMSLOT", ImageLogo)
		if err != nil || again.Version == img.Version || string(again.Data) != `<svg xmlns="http://www.w3.org/2000/svg"/>` {
			t.Fatalf("new logo %+v, %v", again, err)
		}
		if h := home(); h.Slots[0].LogoImage.Version != again.Version {
			t.Fatal("the home screen links to the old picture")
		}
	})
}

func TestParseImage(t *testing.T) {
	for _, c := range []struct {
		in, ct, data string
	}{
		{"data:image/png;base64,iVBORw0K", "image/png", "\x89PNG\r\n"},
		{"data:IMAGE/SVG+XML;charset=utf-8,%3Csvg%2F%3E", "image/svg+xml", "<svg/>"},
		{"data:text/html;base64,PHNjcmlwdD4=", "", ""},
		{"data:image/png;base64,not base64!", "", ""},
		{"data:image/png", "", ""},
		{"https://cdn.example/logo.png", "", ""},
		{"", "", ""},
	} {
		img := parseImage(c.in)
		if c.ct == "" {
			if img != nil {
				t.Errorf("%q: %+v, want none", c.in, img)
			}
			continue
		}
		if img == nil || img.ContentType != c.ct || string(img.Data) != c.data {
			t.Errorf("%q: %+v", c.in, img)
		}
	}
}

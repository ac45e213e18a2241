package sqlstore_test

import (
	"context"
	"testing"
	"time"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/errs"
	"ngern/core/seamless"
)

func TestSeamlessGamesSync(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		s := sqlstore.NewSeamlessGames(db)
		t0 := time.Date(2026, 11, 27, 2, 0, 0, 123456789, time.UTC)
		first := []seamless.Game{
			{Code: "a", Name: "Alpha", Category: "slot", Studio: "S1", Image: "https://img/a.png", Demo: true},
			{Code: "b", Name: "Beta", Category: "casino"},
		}
		if n, err := s.SyncGames(ctx, "sim", first, t0); err != nil || n != (seamless.SyncCounts{Added: 2}) {
			t.Fatalf("first sync: %+v, %v", n, err)
		}
		if _, err := s.SyncGames(ctx, "other", []seamless.Game{{Code: "a", Name: "Other A", Category: "lotto"}}, t0); err != nil {
			t.Fatal(err)
		}

		t.Run("a new game comes enabled and listed", func(t *testing.T) {
			g, err := s.CatalogueGame(ctx, "sim", "a")
			if err != nil {
				t.Fatal(err)
			}
			want := seamless.Game{Provider: "sim", Code: "a", Name: "Alpha", Category: "slot", Studio: "S1", Image: "https://img/a.png", Demo: true}
			if g.Game != want || !g.Enabled || !g.Listed || g.Sort != 0 {
				t.Fatalf("got %+v", g)
			}
		})

		t.Run("the operator's choices are set", func(t *testing.T) {
			g, err := s.SetCatalogueGame(ctx, "sim", "a", seamless.GameChoices{Enabled: false, Sort: 5, Category: "lotto"})
			if err != nil {
				t.Fatal(err)
			}
			if g.Enabled || g.Sort != 5 || g.Name != "Alpha" || g.Category != "lotto" || g.CategoryOverride != "lotto" ||
				g.AggregatorCategory != "slot" {
				t.Fatalf("got %+v", g)
			}
		})

		t.Run("a resync keeps the operator's choices and hides what is gone", func(t *testing.T) {
			second := []seamless.Game{{Code: "a", Name: "Alpha 2", Category: "sport", Image: "https://img/a2.png"}}
			n, err := s.SyncGames(ctx, "sim", second, t0.Add(time.Hour))
			if err != nil || n != (seamless.SyncCounts{Updated: 1, Removed: 1}) {
				t.Fatalf("sync: %+v, %v", n, err)
			}
			a, err := s.CatalogueGame(ctx, "sim", "a")
			if err != nil {
				t.Fatal(err)
			}
			// The aggregator moved it to sport; the operator's lotto stays.
			if a.Name != "Alpha 2" || a.Category != "lotto" || a.AggregatorCategory != "sport" || a.Demo || a.Enabled || a.Sort != 5 ||
				!a.Listed {
				t.Fatalf("a = %+v", a)
			}
			b, err := s.CatalogueGame(ctx, "sim", "b")
			if err != nil {
				t.Fatal(err)
			}
			if b.Listed || !b.Enabled || b.Name != "Beta" {
				t.Fatalf("b = %+v, want kept but hidden", b)
			}
			o, err := s.CatalogueGame(ctx, "other", "a")
			if err != nil || !o.Listed {
				t.Fatalf("another provider's game: %+v, %v", o, err)
			}
		})

		t.Run("a game listed again comes back", func(t *testing.T) {
			n, err := s.SyncGames(ctx, "sim", first, t0.Add(2*time.Hour))
			if err != nil || n != (seamless.SyncCounts{Updated: 2}) {
				t.Fatalf("sync: %+v, %v", n, err)
			}
			b, err := s.CatalogueGame(ctx, "sim", "b")
			if err != nil || !b.Listed {
				t.Fatalf("b = %+v, %v", b, err)
			}
		})

		t.Run("the list is ordered by sort then name", func(t *testing.T) {
			all, err := s.CatalogueGames(ctx)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, g := range all {
				got = append(got, g.Provider+"/"+g.Code)
			}
			want := []string{"sim/b", "other/a", "sim/a"} // Beta, Other A (sort 0), then Alpha (sort 5)
			if len(got) != len(want) {
				t.Fatalf("got %v, want %v", got, want)
			}
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("got %v, want %v", got, want)
				}
			}
		})

		t.Run("an unknown game is NO_DATA", func(t *testing.T) {
			if _, err := s.CatalogueGame(ctx, "sim", "zz"); !errs.HasCode(err, errs.NoData) {
				t.Fatalf("err = %v", err)
			}
			if _, err := s.SetCatalogueGame(ctx, "sim", "zz", seamless.GameChoices{Enabled: true, Sort: 1}); !errs.HasCode(err, errs.NoData) {
				t.Fatalf("set: err = %v", err)
			}
		})

		t.Run("an unchanged resync counts nothing; clearing the override gives the aggregator's category back", func(t *testing.T) {
			n, err := s.SyncGames(ctx, "sim", first, t0.Add(3*time.Hour))
			if err != nil || n != (seamless.SyncCounts{}) {
				t.Fatalf("sync: %+v, %v", n, err)
			}
			g, err := s.SetCatalogueGame(ctx, "sim", "a", seamless.GameChoices{Enabled: true, Sort: 5})
			if err != nil || g.Category != "slot" || g.CategoryOverride != "" {
				t.Fatalf("got %+v, %v", g, err)
			}
		})
	})
}

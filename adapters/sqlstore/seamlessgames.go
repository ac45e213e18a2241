package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/jmoiron/sqlx"

	"ngern/core/errs"
	"ngern/core/seamless"
)

// SeamlessGames implements seamless.CatalogueStore: the aggregators' synced
// game catalogue (migration 0024).
type SeamlessGames struct{ db *DB }

// NewSeamlessGames returns the synced catalogue's store of db.
func NewSeamlessGames(db *DB) *SeamlessGames { return &SeamlessGames{db: db} }

var _ seamless.CatalogueStore = (*SeamlessGames)(nil)

const seamlessGameColumns = `provider, code, name, category, studio, image, demo, enabled, listed, sort_order, synced_at, category_override`

type seamlessGameRow struct {
	Provider string    `db:"provider"`
	Code     string    `db:"code"`
	Name     string    `db:"name"`
	Category string    `db:"category"`
	Studio   string    `db:"studio"`
	Image    string    `db:"image"`
	Demo     bool      `db:"demo"`
	Enabled  bool      `db:"enabled"`
	Listed   bool      `db:"listed"`
	Sort     int       `db:"sort_order"`
	SyncedAt time.Time `db:"synced_at"`
	Override string    `db:"category_override"`
}

func (r seamlessGameRow) game() seamless.CatalogueGame {
	category := r.Category
	if r.Override != "" {
		category = r.Override
	}
	return seamless.CatalogueGame{
		Game:               seamless.Game{Provider: r.Provider, Code: r.Code, Name: r.Name, Category: category, Studio: r.Studio, Image: r.Image, Demo: r.Demo},
		AggregatorCategory: r.Category, CategoryOverride: r.Override,
		Enabled: r.Enabled, Listed: r.Listed, Sort: r.Sort, SyncedAt: r.SyncedAt.UTC(),
	}
}

// SyncGames upserts provider's games and hides the ones it no longer lists,
// in one transaction: a lobby read sees the old list or the new one. The
// counts compare with the rows read in the same transaction.
func (s *SeamlessGames) SyncGames(ctx context.Context, provider string, games []seamless.Game, at time.Time) (seamless.SyncCounts, error) {
	// At the database's precision (PostgreSQL keeps microseconds), so that
	// the hiding below compares what was written with what is asked.
	at = utc(at).Truncate(time.Millisecond)
	var n seamless.SyncCounts
	err := s.db.inTx(ctx, func(tx *sqlx.Tx) error {
		n = seamless.SyncCounts{}
		var rows []seamlessGameRow
		if err := tx.SelectContext(ctx, &rows, s.db.q(`SELECT `+seamlessGameColumns+` FROM seamless_games WHERE provider = ?`),
			provider); err != nil {
			return err
		}
		stored := make(map[string]seamlessGameRow, len(rows))
		for _, r := range rows {
			stored[r.Code] = r
		}
		for _, g := range games {
			old, ok := stored[g.Code]
			switch {
			case !ok:
				n.Added++
			case !old.Listed || old.Name != g.Name || old.Category != g.Category || old.Studio != g.Studio || old.Image != g.Image ||
				old.Demo != g.Demo:
				n.Updated++
			}
			// enabled, sort_order and category_override are the
			// operator's: left out of the update.
			if _, err := tx.ExecContext(ctx, s.db.q(`INSERT INTO seamless_games (`+seamlessGameColumns+`)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, '')
				ON CONFLICT (provider, code) DO UPDATE SET name = excluded.name, category = excluded.category,
					studio = excluded.studio, image = excluded.image, demo = excluded.demo, listed = excluded.listed,
					synced_at = excluded.synced_at`),
				provider, g.Code, g.Name, g.Category, g.Studio, g.Image, g.Demo, true, true, at); err != nil {
				return err
			}
		}
		// Every game just written carries at; the rest are no longer listed.
		res, err := tx.ExecContext(ctx, s.db.q(`UPDATE seamless_games SET listed = ? WHERE provider = ? AND synced_at <> ? AND listed = ?`),
			false, provider, at, true)
		if err != nil {
			return err
		}
		removed, err := res.RowsAffected()
		n.Removed = int(removed)
		return err
	})
	return n, err
}

// CatalogueGames returns every synced game in the lobby's order.
func (s *SeamlessGames) CatalogueGames(ctx context.Context) ([]seamless.CatalogueGame, error) {
	var rows []seamlessGameRow
	if err := s.db.x.SelectContext(ctx, &rows, `SELECT `+seamlessGameColumns+` FROM seamless_games
		ORDER BY sort_order, name, provider, code`); err != nil {
		return nil, err
	}
	out := make([]seamless.CatalogueGame, len(rows))
	for i, r := range rows {
		out[i] = r.game()
	}
	return out, nil
}

// CatalogueGame returns one synced game (NO_DATA).
func (s *SeamlessGames) CatalogueGame(ctx context.Context, provider, code string) (seamless.CatalogueGame, error) {
	var r seamlessGameRow
	err := s.db.x.GetContext(ctx, &r, s.db.q(`SELECT `+seamlessGameColumns+` FROM seamless_games WHERE provider = ? AND code = ?`), provider, code)
	if errors.Is(err, sql.ErrNoRows) {
		return seamless.CatalogueGame{}, errs.New(errs.NoData)
	}
	if err != nil {
		return seamless.CatalogueGame{}, err
	}
	return r.game(), nil
}

// SetCatalogueGame sets a game's operator fields, which SyncGames leaves
// alone (NO_DATA for an unknown game).
func (s *SeamlessGames) SetCatalogueGame(ctx context.Context, provider, code string, c seamless.GameChoices) (seamless.CatalogueGame, error) {
	res, err := s.db.x.ExecContext(ctx, s.db.q(`UPDATE seamless_games SET enabled = ?, sort_order = ?, category_override = ?
		WHERE provider = ? AND code = ?`), c.Enabled, c.Sort, c.Category, provider, code)
	if err != nil {
		return seamless.CatalogueGame{}, err
	}
	if n, err := res.RowsAffected(); err != nil {
		return seamless.CatalogueGame{}, err
	} else if n == 0 {
		return seamless.CatalogueGame{}, errs.New(errs.NoData)
	}
	return s.CatalogueGame(ctx, provider, code)
}

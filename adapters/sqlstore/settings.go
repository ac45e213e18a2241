package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"github.com/jmoiron/sqlx"

	"ngern/core/errs"
	"ngern/core/settings"
)

// Settings implements settings.Store.
type Settings struct{ db *DB }

// NewSettings returns the settings repository of db.
func NewSettings(db *DB) *Settings { return &Settings{db: db} }

var _ settings.Store = (*Settings)(nil)

// Setting returns the JSON document stored under key.
func (s *Settings) Setting(ctx context.Context, key string) (json.RawMessage, error) {
	var v string
	err := s.db.x.GetContext(ctx, &v, s.db.q(`SELECT value FROM settings WHERE key = ?`), key)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errs.New(errs.NoData)
	}
	return json.RawMessage(v), err
}

// PutSetting stores a document under key.
func (s *Settings) PutSetting(ctx context.Context, key string, value json.RawMessage) error {
	_, err := s.db.x.ExecContext(ctx, s.db.q(`INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)
		ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`),
		key, string(value), time.Now().UTC())
	return err
}

// SeedSettings inserts the keys not stored yet.
func (s *Settings) SeedSettings(ctx context.Context, values map[string]json.RawMessage) error {
	return s.db.inTx(ctx, func(tx *sqlx.Tx) error {
		for k, v := range values {
			if _, err := tx.ExecContext(ctx, s.db.q(`INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)
				ON CONFLICT (key) DO NOTHING`), k, string(v), time.Now().UTC()); err != nil {
				return err
			}
		}
		return nil
	})
}

const bankColumns = `code, bot_code, name_th, name_en, country, english_only, active, sort`

// Banks lists the active banks of a country.
func (s *Settings) Banks(ctx context.Context, country string) ([]settings.Bank, error) {
	banks := []settings.Bank{}
	err := s.db.x.SelectContext(ctx, &banks, s.db.q(`SELECT `+bankColumns+` FROM banks
		WHERE country = ? AND active ORDER BY sort, code`), country)
	return banks, err
}

// Bank returns a bank by code.
func (s *Settings) Bank(ctx context.Context, code string) (settings.Bank, error) {
	var b settings.Bank
	err := s.db.x.GetContext(ctx, &b, s.db.q(`SELECT `+bankColumns+` FROM banks WHERE code = ?`), code)
	if errors.Is(err, sql.ErrNoRows) {
		return b, errs.New(errs.InvalidBank)
	}
	return b, err
}

// SeedBanks inserts the banks not stored yet.
func (s *Settings) SeedBanks(ctx context.Context, banks []settings.Bank) error {
	// No homeTx: the home is unchanged (it adds banks only; a stored bank's names, which
	// the home reads, never change).
	return s.db.inTx(ctx, func(tx *sqlx.Tx) error {
		for _, b := range banks {
			if _, err := tx.ExecContext(ctx, s.db.q(`INSERT INTO banks (`+bankColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
				ON CONFLICT (code) DO NOTHING`), b.Code, b.BOTCode, b.NameTH, b.NameEN, b.Country, b.EnglishOnly, b.Active, b.Sort); err != nil {
				return err
			}
		}
		return nil
	})
}

// AllBanks lists every bank of a country, inactive ones included.
func (s *Settings) AllBanks(ctx context.Context, country string) ([]settings.Bank, error) {
	banks := []settings.Bank{}
	err := s.db.x.SelectContext(ctx, &banks, s.db.q(`SELECT `+bankColumns+` FROM banks
		WHERE country = ? ORDER BY sort, code`), country)
	return banks, err
}

// UpdateBank stores a bank's flags. The country's rows are locked first
// (PostgreSQL; SQLite writes one at a time) so that two operators
// deactivating the last two active banks at once cannot both succeed.
func (s *Settings) UpdateBank(ctx context.Context, code string, f settings.BankFlags) (settings.Bank, error) {
	// No homeTx: the home is unchanged (the flags; the home reads a bank's names only).
	var b settings.Bank
	err := s.db.inTx(ctx, func(tx *sqlx.Tx) error {
		var country string
		err := tx.GetContext(ctx, &country, s.db.q(`SELECT country FROM banks WHERE code = ?`), code)
		if errors.Is(err, sql.ErrNoRows) {
			return errs.New(errs.NotFoundCode)
		}
		if err != nil {
			return err
		}
		if s.db.dialect == Postgres {
			if _, err := tx.ExecContext(ctx, `SELECT code FROM banks WHERE country = $1 ORDER BY code FOR UPDATE`, country); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, s.db.q(`UPDATE banks SET english_only = ?, active = ?, sort = ? WHERE code = ?`),
			f.EnglishOnly, f.Active, f.Sort, code); err != nil {
			return err
		}
		var active int
		if err := tx.GetContext(ctx, &active, s.db.q(`SELECT COUNT(*) FROM banks WHERE country = ? AND active`), country); err != nil {
			return err
		}
		if active == 0 {
			return settings.LastActiveBank()
		}
		return tx.GetContext(ctx, &b, s.db.q(`SELECT `+bankColumns+` FROM banks WHERE code = ?`), code)
	})
	return b, err
}

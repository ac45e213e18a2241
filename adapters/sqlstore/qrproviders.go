package sqlstore

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"ngern/core/money"
	"ngern/core/settings"
)

var _ settings.QRProviderStore = (*Settings)(nil)

type qrProviderRow struct {
	Code            string    `db:"code"`
	Enabled         bool      `db:"enabled"`
	MinAmount       int64     `db:"min_amount"`
	QuickAmounts    string    `db:"quick_amounts"`
	LifetimeSeconds int64     `db:"lifetime_seconds"`
	APIKeySealed    string    `db:"api_key_sealed"`
	SecretSealed    string    `db:"secret_sealed"`
	UpdatedBy       string    `db:"updated_by"`
	UpdatedAt       time.Time `db:"updated_at"`
}

const qrProviderColumns = `code, enabled, min_amount, quick_amounts, lifetime_seconds, api_key_sealed, secret_sealed,
	updated_by, updated_at`

func toQRProviderRow(r settings.QRProviderRow) (qrProviderRow, error) {
	quick := r.QuickAmounts
	if quick == nil {
		quick = []money.Satang{}
	}
	ints := make([]int64, len(quick))
	for i, q := range quick {
		ints[i] = int64(q)
	}
	b, err := json.Marshal(ints)
	return qrProviderRow{Code: r.Code, Enabled: r.Enabled, MinAmount: int64(r.Min), QuickAmounts: string(b),
		LifetimeSeconds: int64(r.Lifetime / time.Second), APIKeySealed: r.APIKeySealed, SecretSealed: r.SecretSealed,
		UpdatedBy: r.UpdatedBy, UpdatedAt: r.UpdatedAt.UTC()}, err
}

// QRProviderRows lists the stored QR providers.
func (s *Settings) QRProviderRows(ctx context.Context) ([]settings.QRProviderRow, error) {
	var rows []qrProviderRow
	if err := s.db.x.SelectContext(ctx, &rows, `SELECT `+qrProviderColumns+` FROM qr_providers ORDER BY code`); err != nil {
		return nil, err
	}
	out := make([]settings.QRProviderRow, len(rows))
	for i, r := range rows {
		var ints []int64
		if err := json.Unmarshal([]byte(r.QuickAmounts), &ints); err != nil {
			return nil, fmt.Errorf("qr provider %s: quick amounts: %w", r.Code, err)
		}
		quick := make([]money.Satang, len(ints))
		for j, q := range ints {
			quick[j] = money.Satang(q)
		}
		out[i] = settings.QRProviderRow{Code: r.Code, Enabled: r.Enabled, Min: money.Satang(r.MinAmount), QuickAmounts: quick,
			Lifetime: time.Duration(r.LifetimeSeconds) * time.Second, APIKeySealed: r.APIKeySealed, SecretSealed: r.SecretSealed,
			UpdatedBy: r.UpdatedBy, UpdatedAt: r.UpdatedAt.UTC()}
	}
	return out, nil
}

const qrProviderInsert = `INSERT INTO qr_providers (` + qrProviderColumns + `)
	VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`

func (r qrProviderRow) args() []any {
	return []any{r.Code, r.Enabled, r.MinAmount, r.QuickAmounts, r.LifetimeSeconds, r.APIKeySealed, r.SecretSealed, r.UpdatedBy,
		r.UpdatedAt}
}

// PutQRProviderRow replaces a QR provider's row.
func (s *Settings) PutQRProviderRow(ctx context.Context, r settings.QRProviderRow) error {
	row, err := toQRProviderRow(r)
	if err != nil {
		return err
	}
	_, err = s.db.x.ExecContext(ctx, s.db.q(qrProviderInsert+` ON CONFLICT (code) DO UPDATE SET enabled = excluded.enabled,
		min_amount = excluded.min_amount, quick_amounts = excluded.quick_amounts, lifetime_seconds = excluded.lifetime_seconds,
		api_key_sealed = excluded.api_key_sealed, secret_sealed = excluded.secret_sealed, updated_by = excluded.updated_by,
		updated_at = excluded.updated_at`), row.args()...)
	return err
}

// SeedQRProviderRows inserts the rows whose code is not stored yet.
func (s *Settings) SeedQRProviderRows(ctx context.Context, rows []settings.QRProviderRow) error {
	return s.db.inTx(ctx, func(tx *sqlx.Tx) error {
		for _, r := range rows {
			row, err := toQRProviderRow(r)
			if err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, s.db.q(qrProviderInsert+` ON CONFLICT (code) DO NOTHING`), row.args()...); err != nil {
				return err
			}
		}
		return nil
	})
}

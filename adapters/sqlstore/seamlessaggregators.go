package sqlstore

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"ngern/core/seamless"
)

// SeamlessAggregators implements seamless.AggregatorStore: the aggregators'
// settings as owners saved them in the console (migrations 0031, and 0035
// for Hub88's address, operator id and keys).
type SeamlessAggregators struct{ db *DB }

// NewSeamlessAggregators returns the aggregators' settings store of db.
func NewSeamlessAggregators(db *DB) *SeamlessAggregators { return &SeamlessAggregators{db: db} }

var _ seamless.AggregatorStore = (*SeamlessAggregators)(nil)

type seamlessAggregatorRow struct {
	Code         string    `db:"code"`
	Enabled      bool      `db:"enabled"`
	SecretSealed string    `db:"secret_sealed"`
	Allow        string    `db:"allow_list"`
	GamesURL     string    `db:"games_url"`
	OperatorID   int64     `db:"operator_id"`
	PublicKey    string    `db:"public_key_sealed"`
	PrivateKey   string    `db:"private_key_sealed"`
	UpdatedBy    string    `db:"updated_by"`
	UpdatedAt    time.Time `db:"updated_at"`
}

// AggregatorRows lists the stored rows.
func (s *SeamlessAggregators) AggregatorRows(ctx context.Context) ([]seamless.AggregatorRow, error) {
	var rows []seamlessAggregatorRow
	if err := s.db.x.SelectContext(ctx, &rows, `SELECT code, enabled, secret_sealed, allow_list, games_url, operator_id,
		public_key_sealed, private_key_sealed, updated_by, updated_at FROM seamless_aggregators ORDER BY code`); err != nil {
		return nil, err
	}
	out := make([]seamless.AggregatorRow, len(rows))
	for i, r := range rows {
		var allow []string
		if err := json.Unmarshal([]byte(r.Allow), &allow); err != nil {
			return nil, fmt.Errorf("aggregator %s: allow list: %w", r.Code, err)
		}
		out[i] = seamless.AggregatorRow{Code: r.Code, Enabled: r.Enabled, SecretSealed: r.SecretSealed, Allow: allow,
			URL: r.GamesURL, OperatorID: r.OperatorID, PublicKeySealed: r.PublicKey, PrivateKeySealed: r.PrivateKey,
			UpdatedBy: r.UpdatedBy, UpdatedAt: r.UpdatedAt.UTC()}
	}
	return out, nil
}

// PutAggregatorRow inserts or replaces a row.
func (s *SeamlessAggregators) PutAggregatorRow(ctx context.Context, r seamless.AggregatorRow) error {
	allow := r.Allow
	if allow == nil {
		allow = []string{}
	}
	b, err := json.Marshal(allow)
	if err != nil {
		return err
	}
	_, err = s.db.x.ExecContext(ctx, s.db.q(`INSERT INTO seamless_aggregators (code, enabled, secret_sealed, allow_list,
			games_url, operator_id, public_key_sealed, private_key_sealed, updated_by, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (code) DO UPDATE SET enabled = excluded.enabled, secret_sealed = excluded.secret_sealed,
			allow_list = excluded.allow_list, games_url = excluded.games_url, operator_id = excluded.operator_id,
			public_key_sealed = excluded.public_key_sealed, private_key_sealed = excluded.private_key_sealed,
			updated_by = excluded.updated_by, updated_at = excluded.updated_at`),
		r.Code, r.Enabled, r.SecretSealed, string(b), r.URL, r.OperatorID, r.PublicKeySealed, r.PrivateKeySealed, r.UpdatedBy, utc(r.UpdatedAt))
	return err
}

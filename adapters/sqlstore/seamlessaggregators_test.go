package sqlstore_test

import (
	"context"
	"testing"
	"time"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/seamless"
)

func TestSeamlessAggregators(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		s := sqlstore.NewSeamlessAggregators(db)
		at := time.Date(2026, 11, 27, 5, 0, 0, 0, time.UTC)

		t.Run("none stored at first", func(t *testing.T) {
			rows, err := s.AggregatorRows(ctx)
			if err != nil || len(rows) != 0 {
				t.Fatalf("rows %+v, %v", rows, err)
			}
		})
		t.Run("a row is stored and read back", func(t *testing.T) {
			r := seamless.AggregatorRow{Code: "acme", Enabled: true, SecretSealed: "sealed", Allow: []string{"203.0.113.0/24", "198.51.100.7/32"},
				UpdatedBy: "owner", UpdatedAt: at}
			if err := s.PutAggregatorRow(ctx, r); err != nil {
				t.Fatal(err)
			}
			rows, err := s.AggregatorRows(ctx)
			if err != nil || len(rows) != 1 {
				t.Fatalf("rows %+v, %v", rows, err)
			}
			got := rows[0]
			if got.Code != "acme" || !got.Enabled || got.SecretSealed != "sealed" || len(got.Allow) != 2 || got.Allow[1] != "198.51.100.7/32" ||
				got.UpdatedBy != "owner" || !got.UpdatedAt.Equal(at) {
				t.Fatalf("got %+v", got)
			}
		})
		t.Run("Hub88's address, operator id and sealed keys are stored and read back", func(t *testing.T) {
			r := seamless.AggregatorRow{Code: "hub88", Enabled: true, URL: "https://api.hub88.example", OperatorID: 1 << 40,
				PublicKeySealed: "sealed-public", PrivateKeySealed: "sealed-private", UpdatedBy: "owner+second", UpdatedAt: at}
			if err := s.PutAggregatorRow(ctx, r); err != nil {
				t.Fatal(err)
			}
			rows, err := s.AggregatorRows(ctx)
			if err != nil || len(rows) != 2 {
				t.Fatalf("rows %+v, %v", rows, err)
			}
			got := rows[1]
			if got.Code != "hub88" || got.URL != r.URL || got.OperatorID != r.OperatorID || got.PublicKeySealed != "sealed-public" ||
				got.PrivateKeySealed != "sealed-private" || got.SecretSealed != "" || len(got.Allow) != 0 {
				t.Fatalf("got %+v", got)
			}
			// Put back to the configuration's: empty again.
			if err := s.PutAggregatorRow(ctx, seamless.AggregatorRow{Code: "hub88", UpdatedAt: at}); err != nil {
				t.Fatal(err)
			}
			rows, err = s.AggregatorRows(ctx)
			if err != nil || len(rows) != 2 {
				t.Fatalf("rows %+v, %v", rows, err)
			}
			if got := rows[1]; got.URL != "" || got.OperatorID != 0 || got.PublicKeySealed != "" || got.PrivateKeySealed != "" {
				t.Fatalf("got %+v", got)
			}
		})
		t.Run("a second put replaces the row", func(t *testing.T) {
			if err := s.PutAggregatorRow(ctx, seamless.AggregatorRow{Code: "acme", UpdatedBy: "other", UpdatedAt: at.Add(time.Hour)}); err != nil {
				t.Fatal(err)
			}
			rows, err := s.AggregatorRows(ctx)
			if err != nil || len(rows) != 2 {
				t.Fatalf("rows %+v, %v", rows, err)
			}
			if got := rows[0]; got.Enabled || got.SecretSealed != "" || len(got.Allow) != 0 || got.UpdatedBy != "other" {
				t.Fatalf("got %+v", got)
			}
		})
	})
}

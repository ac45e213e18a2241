package sqlstore_test

import (
	"context"
	"testing"
	"time"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/money"
	"ngern/core/settings"
)

func TestQRProviderRows(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		s := sqlstore.NewSettings(db)
		at := time.Now().UTC().Truncate(time.Second)
		ww := settings.QRProviderRow{Code: "WW", Enabled: true, Min: money.FromBaht(100),
			QuickAmounts: []money.Satang{10000, 20000}, Lifetime: 10 * time.Minute, APIKeySealed: "k", SecretSealed: "s",
			UpdatedBy: "seed", UpdatedAt: at}
		if err := s.SeedQRProviderRows(ctx, []settings.QRProviderRow{ww}); err != nil {
			t.Fatal(err)
		}
		other := ww
		other.Enabled, other.SecretSealed = false, "other"
		if err := s.SeedQRProviderRows(ctx, []settings.QRProviderRow{other}); err != nil {
			t.Fatal(err)
		}
		rows, err := s.QRProviderRows(ctx)
		if err != nil || len(rows) != 1 {
			t.Fatal(rows, err)
		}
		if got := rows[0]; !got.Enabled || got.SecretSealed != "s" || got.Lifetime != 10*time.Minute ||
			len(got.QuickAmounts) != 2 || got.QuickAmounts[1] != 20000 || !got.UpdatedAt.Equal(at) {
			t.Fatalf("seed overwrote or lost: %+v", got)
		}
		ww.Min, ww.QuickAmounts, ww.SecretSealed, ww.UpdatedBy = 1, []money.Satang{100}, "", "boss"
		if err := s.PutQRProviderRow(ctx, ww); err != nil {
			t.Fatal(err)
		}
		rows, _ = s.QRProviderRows(ctx)
		if got := rows[0]; got.Min != 1 || got.SecretSealed != "" || got.UpdatedBy != "boss" || len(got.QuickAmounts) != 1 {
			t.Fatalf("%+v", got)
		}
	})
}

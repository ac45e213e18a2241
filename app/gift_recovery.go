package app

import (
	"context"
	"log/slog"

	"go.uber.org/fx"

	"ngern/core/deposit"
)

// startGiftRecovery credits, in the background of `ngern serve` and at the
// reconciler's period (NGERN_RECONCILE_INTERVAL), the TrueMoney vouchers
// that were redeemed and recorded but whose credit failed. Every node runs
// it; a voucher credits once whatever runs concurrently.
func startGiftRecovery(lc fx.Lifecycle, cfg Config, d *deposit.Service, log *slog.Logger) {
	startEvery(lc, cfg.ReconcileInterval, func(ctx context.Context) {
		if n, err := d.RecoverGifts(ctx); err != nil && ctx.Err() == nil {
			log.Error("gift recovery", "err", err)
		} else if n > 0 {
			log.Info("gift recovery pass", "credited", n)
		}
	})
}

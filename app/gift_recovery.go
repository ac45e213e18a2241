package app

import (
	"context"
	"log/slog"

	"go.uber.org/fx"

	"ngern/adapters/metrics"
	"ngern/core/deposit"
)

// startGiftRecovery credits, in the background of `ngern serve` and at the
// reconciler's period (NGERN_RECONCILE_INTERVAL), the TrueMoney vouchers
// that were redeemed and recorded but whose credit failed. Every node runs
// it; a voucher credits once whatever runs concurrently.
func startGiftRecovery(lc fx.Lifecycle, cfg Config, d *deposit.Service, log *slog.Logger, m *metrics.Metrics) {
	startEvery(lc, cfg.ReconcileInterval, func(ctx context.Context) {
		n, err := d.RecoverGifts(ctx)
		m.JobEnded(jobGiftRecovery, err)
		if err != nil && ctx.Err() == nil {
			log.Error("gift recovery", "err", err)
		} else if n > 0 {
			log.Info("gift recovery pass", "credited", n)
		}
	})
}

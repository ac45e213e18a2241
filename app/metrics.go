package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"go.uber.org/fx"

	"ngern/adapters/httpapi"
	"ngern/adapters/metrics"
	"ngern/adapters/sqlstore"
	"ngern/core/ledger"
)

// Job names of ngern_job_last_success_timestamp_seconds.
const (
	jobReconciler   = "reconciler"
	jobCheck        = "check"
	jobPromotions   = "promotions"
	jobRewards      = "rewards"
	jobQRPoller     = "qr_poller"
	jobGiftRecovery = "gift_recovery"
	jobChatPurge    = "chat_purge"
	jobPayouts      = "payouts"
)

// metricsServices provides the metrics registry and, when
// NGERN_METRICS_ADDR is set, the HTTP adapter's observer (nil otherwise:
// requests are not counted).
func metricsServices() fx.Option {
	return fx.Provide(
		func(db *sqlstore.DB, now Clock, log *slog.Logger) *metrics.Metrics {
			return metrics.New(db.SQL(), sqlstore.NewHealth(db), now, log)
		},
		func(cfg Config, m *metrics.Metrics) httpapi.Observer {
			if cfg.MetricsAddr == "" {
				return nil
			}
			return m
		},
	)
}

// serveMetrics serves GET /metrics on NGERN_METRICS_ADDR and runs the
// periodic check, when the address is set.
func serveMetrics() fx.Option {
	return fx.Invoke(startMetrics, startCheck)
}

// startMetrics listens on NGERN_METRICS_ADDR, apart from the API, so that
// the figures are never public.
func startMetrics(lc fx.Lifecycle, cfg Config, log *slog.Logger, m *metrics.Metrics) {
	if cfg.MetricsAddr == "" {
		return
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", m.Handler())
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second,
		ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			ln, err := net.Listen("tcp", cfg.MetricsAddr)
			if err != nil {
				return fmt.Errorf("listen %s: %w", cfg.MetricsAddr, err)
			}
			log.Info("metrics serving", "addr", ln.Addr().String())
			go func() {
				if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
					log.Error("metrics server", "err", err)
				}
			}()
			return nil
		},
		OnStop: func(ctx context.Context) error { return srv.Shutdown(ctx) },
	})
}

// startCheck runs the ledger's check every NGERN_CHECK_INTERVAL while the
// server runs with metrics, and exposes its result (ngern_check_ok). The
// first run waits one interval, so that a start is not slowed by it.
func startCheck(lc fx.Lifecycle, cfg Config, log *slog.Logger, l ledger.Store, promos *sqlstore.Promo, m *metrics.Metrics, now Clock) {
	if cfg.MetricsAddr == "" {
		return
	}
	first := true
	startEvery(lc, cfg.CheckInterval, func(ctx context.Context) {
		if first {
			first = false
			return
		}
		r, err := verifyInstall(ctx, l, promos, now().Add(-cfg.ReconcileWindow))
		if ctx.Err() != nil {
			return
		}
		at := now()
		m.CheckRan(at, len(r.Problems), err != nil)
		switch {
		case err != nil:
			log.Error("check did not run", "err", err)
		case !r.OK():
			log.Error("check failed", "summary", r.Summary(), "problems", r.Problems)
		default:
			m.JobEnded(jobCheck, nil)
		}
	})
}

// verifyInstall checks the ledger's invariants and the promotions': what
// `ngern check` reports, and the server's periodic check.
func verifyInstall(ctx context.Context, l ledger.Store, promos *sqlstore.Promo, openBefore time.Time) (ledger.Report, error) {
	r, err := l.Verify(ctx, openBefore)
	if err != nil {
		return r, err
	}
	promoProblems, err := promos.VerifyPromotions(ctx)
	if err != nil {
		return r, err
	}
	r.Problems = append(r.Problems, promoProblems...)
	return r, nil
}

package app

import (
	"context"
	"log/slog"
	"path/filepath"
	"time"

	"go.uber.org/fx"

	"ngern/adapters/httpapi"
	"ngern/adapters/metrics"
	simpayout "ngern/adapters/payout/sim"
	"ngern/adapters/payout/xendit"
	"ngern/core/wallet"
)

// payoutParty is the payout party of NGERN_PAYOUTS; nil Party: off.
type payoutParty struct {
	Party wallet.Payouts
}

type payoutsOut struct {
	fx.Out
	Party  payoutParty
	Routes []httpapi.Route `group:"routes,flatten"`
}

// newPayouts returns the payout party of NGERN_PAYOUTS: none (off:
// operators pay by hand) or the simulated payout bank, in-process, its
// ledger kept in <data dir>/sim/payouts.jsonl and inspected at
// /sim/payout/. A real adapter (docs/adapters.md, "Payouts") is one more
// case here and one more value of NGERN_PAYOUTS.
func newPayouts(lc fx.Lifecycle, cfg Config, log *slog.Logger, now Clock) (payoutsOut, error) {
	switch cfg.Payouts {
	case "sim":
		b, err := simpayout.New(simpayout.Config{PathPrefix: "/sim", StatePath: filepath.Join(cfg.DataDir, "sim", "payouts.jsonl"),
			Faults: cfg.SimPayoutFaults, Now: now, Log: log.With("component", "simpayout")})
		if err != nil {
			return payoutsOut{}, err
		}
		lc.Append(fx.StopHook(b.Close))
		log.Info("payouts", "kind", "simulated payout bank", "at", "/sim/payout/", "faults", cfg.SimPayoutFaults.String())
		return payoutsOut{Party: payoutParty{Party: b}, Routes: []httpapi.Route{{Pattern: "/sim/payout/", Handler: b}}}, nil
	case "xendit":
		c, err := xendit.New(cfg.Xendit.Client())
		if err != nil {
			return payoutsOut{}, err
		}
		xlog := log.With("component", "xendit")
		// Banks of ours that the account cannot pay to end FAILED at
		// submit (never a guess): say which, once, at start.
		go func() {
			ctx, cancel := context.WithTimeout(context.Background(), cfg.PayoutTimeout)
			defer cancel()
			if missing, err := c.CheckChannels(ctx); err != nil {
				xlog.Warn("xendit: payout channels not checked", "err", err)
			} else if len(missing) > 0 {
				xlog.Warn("xendit: banks without a payout channel on this account", "banks", missing)
			}
		}()
		log.Info("payouts", "kind", "Xendit Payouts API")
		return payoutsOut{Party: payoutParty{Party: c}}, nil
	}
	log.Info("payouts", "kind", "off: operators pay approved withdrawals by hand")
	return payoutsOut{}, nil
}

// payoutConfig sets the wallet's payout timings from the configuration.
func payoutConfig(cfg Config, wc wallet.Config) wallet.Config {
	wc.PayoutPoll, wc.PayoutPollMax = cfg.PayoutInterval, cfg.PayoutRetryMax
	wc.PayoutCallTimeout, wc.PayoutEscalateAfter = cfg.PayoutTimeout, cfg.PayoutEscalateAfter
	return wc
}

// startPayouts runs the payout worker in the background of `ngern serve`:
// every NGERN_PAYOUT_INTERVAL, and at once when an approval recorded a
// payout. Every node runs it; a payout is claimed before each call to the
// party and settles once whatever runs concurrently.
func startPayouts(lc fx.Lifecycle, cfg Config, w *wallet.Service, log *slog.Logger, m *metrics.Metrics) {
	if !w.PayoutsOn() {
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	pass := func() {
		n, err := w.RunPayouts(ctx)
		m.JobEnded(jobPayouts, err)
		if err != nil && ctx.Err() == nil {
			log.Error("payouts", "err", err)
		} else if n > 0 {
			log.Info("payouts pass", "settled", n)
		}
	}
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			go func() {
				defer close(done)
				tick := time.NewTicker(cfg.PayoutInterval)
				defer tick.Stop()
				for {
					pass()
					select {
					case <-ctx.Done():
						return
					case <-tick.C:
					case <-w.PayoutsDue():
					}
				}
			}()
			return nil
		},
		OnStop: func(stop context.Context) error {
			cancel()
			select {
			case <-done:
				return nil
			case <-stop.Done():
				return stop.Err()
			}
		},
	})
}

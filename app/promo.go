package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"time"

	"go.uber.org/fx"

	"ngern/adapters/metrics"
	"ngern/adapters/sqlstore"
	"ngern/core/account"
	"ngern/core/errs"
	"ngern/core/money"
	"ngern/core/objects"
	"ngern/core/promo"
)

// promoEvaluateEvery is how often every active promotion condition is
// evaluated, for balance changes no request told the engine of.
const promoEvaluateEvery = time.Minute

// promoServices provides the promotions store and service.
func promoServices() fx.Option {
	return fx.Provide(
		func(db *sqlstore.DB) *sqlstore.Promo { return sqlstore.NewPromo(db) },
		func(store *sqlstore.Promo, objs objects.Store, log *slog.Logger, now Clock) *promo.Service {
			return promo.NewService(promo.Deps{Store: store, Deposits: store, Objects: objs, Log: log, Now: now, IDs: account.NewID})
		},
	)
}

// startPromoJob evaluates every active condition at start and then every
// promoEvaluateEvery.
func startPromoJob(lc fx.Lifecycle, log *slog.Logger, p *promo.Service, m *metrics.Metrics) {
	startEvery(lc, promoEvaluateEvery, func(ctx context.Context) {
		n, err := p.EvaluateAll(ctx)
		m.JobEnded(jobPromotions, err)
		if err != nil && ctx.Err() == nil {
			log.Error("promotion conditions not evaluated", "err", err)
		} else if n > 0 {
			log.Info("promotion conditions ended", "conditions", n)
		}
	})
}

// Demo promotions, as documented in docs/promotions.md.
var (
	demoBonuses = []promo.Bonus{
		{Code: "WELCOME", Name: "Welcome bonus", Type: promo.TypeLimit, MaxReceived: 1, Fixed: money.FromBaht(100),
			PercentFail: 10, SuccessPercent: 300, Active: true, Sort: 1},
		{Code: "DAILY", Name: "Daily bonus", Type: promo.TypeDay, MaxReceived: 1, Fixed: money.FromBaht(20), Active: true, Sort: 2},
	}
	demoPromotions = []promo.Promotion{
		{Code: "NGERN50", Description: "<p>50 baht for you</p>", Amount: money.FromBaht(50), LimitPerMember: 1, Active: true},
	}
)

// seedDemoPromotions stores the demo bonuses and promotion code unless
// they exist.
func seedDemoPromotions(ctx context.Context, p *promo.Service, store *sqlstore.Promo, stdout io.Writer) error {
	for _, b := range demoBonuses {
		if _, err := store.Bonus(ctx, b.Code); err == nil {
			fmt.Fprintf(stdout, "bonus: %s exists\n", b.Code)
			continue
		} else if !errs.HasCode(err, errs.NoData) {
			return err
		}
		if _, err := p.SaveBonus(ctx, b); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "bonus: %s created\n", b.Code)
	}
	for _, pr := range demoPromotions {
		_, err := store.Promotion(ctx, pr.Code)
		if err == nil {
			fmt.Fprintf(stdout, "promotion: %s exists\n", pr.Code)
			continue
		}
		var e *errs.Error
		if !errors.As(err, &e) || e.Code != errs.NoPromotion {
			return err
		}
		if _, err := p.SavePromotion(ctx, pr); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "promotion: %s created\n", pr.Code)
	}
	return nil
}

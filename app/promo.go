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
	"ngern/core/limits"
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

// demoPromotions are the demo bonuses and promotion code, as documented in
// docs/promotions.md: amounts written in baht and scaled to the install's
// currency (limits.Amounts.PerBaht: the welcome bonus is 100 baht or
// 50,000 kip), names and description in the install's language for the
// Laos build (Lao), English names and a baht description otherwise.
func demoPromotions(laos bool) ([]promo.Bonus, []promo.Promotion) {
	k := limits.For(laos).PerBaht()
	welcome, daily, code := "Welcome bonus", "Daily bonus", "<p>50 baht for you</p>"
	if laos {
		welcome, daily, code = "ໂບນັດຕ້ອນຮັບ", "ໂບນັດປະຈຳວັນ", "<p>25,000 ກີບ ສຳລັບທ່ານ</p>"
	}
	return []promo.Bonus{
			{Code: "WELCOME", Name: welcome, Type: promo.TypeLimit, MaxReceived: 1, Fixed: money.FromBaht(100) * k,
				PercentFail: 10, SuccessPercent: 300, Active: true, Sort: 1},
			{Code: "DAILY", Name: daily, Type: promo.TypeDay, MaxReceived: 1, Fixed: money.FromBaht(20) * k, Active: true, Sort: 2},
		}, []promo.Promotion{
			{Code: "NGERN50", Description: code, Amount: money.FromBaht(50) * k, LimitPerMember: 1, Active: true},
		}
}

// seedDemoPromotions stores the demo bonuses and promotion code unless
// they exist.
func seedDemoPromotions(ctx context.Context, p *promo.Service, store *sqlstore.Promo, laos bool, stdout io.Writer) error {
	bonuses, promotions := demoPromotions(laos)
	for _, b := range bonuses {
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
	for _, pr := range promotions {
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

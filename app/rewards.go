package app

import (
	"context"
	"log/slog"
	"time"

	"go.uber.org/fx"

	"ngern/adapters/sqlstore"
	"ngern/core/account"
	"ngern/core/promo"
	"ngern/core/rewards"
	"ngern/core/wallet"
)

// rewardsEvery is how often the rewards job collects every game's bet
// history and closes the refund and invite periods that ended
// (docs/operations.md).
const rewardsEvery = time.Minute

// rewardsServices provides the rewards store and service.
func rewardsServices() fx.Option {
	return fx.Provide(
		func(db *sqlstore.DB) *sqlstore.Rewards { return sqlstore.NewRewards(db) },
		func(store *sqlstore.Rewards, p wallet.GameProvider, w *wallet.Service, promos *promo.Service, log *slog.Logger,
			now Clock) *rewards.Service {
			return rewards.NewService(rewards.Deps{Store: store, Provider: p, Promotions: promos, Log: log, Now: now,
				IDs: account.NewID, Games: func(ctx context.Context) ([]string, error) {
					games, err := w.Games(ctx)
					if err != nil {
						return nil, err
					}
					codes := make([]string, len(games))
					for i, g := range games {
						codes[i] = g.Code
					}
					return codes, nil
				}})
		},
	)
}

// startRewardsJob collects the bet history and closes due periods at start
// and then every rewardsEvery. Several nodes may run it: bets are stored
// once per bet id and a period is closed once (a unique run).
func startRewardsJob(lc fx.Lifecycle, log *slog.Logger, r *rewards.Service) {
	startEvery(lc, rewardsEvery, func(ctx context.Context) {
		if _, err := r.AccrueDue(ctx); err != nil && ctx.Err() == nil {
			log.Error("reward periods not closed", "err", err)
		}
	})
}

package app

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"time"

	"go.uber.org/fx"

	"ngern/adapters/metrics"
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
func startRewardsJob(lc fx.Lifecycle, log *slog.Logger, r *rewards.Service, m *metrics.Metrics) {
	startEvery(lc, rewardsEvery, func(ctx context.Context) {
		_, err := r.AccrueDue(ctx)
		m.JobEnded(jobRewards, err)
		if err != nil && ctx.Err() == nil {
			log.Error("reward periods not closed", "err", err)
		}
	})
}

// demoBannerImage draws a program's demo banner: a card in the brand
// colour with a coin, small enough to be stored inline as a data URI.
func demoBannerImage(fill string) string {
	svg := `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 240"><rect width="640" height="240" rx="24" fill="` + fill +
		`"/><circle cx="520" cy="120" r="72" fill="#f5c542"/><circle cx="520" cy="120" r="50" fill="none" stroke="#b8860b" stroke-width="8"/></svg>`
	return "data:image/svg+xml," + url.PathEscape(svg)
}

// demoRewards are the refund and invite programs `ngern demo` switches on,
// with the default rates, a banner and an explanation in each language
// (docs/rewards.md).
func demoRewards() map[rewards.Program]rewards.Settings {
	refund := rewards.DefaultSettings(rewards.Refund)
	refund.Active = true
	refund.Info = map[string]string{
		"th": "<p>คืนยอดเสีย 5% ของยอดเสียสุทธิทุกวัน กดรับได้ในวันถัดไป</p>",
		"la": "<p>ຄືນຍອດເສຍ 5% ຂອງຍອດເສຍສຸດທິທຸກມື້ ກົດຮັບໄດ້ໃນມື້ຖັດໄປ</p>",
		"en": "<p>Get 5% of your daily net loss back, to claim the next day.</p>",
	}
	invite := rewards.DefaultSettings(rewards.Invite)
	invite.Active = true
	invite.Info = map[string]string{
		"th": "<p>ชวนเพื่อนด้วยลิงก์หรือรหัสของคุณ รับ 1% ของยอดเสียสุทธิของเพื่อนทุกวัน</p>",
		"la": "<p>ຊວນໝູ່ດ້ວຍລິ້ງ ຫຼື ລະຫັດຂອງທ່ານ ຮັບ 1% ຂອງຍອດເສຍສຸດທິຂອງໝູ່ທຸກມື້</p>",
		"en": "<p>Invite friends with your link or code and earn 1% of their daily net loss.</p>",
	}
	banners := func(fill string, html map[string]string) []promo.Banner {
		img := demoBannerImage(fill)
		return []promo.Banner{{Lang: "th", Image: img, HTML: html["th"]}, {Lang: "la", Image: img, HTML: html["la"]},
			{Lang: "en", Image: img, HTML: html["en"]}}
	}
	refund.Banners = banners("#3f9171", refund.Info)
	invite.Banners = banners("#2f6f8f", invite.Info)
	return map[rewards.Program]rewards.Settings{rewards.Refund: refund, rewards.Invite: invite}
}

// seedDemoRewards switches the refund and invite programs on with the demo
// settings, unless an operator has saved settings for them; it returns the
// settings it saved, by program.
func seedDemoRewards(ctx context.Context, r *rewards.Service, stdout io.Writer) (map[rewards.Program]rewards.Settings, error) {
	saved := map[rewards.Program]rewards.Settings{}
	demo := demoRewards()
	for _, p := range []rewards.Program{rewards.Refund, rewards.Invite} {
		cur, err := r.Settings(ctx, p)
		if err != nil {
			return nil, err
		}
		if !cur.UpdatedAt.IsZero() { // an operator's (or an earlier demo's) settings
			fmt.Fprintf(stdout, "rewards: %s set before\n", p)
			continue
		}
		st, err := r.SaveSettings(ctx, p, demo[p], "demo")
		if err != nil {
			return nil, err
		}
		saved[p] = st
		fmt.Fprintf(stdout, "rewards: %s switched on (%d.%02d %% of the net loss, %s)\n", p, st.RateBP/100, st.RateBP%100, st.Period)
	}
	return saved, nil
}

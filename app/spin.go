package app

import (
	"context"
	"fmt"
	"io"

	"go.uber.org/fx"

	"ngern/adapters/sqlstore"
	"ngern/core/account"
	"ngern/core/ledger"
	"ngern/core/promo"
	"ngern/core/spin"
)

// spinServices provides the spin wheel's store and service.
func spinServices() fx.Option {
	return fx.Provide(
		func(db *sqlstore.DB) *sqlstore.Spin { return sqlstore.NewSpin(db) },
		func(store *sqlstore.Spin, l ledger.Store, p *promo.Service, members account.Store, now Clock) *spin.Service {
			return spin.NewService(spin.Deps{Store: store, Ledger: l, Bonus: p, Members: members, Now: now, IDs: account.NewID})
		},
	)
}

// seedDemoWheel makes the demo wheel of the install (kip prizes and Lao
// texts in the Laos build) active unless a wheel is active.
func seedDemoWheel(ctx context.Context, s *spin.Service, laos bool, stdout io.Writer) (bool, error) {
	if ok, err := s.Active(ctx); err != nil || ok {
		if ok {
			fmt.Fprintln(stdout, "spin wheel: a wheel is active")
		}
		return false, err
	}
	w, err := s.SaveWheel(ctx, spin.DemoWheel(laos), "demo")
	if err != nil {
		return false, err
	}
	fmt.Fprintf(stdout, "spin wheel: %q created and active\n", w.Name)
	return true, nil
}

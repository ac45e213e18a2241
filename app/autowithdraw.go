package app

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"ngern/core/limits"
	"ngern/core/money"
	"ngern/core/settings"
)

// demoAutoWithdraw are the demo's auto-approval rules: a withdrawal of up
// to 1,000.00 baht (500,000 kip) by a member holding no bonus condition is
// approved with no operator action, when the member deposited at least
// half of it since their last withdrawal (a fresh member who deposited
// passes; money an operator credited is no deposit, so a withdrawal of it
// waits for operators, as the console's walk-through shows).
func demoAutoWithdraw(laos bool) settings.AutoWithdraw {
	k := limits.For(laos).PerBaht()
	return settings.AutoWithdraw{
		Enabled: true, MaxAmount: money.FromBaht(1000) * k, MaxDayTotal: money.FromBaht(5000) * k, MaxDayCount: 5,
		MinAccountAgeDays: 0, RequireNoBonus: true, MinDepositPercent: 50,
	}
}

// seedDemoAutoWithdraw switches the demo's auto-approval rules on unless
// an owner switched some on before. The command line acts directly (as it
// does for the receiving accounts): it holds the server's configuration.
func seedDemoAutoWithdraw(ctx context.Context, s *settings.Service, laos bool, stdout io.Writer) (bool, error) {
	cur, err := s.AutoWithdraw(ctx)
	if err != nil {
		return false, err
	}
	if cur.Enabled {
		fmt.Fprintln(stdout, "withdrawals: auto-approval rules set before")
		return false, nil
	}
	rules := demoAutoWithdraw(laos)
	doc, _ := json.Marshal(rules)
	if err := s.Put(ctx, settings.KeyAutoWithdraw, doc); err != nil {
		return false, err
	}
	fmt.Fprintf(stdout, "withdrawals: auto-approved up to %s for a member holding no bonus condition who deposited half of it\n", rules.MaxAmount)
	return true, nil
}

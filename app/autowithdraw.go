package app

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"ngern/core/money"
	"ngern/core/settings"
)

// demoAutoWithdraw are the demo's auto-approval rules: a withdrawal of up
// to 1,000.00 by a member holding no bonus condition is approved with no
// operator action, when the member deposited at least half of it since
// their last withdrawal (a fresh member who deposited passes; money an
// operator credited is no deposit, so a withdrawal of it waits for
// operators, as the console's walk-through shows).
var demoAutoWithdraw = settings.AutoWithdraw{
	Enabled: true, MaxAmount: money.FromBaht(1000), MaxDayTotal: money.FromBaht(5000), MaxDayCount: 5,
	MinAccountAgeDays: 0, RequireNoBonus: true, MinDepositPercent: 50,
}

// seedDemoAutoWithdraw switches the demo's auto-approval rules on unless
// an owner switched some on before. The command line acts directly (as it
// does for the receiving accounts): it holds the server's configuration.
func seedDemoAutoWithdraw(ctx context.Context, s *settings.Service, stdout io.Writer) (bool, error) {
	cur, err := s.AutoWithdraw(ctx)
	if err != nil {
		return false, err
	}
	if cur.Enabled {
		fmt.Fprintln(stdout, "withdrawals: auto-approval rules set before")
		return false, nil
	}
	doc, _ := json.Marshal(demoAutoWithdraw)
	if err := s.Put(ctx, settings.KeyAutoWithdraw, doc); err != nil {
		return false, err
	}
	fmt.Fprintln(stdout, "withdrawals: auto-approved up to 1000.00 for a member holding no bonus condition who deposited half of it")
	return true, nil
}

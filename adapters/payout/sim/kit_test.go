package sim

import (
	"testing"

	"ngern/adapters/payout/payouttest"
	"ngern/core/money"
	"ngern/core/wallet"
)

// TestConformance: the simulated payout bank keeps the Payouts contract
// the real adapters keep (adapters/payout/payouttest). It pays at once, so
// Settle has nothing to do; its faults are fixed at creation, so the
// kit's next-request faults are left to the fault tests above.
func TestConformance(t *testing.T) {
	b, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	payouttest.Run(t, payouttest.Setup{
		Payouts:          b,
		InvalidAccountNo: "123" + ClosedSuffix,
		Paid: func(id string) []money.Satang {
			var paid []money.Satang
			for _, e := range b.Entries() {
				if e.ID == id && e.State == wallet.PayoutPaid {
					paid = append(paid, e.Amount)
				}
			}
			return paid
		},
		Settle: func(*testing.T, string) {},
	})
}

package xendit_test

import (
	"testing"
	"time"

	"ngern/adapters/payout/payouttest"
	"ngern/adapters/payout/xendit"
	"ngern/adapters/payout/xendit/xendittest"
)

const testKey = "xnd_development_secret"

// newFake starts a fake Xendit and a client of it with a short timeout.
func newFake(t *testing.T) (*xendittest.Server, *xendit.Client) {
	t.Helper()
	fake := xendittest.New(testKey)
	fake.InvalidAccounts["9999999999"] = true
	fake.RejectedAccounts["1111111111"] = true
	ts := fake.Start(t)
	c, err := xendit.New(xendit.Config{BaseURL: ts.URL, SecretKey: testKey, Timeout: 300 * time.Millisecond,
		RetryWait: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	return fake, c
}

func TestConformance(t *testing.T) {
	for _, tc := range []struct {
		name     string
		conflict bool
	}{
		{"SameKeyAnswersTheFirstPayout", false},
		{"SameKeyAnswers409", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fake, c := newFake(t)
			fake.ConflictOnReuse = tc.conflict
			payouttest.Run(t, payouttest.Setup{
				Payouts:             c,
				BankCode:            "SCB",
				InvalidAccountNo:    "9999999999",
				UnsupportedBankCode: "LHB",
				Paid:                fake.Paid,
				Settle:              func(_ *testing.T, id string) { fake.Settle(id) },
				Fault:               fake.Fault,
			})
		})
	}
}

// Package sliptest is the conformance kit of deposit.SlipVerifier: every
// verifier adapter runs RunVerifier against the service it talks to (or a
// fake that replays that service's documented answers).
package sliptest

import (
	"context"
	"errors"
	"testing"
	"time"

	"ngern/core/deposit"
)

// Setup is what the kit needs of an adapter's test.
type Setup struct {
	Verifier deposit.SlipVerifier
	// Transfer makes the service know a transfer of tx's amount and
	// parties (full account numbers) and returns the QR of its slip.
	Transfer func(t *testing.T, tx deposit.Transaction) deposit.SlipQR
	// Outage makes the service's next answer an outage (a 5xx, a timeout,
	// an unreadable answer: the adapter's choice); nil when the service
	// cannot fail (in-process).
	Outage func(t *testing.T)
}

// RunVerifier checks the contract of deposit.SlipVerifier.
func RunVerifier(t *testing.T, s Setup) {
	ctx := context.Background()
	at := time.Now().UTC().Add(-3 * time.Minute).Truncate(time.Second)
	tx := deposit.Transaction{Amount: 150050, TransferredAt: at,
		Sender:   deposit.Party{BankCode: "SCB", AccountNo: "9876543210", Name: "SOMCHAI JAIDEE"},
		Receiver: deposit.Party{BankCode: "KBANK", AccountNo: "1234567890", Name: "NGERN CO"}}

	t.Run("ResolvesAKnownTransfer", func(t *testing.T) {
		q := s.Transfer(t, tx)
		got, err := s.Verifier.Verify(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		if got.TransRef != q.TransRef || got.Amount != tx.Amount || !got.TransferredAt.Equal(at) {
			t.Fatalf("got %+v, want ref %s amount %s at %s", got, q.TransRef, tx.Amount, at)
		}
		for _, p := range []struct{ got, want deposit.Party }{{got.Sender, tx.Sender}, {got.Receiver, tx.Receiver}} {
			if p.got.BankCode != p.want.BankCode || deposit.AccountMatches(p.got.AccountNo, p.want.AccountNo) != deposit.Match {
				t.Fatalf("party %+v does not match %+v", p.got, p.want)
			}
		}
	})
	t.Run("UnknownReferenceIsRefused", func(t *testing.T) {
		q := s.Transfer(t, tx)
		other, err := deposit.ParseSlipQR(deposit.BuildSlipQR(q.SendingBank, "NOSUCHREF0001"))
		if err != nil {
			t.Fatal(err)
		}
		_, err = s.Verifier.Verify(ctx, other)
		var r *deposit.Refused
		if !errors.As(err, &r) || r.Code == "" {
			t.Fatalf("want *deposit.Refused, got %v", err)
		}
	})
	t.Run("CancelledContextNeverResolves", func(t *testing.T) {
		q := s.Transfer(t, tx)
		cctx, cancel := context.WithCancel(ctx)
		cancel()
		if _, err := s.Verifier.Verify(cctx, q); err == nil {
			t.Fatal("a cancelled call answered a transaction")
		}
	})
	if s.Outage == nil {
		return
	}
	t.Run("OutageIsUnavailableNotRefused", func(t *testing.T) {
		q := s.Transfer(t, tx)
		s.Outage(t)
		_, err := s.Verifier.Verify(ctx, q)
		var r *deposit.Refused
		if !errors.Is(err, deposit.ErrUnavailable) || errors.As(err, &r) {
			t.Fatalf("want ErrUnavailable, got %v", err)
		}
		if _, err := s.Verifier.Verify(ctx, q); err != nil {
			t.Fatalf("the outage outlived one call: %v", err)
		}
	})
}

package slip

import (
	"bytes"
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"ngern/core/deposit"
)

// TestRenderConcurrent draws slips from many goroutines at once: each render
// has its own font faces, so the race detector finds nothing and every render
// draws the same picture as a lone one.
func TestRenderConcurrent(t *testing.T) {
	s := SlipImage{BankCode: "KBANK", BOTCode: "004", TransRef: "016330123456ABC01234", Amount: 150050,
		From:          deposit.Party{BankCode: "SCB", AccountNo: "xxx-x-x4321-x", Name: "SOMCHAI JAIDEE"},
		To:            deposit.Party{BankCode: "KBANK", AccountNo: "xxx-x-x6789-x", Name: "NGERN CO LTD"},
		TransferredAt: time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)}
	want, err := Render(s)
	if err != nil {
		t.Fatal(err)
	}
	const n = 8
	var wg sync.WaitGroup
	errc := make(chan error, n)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got, err := Render(s)
			if err == nil && !bytes.Equal(got, want) {
				err = fmt.Errorf("a concurrent render drew a different slip")
			}
			errc <- err
		}()
	}
	wg.Wait()
	close(errc)
	for err := range errc {
		if err != nil {
			t.Error(err)
		}
	}
}

// TestRenderThai: a slip printed in Thai (Arundina Sans) is another picture
// than the English one, with the same readable mini-QR.
func TestRenderThai(t *testing.T) {
	s := SlipImage{BankCode: "SCB", BOTCode: "014", TransRef: "016330123456ABC01234", Amount: 150050,
		From:          deposit.Party{BankCode: "SCB", AccountNo: "xxx-x-x4321-x", Name: "นาย สมชาย ใจดี"},
		To:            deposit.Party{BankCode: "KBANK", AccountNo: "xxx-x-x6789-x", Name: "บจก. เงิน เดโม"},
		TransferredAt: time.Date(2026, 11, 27, 2, 41, 0, 0, time.UTC)}
	en, err := Render(s)
	if err != nil {
		t.Fatal(err)
	}
	s.Lang = "th"
	th, err := Render(s)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(en, th) {
		t.Fatal("the Thai slip is the English one")
	}
	text, err := NewReader(1).Read(context.Background(), th)
	if err != nil || text != deposit.BuildSlipQR("014", s.TransRef) {
		t.Fatalf("%q, %v", text, err)
	}
}

func TestGroupThousands(t *testing.T) {
	for _, c := range []struct{ in, want string }{{"0.99", "0.99"}, {"500.00", "500.00"}, {"1500.50", "1,500.50"},
		{"1234567.89", "1,234,567.89"}, {"100000.00", "100,000.00"}} {
		t.Run(c.in, func(t *testing.T) {
			if got := groupThousands(c.in); got != c.want {
				t.Fatalf("%s, want %s", got, c.want)
			}
		})
	}
}

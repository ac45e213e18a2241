package slip

import (
	"bytes"
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

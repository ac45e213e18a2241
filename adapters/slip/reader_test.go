package slip

import (
	"bytes"
	"image"
	"image/png"
	"testing"
	"time"

	"ngern/adapters/slip/sliptest"
	"ngern/core/deposit"
)

// renderSlip draws a test slip whose mini-QR holds payload.
func renderSlip(t *testing.T, payload string) image.Image {
	t.Helper()
	b, err := Render(SlipImage{BankCode: "KBANK", BOTCode: "004", TransRef: "016330123456ABC01234", Amount: 150050,
		From:          deposit.Party{BankCode: "SCB", AccountNo: "xxx-x-x4321-x", Name: "SOMCHAI JAIDEE"},
		To:            deposit.Party{BankCode: "KBANK", AccountNo: "xxx-x-x6789-x", Name: "NGERN CO LTD"},
		TransferredAt: time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC), Payload: payload})
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func TestReaderConformance(t *testing.T) {
	sliptest.RunReader(t, NewReader(1), renderSlip)
}

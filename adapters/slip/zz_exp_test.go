package slip

import (
	"os"
	"testing"
	"time"

	"ngern/core/deposit"
)

func TestZZExp(t *testing.T) {
	for _, lang := range []string{"en", "th"} {
		name := "SOMCHAI JAIDEE"
		to := "NGERN CO LTD"
		if lang == "th" {
			name, to = "นาย สมชาย ใจดี", "บจก. เงิน เดโม"
		}
		s := SlipImage{BankCode: "KBANK", BOTCode: "004", TransRef: "016330123456ABC01234", Amount: 150050, Lang: lang,
			From:          deposit.Party{BankCode: "SCB", AccountNo: "xxx-x-x4321-x", Name: name},
			To:            deposit.Party{BankCode: "KBANK", AccountNo: "xxx-x-x6789-x", Name: to},
			TransferredAt: time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)}
		b, err := Render(s)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile("/tmp/slipocr-x/"+lang+".png", b, 0o644)
	}
}

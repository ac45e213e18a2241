package httpapi

import (
	"bytes"
	"encoding/json"
	"math"
	"net/http/httptest"
	"testing"
	"time"

	"ngern/core/money"
	"ngern/core/wallet"
)

// encodingJSON is what writeJSON would send.
func encodingJSON(t *testing.T, v any) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(v); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestWalletJSON holds the hand-written home answer to encoding/json's
// bytes, escaping included.
func TestWalletJSON(t *testing.T) {
	str := func(s string) *string { return &s }
	tricky := []string{
		"", "plain", `quote " and \ backslash`, "<script>&amp;</script>", "ไทย ລາວ", "tab\tnew\nline\rcr\bbs\fff",
		"\x00\x01\x1f\x7f", "line\u2028para\u2029", "bad \xff\xfe utf-8", "emoji 😀", "/api/games/A%20B/logo?v=0123abcd",
	}
	floats := []float64{1, 0.5, 0, math.Copysign(0, -1), 1e-7, 123456789.125, 1e21, 2.5e-9, -3.75}
	times := []time.Time{
		time.Date(2026, 11, 22, 2, 0, 0, 0, time.UTC),
		time.Date(2026, 1, 2, 3, 4, 5, 123456789, time.UTC),
		time.Date(2026, 1, 2, 3, 4, 5, 120000000, time.FixedZone("ICT", 7*3600)),
		{},
	}
	for i, s := range tricky {
		r := walletResponse{
			Profile: profileJSON{ID: s, Name: tricky[(i+1)%len(tricky)], Username: "0811111111",
				CreatedAt: times[i%len(times)], Coin: int64(i) * -7},
			BankAccount: bankAccountJSON{BankCode: "KBANK", BankAccountName: s, BankAccountNo: "1234567890", Currency: "BAHT",
				Bank: bankJSON{Code: "KBANK", NameTH: "ธนาคารกสิกรไทย", NameEN: s}},
			Wallet:    amountJSON{Amount: money.Satang(i*100_037 - 5)},
			Invite:    inviteJSON{Amount: money.Satang(i), Success: i, Fail: -i},
			UpdatedAt: times[(i+1)%len(times)],
		}
		if i%3 != 0 {
			r.Slots = []slotJSON{}
		}
		for j := range i % 4 {
			var web *string
			if j%2 == 1 {
				web = str(tricky[(i+j)%len(tricky)])
			}
			r.Slots = append(r.Slots, slotJSON{Code: "G" + s, Name: s, Logo: tricky[j], Background: s, IsActive: j%2 == 0,
				Amount: money.Satang(-j * 1001), FtWalletSlot: floats[(i+j)%len(floats)], Category: wallet.Category(s),
				Web: web, Android: str(s), IOS: nil})
		}
		got, ok := r.appendJSON(nil)
		if want := encodingJSON(t, r); !ok || !bytes.Equal(got, want) {
			t.Fatalf("case %d (ok %v):\n got %s\nwant %s", i, ok, got, want)
		}
	}
}

// TestWalletJSONFallback: what the hand-written encoder cannot write goes
// to encoding/json, which reports it.
func TestWalletJSONFallback(t *testing.T) {
	for _, r := range []walletResponse{
		{UpdatedAt: time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)},
		{Slots: []slotJSON{{FtWalletSlot: math.NaN()}}},
	} {
		if _, ok := r.appendJSON(nil); ok {
			t.Fatalf("%+v was written by hand", r)
		}
	}
	w := httptest.NewRecorder()
	writeWallet(w, 200, &walletResponse{Slots: []slotJSON{}})
	if want := encodingJSON(t, walletResponse{Slots: []slotJSON{}}); !bytes.Equal(w.Body.Bytes(), want) ||
		w.Header().Get("Content-Type") != "application/json; charset=utf-8" {
		t.Fatalf("writeWallet: %s %q", w.Body.Bytes(), w.Header())
	}
}

package httpapi

import (
	"bytes"
	"encoding/json"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"ngern/core/account"
	"ngern/core/money"
	"ngern/core/settings"
	"ngern/core/wallet"
)

func strp(s string) *string { return &s }

// homeFixture is a home screen with every kind of game field: inline
// pictures and links, absent and present app links, text that encoding/json
// escapes, and balances of each size.
func homeFixture() *wallet.Home {
	games := []wallet.Slot{
		{CatalogueGame: wallet.CatalogueGame{Game: wallet.Game{Code: "SIAMSLOT", Name: "Siam <Slot> & \"co\"", Category: wallet.CategorySlot,
			FtWalletSlot: 1, Logo: "data:image/png;base64,AAAA", Background: "https://cdn.example/bg.jpg?a=1&b=2",
			Web: strp("https://play.example/"), Active: true},
			LogoImage: &wallet.Image{ContentType: "image/png", Data: []byte{0, 0, 0}, Version: "v1a2"}},
			IsActive: true, Amount: 123456},
		{CatalogueGame: wallet.CatalogueGame{Game: wallet.Game{Code: "NAGA GOLD", Name: "นาคา ทอง\u2028", Category: wallet.CategorySport,
			FtWalletSlot: 0.25, Logo: "/logo.png", Background: "data:image/webp;base64,BBBB", Android: strp("market://x"), IOS: strp(""), Active: true},
			BackgroundImage: &wallet.Image{ContentType: "image/webp", Version: "bg9"}},
			IsActive: false, Amount: 0},
		{CatalogueGame: wallet.CatalogueGame{Game: wallet.Game{Code: "L", Name: "", Category: wallet.Category("lotto"), FtWalletSlot: 1000}},
			IsActive: true, Amount: 7},
	}
	return &wallet.Home{
		Member: account.Member{ID: "m1", Phone: "0812345678", Name: "ทดสอบ", BankCode: "KBANK", BankAccountName: "A",
			BankAccountNo: "123", Currency: "THB", Coin: 3, CreatedAt: time.Date(2026, 1, 2, 3, 4, 5, 6, time.UTC)},
		Bank:        settings.Bank{Code: "KBANK", NameTH: "กสิกร", NameEN: "Kasikorn"},
		Wallet:      99,
		InviteBonus: 12345,
		Slots:       games,
		UpdatedAt:   time.Date(2026, 11, 23, 1, 2, 3, 456789000, time.UTC),
	}
}

// encodedWallet is the answer as encoding/json writes the whole shape.
func encodedWallet(t *testing.T, h *wallet.Home) map[string]any {
	t.Helper()
	type whole struct {
		walletResponse
		Slots []slotJSON `json:"slots"`
	}
	out := whole{walletResponse: toWallet(h), Slots: []slotJSON{}}
	for _, sl := range h.Slots {
		out.Slots = append(out.Slots, toSlotJSON(sl))
	}
	b, err := json.Marshal(&out)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func writtenWallet(t *testing.T, s *Server, h *wallet.Home) (map[string]any, []byte) {
	t.Helper()
	rec := httptest.NewRecorder()
	s.writeWallet(rec, httptest.NewRequest("GET", "/api/wallet", nil), h)
	body := rec.Body.Bytes()
	if rec.Code != 200 || rec.Header().Get("Content-Length") != strconv.Itoa(len(body)) ||
		rec.Header().Get("Content-Type") != "application/json; charset=utf-8" {
		t.Fatalf("status %d, headers %v, %d bytes", rec.Code, rec.Header(), len(body))
	}
	var m map[string]any
	if err := json.Unmarshal(body, &m); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, body)
	}
	return m, body
}

func sameJSON(t *testing.T, got, want map[string]any) {
	t.Helper()
	g, _ := json.Marshal(got)
	w, _ := json.Marshal(want)
	if !bytes.Equal(g, w) {
		t.Fatalf("answer differs from encoding/json's\n got %s\nwant %s", g, w)
	}
}

func TestWalletAnswerIsEncodingJSONs(t *testing.T) {
	s := &Server{}
	h := homeFixture()
	t.Run("first call", func(t *testing.T) {
		got, body := writtenWallet(t, s, h)
		sameJSON(t, got, encodedWallet(t, h))
		// The escapes are encoding/json's (HTML-safe), the amounts two-decimal numbers.
		for _, want := range []string{`Siam \u003cSlot\u003e \u0026 \"co\"`, `\u2028`, `"amount":1234.56`, `"amount":0.00`, `"amount":0.07`,
			`"logo":"/api/games/SIAMSLOT/logo?v=v1a2"`, `"background":"/api/games/NAGA%20GOLD/background?v=bg9"`, `"web":null`} {
			if !bytes.Contains(body, []byte(want)) {
				t.Errorf("answer lacks %s:\n%s", want, body)
			}
		}
	})
	t.Run("cached fragments, other member values", func(t *testing.T) {
		h := homeFixture()
		h.Slots[0].IsActive, h.Slots[0].Amount = false, 1
		h.Slots[1].IsActive, h.Slots[1].Amount = true, 100000000
		got, _ := writtenWallet(t, s, h)
		sameJSON(t, got, encodedWallet(t, h))
	})
	t.Run("no games", func(t *testing.T) {
		h := homeFixture()
		h.Slots = nil
		got, body := writtenWallet(t, s, h)
		sameJSON(t, got, encodedWallet(t, h))
		if !bytes.Contains(body, []byte(`"slots":[]`)) {
			t.Errorf("slots is not an empty list: %s", body)
		}
	})
}

// A game whose configuration changes is encoded again, whatever changed.
func TestWalletAnswerFollowsCatalogueChanges(t *testing.T) {
	changes := map[string]func(g *wallet.CatalogueGame){
		"name":           func(g *wallet.CatalogueGame) { g.Name = "Renamed" },
		"category":       func(g *wallet.CatalogueGame) { g.Category = wallet.CategorySport },
		"factor":         func(g *wallet.CatalogueGame) { g.FtWalletSlot = 2 },
		"logo version":   func(g *wallet.CatalogueGame) { g.LogoImage = &wallet.Image{Version: "v2"} },
		"logo to link":   func(g *wallet.CatalogueGame) { g.LogoImage, g.Logo = nil, "https://cdn.example/l.png" },
		"background":     func(g *wallet.CatalogueGame) { g.Background = "https://cdn.example/other.jpg" },
		"web link gone":  func(g *wallet.CatalogueGame) { g.Web = nil },
		"web link moved": func(g *wallet.CatalogueGame) { g.Web = strp("https://play.example/2") },
		"android added":  func(g *wallet.CatalogueGame) { g.Android = strp("market://y") },
		"ios added":      func(g *wallet.CatalogueGame) { g.IOS = strp("itms://z") },
	}
	for name, change := range changes {
		t.Run(name, func(t *testing.T) {
			s := &Server{}
			writtenWallet(t, s, homeFixture())
			h := homeFixture()
			change(&h.Slots[0].CatalogueGame)
			got, _ := writtenWallet(t, s, h)
			want := encodedWallet(t, h)
			sameJSON(t, got, want)
			if old := encodedWallet(t, homeFixture()); bytes.Equal(must(json.Marshal(old)), must(json.Marshal(want))) {
				t.Fatal("the change changes nothing in the answer: the case tests nothing")
			}
		})
	}
	t.Run("equal text in new strings", func(t *testing.T) {
		s := &Server{}
		h := homeFixture()
		writtenWallet(t, s, h)
		g := &h.Slots[0].CatalogueGame
		g.Name = string([]byte(g.Name)) // the catalogue read again
		got, _ := writtenWallet(t, s, h)
		sameJSON(t, got, encodedWallet(t, h))
		if f := s.slots.m[g.Code]; !unsafeSameString(f.game.Name, g.Name) {
			t.Error("the cache kept the old strings: every call compares their text")
		}
	})
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

func TestAppendSatang(t *testing.T) {
	for _, v := range []money.Satang{0, 1, 9, 10, 99, 100, 101, 12345, -1, -99, -100, -12345, 1 << 53, -(1 << 53)} {
		want, _ := v.MarshalJSON()
		if got := appendSatang([]byte("x"), v); string(got) != "x"+string(want) {
			t.Errorf("%d: %s, want x%s", int64(v), got, want)
		}
	}
}

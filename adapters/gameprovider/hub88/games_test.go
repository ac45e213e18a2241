package hub88_test

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"ngern/adapters/gameprovider/hub88"
	"ngern/adapters/gameprovider/hub88/hub88test"
	"ngern/core/seamless"
)

func newGames(t *testing.T) (*hub88.Client, *hub88test.Server) {
	t.Helper()
	k, err := hub88test.TestKeys()
	if err != nil {
		t.Fatal(err)
	}
	fake := &hub88test.Server{OperatorID: 7, OperatorKey: &k.Operator.PublicKey, Games: hub88test.SampleGames()}
	srv := httptest.NewServer(fake)
	t.Cleanup(srv.Close)
	c, err := hub88.New(hub88.Config{BaseURL: srv.URL + "/", OperatorID: 7, Key: k.Operator, Country: "TH", Currency: "THB",
		HTTPClient: srv.Client()})
	if err != nil {
		t.Fatal(err)
	}
	return c, fake
}

func TestGames(t *testing.T) {
	c, _ := newGames(t)
	games, err := c.Games(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want := []seamless.Game{
		{Provider: "hub88", Code: "clt_dragonrising", Name: "Dragon Rising", Category: "slot", Studio: "Crazy Tooth Studio",
			Image: "https://cdn.hub88.test/clt_dragonrising.jpg", Demo: true},
		{Provider: "hub88", Code: "evo_lightningroulette", Name: "Lightning Roulette", Category: "casino", Studio: "Evolution Gaming",
			Image: "https://cdn.hub88.test/evo_lightningroulette.jpg"},
		{Provider: "hub88", Code: "btsg_sportsbook", Name: "Sportsbook", Category: "sport", Studio: "BetBy",
			Image: "https://cdn.hub88.test/btsg_sportsbook.jpg"},
		{Provider: "hub88", Code: "tk_keno", Name: "Keno", Category: "lotto", Studio: "TurboGames",
			Image: "https://cdn.hub88.test/tk_keno.jpg", Demo: true},
	}
	if len(games) != len(want) {
		t.Fatalf("%d games, want %d (the disabled one left out): %+v", len(games), len(want), games)
	}
	for i := range want {
		if games[i] != want[i] {
			t.Errorf("game %d: %+v, want %+v", i, games[i], want[i])
		}
	}
	if c.Code() != "hub88" {
		t.Errorf("code %q", c.Code())
	}
}

func TestCategory(t *testing.T) {
	for in, want := range map[string]string{
		"Video Slots": "slot", "Slots": "slot", "Live Casino": "casino", "Table Games": "casino", "Video Poker": "casino",
		"Crash Games": "casino", "Sports betting": "sport", "Virtual Sports": "sport", "Lottery": "lotto", "Bingo": "lotto",
		"Keno": "lotto", "Scratch Cards": "lotto", "": "casino",
	} {
		if got := hub88.Category(in); got != want {
			t.Errorf("Category(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestLaunchURL(t *testing.T) {
	ctx := context.Background()
	t.Run("Real", func(t *testing.T) {
		c, fake := newGames(t)
		url, err := c.LaunchURL(ctx, seamless.Launch{Provider: "hub88", Game: "clt_dragonrising", Token: "tok-1234567890", Player: "m1",
			Lang: "th", ReturnURL: "https://ngern.test/games", IP: "203.0.113.9"})
		if err != nil || url != "https://games.hub88.test/clt_dragonrising?mode=real" {
			t.Fatalf("%q %v", url, err)
		}
		got := fake.Launches()[0]
		want := map[string]any{"user": "m1", "token": "tok-1234567890", "platform": "GPL_MOBILE", "operator_id": float64(7),
			"lobby_url": "https://ngern.test/games", "lang": "th", "ip": "203.0.113.9", "game_code": "clt_dragonrising",
			"currency": "THB", "country": "TH"}
		for k, v := range want {
			if got[k] != v {
				t.Errorf("%s = %v, want %v", k, got[k], v)
			}
		}
	})
	t.Run("Demo", func(t *testing.T) {
		c, fake := newGames(t)
		url, err := c.LaunchURL(ctx, seamless.Launch{Provider: "hub88", Game: "tk_keno", Token: "ignored", Player: "m1", Demo: true})
		if err != nil || url != "https://games.hub88.test/tk_keno?mode=demo" {
			t.Fatalf("%q %v", url, err)
		}
		got := fake.Launches()[0]
		if got["currency"] != "XXX" || got["token"] != nil || got["user"] != nil || got["lang"] != "en" {
			t.Errorf("demo request %v", got)
		}
	})
	t.Run("ErrUnknownGame", func(t *testing.T) {
		c, _ := newGames(t)
		_, err := c.LaunchURL(ctx, seamless.Launch{Game: "nope", Token: "tok-1234567890", Player: "m1"})
		var apiErr *hub88.APIError
		if !errors.Is(err, seamless.ErrGame) || !errors.As(err, &apiErr) || apiErr.Status != 404 || apiErr.Text != "Game not found" {
			t.Fatalf("%v", err)
		}
	})
	t.Run("ErrNoDemo", func(t *testing.T) {
		c, _ := newGames(t)
		if _, err := c.LaunchURL(ctx, seamless.Launch{Game: "evo_lightningroulette", Demo: true}); !errors.Is(err, seamless.ErrGame) {
			t.Fatalf("%v", err)
		}
	})
	t.Run("ErrNoToken", func(t *testing.T) {
		c, fake := newGames(t)
		if _, err := c.LaunchURL(ctx, seamless.Launch{Game: "clt_dragonrising", Player: "m1"}); !errors.Is(err, seamless.ErrInvalid) {
			t.Fatalf("%v", err)
		}
		if len(fake.Launches()) != 0 {
			t.Error("Hub88 was asked")
		}
	})
}

// TestGamesBadAnswers: what Hub88 answers outside the documented shapes
// is an error, never a panic or an empty catalogue taken for the truth.
func TestGamesBadAnswers(t *testing.T) {
	ctx := context.Background()
	for name, f := range map[string]hub88test.Fault{
		"5xx":            {Status: 502, Body: "<html>Bad gateway</html>"},
		"500JSON":        {Status: 500, Body: `{"error":"Internal server error"}`},
		"UnreadableJSON": {Status: 200, Body: `[{"game_code":`},
		"WrongShape":     {Status: 200, Body: `{"games":[]}`},
		"Unauthorized":   {Status: 401, Body: `{"error":"Request signature is invalid"}`},
	} {
		t.Run(name, func(t *testing.T) {
			c, fake := newGames(t)
			fake.Fail(f)
			if games, err := c.Games(ctx); err == nil {
				t.Fatalf("no error, %d games", len(games))
			}
			fake.Fail(f)
			if url, err := c.LaunchURL(ctx, seamless.Launch{Game: "clt_dragonrising", Token: "tok-1234567890", Player: "m1"}); err == nil {
				t.Fatalf("no error, url %q", url)
			}
		})
	}
	t.Run("NoURL", func(t *testing.T) {
		c, fake := newGames(t)
		fake.Fail(hub88test.Fault{Status: 200, Body: `{}`})
		if _, err := c.LaunchURL(ctx, seamless.Launch{Game: "clt_dragonrising", Token: "tok-1234567890", Player: "m1"}); err == nil {
			t.Fatal("no error")
		}
	})
	t.Run("Unreachable", func(t *testing.T) {
		k, _ := hub88test.TestKeys()
		c, err := hub88.New(hub88.Config{BaseURL: "http://127.0.0.1:1", OperatorID: 7, Key: k.Operator})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.Games(ctx); err == nil {
			t.Fatal("no error")
		}
	})
}

// TestRequestsSigned: the fake refuses a request signed with another key,
// so every answer above proves our signature verifies with our public key.
func TestRequestsSigned(t *testing.T) {
	k, err := hub88test.TestKeys()
	if err != nil {
		t.Fatal(err)
	}
	fake := &hub88test.Server{OperatorID: 7, OperatorKey: &k.Operator.PublicKey, Games: hub88test.SampleGames()}
	srv := httptest.NewServer(fake)
	defer srv.Close()
	c, err := hub88.New(hub88.Config{BaseURL: srv.URL, OperatorID: 7, Key: k.Hub88}) // not our key
	if err != nil {
		t.Fatal(err)
	}
	var apiErr *hub88.APIError
	if _, err := c.Games(context.Background()); !errors.As(err, &apiErr) || apiErr.Status != http.StatusUnauthorized {
		t.Fatalf("%v", err)
	}
}

// TestTamperedCallback: a body changed after Hub88 signed it is refused and
// reaches no wallet.
func TestTamperedCallback(t *testing.T) {
	k, err := hub88test.TestKeys()
	if err != nil {
		t.Fatal(err)
	}
	w := &fakeWallet{}
	h, err := hub88.NewHandler(hub88.HandlerConfig{Wallet: w, Hub88Key: &k.Hub88.PublicKey, Key: k.Operator})
	if err != nil {
		t.Fatal(err)
	}
	signed := []byte(`{"request_uuid":"q","transaction_uuid":"t1","token":"tok","user":"m1","amount":1000,"currency":"THB"}`)
	sig, err := hub88.Sign(k.Hub88, signed)
	if err != nil {
		t.Fatal(err)
	}
	tampered := bytes.Replace(signed, []byte(`"amount":1000`), []byte(`"amount":9000`), 1)
	req := httptest.NewRequest(http.MethodPost, "/api/games/hub88/transaction/win", bytes.NewReader(tampered))
	req.Header.Set(hub88.SignatureHeader, sig)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"RS_ERROR_INVALID_SIGNATURE"`) || len(w.calls) != 0 {
		t.Fatalf("HTTP %d %s, calls %v", rec.Code, rec.Body, w.calls)
	}
	if !hub88.Verify(&k.Operator.PublicKey, rec.Body.Bytes(), rec.Header().Get(hub88.SignatureHeader)) {
		t.Error("the refusal is not signed with our key")
	}
}

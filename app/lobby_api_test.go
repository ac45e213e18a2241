package app

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"ngern/adapters/gameprovider/hub88"
	"ngern/adapters/gameprovider/hub88/hub88test"
	"ngern/adapters/gameprovider/simaggregator"
	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/ledger"
	"ngern/core/money"
	"ngern/core/seamless"
)

// lobbyGames reads GET /api/games/lobby.
func (h *harness) lobbyGames(token string) []map[string]any {
	h.t.Helper()
	r := h.call("GET", "/api/games/lobby", token, nil)
	h.expect(r, 200, "")
	list, _ := r.Body["games"].([]any)
	out := make([]map[string]any, 0, len(list))
	for _, g := range list {
		m, _ := g.(map[string]any)
		out = append(out, m)
	}
	return out
}

// servedAtFixedPort serves the harness's API, with the simulated
// aggregator under /sim/aggregator/ as `ngern serve` mounts it in demo
// mode, at the fixed address the aggregator's client and callbacks use
// (cfg.Addr); start returns that server's origin.
func servedAtFixedPort(t *testing.T) (func(*Config), func(h *harness) string) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	secret := strings.Repeat("s", 32)
	mutate := func(c *Config) { c.RegisterOTP = false; c.Addr = addr; c.Aggregators.SimSecret = secret }
	start := func(h *harness) string {
		origin := "http://" + addr
		agg, err := simaggregator.NewServer(simaggregator.Config{Code: simaggregator.DefaultCode, Secret: []byte(secret), NgernURL: origin,
			PathPrefix: simAggregatorPrefix, Relative: true, Logger: h.tools.log})
		if err != nil {
			t.Fatal(err)
		}
		mux := http.NewServeMux()
		mux.Handle(simAggregatorPrefix+"/", agg)
		mux.Handle("/", h.api.Handler())
		srv := &httptest.Server{Listener: ln, Config: &http.Server{Handler: mux}}
		srv.Start()
		t.Cleanup(srv.Close)
		return origin
	}
	return mutate, start
}

// press plays one round on the simulated aggregator's page, as its script
// does.
func (h *harness) press(origin, playURL string, body map[string]any) simaggregator.PressResult {
	h.t.Helper()
	raw, _ := json.Marshal(body)
	r, err := http.Post(origin+playURL+"/bet", "application/json", bytes.NewReader(raw))
	if err != nil {
		h.t.Fatal(err)
	}
	defer r.Body.Close()
	var res simaggregator.PressResult
	if err := json.NewDecoder(r.Body).Decode(&res); err != nil || r.StatusCode != 200 {
		h.t.Fatalf("press: HTTP %d, %v", r.StatusCode, err)
	}
	if res.Status != "OK" {
		h.t.Fatalf("press: %+v", res)
	}
	return res
}

func TestLobbyAPI(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		mutate, start := servedAtFixedPort(t)
		h := newHarness(t, db, mutate)
		origin := start(h)
		if err := h.lobby.Sync(context.Background()); err != nil {
			t.Fatalf("sync: %v", err)
		}
		tok := h.member("0812345678", "1234567890", 1000_00)
		wallet := ledger.Wallet(h.memberID(tok)).ID

		games := h.lobbyGames(tok)
		var seamlessGame map[string]any
		modes := map[string]int{}
		for _, g := range games {
			modes[g["mode"].(string)]++
			if g["provider"] == SimAggregatorCode && seamlessGame == nil {
				seamlessGame = g
			}
		}
		t.Run("the lobby lists the simulated aggregator's games and the transfer games", func(t *testing.T) {
			if seamlessGame == nil || modes["seamless"] == 0 || modes["transfer"] == 0 {
				t.Fatalf("lobby %v", games)
			}
			if seamlessGame["mode"] != "seamless" || seamlessGame["name"] == "" || seamlessGame["image"] == "" {
				t.Fatalf("game %v", seamlessGame)
			}
		})
		t.Run("the lobby needs a member", func(t *testing.T) {
			h.expect(h.call("GET", "/api/games/lobby", "", nil), 401, "")
		})

		code := seamlessGame["code"].(string)
		launch := h.call("POST", "/api/games/sim/"+code+"/launch?lang=en", tok, map[string]any{})
		h.expect(launch, 200, "")
		playURL, _ := launch.Body["url"].(string)
		t.Run("a launch answers the aggregator's page", func(t *testing.T) {
			if !strings.HasPrefix(playURL, "/sim/aggregator/play/") {
				t.Fatalf("url %q", playURL)
			}
		})

		t.Run("each round moves the wallet by its payout less its stake, once", func(t *testing.T) {
			for _, body := range []map[string]any{
				{"stake": 10_00},
				{"stake": 5_00},
				{"stake": 10_00, "faults": []map[string]any{{"kind": "duplicate", "on": "bet", "copies": 3}, {"kind": "duplicate", "on": "win", "copies": 3}}},
			} {
				before := h.ledgerBalance(wallet)
				res := h.press(origin, playURL, body)
				if got, want := h.ledgerBalance(wallet), before-money.Satang(res.Stake)+money.Satang(res.Payout); got != want {
					t.Fatalf("%v: wallet %d, want %d (stake %d, payout %d)", body, got, want, res.Stake, res.Payout)
				}
				if money.Satang(res.Balance) != h.ledgerBalance(wallet) {
					t.Fatalf("the page shows %d, the wallet holds %d", res.Balance, h.ledgerBalance(wallet))
				}
			}
		})

		for _, tc := range []struct {
			name, path, token string
			status            int
			code              string
		}{
			{"a transfer game is played through its game account", "/api/games/slot1/slot1/launch", tok, 400, "USE_GAME_ACCOUNT"},
			{"an unknown seamless game", "/api/games/sim/no-such-game/launch", tok, 404, "NO_GAME"},
			{"an unknown provider", "/api/games/nope/x/launch", tok, 404, "NO_GAME"},
			{"a launch needs a member", "/api/games/sim/" + code + "/launch", "", 401, ""},
		} {
			t.Run(tc.name, func(t *testing.T) {
				if tc.code == "USE_GAME_ACCOUNT" {
					tc.path = transferLaunchPath(games)
				}
				h.expect(h.call("POST", tc.path, tc.token, map[string]any{}), tc.status, tc.code)
			})
		}
	})
}

// transferLaunchPath is the launch path of the lobby's first transfer game.
func transferLaunchPath(games []map[string]any) string {
	for _, g := range games {
		if g["mode"] == "transfer" {
			return "/api/games/" + g["provider"].(string) + "/" + g["code"].(string) + "/launch"
		}
	}
	return ""
}

// TestLobbyHub88 launches a Hub88 game from the lobby against the fake
// Games API, then answers Hub88's signed balance call with the session's
// token.
func TestLobbyHub88(t *testing.T) {
	k, err := hub88test.TestKeys()
	if err != nil {
		t.Fatal(err)
	}
	fake := &hub88test.Server{OperatorID: 7, OperatorKey: &k.Operator.PublicKey, Games: hub88test.SampleGames()}
	games := httptest.NewServer(fake)
	t.Cleanup(games.Close)
	with := withHub88(t)
	h := newHarness(t, storetest.Open(t, storetest.Dialects[0]), func(c *Config) {
		with(c)
		c.Hub88.URL = games.URL
		c.RegisterOTP = false
	})
	// The sim aggregator is not served at cfg.Addr here: its failure is
	// logged and Hub88's catalogue is synced all the same.
	_ = h.lobby.Sync(context.Background())
	tok := h.member("0812345678", "1234567890", 250_00)

	var code string
	for _, g := range h.lobbyGames(tok) {
		if g["provider"] == hub88.Code {
			code = g["code"].(string)
			break
		}
	}
	if code == "" {
		t.Fatal("no Hub88 game in the lobby")
	}
	r := h.call("POST", "/api/games/hub88/"+code+"/launch", tok, map[string]any{})
	h.expect(r, 200, "")
	if u, _ := r.Body["url"].(string); !strings.HasPrefix(u, "https://games.hub88.test/") {
		t.Fatalf("url %v", r.Body)
	}
	launches := fake.Launches()
	token, _ := launches[len(launches)-1]["token"].(string)
	user, _ := launches[len(launches)-1]["user"].(string)
	if token == "" || user != h.memberID(tok) {
		t.Fatalf("launch request %v", launches[len(launches)-1])
	}
	caller := &hub88test.Caller{Handler: h.api.Handler(), Keys: k, Prefix: hub88Prefix}
	a, err := caller.Call(context.Background(), hub88.PathBalance, map[string]any{"request_uuid": caller.RequestUUID(), "user": user,
		"token": token, "game_code": code}, false)
	if err != nil || a.Status != hub88.OK || !a.Signed || a.Satang != 250_00 {
		t.Fatalf("balance %+v, %v", a, err)
	}
}

// The configuration's default sync interval is the core's (one rule, two
// spellings), and an interval under a minute is refused.
func TestGamesSyncIntervalDefault(t *testing.T) {
	cfg, err := LoadConfig(func(string) string { return "" })
	if err != nil || cfg.GamesSyncInterval != seamless.DefaultSyncInterval {
		t.Fatalf("NGERN_GAMES_SYNC_INTERVAL defaults to %v (%v), seamless.DefaultSyncInterval is %v", cfg.GamesSyncInterval, err, seamless.DefaultSyncInterval)
	}
	if _, err := LoadConfig(func(k string) string { return map[string]string{"NGERN_GAMES_SYNC_INTERVAL": "10s"}[k] }); err == nil {
		t.Fatal("an interval of 10s was accepted")
	}
}

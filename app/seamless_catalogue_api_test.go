package app

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/operator"
)

// The console's game catalogue: owners read every synced game with each
// aggregator's last sync, and switch a game off or reorder it; the lobby
// follows, a resync keeps the choice, and the change is audited.
func TestSeamlessCatalogueAPI(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		mutate, start := servedAtFixedPort(t)
		h := newHarness(t, db, mutate)
		start(h)
		if err := h.lobby.Sync(context.Background()); err != nil {
			t.Fatalf("sync: %v", err)
		}
		tok := h.member("0812345678", "1234567890", 0)
		owner, support := h.operator("own", operator.Owner), h.operator("sup", operator.Support)

		r := h.call("GET", "/api/operator/seamless/games", owner, nil)
		h.expect(r, 200, "")
		games, _ := r.Body["games"].([]any)
		if len(games) == 0 || !strings.Contains(string(r.Raw), `"provider":"sim"`) || !strings.Contains(string(r.Raw), `"configured":true`) {
			t.Fatalf("catalogue = %s", r.Raw)
		}
		first := games[0].(map[string]any)
		code := first["code"].(string)
		t.Run("each aggregator's last sync is shown", func(t *testing.T) {
			syncs, _ := r.Body["syncs"].([]any)
			if len(syncs) != 1 {
				t.Fatalf("syncs = %v", syncs)
			}
			st := syncs[0].(map[string]any)
			if st["provider"] != SimAggregatorCode || st["error"] != nil || st["okAt"] == nil || st["okAt"] != st["at"] {
				t.Fatalf("sync = %v", st)
			}
		})
		t.Run("owners only", func(t *testing.T) {
			h.expect(h.call("GET", "/api/operator/seamless/games", support, nil), 403, "FORBIDDEN_ROLE")
			h.expect(h.call("PUT", "/api/operator/seamless/games/sim/"+code, support, map[string]any{"enabled": false, "sort": 1}), 403, "FORBIDDEN_ROLE")
		})
		t.Run("refused", func(t *testing.T) {
			h.expect(h.call("PUT", "/api/operator/seamless/games/sim/nope", owner, map[string]any{"enabled": false, "sort": 1}), 404, "NO_DATA")
			h.expect(h.call("PUT", "/api/operator/seamless/games/sim/"+code, owner, map[string]any{"enabled": false, "sort": -1}), 400, "INVALID_REQUEST")
		})
		t.Run("a disabled game leaves the lobby, and a resync keeps it so", func(t *testing.T) {
			r := h.call("PUT", "/api/operator/seamless/games/sim/"+code, owner, map[string]any{"enabled": false, "sort": 7})
			h.expect(r, 200, "")
			g := r.Body["game"].(map[string]any)
			if g["enabled"] != false || g["sort"].(interface{ String() string }).String() != "7" {
				t.Fatalf("game = %s", r.Raw)
			}
			if err := h.lobby.Sync(context.Background()); err != nil {
				t.Fatal(err)
			}
			for _, l := range h.lobbyGames(tok) {
				if l["provider"] == SimAggregatorCode && l["code"] == code {
					t.Fatalf("%s still in the lobby", code)
				}
			}
			got, err := h.lobby.CatalogueGame(context.Background(), SimAggregatorCode, code)
			if err != nil || got.Enabled || got.Sort != 7 {
				t.Fatalf("after a resync: %+v, %v", got, err)
			}
		})
		t.Run("a category override is what members see, and a resync keeps it", func(t *testing.T) {
			h.expect(h.call("PUT", "/api/operator/seamless/games/sim/"+code, owner, map[string]any{"enabled": true, "sort": 7, "category": "bingo"}),
				400, "INVALID_REQUEST")
			aggregators := first["category"].(string)
			other := "lotto"
			if aggregators == other {
				other = "casino"
			}
			r := h.call("PUT", "/api/operator/seamless/games/sim/"+code, owner, map[string]any{"enabled": true, "sort": 7, "category": other})
			h.expect(r, 200, "")
			g := r.Body["game"].(map[string]any)
			if g["category"] != other || g["categoryOverride"] != other || g["aggregatorCategory"] != aggregators {
				t.Fatalf("game = %s", r.Raw)
			}
			sync := h.call("POST", "/api/operator/seamless/games/sync", owner, nil)
			h.expect(sync, 200, "")
			found := false
			for _, l := range h.lobbyGames(tok) {
				if l["provider"] == SimAggregatorCode && l["code"] == code {
					found = l["category"] == other
				}
			}
			if !found {
				t.Fatalf("%s not in the lobby as %s", code, other)
			}
		})
		t.Run("sync now answers each aggregator's counts; owners only", func(t *testing.T) {
			h.expect(h.call("POST", "/api/operator/seamless/games/sync", support, nil), 403, "FORBIDDEN_ROLE")
			r := h.call("POST", "/api/operator/seamless/games/sync", owner, nil)
			h.expect(r, 200, "")
			syncs, _ := r.Body["syncs"].([]any)
			if len(syncs) != 1 {
				t.Fatalf("syncs = %s", r.Raw)
			}
			st := syncs[0].(map[string]any)
			// Nothing changed since the last sync.
			if st["provider"] != SimAggregatorCode || st["error"] != nil || st["games"] == "0" || fmt.Sprintf("%v %v %v", st["added"], st["updated"], st["removed"]) != "0 0 0" {
				t.Fatalf("sync = %s", r.Raw)
			}
			audit := h.call("GET", "/api/operator/audit?action=seamless-games.sync", owner, nil)
			h.expect(audit, 200, "")
			if !strings.Contains(string(audit.Raw), "seamless-games.sync") {
				t.Fatalf("audit = %s", audit.Raw)
			}
		})
		t.Run("audited", func(t *testing.T) {
			r := h.call("GET", "/api/operator/audit?action=seamless-game.update", owner, nil)
			h.expect(r, 200, "")
			if !strings.Contains(string(r.Raw), "sim:"+code) {
				t.Fatalf("audit = %s", r.Raw)
			}
		})
	})
}

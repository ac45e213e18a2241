package app

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/money"
	"ngern/core/operator"
	"ngern/core/seamless"
)

// TestStatementSeamlessRound: a seamless round's bet and win are one
// statement item with its round, for the member and for an operator.
func TestStatementSeamlessRound(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false })
		a := h.member("0811111111", "1111111111", money.FromBaht(1000))
		id := h.memberID(a)
		st := sqlstore.NewSeamless(db)
		at := time.Now().UTC().Add(time.Minute).Truncate(time.Second)
		for _, r := range []seamless.Record{
			{TxID: "b1", Kind: seamless.Bet, Amount: money.FromBaht(100), CreatedAt: at},
			{TxID: "w1", Kind: seamless.Win, Amount: money.FromBaht(250), CreatedAt: at.Add(time.Second)},
		} {
			r.Provider, r.State, r.MemberID, r.RoundID, r.Game, r.Fingerprint = "sim", seamless.Applied, id, "r1", "slot1", "fp"
			if _, _, err := st.Apply(ctx, r); err != nil {
				t.Fatal(err)
			}
		}
		fin := h.operator("fin", operator.Finance)
		for name, call := range map[string]func() response{
			"Member":   func() response { return h.call("POST", "/api/statement", a, map[string]any{"page": 1, "limit": 50}) },
			"Operator": func() response { return h.call("GET", "/api/operator/members/"+id+"/statement", fin, nil) },
		} {
			t.Run(name, func(t *testing.T) {
				h := h.sub(t)
				r := call()
				h.expect(r, 200, "")
				if r.Body["total"] != json.Number("2") { // and the credit
					t.Fatalf("total %v", r.Body["total"])
				}
				first := r.Body["statements"].([]any)[0].(map[string]any)
				round, _ := first["round"].(map[string]any)
				if first["statementType"] != "game_round" || first["_id"] != "round:sim:r1" || first["amount"] != json.Number("100.00") ||
					round == nil || round["gameName"] != "slot1" || round["stake"] != json.Number("100.00") ||
					round["payout"] != json.Number("250.00") || round["net"] != json.Number("150.00") {
					t.Fatalf("first item %v", first)
				}
				if moves := round["movements"].([]any); len(moves) != 2 || moves[0].(map[string]any)["kind"] != "bet" ||
					moves[1].(map[string]any)["kind"] != "win" || moves[1].(map[string]any)["rolledBack"] != false {
					t.Fatalf("movements %v", moves)
				}
				if _, ok := r.Body["statements"].([]any)[1].(map[string]any)["round"]; ok {
					t.Fatalf("a round on %v", r.Body["statements"])
				}
			})
		}
	})
}

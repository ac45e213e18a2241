package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"sync/atomic"
	"time"

	"ngern/adapters/gameprovider/generic"
	"ngern/app"
	"ngern/bench/internal/apiclient"
	"ngern/core/seamless"
)

// The seamless phase plays the aggregator of Ngern's generic protocol
// against the in-process `sim` aggregator's callbacks
// (POST /api/games/sim/bet|win): each round a bet then its win, each a
// signed callback as the protocol sends it, spread over the members and
// the games. One measured operation is one callback.
const (
	seamlessProvider = app.SimAggregatorCode
	seamlessStake    = 100 // satang: a bet of 1.00
	// seamlessRetries is how many times an unanswered callback is sent
	// again with the same transactionId, as aggregators do (a repeat is
	// answered the original answer and moves nothing).
	seamlessRetries = 3
)

// seamlessGames are the games the rounds are spread over.
var seamlessGames = []string{"sim-slot-1", "sim-slot-2", "sim-slot-3", "sim-slot-4"}

// seamlessPlayer is a member as the aggregator knows it: Ngern's member id
// and the session token a launch minted.
type seamlessPlayer struct{ id, token string }

// seamlessBench is the aggregator's side: its shared secret, its players
// and the transaction ids it has used.
type seamlessBench struct {
	lc      *lean
	api     *apiclient.Client
	signer  generic.Signer
	players []seamlessPlayer
	run     string // prefix of this run's transaction ids
	seq     atomic.Int64
}

// newSeamlessBench launches a game session for each member (the tokens are
// their API tokens, whose profiles give their ids).
func newSeamlessBench(ctx context.Context, lc *lean, api *apiclient.Client, svc *seamless.Service, secret string, tokens []string) (*seamlessBench, error) {
	b := &seamlessBench{lc: lc, api: api, signer: generic.Signer{Secret: []byte(secret)}, run: "bench-" + strconv.FormatInt(time.Now().UnixNano(), 36)}
	for i, tok := range tokens {
		var prof struct {
			Profile struct {
				ID string `json:"_id"`
			} `json:"profile"`
		}
		if err := api.Decode("GET", "/api/account/profile", apiclient.Bearer(tok), "", &prof); err != nil {
			return nil, err
		}
		token, err := svc.Launch(ctx, prof.Profile.ID, seamlessProvider, seamlessGames[i%len(seamlessGames)])
		if err != nil {
			return nil, fmt.Errorf("launch for member %d: %w", i, err)
		}
		b.players = append(b.players, seamlessPlayer{id: prof.Profile.ID, token: token})
	}
	return b, nil
}

// headers are the signature headers of body, as raw header lines.
func (b *seamlessBench) headers(body string) string {
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	return generic.TimestampHeader + ": " + ts + "\r\n" + generic.SignatureHeader + ": " + generic.Sign(b.signer.Secret, ts, []byte(body)) + "\r\n"
}

var answeredOK = []byte(`"status":"OK"`)

// call sends one signed callback on worker w's connection until it is
// answered OK, at most seamlessRetries more times, and returns the last
// error otherwise.
func (b *seamlessBench) call(w int, op, body string) error {
	var err error
	for range seamlessRetries + 1 {
		if err = b.lc.send(w, "POST", "/api/games/"+seamlessProvider+"/"+op, b.headers(body), body, 200, answeredOK); err == nil {
			return nil
		}
	}
	return err
}

// balance asks the balance callback for p's wallet balance in satang.
func (b *seamlessBench) balance(p seamlessPlayer) (int64, error) {
	body := `{"token":"` + p.token + `","player":"` + p.id + `"}`
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	st, raw, err := b.api.Do("POST", "/api/games/"+seamlessProvider+"/balance",
		apiclient.Header{generic.TimestampHeader: ts, generic.SignatureHeader: generic.Sign(b.signer.Secret, ts, []byte(body))}, body)
	if err != nil {
		return 0, err
	}
	var a generic.Answer
	if err := json.Unmarshal(raw, &a); err != nil || st != 200 || a.Status != generic.StatusOK || a.Balance == nil {
		return 0, fmt.Errorf("balance callback: %d %s", st, raw)
	}
	return *a.Balance, nil
}

// rounds is one measured phase's load: each worker plays rounds one after
// the other, a bet then its win; pick chooses the round's player.
type rounds struct {
	b      *seamlessBench
	pick   func(n int64) seamlessPlayer
	states []roundState
	// moved is the money the answered callbacks moved (satang, debits
	// negative); unknown counts callbacks that got no answer after their
	// retries, whose effect the aggregator cannot tell.
	moved, unknown atomic.Int64
}

// roundState is a worker's round in progress (round "": none).
type roundState struct {
	round string
	p     seamlessPlayer
	game  string
	win   int64
}

func (b *seamlessBench) rounds(workers int, pick func(n int64) seamlessPlayer) *rounds {
	return &rounds{b: b, pick: pick, states: make([]roundState, workers)}
}

// spread is every member's rounds in turn; hot is member 0's only.
func (b *seamlessBench) spread(n int64) seamlessPlayer { return b.players[n%int64(len(b.players))] }
func (b *seamlessBench) hot(int64) seamlessPlayer      { return b.players[0] }

// op sends worker w's next callback: a new round's bet, or the win of the
// round it has open. A round whose bet failed is not continued; its win
// pays 0, 1.00 or 2.00 (1.00 on average, what the bet took).
func (r *rounds) op(w, _ int) error {
	st := &r.states[w]
	if st.round == "" {
		n := r.b.seq.Add(1)
		p, game := r.pick(n), seamlessGames[n%int64(len(seamlessGames))]
		round := r.b.run + "-" + strconv.FormatInt(n, 10)
		body := `{"token":"` + p.token + `","player":"` + p.id + `","transactionId":"` + round + `-bet","roundId":"` + round +
			`","game":"` + game + `","amount":` + strconv.Itoa(seamlessStake) + `,"currency":"THB"}`
		if err := r.b.call(w, "bet", body); err != nil {
			r.unknown.Add(1)
			return err
		}
		r.moved.Add(-seamlessStake)
		*st = roundState{round: round, p: p, game: game, win: n % 3 * seamlessStake}
		return nil
	}
	body := `{"token":"` + st.p.token + `","player":"` + st.p.id + `","transactionId":"` + st.round + `-win","roundId":"` + st.round +
		`","game":"` + st.game + `","amount":` + strconv.FormatInt(st.win, 10) + `,"currency":"THB","roundClosed":true}`
	st.round = ""
	if err := r.b.call(w, "win", body); err != nil {
		r.unknown.Add(1)
		return err
	}
	r.moved.Add(st.win)
	return nil
}

// hotRound measures the hot-member case and checks that member 0's
// balance moved by exactly what the answers say.
func (b *seamlessBench) hotRound(name string, workers int, d time.Duration) (result, string, error) {
	p := b.players[0]
	before, err := b.balance(p)
	if err != nil {
		return result{}, "", err
	}
	rs := b.rounds(workers, b.hot)
	r := measure(name, workers, d, 0, rs.op)
	// Close the rounds left open: their wins are due too.
	for w := range rs.states {
		if rs.states[w].round != "" {
			if err := rs.op(w, 0); err != nil {
				return r, "", err
			}
		}
	}
	after, err := b.balance(p)
	if err != nil {
		return r, "", err
	}
	want := before + rs.moved.Load()
	switch {
	case rs.unknown.Load() > 0:
		return r, fmt.Sprintf("not checked: %d callbacks went unanswered", rs.unknown.Load()), nil
	case after != want:
		return r, "", fmt.Errorf("hot member: balance %d satang after the phase, want %d (%d before, %+d answered)", after, want, before, rs.moved.Load())
	}
	return r, fmt.Sprintf("exact (%d → %d satang, %+d answered)", before, after, rs.moved.Load()), nil
}

// measureRound measures one round of the seamless phase after its TPC-B
// baseline (tpcb, 0 without one) and adds the figures: the spread
// callbacks, the same in rounds, and the hot member, whose check it
// returns.
func (b *seamlessBench) measureRound(clients int, d time.Duration, tpcb float64, add func(string, result, float64)) (string, error) {
	r := measure("seamless callbacks, bet+win (HTTP)", clients, d, 0, b.rounds(clients, b.spread).op)
	add(r.name, r, tpcb)
	add("seamless pairs", pairs(r), tpcb)
	hot, check, err := b.hotRound("seamless, one member's concurrent rounds", clients, d)
	if err != nil {
		return "", err
	}
	add(hot.name, hot, r.ops)
	return check, nil
}

// measurePaced measures the spread callbacks paced at rate per second.
func (b *seamlessBench) measurePaced(clients int, d time.Duration, rate float64) result {
	return measure(fmt.Sprintf("callbacks paced at ½ pgbench TPC-B (%.0f/s)", rate), clients, d, rate, b.rounds(clients, b.spread).op)
}

// pairs is a callbacks result counted in rounds (a bet and its win).
func pairs(r result) result {
	r.name = "  the same in rounds (bet+win pairs)"
	r.ops /= 2
	r.p50, r.p99 = 0, 0
	r.cpuClient, r.cpuPG = r.cpuClient*2, r.cpuPG*2
	return r
}

// Package hub88test is a fake Hub88 for tests: its Games API replays the
// documented shapes (the game list, game URLs and their error answers) and
// verifies our requests' signatures with our public key; its Wallet API
// caller signs calls to our wallet with a key pair of its own and checks
// that our answers are signed with ours. Driver speaks the Wallet API to
// the adapter for the seamless conformance kit.
package hub88test

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/rsa"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"

	"ngern/adapters/gameprovider/hub88"
	"ngern/adapters/gameprovider/seamlesskit"
	"ngern/core/money"
	"ngern/core/seamless"
)

// Keys are the test key pairs: Hub88's (it signs its calls) and the
// operator's (Ngern signs its requests and answers).
type Keys struct {
	Hub88    *rsa.PrivateKey
	Operator *rsa.PrivateKey
}

var (
	keysOnce sync.Once
	keys     Keys
	keysErr  error
)

// TestKeys returns the key pairs, generated once per test binary (an RSA
// key takes a while to make).
func TestKeys() (Keys, error) {
	keysOnce.Do(func() {
		keys.Hub88, keysErr = rsa.GenerateKey(rand.Reader, 2048)
		if keysErr == nil {
			keys.Operator, keysErr = rsa.GenerateKey(rand.Reader, 2048)
		}
	})
	return keys, keysErr
}

// Server is the fake Games API.
type Server struct {
	OperatorID int64
	// OperatorKey verifies our requests.
	OperatorKey *rsa.PublicKey
	// Games is the game list it answers.
	Games []hub88.GameItem

	mu sync.Mutex
	// fault, when set, is the answer of the next request.
	fault *Fault
	// launches are the game URL requests received, in order.
	launches []map[string]any
}

// Fault is an answer the fake gives instead of the documented one.
type Fault struct {
	Status int
	Body   string
}

// Fail makes the next request answer f.
func (s *Server) Fail(f Fault) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.fault = &f
}

// Launches returns the game URL requests received.
func (s *Server) Launches() []map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]map[string]any(nil), s.launches...)
}

// ServeHTTP answers the game list and game URL as documented: 401 for a
// bad signature, 400 for a missing parameter, 404 for an unknown game.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	s.mu.Lock()
	fault := s.fault
	s.fault = nil
	s.mu.Unlock()
	if fault != nil {
		w.WriteHeader(fault.Status)
		_, _ = io.WriteString(w, fault.Body)
		return
	}
	if r.Method != http.MethodPost || !hub88.Verify(s.OperatorKey, body, r.Header.Get(hub88.SignatureHeader)) {
		writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "Request signature is invalid"})
		return
	}
	var req map[string]any
	if json.Unmarshal(body, &req) != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "Invalid request body"})
		return
	}
	if id, _ := req["operator_id"].(float64); int64(id) != s.OperatorID {
		writeJSON(w, http.StatusNotFound, map[string]string{"error": "Operator not found"})
		return
	}
	switch r.URL.Path {
	case hub88.PathGameList:
		writeJSON(w, http.StatusOK, s.Games)
	case hub88.PathGameURL:
		s.gameURL(w, req)
	default:
		writeJSON(w, http.StatusNotFound, map[string]string{"error": "Not found"})
	}
}

func (s *Server) gameURL(w http.ResponseWriter, req map[string]any) {
	s.mu.Lock()
	s.launches = append(s.launches, req)
	s.mu.Unlock()
	for _, k := range []string{"game_code", "currency", "country", "lang", "platform"} {
		if v, _ := req[k].(string); v == "" {
			writeJSON(w, http.StatusBadRequest, map[string]string{"error": "Missing parameter " + k})
			return
		}
	}
	code := req["game_code"].(string)
	demo := req["currency"] == hub88.DemoCurrency
	for _, g := range s.Games {
		if g.GameCode != code || !g.Enabled || (demo && !g.DemoGameSupport) {
			continue
		}
		if !demo && (req["token"] == nil || req["user"] == nil) {
			writeJSON(w, http.StatusBadRequest, map[string]string{"error": "Missing parameter token"})
			return
		}
		mode := "real"
		if demo {
			mode = "demo"
		}
		writeJSON(w, http.StatusOK, map[string]string{"url": "https://games.hub88.test/" + code + "?mode=" + mode})
		return
	}
	writeJSON(w, http.StatusNotFound, map[string]string{"error": "Game not found"})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v) // a test's recorder or connection
}

// SampleGames is a game list in the documented shape, one game of each
// kind of category.
func SampleGames() []hub88.GameItem {
	return []hub88.GameItem{
		{GameCode: "clt_dragonrising", Name: "Dragon Rising", Category: "Video Slots", Product: "Crazy Tooth Studio",
			URLThumb: "https://cdn.hub88.test/clt_dragonrising.jpg", Platforms: []string{"GPL_DESKTOP", "GPL_MOBILE"}, Enabled: true, DemoGameSupport: true},
		{GameCode: "evo_lightningroulette", Name: "Lightning Roulette", Category: "Live Roulette", Product: "Evolution Gaming",
			URLThumb: "https://cdn.hub88.test/evo_lightningroulette.jpg", Enabled: true},
		{GameCode: "btsg_sportsbook", Name: "Sportsbook", Category: "Sports betting", Product: "BetBy",
			URLThumb: "https://cdn.hub88.test/btsg_sportsbook.jpg", Enabled: true},
		{GameCode: "tk_keno", Name: "Keno", Category: "Lottery", Product: "TurboGames",
			URLThumb: "https://cdn.hub88.test/tk_keno.jpg", Enabled: true, DemoGameSupport: true},
		{GameCode: "old_slot", Name: "Retired", Category: "Slots", Product: "Someone", Enabled: false},
	}
}

// Answer is a Wallet API answer as Hub88 reads it.
type Answer struct {
	User        string       `json:"user"`
	Status      hub88.Status `json:"status"`
	RequestUUID string       `json:"request_uuid"`
	Currency    string       `json:"currency"`
	Balance     *int64       `json:"balance"`
	Country     string       `json:"country"`
	Signed      bool         `json:"-"`
	Satang      money.Satang `json:"-"`
	raw         []byte
}

// Caller calls our Wallet API handler as Hub88 does.
type Caller struct {
	Handler http.Handler
	Keys    Keys
	// Prefix is where the handler is mounted (/api/games/hub88).
	Prefix string
	n      int
	mu     sync.Mutex
}

// Call posts body to path, signed with Hub88's key (or forged: signed with
// another), and reads the answer, checking our signature on it.
func (c *Caller) Call(ctx context.Context, path string, body any, forged bool) (Answer, error) {
	raw, err := json.Marshal(body)
	if err != nil {
		return Answer{}, err
	}
	return c.CallRaw(ctx, path, raw, forged)
}

// CallRaw posts raw as it is, signed (or forged).
func (c *Caller) CallRaw(ctx context.Context, path string, raw []byte, forged bool) (Answer, error) {
	key := c.Keys.Hub88
	if forged {
		key = c.Keys.Operator // a key Hub88's public key does not verify
	}
	sig, err := hub88.Sign(key, raw)
	if err != nil {
		return Answer{}, err
	}
	req := httptest.NewRequestWithContext(ctx, http.MethodPost, c.Prefix+path, bytes.NewReader(raw))
	req.Header.Set(hub88.SignatureHeader, sig)
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	c.Handler.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		return Answer{}, fmt.Errorf("HTTP %d", rec.Code)
	}
	var a Answer
	a.raw = rec.Body.Bytes()
	if err := json.Unmarshal(a.raw, &a); err != nil {
		return Answer{}, fmt.Errorf("unreadable answer %q: %w", a.raw, err)
	}
	a.Signed = hub88.Verify(&c.Keys.Operator.PublicKey, a.raw, rec.Header().Get(hub88.SignatureHeader))
	if a.Balance != nil {
		if a.Satang, err = hub88.ToSatang(*a.Balance); err != nil {
			return a, err
		}
	}
	return a, nil
}

// RequestUUID returns a new request id.
func (c *Caller) RequestUUID() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n++
	return fmt.Sprintf("00000000-0000-4000-8000-%012d", c.n)
}

// Driver speaks the Wallet API for the seamless conformance kit.
type Driver struct {
	Caller *Caller
}

var _ seamlesskit.Driver = (*Driver)(nil)

// Mount builds the adapter's handler on wallet and returns its driver (a
// seamlesskit.Mount).
func Mount(wallet seamless.Wallet, provider string) seamlesskit.Driver {
	k, err := TestKeys()
	if err != nil {
		panic(err) // a test binary that cannot make keys cannot test
	}
	h, err := hub88.NewHandler(hub88.HandlerConfig{Wallet: wallet, Hub88Key: &k.Hub88.PublicKey, Key: k.Operator, Provider: provider})
	if err != nil {
		panic(err)
	}
	return &Driver{Caller: &Caller{Handler: h, Keys: k, Prefix: "/api/games/hub88"}}
}

// Balance asks the balance.
func (d *Driver) Balance(ctx context.Context, token, player string) (seamlesskit.Result, error) {
	return d.result(d.Caller.Call(ctx, hub88.PathBalance, map[string]any{"request_uuid": d.Caller.RequestUUID(), "token": token,
		"user": player, "game_code": "kit"}, false))
}

// Bet places a bet.
func (d *Driver) Bet(ctx context.Context, c seamlesskit.Call) (seamlesskit.Result, error) {
	return d.result(d.Caller.Call(ctx, hub88.PathBet, d.body(seamless.Bet, c), false))
}

// Win credits a win.
func (d *Driver) Win(ctx context.Context, c seamlesskit.Call) (seamlesskit.Result, error) {
	return d.result(d.Caller.Call(ctx, hub88.PathWin, d.body(seamless.Win, c), false))
}

// Rollback cancels a bet.
func (d *Driver) Rollback(ctx context.Context, c seamlesskit.Call) (seamlesskit.Result, error) {
	return d.result(d.Caller.Call(ctx, hub88.PathRollback, d.body(seamless.Rollback, c), false))
}

// Forge sends kind's call signed with a key that is not Hub88's.
func (d *Driver) Forge(ctx context.Context, kind seamless.Kind, c seamlesskit.Call) (seamlesskit.Result, error) {
	path := map[seamless.Kind]string{seamless.Bet: hub88.PathBet, seamless.Win: hub88.PathWin, seamless.Rollback: hub88.PathRollback}[kind]
	return d.result(d.Caller.Call(ctx, path, d.body(kind, c), true))
}

// Body is the documented request of a money call.
func Body(requestUUID string, kind seamless.Kind, c seamlesskit.Call) map[string]any {
	b := map[string]any{"request_uuid": requestUUID, "transaction_uuid": c.TxID, "token": c.Token, "user": c.Player,
		"round": c.RoundID, "round_closed": c.RoundClosed, "game_code": c.Game, "supplier_transaction_id": "s-" + c.TxID,
		"meta": map[string]any{}}
	if kind != seamless.Rollback {
		b["amount"], b["currency"], b["bet"], b["is_free"] = hub88.FromSatang(c.Amount), c.Currency, "", false
	}
	if kind != seamless.Bet {
		b["reference_transaction_uuid"] = c.RefTxID
	}
	return b
}

func (d *Driver) body(kind seamless.Kind, c seamlesskit.Call) map[string]any {
	return Body(d.Caller.RequestUUID(), kind, c)
}

// kitStatuses reads Hub88's statuses in the kit's words.
var kitStatuses = map[hub88.Status]seamlesskit.Status{
	hub88.OK: seamlesskit.OK, hub88.ErrorNotEnoughMoney: seamlesskit.Insufficient, hub88.ErrorInvalidToken: seamlesskit.InvalidToken,
	hub88.ErrorTokenExpired: seamlesskit.Expired, hub88.ErrorUserDisabled: seamlesskit.Blocked, hub88.ErrorDuplicate: seamlesskit.Mismatch,
	hub88.ErrorRolledBack: seamlesskit.RolledBack, hub88.ErrorWrongSyntax: seamlesskit.Invalid, hub88.ErrorWrongTypes: seamlesskit.Invalid,
	hub88.ErrorWrongCurrency: seamlesskit.Invalid, hub88.ErrorInvalidGame: seamlesskit.Invalid, hub88.ErrorSignature: seamlesskit.Refused,
	hub88.ErrorUnknown: seamlesskit.Failed,
}

func (d *Driver) result(a Answer, err error) (seamlesskit.Result, error) {
	if err != nil {
		return seamlesskit.Result{}, err
	}
	if !a.Signed {
		return seamlesskit.Result{}, errors.New("hub88test: the answer is not signed with the operator's key: " + string(a.raw))
	}
	s, ok := kitStatuses[a.Status]
	if !ok {
		return seamlesskit.Result{}, errors.New("hub88test: unknown status " + string(a.Status))
	}
	// Hub88's answer names no transaction of ours: the kit's Ref stays empty.
	return seamlesskit.Result{Status: s, Balance: a.Satang}, nil
}

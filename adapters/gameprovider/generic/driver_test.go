package generic

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"time"

	"ngern/adapters/gameprovider/seamlesskit"
	"ngern/core/money"
	"ngern/core/seamless"
)

// driver speaks the generic protocol to a Handler as an aggregator does:
// the conformance kit's Driver, and the unit tests' client.
type driver struct {
	h        http.Handler
	provider string
	signer   Signer
	// addr is the caller's address (RemoteAddr).
	addr string
}

func newDriver(h http.Handler, provider string, secret []byte) *driver {
	return &driver{h: h, provider: provider, signer: Signer{Secret: secret}, addr: "192.0.2.1:5000"}
}

// kitStatuses reads the protocol's statuses in the kit's words.
var kitStatuses = map[Status]seamlesskit.Status{
	StatusOK: seamlesskit.OK, StatusInsufficientFunds: seamlesskit.Insufficient, StatusInvalidToken: seamlesskit.InvalidToken,
	StatusTokenExpired: seamlesskit.Expired, StatusPlayerBlocked: seamlesskit.Blocked, StatusDuplicateMismatch: seamlesskit.Mismatch,
	StatusRolledBack: seamlesskit.RolledBack, StatusInvalidRequest: seamlesskit.Invalid, StatusWrongCurrency: seamlesskit.Invalid,
	StatusUnknownGame: seamlesskit.Invalid, StatusInvalidSignature: seamlesskit.Refused, StatusError: seamlesskit.Failed,
}

// body is the protocol's request body of a kit call.
func body(kind string, c seamlesskit.Call) any {
	amount := int64(c.Amount)
	switch kind {
	case "balance":
		return map[string]any{"token": c.Token, "player": c.Player}
	case "rollback":
		return map[string]any{"token": c.Token, "player": c.Player, "transactionId": c.TxID, "refTransactionId": c.RefTxID,
			"roundId": c.RoundID, "game": c.Game}
	case "win":
		return map[string]any{"token": c.Token, "player": c.Player, "transactionId": c.TxID, "roundId": c.RoundID, "game": c.Game,
			"amount": amount, "currency": c.Currency, "roundClosed": c.RoundClosed}
	}
	return map[string]any{"token": c.Token, "player": c.Player, "transactionId": c.TxID, "roundId": c.RoundID, "game": c.Game,
		"amount": amount, "currency": c.Currency}
}

// send posts raw to op signed by s and returns the HTTP answer.
func (d *driver) send(op string, raw []byte, s Signer) *httptest.ResponseRecorder {
	r := httptest.NewRequest(http.MethodPost, "/api/games/"+d.provider+"/"+op, bytes.NewReader(raw))
	r.SetPathValue("provider", d.provider)
	r.RemoteAddr = d.addr
	r.Header.Set("Content-Type", "application/json")
	s.SignHeaders(r.Header, raw)
	w := httptest.NewRecorder()
	d.h.ServeHTTP(w, r)
	return w
}

// read checks an answer's signature (every authenticated answer is
// signed) and reads its body.
func (d *driver) read(w *httptest.ResponseRecorder) (Answer, error) {
	var a Answer
	if err := json.Unmarshal(w.Body.Bytes(), &a); err != nil {
		return a, fmt.Errorf("HTTP %d, unreadable body %q", w.Code, w.Body.String())
	}
	want := map[Status]int{StatusInvalidSignature: http.StatusUnauthorized, StatusError: http.StatusServiceUnavailable}[a.Status]
	if want == 0 {
		want = http.StatusOK
	}
	if w.Code != want {
		return a, fmt.Errorf("status %s with HTTP %d, want %d", a.Status, w.Code, want)
	}
	if a.Status != StatusInvalidSignature {
		if err := d.signer.Verify(w.Result().Header, w.Body.Bytes()); err != nil {
			return a, fmt.Errorf("answer %s: %w", a.Status, err)
		}
	}
	return a, nil
}

func (d *driver) call(op string, c seamlesskit.Call, s Signer) (seamlesskit.Result, error) {
	raw, err := json.Marshal(body(op, c))
	if err != nil {
		return seamlesskit.Result{}, err
	}
	a, err := d.read(d.send(op, raw, s))
	if err != nil {
		return seamlesskit.Result{}, err
	}
	st, ok := kitStatuses[a.Status]
	if !ok {
		return seamlesskit.Result{}, fmt.Errorf("unknown status %q", a.Status)
	}
	r := seamlesskit.Result{Status: st, Ref: a.Ref}
	if a.Balance != nil {
		r.Balance = money.Satang(*a.Balance)
	}
	return r, nil
}

func (d *driver) Balance(_ context.Context, token, player string) (seamlesskit.Result, error) {
	return d.call("balance", seamlesskit.Call{Token: token, Player: player}, d.signer)
}

func (d *driver) Bet(_ context.Context, c seamlesskit.Call) (seamlesskit.Result, error) {
	return d.call("bet", c, d.signer)
}

func (d *driver) Win(_ context.Context, c seamlesskit.Call) (seamlesskit.Result, error) {
	return d.call("win", c, d.signer)
}

func (d *driver) Rollback(_ context.Context, c seamlesskit.Call) (seamlesskit.Result, error) {
	return d.call("rollback", c, d.signer)
}

// Forge signs the call with another secret.
func (d *driver) Forge(_ context.Context, kind seamless.Kind, c seamlesskit.Call) (seamlesskit.Result, error) {
	return d.call(string(kind), c, Signer{Secret: []byte("not-the-aggregator's-secret-0123456789"), Now: d.signer.Now})
}

// kitMount mounts the handler for the conformance kit.
func kitMount(wallet seamless.Wallet, provider string) seamlesskit.Driver {
	secret := []byte("kit-secret-kit-secret-kit-secret-kit")
	return newDriver(New(provider, secret, wallet, WithClock(time.Now)), provider, secret)
}

var _ seamlesskit.Mount = kitMount

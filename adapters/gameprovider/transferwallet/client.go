// Package transferwallet is a wallet.GameProvider over a transfer-wallet
// provider HTTP API: the simulated provider's (adapters/gameprovider/sim),
// and the template for adapters of real providers.
//
// Every call makes one attempt under its own timeout and maps the answer to
// the port's outcome rules: a 2xx is done, a 4xx with an error code is a
// *wallet.Rejected, and anything else (5xx, timeout, lost connection,
// unreadable answer) wraps wallet.ErrUnknown. Retrying is the caller's job
// (the reconciler asks TransferStatus), never this adapter's.
package transferwallet

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"ngern/core/money"
	"ngern/core/wallet"
)

// DefaultTimeout bounds one call when Config.Timeout is zero.
const DefaultTimeout = 10 * time.Second

// Config configures a Client.
type Config struct {
	// BaseURL is where the provider API lives, e.g.
	// "http://127.0.0.1:8080/sim"; paths such as /api/balance are added to it.
	BaseURL string
	// AgentKey is sent in X-Agent-Key on every call. It is never logged or
	// put in an error.
	AgentKey string
	// Timeout bounds each HTTP call. Zero: DefaultTimeout.
	Timeout time.Duration
	// HTTPClient sends the requests. Nil: a client of its own. Its Timeout
	// should be zero or above Timeout.
	HTTPClient *http.Client
}

// Client is a wallet.GameProvider over HTTP.
type Client struct {
	base    string // without a trailing slash; paths are already escaped
	key     string
	timeout time.Duration
	hc      *http.Client
}

var _ wallet.GameProvider = (*Client)(nil)

// New returns a client for the provider at cfg.BaseURL.
func New(cfg Config) (*Client, error) {
	u, err := url.Parse(strings.TrimRight(cfg.BaseURL, "/"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("transferwallet: base URL %q is not an http(s) URL", cfg.BaseURL)
	}
	if cfg.AgentKey == "" {
		return nil, errors.New("transferwallet: an agent key is required")
	}
	c := &Client{base: u.String(), key: cfg.AgentKey, timeout: cfg.Timeout, hc: cfg.HTTPClient}
	if c.timeout <= 0 {
		c.timeout = DefaultTimeout
	}
	if c.hc == nil {
		c.hc = &http.Client{Transport: newTransport()}
	}
	return c, nil
}

// MaxIdleConns is how many idle connections to the provider the default
// client keeps. Every transfer is a call, so concurrent transfers need as
// many kept-alive connections as run at once: http.DefaultTransport keeps
// two per host and would open (and leave in TIME_WAIT) a connection for
// nearly every call under load.
const MaxIdleConns = 128

func newTransport() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConns = MaxIdleConns
	t.MaxIdleConnsPerHost = MaxIdleConns
	return t
}

// CreateAccount opens (or finds) the member's player account in game.
func (c *Client) CreateAccount(ctx context.Context, game, memberRef string) (wallet.Credentials, error) {
	var out wallet.Credentials
	in := map[string]string{"game": game, "memberRef": memberRef}
	if err := c.call(ctx, http.MethodPost, "/api/players", nil, in, &out); err != nil {
		return wallet.Credentials{}, fmt.Errorf("transferwallet: create account in %s: %w", game, err)
	}
	if out.Username == "" {
		return wallet.Credentials{}, fmt.Errorf("transferwallet: create account in %s: answer without username: %w", game, wallet.ErrUnknown)
	}
	return out, nil
}

// ResetPassword sets a new random password for the player.
func (c *Client) ResetPassword(ctx context.Context, game, username string) (string, error) {
	var out struct {
		Password string `json:"password"`
	}
	in := map[string]string{"game": game, "username": username}
	if err := c.call(ctx, http.MethodPost, "/api/players/password", nil, in, &out); err != nil {
		return "", fmt.Errorf("transferwallet: reset password of %s in %s: %w", username, game, err)
	}
	if out.Password == "" {
		return "", fmt.Errorf("transferwallet: reset password of %s in %s: answer without password: %w", username, game, wallet.ErrUnknown)
	}
	return out.Password, nil
}

// Balance returns the player's balance in game.
func (c *Client) Balance(ctx context.Context, game, username string) (money.Satang, error) {
	var out struct {
		Balance *money.Satang `json:"balance"`
	}
	q := url.Values{"game": {game}, "username": {username}}
	if err := c.call(ctx, http.MethodGet, "/api/balance", q, nil, &out); err != nil {
		return 0, fmt.Errorf("transferwallet: balance of %s in %s: %w", username, game, err)
	}
	if out.Balance == nil {
		return 0, fmt.Errorf("transferwallet: balance of %s in %s: answer without balance: %w", username, game, wallet.ErrUnknown)
	}
	return *out.Balance, nil
}

// TransferIn credits the player's balance in game, once per ref.
func (c *Client) TransferIn(ctx context.Context, game, username, ref string, amount money.Satang) error {
	if err := c.transfer(ctx, game, username, ref, "in", amount); err != nil {
		return fmt.Errorf("transferwallet: transfer in %s to %s in %s: %w", ref, username, game, err)
	}
	return nil
}

// TransferOut debits the player's balance in game, once per ref.
func (c *Client) TransferOut(ctx context.Context, game, username, ref string, amount money.Satang) error {
	if err := c.transfer(ctx, game, username, ref, "out", amount); err != nil {
		return fmt.Errorf("transferwallet: transfer out %s from %s in %s: %w", ref, username, game, err)
	}
	return nil
}

// duplicate is the provider's answer to a trace id it has seen before.
const duplicate = "DUPLICATE"

func (c *Client) transfer(ctx context.Context, game, username, ref, direction string, amount money.Satang) error {
	if amount <= 0 {
		return &wallet.Rejected{Reason: "INVALID_AMOUNT"}
	}
	in := struct {
		Game      string       `json:"game"`
		Username  string       `json:"username"`
		TraceID   string       `json:"traceId"`
		Direction string       `json:"direction"`
		Amount    money.Satang `json:"amount"`
	}{game, username, ref, direction, amount}
	var out struct {
		Status string `json:"status"`
	}
	err := c.call(ctx, http.MethodPost, "/api/transfers", nil, in, &out)
	var rej *wallet.Rejected
	if errors.As(err, &rej) && rej.Reason == duplicate {
		// The provider has seen this ref: what became of it decides. Only
		// DONE is a success; anything else is left to the reconciler.
		st, serr := c.TransferStatus(ctx, game, ref)
		switch {
		case serr != nil:
			return fmt.Errorf("duplicate, and status unknown (%v): %w", serr, wallet.ErrUnknown)
		case st == wallet.StatusDone:
			return nil
		default:
			return fmt.Errorf("duplicate, status %s: %w", st, wallet.ErrUnknown)
		}
	}
	if err != nil {
		return err
	}
	if out.Status != string(wallet.StatusDone) {
		return fmt.Errorf("answer with status %q: %w", out.Status, wallet.ErrUnknown)
	}
	return nil
}

// TransferStatus asks what became of ref in game.
func (c *Client) TransferStatus(ctx context.Context, game, ref string) (wallet.TransferStatus, error) {
	var out struct {
		Status wallet.TransferStatus `json:"status"`
	}
	q := url.Values{"game": {game}}
	if err := c.call(ctx, http.MethodGet, "/api/transfers/"+url.PathEscape(ref), q, nil, &out); err != nil {
		return "", fmt.Errorf("transferwallet: status of %s in %s: %w", ref, game, err)
	}
	switch out.Status {
	case wallet.StatusDone, wallet.StatusFailed, wallet.StatusNotFound:
		return out.Status, nil
	}
	return "", fmt.Errorf("transferwallet: status of %s in %s: status %q: %w", ref, game, out.Status, wallet.ErrUnknown)
}

// LaunchURL returns the link that opens game as the player.
func (c *Client) LaunchURL(ctx context.Context, game, username, password string) (string, error) {
	var out struct {
		URL string `json:"url"`
	}
	q := url.Values{"game": {game}, "username": {username}, "password": {password}}
	if err := c.call(ctx, http.MethodGet, "/api/launch", q, nil, &out); err != nil {
		return "", fmt.Errorf("transferwallet: launch %s for %s: %w", game, username, err)
	}
	if out.URL == "" {
		return "", fmt.Errorf("transferwallet: launch %s for %s: answer without url: %w", game, username, wallet.ErrUnknown)
	}
	return out.URL, nil
}

// Bets returns settled bets of game after cursor, at most limit, and the
// cursor to continue from.
func (c *Client) Bets(ctx context.Context, game, cursor string, limit int) ([]wallet.Bet, string, error) {
	var out struct {
		Bets []wallet.Bet `json:"bets"`
		Next *string      `json:"next"`
	}
	q := url.Values{"game": {game}, "cursor": {cursor}}
	if limit > 0 {
		q.Set("limit", strconv.Itoa(limit))
	}
	if err := c.call(ctx, http.MethodGet, "/api/bets", q, nil, &out); err != nil {
		return nil, "", fmt.Errorf("transferwallet: bets of %s after %q: %w", game, cursor, err)
	}
	if out.Next == nil {
		return nil, "", fmt.Errorf("transferwallet: bets of %s after %q: answer without next: %w", game, cursor, wallet.ErrUnknown)
	}
	return out.Bets, *out.Next, nil
}

// maxAnswer bounds how much of an answer is read.
const maxAnswer = 4 << 20

// call makes one HTTP call under the client's timeout and decodes a 2xx
// answer into out. A 4xx answer with an error code is a *wallet.Rejected;
// every other failure wraps wallet.ErrUnknown. Errors name the method and
// path only: the query may hold a password.
func (c *Client) call(ctx context.Context, method, path string, q url.Values, in, out any) error {
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	target := c.base + path
	if len(q) > 0 {
		target += "?" + q.Encode()
	}
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return fmt.Errorf("%s: encode request: %w: %w", method+" "+path, err, wallet.ErrUnknown)
		}
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, target, body)
	if err != nil {
		return fmt.Errorf("%s: build request: %w", method+" "+path, wallet.ErrUnknown)
	}
	req.Header.Set("X-Agent-Key", c.key)
	req.Header.Set("Accept", "application/json")
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	what := method + " " + path
	res, err := c.hc.Do(req)
	if err != nil {
		// *url.Error repeats the URL, query and all; keep only the cause.
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return fmt.Errorf("%s: %w: %w", what, err, wallet.ErrUnknown)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(io.LimitReader(res.Body, maxAnswer))
	if err != nil {
		return fmt.Errorf("%s: HTTP %d, reading answer: %w: %w", what, res.StatusCode, err, wallet.ErrUnknown)
	}
	switch {
	case res.StatusCode >= 200 && res.StatusCode < 300:
		if out != nil {
			if err := json.Unmarshal(data, out); err != nil {
				return fmt.Errorf("%s: HTTP %d, unreadable answer: %w", what, res.StatusCode, wallet.ErrUnknown)
			}
		}
		return nil
	case res.StatusCode >= 400 && res.StatusCode < 500:
		// Only an answer in the provider's own error format is a definite
		// refusal; a bare 4xx may come from a proxy in between.
		var e struct {
			Error string `json:"error"`
		}
		if json.Unmarshal(data, &e) == nil && e.Error != "" {
			return &wallet.Rejected{Reason: e.Error}
		}
		return fmt.Errorf("%s: HTTP %d without an error code: %w", what, res.StatusCode, wallet.ErrUnknown)
	default:
		return fmt.Errorf("%s: HTTP %d: %w", what, res.StatusCode, wallet.ErrUnknown)
	}
}

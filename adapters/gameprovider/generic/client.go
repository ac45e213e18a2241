package generic

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"ngern/core/seamless"
)

// maxAnswer is the largest games-API answer read (a catalogue of a few
// thousand games).
const maxAnswer = 8 << 20

// Client is the games API of one aggregator (seamless.Aggregator): Ngern
// calls POST {base}/games and POST {base}/launch, signed like the
// callbacks, and verifies the answers' signatures.
type Client struct {
	code   string
	base   string
	signer Signer
	http   *http.Client
}

// ClientOption configures a Client.
type ClientOption func(*Client)

// WithHTTPClient sets the HTTP client (its timeout bounds each call).
func WithHTTPClient(c *http.Client) ClientOption { return func(cl *Client) { cl.http = c } }

// WithClientClock sets the clock requests are signed and answers checked with.
func WithClientClock(now func() time.Time) ClientOption {
	return func(cl *Client) { cl.signer.Now = now }
}

// NewClient returns the games API of aggregator code at base, signed with secret.
func NewClient(code, base string, secret []byte, opts ...ClientOption) *Client {
	c := &Client{code: code, base: strings.TrimRight(base, "/"), signer: Signer{Secret: secret}, http: &http.Client{Timeout: 10 * time.Second}}
	for _, o := range opts {
		o(c)
	}
	return c
}

// Code is the aggregator's code in Ngern.
func (c *Client) Code() string { return c.code }

// wireGame is a game of POST {base}/games.
type wireGame struct {
	Code     string `json:"code"`
	Name     string `json:"name"`
	Category string `json:"category"`
	Studio   string `json:"studio"`
	Image    string `json:"image"`
	Demo     bool   `json:"demo"`
}

// Games returns the aggregator's catalogue.
func (c *Client) Games(ctx context.Context) ([]seamless.Game, error) {
	var out struct {
		Games []wireGame `json:"games"`
	}
	if err := c.call(ctx, "games", struct{}{}, &out); err != nil {
		return nil, err
	}
	games := make([]seamless.Game, 0, len(out.Games))
	for _, g := range out.Games {
		games = append(games, seamless.Game{Provider: c.code, Code: g.Code, Name: g.Name, Category: g.Category, Studio: g.Studio,
			Image: g.Image, Demo: g.Demo})
	}
	return games, nil
}

// LaunchURL returns the URL that opens a game; an unknown game is
// seamless.ErrGame.
func (c *Client) LaunchURL(ctx context.Context, l seamless.Launch) (string, error) {
	in := struct {
		Token     string `json:"token"`
		Player    string `json:"player"`
		Game      string `json:"game"`
		Currency  string `json:"currency"`
		Lang      string `json:"lang"`
		Country   string `json:"country"`
		ReturnURL string `json:"returnUrl"`
		Demo      bool   `json:"demo"`
	}{l.Token, l.Player, l.Game, l.Currency, l.Lang, l.Country, l.ReturnURL, l.Demo}
	var out struct {
		URL string `json:"url"`
	}
	if err := c.call(ctx, "launch", in, &out); err != nil {
		return "", err
	}
	if out.URL == "" {
		return "", fmt.Errorf("generic %s: launch answered no url", c.code)
	}
	return out.URL, nil
}

// call posts in to {base}/op signed and reads the signed answer into out.
// An answer that is not 200, unsigned, or not the expected JSON is an
// error; a 404 UNKNOWN_GAME is seamless.ErrGame.
func (c *Client) call(ctx context.Context, op string, in, out any) error {
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/"+op, bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("generic %s %s: %w", c.code, op, err)
	}
	req.Header.Set("Content-Type", "application/json")
	c.signer.SignHeaders(req.Header, body)
	res, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("generic %s %s: %w", c.code, op, err)
	}
	defer func() { _ = res.Body.Close() }()
	answer, err := io.ReadAll(io.LimitReader(res.Body, maxAnswer))
	if err != nil {
		return fmt.Errorf("generic %s %s: reading the answer: %w", c.code, op, err)
	}
	unknownGame := res.StatusCode == http.StatusNotFound && op == "launch"
	if res.StatusCode != http.StatusOK && !unknownGame {
		return fmt.Errorf("generic %s %s: HTTP %d", c.code, op, res.StatusCode)
	}
	if err := c.signer.Verify(res.Header, answer); err != nil {
		return fmt.Errorf("generic %s %s: %w", c.code, op, err)
	}
	if unknownGame {
		var e struct {
			Error string `json:"error"`
		}
		if json.Unmarshal(answer, &e) == nil && e.Error == string(StatusUnknownGame) {
			return fmt.Errorf("generic %s: %w", c.code, seamless.ErrGame)
		}
		return fmt.Errorf("generic %s %s: HTTP %d", c.code, op, res.StatusCode)
	}
	if err := json.Unmarshal(answer, out); err != nil {
		return fmt.Errorf("generic %s %s: unreadable answer: %w", c.code, op, err)
	}
	return nil
}

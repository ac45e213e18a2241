package hub88

import (
	"bytes"
	"context"
	"crypto/rsa"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"ngern/core/seamless"
)

// The Games API paths, after the base URL.
const (
	PathGameList = "/operator/generic/v2/game/list"
	PathGameURL  = "/operator/generic/v2/game/url"
)

// DemoCurrency is the currency a demo (play-money) game URL is asked in.
const DemoCurrency = "XXX"

// Platforms of a game URL. Ngern's lobby is a phone app first, and the
// documentation lets the game choose by the browser when it can.
const (
	PlatformDesktop = "GPL_DESKTOP"
	PlatformMobile  = "GPL_MOBILE"
)

// maxList bounds the game list's answer (thousands of games).
const maxList = 64 << 20

// Config configures the Games API client.
type Config struct {
	// BaseURL is the base of Hub88's API (NGERN_HUB88_URL).
	BaseURL    string
	OperatorID int64
	// Key is our private key: every request is signed with it.
	Key *rsa.PrivateKey
	// Country and Currency are used when a launch names none.
	Country  string
	Currency string
	// Platform is sent with every game URL (PlatformMobile when empty).
	Platform   string
	Timeout    time.Duration
	HTTPClient *http.Client
}

// Client calls Hub88's Games API: a seamless.Aggregator.
type Client struct {
	cfg  Config
	http *http.Client
}

var _ seamless.Aggregator = (*Client)(nil)

// New returns the Games API client.
func New(cfg Config) (*Client, error) {
	cfg.BaseURL = strings.TrimSuffix(cfg.BaseURL, "/")
	if cfg.BaseURL == "" || cfg.Key == nil || cfg.OperatorID <= 0 {
		return nil, errors.New("hub88: the client needs the base URL, the operator id and our private key")
	}
	if cfg.Platform == "" {
		cfg.Platform = PlatformMobile
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 15 * time.Second
	}
	hc := cfg.HTTPClient
	if hc == nil {
		hc = &http.Client{}
	}
	return &Client{cfg: cfg, http: hc}, nil
}

// Code is Hub88's code in Ngern.
func (c *Client) Code() string { return Code }

// GameItem is one game of the game list's answer, the fields Ngern reads.
type GameItem struct {
	GameCode        string   `json:"game_code"`
	Name            string   `json:"name"`
	Category        string   `json:"category"`
	Product         string   `json:"product"`
	URLThumb        string   `json:"url_thumb"`
	URLBackground   string   `json:"url_background"`
	Platforms       []string `json:"platforms"`
	Enabled         bool     `json:"enabled"`
	DemoGameSupport bool     `json:"demo_game_support"`
}

// Games returns Hub88's catalogue for our operator: the enabled games,
// their category mapped onto the lobby's (Category) and their thumbnail
// passed through.
func (c *Client) Games(ctx context.Context) ([]seamless.Game, error) {
	var items []GameItem
	if err := c.post(ctx, PathGameList, map[string]any{"operator_id": c.cfg.OperatorID}, maxList, &items); err != nil {
		return nil, err
	}
	games := make([]seamless.Game, 0, len(items))
	for _, it := range items {
		if !it.Enabled || it.GameCode == "" {
			continue
		}
		games = append(games, seamless.Game{Provider: Code, Code: it.GameCode, Name: it.Name, Category: Category(it.Category),
			Studio: it.Product, Image: it.URLThumb, Demo: it.DemoGameSupport})
	}
	return games, nil
}

// Category maps Hub88's category of a game onto the lobby's
// (seamless.Categories): a slot is a slot, sports and virtual sports are
// sport, lotteries, bingo, keno and scratch cards are lotto, and the rest
// (live casino, table games, poker, crash and instant games, …) is casino.
func Category(hub88 string) string {
	c := strings.ToLower(hub88)
	switch {
	case strings.Contains(c, "slot"):
		return "slot"
	case strings.Contains(c, "sport"):
		return "sport"
	case strings.Contains(c, "lott"), strings.Contains(c, "bingo"), strings.Contains(c, "keno"), strings.Contains(c, "scratch"):
		return "lotto"
	}
	return "casino"
}

// urlRequest is the game URL's request body.
type urlRequest struct {
	User       string         `json:"user,omitempty"`
	Token      string         `json:"token,omitempty"`
	Platform   string         `json:"platform"`
	OperatorID int64          `json:"operator_id"`
	Meta       map[string]any `json:"meta"`
	LobbyURL   string         `json:"lobby_url,omitempty"`
	Lang       string         `json:"lang"`
	IP         string         `json:"ip,omitempty"`
	GameCode   string         `json:"game_code"`
	Currency   string         `json:"currency"`
	Country    string         `json:"country"`
}

// LaunchURL asks Hub88 for the URL that opens l's game: for real play
// with the member id and the session token the wallet's callbacks will
// present, for a demo with the currency XXX and neither.
func (c *Client) LaunchURL(ctx context.Context, l seamless.Launch) (string, error) {
	req := urlRequest{Platform: c.cfg.Platform, OperatorID: c.cfg.OperatorID, Meta: map[string]any{}, LobbyURL: l.ReturnURL,
		Lang: l.Lang, IP: l.IP, GameCode: l.Game, Currency: DemoCurrency, Country: l.Country}
	if !l.Demo {
		req.User, req.Token, req.Currency = l.Player, l.Token, l.Currency
		if req.Currency == "" {
			req.Currency = c.cfg.Currency
		}
	}
	if req.Country == "" {
		req.Country = c.cfg.Country
	}
	if req.Lang == "" {
		req.Lang = "en"
	}
	if l.Game == "" || req.Country == "" || req.Currency == "" || (!l.Demo && (req.User == "" || req.Token == "")) {
		return "", seamless.ErrInvalid
	}
	var out struct {
		URL string `json:"url"`
	}
	if err := c.post(ctx, PathGameURL, req, maxBody, &out); err != nil {
		return "", err
	}
	if out.URL == "" {
		return "", errors.New("hub88: game url: the answer has no url")
	}
	return out.URL, nil
}

// APIError is an error answer of the Games API: its HTTP status and its
// {"error"} text.
type APIError struct {
	Path   string
	Status int
	Text   string
}

func (e *APIError) Error() string {
	return fmt.Sprintf("hub88: %s: HTTP %d: %s", e.Path, e.Status, e.Text)
}

// Unwrap makes a game, currency or country Hub88 does not offer our
// operator (403, 404) seamless.ErrGame.
func (e *APIError) Unwrap() error {
	if e.Status == http.StatusForbidden || e.Status == http.StatusNotFound {
		return seamless.ErrGame
	}
	return nil
}

// post sends body, signed, to path and reads the JSON answer into out.
func (c *Client) post(ctx context.Context, path string, body any, limit int64, out any) error {
	raw, err := json.Marshal(body)
	if err != nil {
		return err
	}
	sig, err := Sign(c.cfg.Key, raw)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.cfg.BaseURL+path, bytes.NewReader(raw))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(SignatureHeader, sig)
	res, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("hub88: %s: %w", path, err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(io.LimitReader(res.Body, limit))
	if err != nil {
		return fmt.Errorf("hub88: %s: %w", path, err)
	}
	if res.StatusCode != http.StatusOK {
		var e struct {
			Error string `json:"error"`
		}
		if json.Unmarshal(data, &e) != nil || e.Error == "" {
			e.Error = http.StatusText(res.StatusCode)
		}
		return &APIError{Path: path, Status: res.StatusCode, Text: e.Error}
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("hub88: %s: unreadable answer: %w", path, err)
	}
	return nil
}

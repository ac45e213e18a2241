// Package paygate holds QR payment-gateway adapters (deposit.PaymentGateway):
// Client, which speaks the gateway protocol documented in docs/adapters.md
// (orders, status, signed webhooks), and Sim, a simulated gateway speaking
// it for demos and tests. A real gateway whose API differs gets an adapter
// of its own next to Client, and runs the conformance kit in paygatetest.
package paygate

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"ngern/core/deposit"
	"ngern/core/money"
)

// Event is a webhook body and a status answer.
type Event struct {
	DeliveryID string       `json:"deliveryId,omitempty"` // unique per delivery (webhooks)
	OrderRef   string       `json:"orderRef"`             // ours
	GatewayRef string       `json:"gatewayRef"`           // the gateway's order
	PaymentRef string       `json:"paymentRef,omitempty"` // the gateway's payment
	Status     string       `json:"status"`               // PENDING, PAID, FAILED
	Amount     money.Satang `json:"amount"`               // satang
	PaidAt     *time.Time   `json:"paidAt,omitempty"`
}

func (e Event) event() deposit.GatewayEvent {
	ev := deposit.GatewayEvent{DeliveryID: e.DeliveryID, OrderRef: e.OrderRef, PaymentRef: e.PaymentRef,
		Status: deposit.PaymentStatus(e.Status), Amount: e.Amount}
	if e.PaidAt != nil {
		ev.PaidAt = e.PaidAt.UTC()
	}
	return ev
}

// Config configures a Client.
type Config struct {
	Name       string // the provider's code, for messages
	BaseURL    string // the gateway's API
	APIKey     string // sent as a bearer token; never logged
	Secret     []byte // the webhook secret
	Timeout    time.Duration
	HTTPClient *http.Client
	Now        func() time.Time
}

// Client is a deposit.PaymentGateway over the gateway protocol:
//
//	POST {base}/orders {orderRef, amount, expiresAt} → 201 {gatewayRef, payload}
//	GET  {base}/orders/{gatewayRef} → 200 Event
//
// and webhooks (POST to Ngern) whose body is an Event and whose
// X-Ngern-Signature header signs it (deposit.Sign).
type Client struct {
	cfg Config
}

var _ deposit.PaymentGateway = (*Client)(nil)

// New returns a gateway client.
func New(cfg Config) (*Client, error) {
	u, err := url.Parse(cfg.BaseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("gateway %s: base URL %q is not an http(s) URL", cfg.Name, cfg.BaseURL)
	}
	if len(cfg.Secret) < 16 {
		return nil, fmt.Errorf("gateway %s: the webhook secret must be at least 16 bytes", cfg.Name)
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 10 * time.Second
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{}
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	cfg.BaseURL = strings.TrimSuffix(cfg.BaseURL, "/")
	return &Client{cfg: cfg}, nil
}

func (c *Client) do(ctx context.Context, method, path string, in, out any) error {
	ctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	var body io.Reader
	if in != nil {
		b, _ := json.Marshal(in)
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.cfg.BaseURL+path, body)
	if err != nil {
		return fmt.Errorf("%w: %v", deposit.ErrUnavailable, err)
	}
	req.Header.Set("Content-Type", "application/json")
	if c.cfg.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+c.cfg.APIKey)
	}
	res, err := c.cfg.HTTPClient.Do(req)
	if err != nil {
		return fmt.Errorf("%w: %s: %v", deposit.ErrUnavailable, c.cfg.Name, errors.Unwrap(err))
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(io.LimitReader(res.Body, 1<<16))
	if res.StatusCode/100 != 2 {
		return fmt.Errorf("%w: %s answered %d", deposit.ErrUnavailable, c.cfg.Name, res.StatusCode)
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("%w: %s: unreadable answer", deposit.ErrUnavailable, c.cfg.Name)
	}
	return nil
}

// Create registers an order.
func (c *Client) Create(ctx context.Context, o deposit.GatewayOrder) (deposit.GatewayQR, error) {
	var out struct {
		GatewayRef string `json:"gatewayRef"`
		Payload    string `json:"payload"`
	}
	in := map[string]any{"orderRef": o.Ref, "amount": o.Amount, "expiresAt": o.ExpiresAt.UTC()}
	if err := c.do(ctx, http.MethodPost, "/orders", in, &out); err != nil {
		return deposit.GatewayQR{}, err
	}
	if out.GatewayRef == "" || out.Payload == "" {
		return deposit.GatewayQR{}, fmt.Errorf("%w: %s: an order without reference or payload", deposit.ErrUnavailable, c.cfg.Name)
	}
	return deposit.GatewayQR{Ref: out.GatewayRef, Payload: out.Payload}, nil
}

// Status asks what the gateway knows of an order.
func (c *Client) Status(ctx context.Context, gatewayRef string) (deposit.GatewayEvent, error) {
	var e Event
	if err := c.do(ctx, http.MethodGet, "/orders/"+url.PathEscape(gatewayRef), nil, &e); err != nil {
		return deposit.GatewayEvent{}, err
	}
	return e.event(), nil
}

// VerifyWebhook checks a delivery's signature and timestamp, then reads it.
func (c *Client) VerifyWebhook(header func(string) string, body []byte) (deposit.GatewayEvent, error) {
	if err := deposit.VerifySignature(c.cfg.Secret, header(deposit.SignatureHeader), body, c.cfg.Now()); err != nil {
		return deposit.GatewayEvent{}, err
	}
	var e Event
	if err := json.Unmarshal(body, &e); err != nil || e.DeliveryID == "" || e.OrderRef == "" {
		return deposit.GatewayEvent{}, fmt.Errorf("%w: unreadable event", deposit.ErrBadSignature)
	}
	return e.event(), nil
}

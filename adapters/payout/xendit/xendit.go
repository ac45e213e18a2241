// Package xendit is a wallet.Payouts adapter on Xendit's Payouts API v2,
// built to Xendit's public documentation (docs/adapters.md, "Xendit"):
// POST /v2/payouts with our payout id as both the Idempotency-key header
// and the reference_id, and GET /v2/payouts?reference_id= to learn what
// Xendit knows of it. Requests authenticate with HTTP Basic, the secret key
// as the user name and an empty password.
//
// Outcome rules (the port's): a timeout, a transport error, a 5xx, a 429
// that outlasts the retries, a refused key (401/403) or an answer that
// cannot be read wraps wallet.ErrPayoutUnknown; only what Xendit's
// documentation names a refusal of the payout (a validation error of the
// account, channel or amount) is FAILED. The secret key and account numbers
// are never written to errors or reasons.
package xendit

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"ngern/core/money"
	"ngern/core/wallet"
)

// DefaultURL is Xendit's API base.
const DefaultURL = "https://api.xendit.co"

// Paths of the Payouts API v2.
const (
	PathPayouts  = "/v2/payouts"
	PathChannels = "/payouts_channels"
)

// Payout statuses, as Xendit's "Payout Status Lifecycle" page lists them.
const (
	StatusAccepted           = "ACCEPTED"
	StatusPendingCompliance  = "PENDING_COMPLIANCE_ASSESSMENT"
	StatusComplianceRejected = "COMPLIANCE_REJECTED"
	StatusRequested          = "REQUESTED"
	StatusSucceeded          = "SUCCEEDED"
	StatusFailed             = "FAILED"
	StatusCancelled          = "CANCELLED"
	StatusReversed           = "REVERSED"
)

// Error codes of Xendit's error answers that the adapter reads.
const (
	// CodeDuplicate: the idempotency key was used before (with another
	// body); the payout of the first request stands, so Submit asks Status.
	CodeDuplicate = "DUPLICATE_ERROR"
	// CodeDuplicateTransaction is the same answer under its older name.
	CodeDuplicateTransaction = "DUPLICATE_TRANSACTION_ERROR"
)

// refusals are the error codes that Xendit's "Error Handling" page of the
// Payouts API gives for a payout it did not create because of its inputs:
// the payout is FAILED with the code as its reason. Any other 4xx is
// unknown (an operator looks at it), never a guess that nothing was paid.
var refusals = map[string]bool{
	"API_VALIDATION_ERROR":             true,
	"INVALID_JSON_FORMAT":              true,
	"CHANNEL_CODE_NOT_SUPPORTED_ERROR": true,
	"RECIPIENT_ACCOUNT_NUMBER_ERROR":   true,
	"RECIPIENT_AMOUNT_ERROR":           true,
	"MAXIMUM_TRANSFER_LIMIT_ERROR":     true,
}

// Config is the adapter's configuration.
type Config struct {
	// BaseURL is Xendit's API base; "" is DefaultURL.
	BaseURL string
	// SecretKey is the secret API key (Money-out write permission).
	SecretKey string
	// Timeout bounds one HTTP call; 0 is 15 s.
	Timeout time.Duration
	// RateLimitRetries is how many times a 429 is tried again (the request
	// was not processed); 0 is 2, negative is none.
	RateLimitRetries int
	// RetryWait is the longest wait before a retry (Retry-After is obeyed
	// up to it); 0 is 1 s.
	RetryWait time.Duration
	// HTTPClient sends the requests (Timeout bounds each call whatever
	// the client's own timeout); nil is http.DefaultClient.
	HTTPClient *http.Client
}

// Client is the adapter. Safe for concurrent use.
type Client struct {
	base    string
	auth    string
	timeout time.Duration
	retries int
	wait    time.Duration
	http    *http.Client
}

var _ wallet.Payouts = (*Client)(nil)

// New checks c and returns the adapter.
func New(c Config) (*Client, error) {
	if c.SecretKey == "" {
		return nil, errors.New("xendit: no secret key")
	}
	base := strings.TrimRight(c.BaseURL, "/")
	if base == "" {
		base = DefaultURL
	}
	if u, err := url.Parse(base); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return nil, fmt.Errorf("xendit: base URL %q is not an http(s) URL", c.BaseURL)
	}
	if c.Timeout <= 0 {
		c.Timeout = 15 * time.Second
	}
	switch {
	case c.RateLimitRetries == 0:
		c.RateLimitRetries = 2
	case c.RateLimitRetries < 0:
		c.RateLimitRetries = 0
	}
	if c.RetryWait <= 0 {
		c.RetryWait = time.Second
	}
	hc := c.HTTPClient
	if hc == nil {
		hc = http.DefaultClient
	}
	return &Client{
		base:    base,
		auth:    "Basic " + basic(c.SecretKey),
		timeout: c.Timeout,
		retries: c.RateLimitRetries,
		wait:    c.RetryWait,
		http:    hc,
	}, nil
}

// CreateRequest is the body of POST /v2/payouts.
type CreateRequest struct {
	ReferenceID       string            `json:"reference_id"`
	ChannelCode       string            `json:"channel_code"`
	ChannelProperties ChannelProperties `json:"channel_properties"`
	Amount            money.Satang      `json:"amount"` // written in baht with two decimals
	Currency          string            `json:"currency"`
	Description       string            `json:"description,omitempty"`
}

// ChannelProperties is the recipient's account.
type ChannelProperties struct {
	AccountHolderName string `json:"account_holder_name"`
	AccountNumber     string `json:"account_number"`
}

// Payout is Xendit's payout object (the fields the adapter reads).
type Payout struct {
	ID          string      `json:"id"`
	ReferenceID string      `json:"reference_id"`
	Amount      json.Number `json:"amount"`
	Currency    string      `json:"currency"`
	ChannelCode string      `json:"channel_code"`
	Status      string      `json:"status"`
	FailureCode string      `json:"failure_code,omitempty"`
	Created     string      `json:"created,omitempty"`
	Updated     string      `json:"updated,omitempty"`
}

// ErrorBody is Xendit's error answer.
type ErrorBody struct {
	ErrorCode string `json:"error_code"`
	Message   string `json:"message"`
}

// Submit asks Xendit to pay r (see the package comment for the outcomes).
func (c *Client) Submit(ctx context.Context, r wallet.PayoutRequest) (wallet.PayoutResult, error) {
	channel, ok := Channel(r.BankCode)
	if !ok {
		return failed(fmt.Sprintf("no Xendit payout channel for bank %q", r.BankCode)), nil
	}
	if r.ID == "" {
		return wallet.PayoutResult{}, errors.New("xendit: a payout needs an id")
	}
	if r.Amount <= 0 {
		return failed("amount must be positive"), nil
	}
	body, err := json.Marshal(CreateRequest{
		ReferenceID: r.ID,
		ChannelCode: channel,
		ChannelProperties: ChannelProperties{
			AccountHolderName: r.AccountName,
			AccountNumber:     r.AccountNo,
		},
		Amount:      r.Amount,
		Currency:    "THB",
		Description: "Withdrawal " + r.ID,
	})
	if err != nil {
		return wallet.PayoutResult{}, err
	}
	status, answer, err := c.do(ctx, http.MethodPost, PathPayouts, body, r.ID)
	if err != nil {
		return wallet.PayoutResult{}, err
	}
	switch {
	case status >= 200 && status < 300:
		var p Payout
		if err := json.Unmarshal(answer, &p); err != nil || p.Status == "" {
			return wallet.PayoutResult{}, unknown("the payout answer cannot be read")
		}
		if p.ReferenceID != "" && p.ReferenceID != r.ID {
			return wallet.PayoutResult{}, unknown("the payout answer is of another reference")
		}
		return result([]Payout{p})
	case status == http.StatusConflict:
		e := readError(answer)
		if e.ErrorCode != CodeDuplicate && e.ErrorCode != CodeDuplicateTransaction && e.ErrorCode != "" {
			return wallet.PayoutResult{}, unknown("409 " + e.ErrorCode)
		}
		st, err := c.Status(ctx, r.ID)
		if err != nil {
			return st, err
		}
		if st.State == wallet.PayoutNotFound {
			return wallet.PayoutResult{}, unknown("409 duplicate, yet no payout under the reference")
		}
		return st, nil
	case status == http.StatusBadRequest || status == http.StatusNotFound || status == http.StatusUnprocessableEntity:
		e := readError(answer)
		if refusals[e.ErrorCode] {
			return failed(reason(e.ErrorCode, e.Message)), nil
		}
		return wallet.PayoutResult{}, unknown(fmt.Sprintf("%d %s", status, e.ErrorCode))
	default:
		return wallet.PayoutResult{}, unknown(fmt.Sprintf("%d %s", status, readError(answer).ErrorCode))
	}
}

// Status answers what Xendit knows of our payout id: the payouts whose
// reference_id is id (an empty list is NOT_FOUND).
func (c *Client) Status(ctx context.Context, id string) (wallet.PayoutResult, error) {
	status, answer, err := c.do(ctx, http.MethodGet, PathPayouts+"?reference_id="+url.QueryEscape(id), nil, "")
	if err != nil {
		return wallet.PayoutResult{}, err
	}
	if status != http.StatusOK {
		return wallet.PayoutResult{}, unknown(fmt.Sprintf("%d %s", status, readError(answer).ErrorCode))
	}
	list, ok := readList(answer)
	if !ok {
		return wallet.PayoutResult{}, unknown("the payout list cannot be read")
	}
	var ours []Payout
	for _, p := range list {
		if p.ReferenceID == id {
			ours = append(ours, p)
		}
	}
	if len(ours) == 0 {
		return wallet.PayoutResult{State: wallet.PayoutNotFound}, nil
	}
	return result(ours)
}

// readList reads the answer of GET /v2/payouts: the documented JSON array,
// or the {"data":[…]} page the generated SDKs describe.
func readList(b []byte) ([]Payout, bool) {
	var list []Payout
	if err := json.Unmarshal(b, &list); err == nil {
		return list, validList(list)
	}
	var page struct {
		Data *[]Payout `json:"data"`
	}
	if err := json.Unmarshal(b, &page); err != nil || page.Data == nil {
		return nil, false
	}
	return *page.Data, validList(*page.Data)
}

func validList(list []Payout) bool {
	for _, p := range list {
		if p.Status == "" {
			return false
		}
	}
	return true
}

// result maps Xendit's payouts under one reference to our state. There is
// one unless someone else created payouts under our reference; then a
// payout that was sent wins (PAID), then one still on its way (PENDING):
// FAILED only when every one of them failed.
func result(ps []Payout) (wallet.PayoutResult, error) {
	var pending, failedOne *Payout
	for i := range ps {
		p := &ps[i]
		switch p.Status {
		case StatusSucceeded:
			return wallet.PayoutResult{State: wallet.PayoutPaid, Ref: p.ID, At: at(p.Updated)}, nil
		case StatusReversed:
			// Sent, then returned by the bank to our Xendit balance: the
			// member's withdrawal was paid and cannot be un-paid here; the
			// reason tells the operator who reconciles the balance.
			return wallet.PayoutResult{State: wallet.PayoutPaid, Ref: p.ID, At: at(p.Updated),
				Reason: reason("REVERSED", p.FailureCode) + " (returned to the Xendit balance after payment; reconcile by hand)"}, nil
		case StatusAccepted, StatusPendingCompliance, StatusRequested:
			pending = p
		case StatusFailed, StatusCancelled, StatusComplianceRejected:
			failedOne = p
		default:
			return wallet.PayoutResult{}, unknown("undocumented payout status " + strconv.Quote(p.Status))
		}
	}
	if pending != nil {
		return wallet.PayoutResult{State: wallet.PayoutPending, Ref: pending.ID}, nil
	}
	code := failedOne.FailureCode
	if code == "" {
		code = failedOne.Status
	} else if failedOne.Status != StatusFailed {
		code = failedOne.Status + " " + code
	}
	return wallet.PayoutResult{State: wallet.PayoutFailed, Ref: failedOne.ID, Reason: code, At: at(failedOne.Updated)}, nil
}

func at(s string) time.Time {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}
	}
	return t
}

func failed(why string) wallet.PayoutResult {
	return wallet.PayoutResult{State: wallet.PayoutFailed, Reason: why}
}

// unknown is an error wrapping wallet.ErrPayoutUnknown.
func unknown(why string) error {
	return fmt.Errorf("xendit: %s: %w", strings.TrimSpace(why), wallet.ErrPayoutUnknown)
}

func readError(b []byte) ErrorBody {
	var e ErrorBody
	_ = json.Unmarshal(b, &e)
	if len(e.ErrorCode) > 64 {
		e.ErrorCode = e.ErrorCode[:64]
	}
	return e
}

// longDigits are runs of digits long enough to be an account number.
var longDigits = regexp.MustCompile(`\d{6,}`)

// reason is code and message for an operator, with any run of six or more
// digits (an account number Xendit may echo) masked to its last four.
func reason(code, message string) string {
	message = longDigits.ReplaceAllStringFunc(message, func(d string) string { return "xxx" + d[len(d)-4:] })
	if len(message) > 200 {
		message = message[:200]
	}
	return strings.TrimSpace(strings.TrimSpace(code) + " " + message)
}

// do sends one request, trying a 429 again (Xendit did not process it; a
// POST is tried under the same idempotency key). It answers the status
// and body of the last answer, or an error wrapping ErrPayoutUnknown when
// no answer came.
func (c *Client) do(ctx context.Context, method, path string, body []byte, idempotencyKey string) (int, []byte, error) {
	for attempt := 0; ; attempt++ {
		status, answer, retryAfter, err := c.once(ctx, method, path, body, idempotencyKey)
		if err != nil || status != http.StatusTooManyRequests || attempt >= c.retries {
			return status, answer, err
		}
		wait := c.wait
		if s, err := strconv.Atoi(retryAfter); err == nil && s >= 0 && time.Duration(s)*time.Second < wait {
			wait = time.Duration(s) * time.Second
		}
		select {
		case <-ctx.Done():
			return 0, nil, unknown(method + " " + path + ": " + ctx.Err().Error())
		case <-time.After(wait):
		}
	}
}

// once sends one request within the call's timeout.
func (c *Client) once(ctx context.Context, method, path string, body []byte, idempotencyKey string) (int, []byte, string, error) {
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, bytes.NewReader(body))
	if err != nil {
		return 0, nil, "", err
	}
	req.Header.Set("Authorization", c.auth)
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if idempotencyKey != "" {
		req.Header.Set("Idempotency-key", idempotencyKey)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		// The error names the path and the cause, never the header.
		return 0, nil, "", unknown(method + " " + path + ": " + transportCause(err))
	}
	answer, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	resp.Body.Close()
	if err != nil {
		return 0, nil, "", unknown(method + " " + path + ": the answer was cut: " + transportCause(err))
	}
	if resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden {
		return 0, nil, "", unknown(fmt.Sprintf("%s %s: %d %s (the secret key or its permissions were refused)",
			method, path, resp.StatusCode, readError(answer).ErrorCode))
	}
	return resp.StatusCode, answer, resp.Header.Get("Retry-After"), nil
}

// transportCause is err without the URL (which holds no secret, but the
// shorter text reads better in the console).
func transportCause(err error) string {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err.Error()
	}
	return err.Error()
}

// CheckChannels asks Xendit which payout channels the account has in THB
// and answers our bank codes whose channel is not among them (empty: every
// mapped bank can be paid), for the wiring to log at start.
func (c *Client) CheckChannels(ctx context.Context) ([]string, error) {
	status, answer, err := c.do(ctx, http.MethodGet, PathChannels+"?currency=THB", nil, "")
	if err != nil {
		return nil, err
	}
	if status != http.StatusOK {
		return nil, fmt.Errorf("xendit: payout channels: %d %s", status, readError(answer).ErrorCode)
	}
	var list []struct {
		ChannelCode string `json:"channel_code"`
	}
	if err := json.Unmarshal(answer, &list); err != nil {
		return nil, errors.New("xendit: payout channels: the answer cannot be read")
	}
	have := map[string]bool{}
	for _, ch := range list {
		have[ch.ChannelCode] = true
	}
	var missing []string
	for bank, ch := range Channels {
		if !have[ch] {
			missing = append(missing, bank)
		}
	}
	slices.Sort(missing)
	return missing, nil
}

// basic is the Basic credentials of a secret key: the key as the user
// name, no password.
func basic(secretKey string) string {
	return base64.StdEncoding.EncodeToString([]byte(secretKey + ":"))
}

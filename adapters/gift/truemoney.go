// Package gift holds the adapters of TrueMoney gift vouchers: the client
// of TrueMoney's gift API and a simulated TrueMoney that serves the same
// API for demos and tests.
package gift

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
	"ngern/core/errs"
	"ngern/core/money"
)

// TrueMoney is a client of TrueMoney's gift-voucher API, the one behind
// the links https://gift.truemoney.com/campaign/?v=HASH:
//
//	GET  {BaseURL}/campaign/vouchers/{hash}/verify?mobile={phone}
//	POST {BaseURL}/campaign/vouchers/{hash}/redeem {"mobile": phone, "voucher_hash": hash}
//
// Both answer {"status": {"message", "code"}, "data": {"voucher": {"amount_baht": "100.00",
// "redeemed_amount_baht", "member", "status", "type"}, "my_ticket": {"mobile", "amount_baht"}}}
// with status.code SUCCESS, or an error code (see codes) with a 4xx.
type TrueMoney struct {
	base    string
	timeout time.Duration
	http    *http.Client
}

// Config configures the client.
type Config struct {
	BaseURL    string        // default https://gift.truemoney.com
	Timeout    time.Duration // per call; 0: 10 s
	HTTPClient *http.Client
}

// DefaultURL is TrueMoney's gift API.
const DefaultURL = "https://gift.truemoney.com"

// New returns a client.
func New(cfg Config) (*TrueMoney, error) {
	if cfg.BaseURL == "" {
		cfg.BaseURL = DefaultURL
	}
	if u, err := url.Parse(cfg.BaseURL); err != nil || u.Host == "" {
		return nil, fmt.Errorf("truemoney: bad base URL")
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 10 * time.Second
	}
	c := cfg.HTTPClient
	if c == nil {
		c = &http.Client{}
	}
	return &TrueMoney{base: strings.TrimSuffix(cfg.BaseURL, "/"), timeout: cfg.Timeout, http: c}, nil
}

var _ deposit.GiftRedeemer = (*TrueMoney)(nil)

// codes maps TrueMoney's refusals, which redeem nothing, to ours. Any
// other code (INTERNAL_ERROR, …) is an outage.
var codes = map[string]errs.Code{
	"VOUCHER_NOT_FOUND":      errs.TruelinkInvalid,
	"VOUCHER_EXPIRED":        errs.TruelinkExpired,
	"VOUCHER_OUT_OF_STOCK":   errs.TruelinkEmpty,
	"CANNOT_GET_OWN_VOUCHER": errs.TruelinkOwn,
	"TARGET_USER_REDEEMED":   errs.TruelinkDup,
	// The operator's wallet number is wrong: a setting to fix.
	"TARGET_USER_NOT_FOUND": errs.NoWallet,
}

type answer struct {
	Status struct {
		Message string `json:"message"`
		Code    string `json:"code"`
	} `json:"status"`
	Data struct {
		Voucher struct {
			AmountBaht         string `json:"amount_baht"`
			RedeemedAmountBaht string `json:"redeemed_amount_baht"`
			Member             int    `json:"member"`
			Status             string `json:"status"`
			Type               string `json:"type"`
		} `json:"voucher"`
		MyTicket *struct {
			Mobile     string `json:"mobile"`
			AmountBaht string `json:"amount_baht"`
		} `json:"my_ticket"`
	} `json:"data"`
}

// Check implements deposit.GiftRedeemer: what is left in the voucher for
// one redeemer (a voucher shared by N members gives each its share).
func (c *TrueMoney) Check(ctx context.Context, voucher, phone string) (money.Satang, error) {
	a, err := c.call(ctx, http.MethodGet, "/campaign/vouchers/"+url.PathEscape(voucher)+"/verify?mobile="+url.QueryEscape(phone), nil)
	if err != nil {
		return 0, err
	}
	total, err1 := money.Parse(a.Data.Voucher.AmountBaht)
	redeemed, err2 := money.Parse(orZero(a.Data.Voucher.RedeemedAmountBaht))
	if err1 != nil || err2 != nil || total < redeemed {
		return 0, fmt.Errorf("truemoney: unreadable amounts: %w", deposit.ErrUnavailable)
	}
	left := total - redeemed
	if n := a.Data.Voucher.Member; n > 1 && a.Data.Voucher.Type == "F" {
		left = total / money.Satang(n)
	}
	return left, nil
}

// Redeem implements deposit.GiftRedeemer: the amount is the redeemer's
// ticket.
func (c *TrueMoney) Redeem(ctx context.Context, voucher, phone string) (money.Satang, error) {
	body, _ := json.Marshal(map[string]string{"mobile": phone, "voucher_hash": voucher})
	a, err := c.call(ctx, http.MethodPost, "/campaign/vouchers/"+url.PathEscape(voucher)+"/redeem", body)
	if err != nil {
		return 0, err
	}
	if a.Data.MyTicket == nil {
		return 0, fmt.Errorf("truemoney: redeemed without a ticket: %w", deposit.ErrUnavailable)
	}
	amount, err := money.Parse(a.Data.MyTicket.AmountBaht)
	if err != nil || amount <= 0 {
		return 0, fmt.Errorf("truemoney: ticket amount %q: %w", a.Data.MyTicket.AmountBaht, deposit.ErrUnavailable)
	}
	return amount, nil
}

func orZero(s string) string {
	if s == "" {
		return "0"
	}
	return s
}

func (c *TrueMoney) call(ctx context.Context, method, path string, body []byte) (answer, error) {
	var a answer
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, bytes.NewReader(body))
	if err != nil {
		return a, fmt.Errorf("truemoney: %w", deposit.ErrUnavailable)
	}
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.http.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // the URL names the voucher and the wallet's number
		}
		return a, fmt.Errorf("truemoney: %v: %w", err, deposit.ErrUnavailable)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil || json.Unmarshal(raw, &a) != nil {
		return a, fmt.Errorf("truemoney: status %d, unreadable answer: %w", resp.StatusCode, deposit.ErrUnavailable)
	}
	if a.Status.Code == "SUCCESS" && resp.StatusCode == http.StatusOK {
		return a, nil
	}
	if code, ok := codes[a.Status.Code]; ok && resp.StatusCode >= 400 && resp.StatusCode < 500 {
		return a, &deposit.Refused{Code: code, Reason: a.Status.Code}
	}
	return a, fmt.Errorf("truemoney: status %d code %q: %w", resp.StatusCode, a.Status.Code, deposit.ErrUnavailable)
}

package slip

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

	"ngern/core/deposit"
	"ngern/core/limits"
	"ngern/core/money"
	"ngern/core/settings"
)

// SlipOK is a client of SlipOK (slipok.com), a Thai slip-verification
// service that resolves a slip's mini-QR through the banks. It sends the
// QR text (never the image), with the log option off: Ngern keeps its own
// record of used references.
//
//	POST {BaseURL}/{BranchID}
//	x-authorization: {APIKey}
//	{"data": "<qr text>", "log": false}
//
// 200 {"success": true, "data": {"success": true, "transRef", "sendingBank": "004", "receivingBank": "014",
// "transDate": "20261120", "transTime": "17:00:00", "transTimestamp", "amount": 1500.5,
// "sender": {"displayName", "name", "account": {"type": "BANKAC", "value": "xxx-x-x4321-x"}},
// "receiver": {…}}}; an error is a 4xx {"code": 1007, "message": "…"}.
type SlipOK struct {
	cfg  SlipOKConfig
	http *http.Client
	ours map[string]string // BOT code → our bank code
}

// SlipOKConfig configures the client.
type SlipOKConfig struct {
	BaseURL  string // default https://api.slipok.com/api/line/apikey
	BranchID string
	APIKey   string
	Timeout  time.Duration // per call; 0: 15 s
	// HTTPClient replaces the default client (tests).
	HTTPClient *http.Client
}

// DefaultSlipOKURL is the service's API base.
const DefaultSlipOKURL = "https://api.slipok.com/api/line/apikey"

// NewSlipOK returns a SlipOK client.
func NewSlipOK(cfg SlipOKConfig) (*SlipOK, error) {
	if cfg.BaseURL == "" {
		cfg.BaseURL = DefaultSlipOKURL
	}
	if _, err := url.Parse(cfg.BaseURL); err != nil || cfg.BranchID == "" || cfg.APIKey == "" {
		return nil, fmt.Errorf("slipok: a base URL, a branch id and an API key are needed")
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 15 * time.Second
	}
	c := cfg.HTTPClient
	if c == nil {
		c = &http.Client{}
	}
	s := &SlipOK{cfg: cfg, http: c, ours: map[string]string{}}
	for _, b := range settings.DefaultBanks() {
		if b.BOTCode != "" {
			s.ours[b.BOTCode] = b.Code
		}
	}
	return s, nil
}

var _ deposit.SlipVerifier = (*SlipOK)(nil)

// slipOKRefusals are the service's codes that say the slip is not a real
// transaction: no QR, not a slip's QR, not found at the bank. Every other
// code (auth, quota, bank delayed, …) is an outage of ours to fix, so the
// slip waits in review.
var slipOKRefusals = map[int]bool{1006: true, 1007: true, 1008: true, 1011: true}

type slipOKParty struct {
	DisplayName string `json:"displayName"`
	Name        string `json:"name"`
	Account     struct {
		Value string `json:"value"`
	} `json:"account"`
}

type slipOKAnswer struct {
	Success bool `json:"success"`
	Data    struct {
		Success        bool        `json:"success"`
		TransRef       string      `json:"transRef"`
		SendingBank    string      `json:"sendingBank"`
		ReceivingBank  string      `json:"receivingBank"`
		TransDate      string      `json:"transDate"`
		TransTime      string      `json:"transTime"`
		TransTimestamp string      `json:"transTimestamp"`
		Amount         json.Number `json:"amount"`
		Sender         slipOKParty `json:"sender"`
		Receiver       slipOKParty `json:"receiver"`
	} `json:"data"`
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// Verify implements deposit.SlipVerifier: one call, its timeout bounded by
// ctx.
func (s *SlipOK) Verify(ctx context.Context, q deposit.SlipQR) (deposit.Transaction, error) {
	unavailable := func(format string, a ...any) (deposit.Transaction, error) {
		return deposit.Transaction{}, fmt.Errorf("slipok: "+format+": %w", append(a, deposit.ErrUnavailable)...)
	}
	ctx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	body, _ := json.Marshal(map[string]any{"data": q.Payload, "log": false})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost,
		strings.TrimSuffix(s.cfg.BaseURL, "/")+"/"+url.PathEscape(s.cfg.BranchID), bytes.NewReader(body))
	if err != nil {
		return unavailable("request")
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("x-authorization", s.cfg.APIKey)
	resp, err := s.http.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // the URL holds the branch id; keep it out of logs
		}
		return unavailable("%v", err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return unavailable("reading the answer")
	}
	var a slipOKAnswer
	if err := json.Unmarshal(raw, &a); err != nil {
		return unavailable("status %d, unreadable answer", resp.StatusCode)
	}
	switch {
	case resp.StatusCode >= 400 && resp.StatusCode < 500 && a.Code != 0:
		if slipOKRefusals[a.Code] {
			return deposit.Transaction{}, &deposit.Refused{Code: deposit.NoteInvalidSlip, Reason: "SLIPOK_" + strconv.Itoa(a.Code)}
		}
		return unavailable("code %d", a.Code)
	case resp.StatusCode != http.StatusOK || !a.Success || !a.Data.Success:
		return unavailable("status %d", resp.StatusCode)
	}
	d := a.Data
	amount, err := money.Parse(d.Amount.String())
	if err != nil || amount <= 0 {
		return unavailable("amount %q", d.Amount)
	}
	at, err := slipOKTime(d.TransTimestamp, d.TransDate, d.TransTime)
	if err != nil {
		return unavailable("time")
	}
	from, ok1 := s.ours[d.SendingBank]
	to, ok2 := s.ours[d.ReceivingBank]
	if !ok1 || !ok2 || d.TransRef == "" {
		return unavailable("unknown bank %q or %q", d.SendingBank, d.ReceivingBank)
	}
	party := func(p slipOKParty, bank string) deposit.Party {
		name := p.Name
		if name == "" {
			name = p.DisplayName
		}
		return deposit.Party{BankCode: bank, AccountNo: p.Account.Value, Name: name}
	}
	return deposit.Transaction{TransRef: d.TransRef, Amount: amount, TransferredAt: at,
		Sender: party(d.Sender, from), Receiver: party(d.Receiver, to)}, nil
}

// slipOKTime reads the transfer time: the ISO timestamp when given, else
// the Thai-time date (YYYYMMDD) and time (HH:MM:SS).
func slipOKTime(ts, date, clock string) (time.Time, error) {
	if ts != "" {
		if t, err := time.Parse(time.RFC3339Nano, ts); err == nil {
			return t.UTC(), nil
		}
	}
	t, err := time.ParseInLocation("20060102 15:04:05", date+" "+clock, limits.Zone)
	return t.UTC(), err
}

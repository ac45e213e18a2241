// Package bankfeed holds deposit.BankFeed adapters other than the simulated
// bank: Webhook takes signed notifications of incoming transfers from a
// bank's payment-notification API or a relay of ours; SMSForwarder takes the
// bank's SMS as an SMS-forwarder app on the receiving account's phone posts
// it.
package bankfeed

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"ngern/core/deposit"
	"ngern/core/money"
)

// Webhook is a deposit.BankFeed over HTTP. A notification is
//
//	POST {path} {"ref", "target", "amount", "at", "fromBankCode"?, "fromAccountNo"?, "fromName"?}
//	X-Ngern-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>." + raw body)>
//
// with the shared secret; the timestamp must be within 5 minutes. target is
// the account credited: the PromptPay target, or a receiving account's
// number (possibly masked). The from fields are the sender as the bank
// gives it (our bank code, the number often masked, the name often
// truncated): without them a transfer to a receiving account waits in
// review. It answers
// 200 when the transfer is recorded (or was before: a repeated ref changes
// nothing), 401 on a bad signature or body, 503 when it could not be
// recorded (the sender retries).
type Webhook struct {
	secret []byte
	now    func() time.Time
	log    *slog.Logger

	mu sync.Mutex
	fn func(ctx context.Context, c deposit.BankCredit) error
}

var _ deposit.BankFeed = (*Webhook)(nil)

// NewWebhook returns a feed checking notifications with secret (at least 16 bytes).
func NewWebhook(secret []byte, now func() time.Time, log *slog.Logger) (*Webhook, error) {
	if len(secret) < 16 {
		return nil, errors.New("bank feed: the secret must be at least 16 bytes")
	}
	if now == nil {
		now = time.Now
	}
	if log == nil {
		log = slog.Default()
	}
	return &Webhook{secret: secret, now: now, log: log}, nil
}

// Listen registers the function transfers are given to.
func (w *Webhook) Listen(fn func(ctx context.Context, c deposit.BankCredit) error) {
	w.mu.Lock()
	w.fn = fn
	w.mu.Unlock()
}

type notification struct {
	Ref    string       `json:"ref"`
	Target string       `json:"target"`
	Amount money.Satang `json:"amount"`
	At     time.Time    `json:"at"`
	// The sender, as the bank gives it (optional).
	FromBankCode  string `json:"fromBankCode"`
	FromAccountNo string `json:"fromAccountNo"`
	FromName      string `json:"fromName"`
}

func answer(rw http.ResponseWriter, status int, message string) {
	rw.Header().Set("Content-Type", "application/json")
	rw.WriteHeader(status)
	// The status is sent: a failed write of the body has no one left to tell.
	_ = json.NewEncoder(rw).Encode(map[string]string{"message": message})
}

func (w *Webhook) ServeHTTP(rw http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		answer(rw, http.StatusMethodNotAllowed, "METHOD_NOT_ALLOWED")
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(rw, r.Body, 16<<10))
	if err != nil {
		answer(rw, http.StatusRequestEntityTooLarge, "PAYLOAD_TOO_LARGE")
		return
	}
	if err := deposit.VerifySignature(w.secret, r.Header.Get(deposit.SignatureHeader), body, w.now()); err != nil {
		w.log.Warn("bank feed: notification refused", "err", err)
		answer(rw, http.StatusUnauthorized, "INVALID_SIGNATURE")
		return
	}
	var n notification
	if err := json.Unmarshal(body, &n); err != nil || strings.TrimSpace(n.Ref) == "" || n.Target == "" || n.Amount <= 0 {
		answer(rw, http.StatusUnauthorized, "INVALID_SIGNATURE")
		return
	}
	w.mu.Lock()
	fn := w.fn
	w.mu.Unlock()
	if fn == nil {
		answer(rw, http.StatusServiceUnavailable, "SERVICE_UNAVAILABLE")
		return
	}
	if err := fn(r.Context(), deposit.BankCredit{Ref: "feed:" + n.Ref, Target: n.Target, Amount: n.Amount, At: n.At,
		Sender: deposit.Party{BankCode: strings.ToUpper(strings.TrimSpace(n.FromBankCode)), AccountNo: strings.TrimSpace(n.FromAccountNo),
			Name: strings.TrimSpace(n.FromName)}}); err != nil {
		w.log.Error("bank feed: transfer not recorded", "ref", n.Ref, "err", err)
		answer(rw, http.StatusServiceUnavailable, "SERVICE_UNAVAILABLE")
		return
	}
	answer(rw, http.StatusOK, "SUCCESS")
}

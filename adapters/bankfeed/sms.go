package bankfeed

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"ngern/core/deposit"
	"ngern/core/limits"
	"ngern/core/money"
)

// SMSForwarder is a deposit.BankFeed fed by an SMS-forwarder app on the
// phone that receives the bank's SMS alerts of a receiving account
// (KBank's "SMS Transaction Alert"). The app is "SMS to URL forwarder"
// (github.com/bogkonstantin/android_income_sms_gateway_webhook), whose
// documented request is
//
//	POST {path}  Content-Type: application/json
//	{"from": "KBank", "text": "<the SMS>", "sentStamp": <ms>, "receivedStamp": <ms>, "sim": "..."}
//
// with a header the operator adds in the app, X-Ngern-Token: <token>. The
// SMS texts read are KBank's incoming-transfer alerts, in its two shapes:
//
//	24/10 12:34 บช X-123456 รับโอนจาก X-654321 1,234.56 คงเหลือ 9,999.99 บ.   (from another KBank account)
//	09/12/68 11:14 บช X-0314 เงินเข้า 2,000.02 คงเหลือ 3,515.09 บ.          (from another bank)
//
// The first shows the sender's KBank account, masked, and no name; the
// second no sender at all: such a transfer is never credited by itself
// (it waits in review, the members the digits fit listed). An SMS carries
// no bank reference: the reference is a hash of the sender address and the
// text, whose balance after the transfer makes it unique, so the app's
// retries of one SMS record it once. Other SMS (withdrawals, OTPs) are
// acknowledged and ignored.
type SMSForwarder struct {
	token []byte
	now   func() time.Time
	log   *slog.Logger

	mu sync.Mutex
	fn func(ctx context.Context, c deposit.BankCredit) error
}

var _ deposit.BankFeed = (*SMSForwarder)(nil)

// SMSTokenHeader carries the forwarder's shared token.
const SMSTokenHeader = "X-Ngern-Token"

// NewSMSForwarder returns the feed checking deliveries with token (at
// least 16 bytes).
func NewSMSForwarder(token []byte, now func() time.Time, log *slog.Logger) (*SMSForwarder, error) {
	if len(token) < 16 {
		return nil, errors.New("sms forwarder: the token must be at least 16 bytes")
	}
	if now == nil {
		now = time.Now
	}
	if log == nil {
		log = slog.Default()
	}
	return &SMSForwarder{token: token, now: now, log: log}, nil
}

// Listen registers the function transfers are given to.
func (f *SMSForwarder) Listen(fn func(ctx context.Context, c deposit.BankCredit) error) {
	f.mu.Lock()
	f.fn = fn
	f.mu.Unlock()
}

type forwarded struct {
	From          string `json:"from"`
	Text          string `json:"text"`
	SentStamp     int64  `json:"sentStamp"`
	ReceivedStamp int64  `json:"receivedStamp"`
}

var kbankSMS = regexp.MustCompile(`^\s*(\d{2})/(\d{2})(?:/(\d{2}))?\s+(\d{2}):(\d{2})\s+บช\s+X-?(\d{4,6})\s+` +
	`(?:รับโอนจาก\s+X-?(\d{4,6})|เงินเข้า)\s+([\d,]+\.\d{2})`)

// ParseKBankSMS reads a KBank incoming-transfer alert: the credit (without
// Ref) and whether the text is one. An alert without a year is of the year
// it was received, or the one before when its date would lie ahead.
func ParseKBankSMS(text string, received time.Time) (deposit.BankCredit, bool) {
	m := kbankSMS.FindStringSubmatch(text)
	if m == nil {
		return deposit.BankCredit{}, false
	}
	day, _ := strconv.Atoi(m[1])
	month, _ := strconv.Atoi(m[2])
	hour, _ := strconv.Atoi(m[4])
	minute, _ := strconv.Atoi(m[5])
	local := received.In(limits.Zone)
	year := local.Year()
	if m[3] != "" {
		yy, _ := strconv.Atoi(m[3])
		year = 2500 + yy - 543 // a Buddhist-era year's last two digits (68: 2568, 2025)
	}
	at := time.Date(year, time.Month(month), day, hour, minute, 0, 0, limits.Zone)
	if m[3] == "" && at.After(local.Add(24*time.Hour)) {
		at = at.AddDate(-1, 0, 0)
	}
	if month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 {
		return deposit.BankCredit{}, false
	}
	amount, err := money.Parse(strings.ReplaceAll(m[8], ",", ""))
	if err != nil || amount <= 0 {
		return deposit.BankCredit{}, false
	}
	c := deposit.BankCredit{Target: "X" + m[6], Amount: amount, At: at.UTC()}
	if m[7] != "" {
		c.Sender = deposit.Party{BankCode: "KBANK", AccountNo: "X" + m[7]}
	}
	return c, true
}

func (f *SMSForwarder) ServeHTTP(rw http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		answer(rw, http.StatusMethodNotAllowed, "METHOD_NOT_ALLOWED")
		return
	}
	if subtle.ConstantTimeCompare([]byte(r.Header.Get(SMSTokenHeader)), f.token) != 1 {
		f.log.Warn("sms forwarder: delivery refused: bad token")
		answer(rw, http.StatusUnauthorized, "INVALID_SIGNATURE")
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(rw, r.Body, 16<<10))
	if err != nil {
		answer(rw, http.StatusRequestEntityTooLarge, "PAYLOAD_TOO_LARGE")
		return
	}
	var d forwarded
	if err := json.Unmarshal(body, &d); err != nil || strings.TrimSpace(d.Text) == "" {
		answer(rw, http.StatusBadRequest, "INVALID_REQUEST")
		return
	}
	received := f.now()
	if d.ReceivedStamp > 0 {
		received = time.UnixMilli(d.ReceivedStamp)
	}
	c, ok := ParseKBankSMS(d.Text, received)
	if !ok {
		answer(rw, http.StatusOK, "IGNORED") // not an incoming transfer: nothing to record
		return
	}
	sum := sha256.Sum256([]byte(strings.TrimSpace(d.From) + "\n" + strings.TrimSpace(d.Text)))
	c.Ref = "sms:" + hex.EncodeToString(sum[:12])
	f.mu.Lock()
	fn := f.fn
	f.mu.Unlock()
	if fn == nil {
		answer(rw, http.StatusServiceUnavailable, "SERVICE_UNAVAILABLE")
		return
	}
	if err := fn(r.Context(), c); err != nil {
		f.log.Error("sms forwarder: transfer not recorded", "ref", c.Ref, "err", err)
		answer(rw, http.StatusServiceUnavailable, "SERVICE_UNAVAILABLE")
		return
	}
	answer(rw, http.StatusOK, "SUCCESS")
}

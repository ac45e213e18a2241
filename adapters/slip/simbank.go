package slip

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"time"

	"ngern/core/deposit"
	"ngern/core/limits"
	"ngern/core/money"
	"ngern/core/settings"
)

// SimBank is a simulated bank for demos and tests: it makes transfers
// between any accounts, renders their e-slips (PNG, with the mini-QR) and
// verifies slips in-process as a verification service would, masking
// account numbers as banks do. Its transfers live in memory: a restart
// forgets them (their slips then go to review).
//
// HTTP, under PathPrefix (e.g. /sim), without auth — mount it only when no
// real verifier is configured:
//
//	POST /bank/transfers {fromBankCode, fromAccountNo, toBankCode, toAccountNo, amount, transferredAt?, fromName?, toName?, notify?}
//	  → 201 {transRef, qrPayload, slipUrl}
//	GET  /bank/slips/{transRef}.png[?lang=th] → the slip image, printed in English or Thai
type SimBank struct {
	prefix string
	holder func(ctx context.Context, bankCode, accountNo string) (string, error)
	now    func() time.Time
	log    *slog.Logger
	bot    map[string]string // our bank code → BOT code
	ours   map[string]string // BOT code → ours

	mu        sync.Mutex
	transfers map[string]simTransfer // by BOT code + ref
	listen    func(ctx context.Context, c deposit.BankCredit) error
}

type simTransfer struct {
	botCode string
	tx      deposit.Transaction
}

// SimBankConfig configures a SimBank.
type SimBankConfig struct {
	PathPrefix string
	Now        func() time.Time
	Log        *slog.Logger
	// Holder answers the registered holder's name of a member's bank
	// account ("" when no member has it): the sender's name a transfer's
	// notification shows when the request names none.
	Holder func(ctx context.Context, bankCode, accountNo string) (string, error)
}

// NewSimBank returns a simulated bank knowing the Thai banks of the
// directory.
func NewSimBank(cfg SimBankConfig) *SimBank {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	b := &SimBank{prefix: strings.TrimSuffix(cfg.PathPrefix, "/"), holder: cfg.Holder, now: cfg.Now, log: cfg.Log, bot: map[string]string{},
		ours: map[string]string{}, transfers: map[string]simTransfer{}}
	for _, bank := range settings.DefaultBanks() {
		if bank.BOTCode != "" {
			b.bot[bank.Code], b.ours[bank.BOTCode] = bank.BOTCode, bank.Code
		}
	}
	return b
}

var _ deposit.SlipVerifier = (*SimBank)(nil)

var _ deposit.BankFeed = (*SimBank)(nil)

// Listen makes the simulated bank a deposit.BankFeed: every transfer it
// makes is told to fn (before the transfer answers), as a bank's payment
// notification tells of a credit to the operator's PromptPay target or
// receiving account: the sender's account masked as banks do (its last
// four digits) and the holder's name truncated to the first name and the
// surname's first letter, in the script the name is registered in.
func (b *SimBank) Listen(fn func(ctx context.Context, c deposit.BankCredit) error) {
	b.mu.Lock()
	b.listen = fn
	b.mu.Unlock()
}

// Transfer is a transfer request of the simulated bank.
type Transfer struct {
	FromBankCode  string       `json:"fromBankCode"`
	FromAccountNo string       `json:"fromAccountNo"`
	FromName      string       `json:"fromName"`
	ToBankCode    string       `json:"toBankCode"`
	ToAccountNo   string       `json:"toAccountNo"`
	ToName        string       `json:"toName"`
	Amount        money.Satang `json:"amount"`
	TransferredAt *time.Time   `json:"transferredAt"`
	// Notify false: the bank tells no feed of the transfer (a bank without
	// notifications, where only the slip proves it). Default true.
	Notify *bool `json:"notify"`
}

// Receipt is what a transfer answers.
type Receipt struct {
	TransRef  string `json:"transRef"`
	QRPayload string `json:"qrPayload"`
	SlipURL   string `json:"slipUrl"`
}

var simAccountRe = regexp.MustCompile(`^[0-9]{6,20}$`)

// Make records a transfer and returns its receipt.
func (b *SimBank) Make(t Transfer) (Receipt, error) {
	t.FromAccountNo = strings.ReplaceAll(t.FromAccountNo, "-", "")
	t.ToAccountNo = strings.ReplaceAll(t.ToAccountNo, "-", "")
	fromBOT, ok1 := b.bot[t.FromBankCode]
	_, ok2 := b.bot[t.ToBankCode]
	switch {
	case !ok1 || !ok2:
		return Receipt{}, fmt.Errorf("unknown bank code")
	case !simAccountRe.MatchString(t.FromAccountNo) || !simAccountRe.MatchString(t.ToAccountNo):
		return Receipt{}, fmt.Errorf("account numbers are 6 to 20 digits")
	case t.Amount <= 0 || t.Amount > money.Max:
		return Receipt{}, fmt.Errorf("amount must be positive")
	}
	at := b.now().UTC()
	if t.TransferredAt != nil {
		at = t.TransferredAt.UTC()
	}
	ref := simRef(at)
	name := func(n, def string) string {
		if n = strings.TrimSpace(n); n == "" || len(n) > 60 {
			return def
		}
		return n
	}
	tx := deposit.Transaction{TransRef: ref, Amount: t.Amount, TransferredAt: at,
		Sender:   deposit.Party{BankCode: t.FromBankCode, AccountNo: MaskAccount(t.FromAccountNo), Name: name(t.FromName, "SENDER")},
		Receiver: deposit.Party{BankCode: t.ToBankCode, AccountNo: MaskAccount(t.ToAccountNo), Name: name(t.ToName, "RECEIVER")}}
	b.mu.Lock()
	b.transfers[fromBOT+":"+ref] = simTransfer{botCode: fromBOT, tx: tx}
	listen := b.listen
	b.mu.Unlock()
	if listen != nil && (t.Notify == nil || *t.Notify) {
		holder := strings.TrimSpace(t.FromName)
		if holder == "" && b.holder != nil {
			var err error
			if holder, err = b.holder(context.Background(), t.FromBankCode, t.FromAccountNo); err != nil {
				b.log.Warn("simulated bank: the sender's name is unknown", "err", err)
			}
		}
		c := deposit.BankCredit{Ref: fromBOT + ":" + ref, Target: t.ToAccountNo, Amount: t.Amount, At: at,
			Sender: deposit.Party{BankCode: t.FromBankCode, AccountNo: MaskAccount(t.FromAccountNo), Name: TruncateName(holder)}}
		if err := listen(context.Background(), c); err != nil {
			b.log.Error("simulated bank: the bank feed refused a transfer", "ref", ref, "err", err)
		}
	}
	return Receipt{TransRef: ref, QRPayload: deposit.BuildSlipQR(fromBOT, ref),
		SlipURL: b.prefix + "/bank/slips/" + fromBOT + "-" + ref + ".png"}, nil
}

// TruncateName shows a holder's name as banks do in notifications: the
// first name and the surname's first letter ("SOMCHAI J", "สมชาย ใ").
func TruncateName(name string) string {
	w := strings.Fields(name)
	if len(w) < 2 {
		return strings.Join(w, " ")
	}
	return w[0] + " " + string([]rune(w[1])[0])
}

// simRef is a bank-like reference: the date and 14 random characters.
func simRef(at time.Time) string {
	const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789"
	buf := make([]byte, 14)
	rand.Read(buf)
	for i := range buf {
		buf[i] = alphabet[int(buf[i])%len(alphabet)]
	}
	return at.In(limits.Zone).Format("060102") + string(buf)
}

// Verify implements deposit.SlipVerifier.
func (b *SimBank) Verify(ctx context.Context, q deposit.SlipQR) (deposit.Transaction, error) {
	if err := ctx.Err(); err != nil {
		return deposit.Transaction{}, fmt.Errorf("%v: %w", err, deposit.ErrUnavailable)
	}
	b.mu.Lock()
	t, ok := b.transfers[q.SendingBank+":"+q.TransRef]
	b.mu.Unlock()
	if !ok {
		return deposit.Transaction{}, &deposit.Refused{Code: deposit.NoteInvalidSlip, Reason: "TRANSACTION_NOT_FOUND"}
	}
	return t.tx, nil
}

// ServeHTTP serves the bank's two calls.
func (b *SimBank) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	path, ok := strings.CutPrefix(r.URL.Path, b.prefix+"/bank/")
	if !ok {
		http.NotFound(w, r)
		return
	}
	switch {
	case r.Method == http.MethodPost && path == "transfers":
		var t Transfer
		if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16)).Decode(&t); err != nil {
			simError(w, http.StatusBadRequest, "bad JSON")
			return
		}
		rc, err := b.Make(t)
		if err != nil {
			simError(w, http.StatusBadRequest, err.Error())
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusCreated)
		_ = json.NewEncoder(w).Encode(rc)
	case r.Method == http.MethodGet && strings.HasPrefix(path, "slips/") && strings.HasSuffix(path, ".png"):
		key := strings.TrimSuffix(strings.TrimPrefix(path, "slips/"), ".png")
		bot, ref, _ := strings.Cut(key, "-")
		b.mu.Lock()
		t, ok := b.transfers[bot+":"+ref]
		b.mu.Unlock()
		if !ok {
			simError(w, http.StatusNotFound, "no such transfer")
			return
		}
		img, err := Render(SlipImage{BankCode: b.ours[t.botCode], BOTCode: t.botCode, TransRef: t.tx.TransRef,
			Amount: t.tx.Amount, From: t.tx.Sender, To: t.tx.Receiver, TransferredAt: t.tx.TransferredAt,
			Lang: r.URL.Query().Get("lang")}) // ?lang=th: printed in Thai
		if err != nil {
			b.log.Error("slip render", "err", err)
			simError(w, http.StatusInternalServerError, "render failed")
			return
		}
		w.Header().Set("Content-Type", "image/png")
		w.Header().Set("Content-Disposition", `attachment; filename="slip-`+t.tx.TransRef+`.png"`)
		w.Write(img)
	default:
		simError(w, http.StatusNotFound, "not found")
	}
}

func simError(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]string{"error": msg})
}

// Manual is the verifier of a deployment that checks every slip by hand:
// it answers unavailable, so each slip goes to the review queue.
type Manual struct{}

// Verify implements deposit.SlipVerifier.
func (Manual) Verify(context.Context, deposit.SlipQR) (deposit.Transaction, error) {
	return deposit.Transaction{}, fmt.Errorf("manual verification: %w", deposit.ErrUnavailable)
}

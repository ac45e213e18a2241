package hub88

import (
	"bytes"
	"context"
	"crypto/rsa"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strings"

	"ngern/core/seamless"
)

// maxBody bounds a callback's body: Hub88's are well under a kilobyte.
const maxBody = 64 << 10

// The Wallet API paths, after the prefix the handler is mounted at.
const (
	PathUserInfo    = "/user/info"
	PathBalance     = "/user/balance"
	PathBet         = "/transaction/bet"
	PathWin         = "/transaction/win"
	PathRollback    = "/transaction/rollback"
	walletPathCount = 5
)

// Paths are the Wallet API's paths.
var Paths = [walletPathCount]string{PathUserInfo, PathBalance, PathBet, PathWin, PathRollback}

// HandlerConfig configures the Wallet API handler.
type HandlerConfig struct {
	Wallet seamless.Wallet
	// Hub88Key is Hub88's public key: every call must be signed with it.
	Hub88Key *rsa.PublicKey
	// Key is our private key: every answer is signed with it.
	Key *rsa.PrivateKey
	// Provider is the callbacks' provider code (Code when empty).
	Provider string
	Log      *slog.Logger
}

// Handler serves Hub88's Wallet API calls (POST …/user/info,
// …/user/balance, …/transaction/bet, …/transaction/win,
// …/transaction/rollback). It answers HTTP 200 with the documented body
// and status, signed, whatever happened; a call whose signature does not
// verify changes nothing.
type Handler struct {
	cfg HandlerConfig
}

// NewHandler returns the Wallet API handler.
func NewHandler(cfg HandlerConfig) (*Handler, error) {
	if cfg.Wallet == nil || cfg.Hub88Key == nil || cfg.Key == nil {
		return nil, errors.New("hub88: the handler needs the wallet, Hub88's public key and our private key")
	}
	if cfg.Provider == "" {
		cfg.Provider = Code
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	return &Handler{cfg: cfg}, nil
}

// request is every field of the Wallet API's requests that Ngern reads;
// the others (supplier_user, supplier_transaction_id, reward_uuid, bet,
// meta, …) are accepted and ignored.
type request struct {
	RequestUUID string `json:"request_uuid"`
	User        string `json:"user"`
	Token       string `json:"token"`
	GameCode    string `json:"game_code"`
	Transaction string `json:"transaction_uuid"`
	Reference   string `json:"reference_transaction_uuid"`
	Round       string `json:"round"`
	RoundClosed bool   `json:"round_closed"`
	Currency    string `json:"currency"`
	Amount      *int64 `json:"amount"`
	IsFree      bool   `json:"is_free"`
}

// answer is a Wallet API answer. Balance and currency go with RS_OK and,
// as the documentation asks, with RS_ERROR_NOT_ENOUGH_MONEY.
type answer struct {
	User        string `json:"user,omitempty"`
	Status      Status `json:"status"`
	RequestUUID string `json:"request_uuid"`
	Currency    string `json:"currency,omitempty"`
	Balance     *int64 `json:"balance,omitempty"`
	Country     string `json:"country,omitempty"`
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	// The signature first: nothing of a call that fails it is used but its
	// request_uuid, echoed as every answer echoes it.
	if err != nil || !Verify(h.cfg.Hub88Key, body, r.Header.Get(SignatureHeader)) {
		h.reply(w, answer{Status: ErrorSignature, RequestUUID: requestUUID(body)})
		return
	}
	path := r.URL.Path
	if r.Method != http.MethodPost {
		h.reply(w, answer{Status: ErrorWrongSyntax, RequestUUID: requestUUID(body)})
		return
	}
	var req request
	if status := decode(body, &req); status != OK {
		h.reply(w, answer{Status: status, RequestUUID: requestUUID(body)})
		return
	}
	var a answer
	switch {
	case strings.HasSuffix(path, PathUserInfo):
		a = h.userInfo(r.Context(), req)
	case strings.HasSuffix(path, PathBalance):
		a = h.balance(r.Context(), req)
	case strings.HasSuffix(path, PathBet), strings.HasSuffix(path, PathWin), strings.HasSuffix(path, PathRollback):
		a = h.transaction(r.Context(), path, req)
	default:
		a = answer{Status: ErrorWrongSyntax}
	}
	a.RequestUUID = req.RequestUUID
	h.reply(w, a)
}

// decode reads a request: a body that is not a JSON object is
// RS_ERROR_WRONG_SYNTAX, a field of another type RS_ERROR_WRONG_TYPES.
func decode(body []byte, req *request) Status {
	err := json.NewDecoder(bytes.NewReader(body)).Decode(req)
	var typeErr *json.UnmarshalTypeError
	switch {
	case errors.As(err, &typeErr):
		return ErrorWrongTypes
	case err != nil:
		return ErrorWrongSyntax
	case req.RequestUUID == "":
		return ErrorWrongSyntax
	}
	return OK
}

// requestUUID is a body's request_uuid, if it has one, for the echo.
func requestUUID(body []byte) string {
	var v struct {
		RequestUUID string `json:"request_uuid"`
	}
	_ = json.Unmarshal(body, &v) // best effort: a body without one echoes ""
	return v.RequestUUID
}

func (h *Handler) userInfo(ctx context.Context, req request) answer {
	if req.User == "" {
		return answer{Status: ErrorWrongSyntax}
	}
	// The documented call carries no token; one, if Hub88 sends it, is
	// passed on (docs/adapters.md, "Hub88").
	p, err := h.cfg.Wallet.Player(ctx, h.cfg.Provider, req.Token, req.User)
	if err != nil {
		return h.failure(req, seamless.Answer{}, err)
	}
	return answer{User: req.User, Status: OK, Country: p.Country}
}

func (h *Handler) balance(ctx context.Context, req request) answer {
	if req.Token == "" {
		return answer{Status: ErrorWrongSyntax}
	}
	a, err := h.cfg.Wallet.Balance(ctx, h.cfg.Provider, req.Token, req.User)
	if err != nil {
		return h.failure(req, a, err)
	}
	return success(req, a)
}

// transaction translates a bet, a win or a rollback into a callback of
// the seamless wallet and its answer back.
func (h *Handler) transaction(ctx context.Context, path string, req request) answer {
	c := seamless.Callback{Provider: h.cfg.Provider, TxID: req.Transaction, Token: req.Token, Player: req.User,
		RoundID: req.Round, Game: req.GameCode, Currency: req.Currency, RefTxID: req.Reference, RoundClosed: req.RoundClosed}
	rollback := strings.HasSuffix(path, PathRollback)
	if req.Transaction == "" || req.Token == "" || (rollback && req.Reference == "") ||
		(!rollback && (req.Amount == nil || req.Currency == "")) {
		return answer{Status: ErrorWrongSyntax}
	}
	if req.Amount != nil {
		amount, err := ToSatang(*req.Amount)
		if err != nil {
			return answer{Status: ErrorWrongTypes}
		}
		c.Amount = amount
	}
	var a seamless.Answer
	var err error
	switch {
	case rollback:
		// A rollback gives back what its bet took: the amount is the bet's,
		// whatever the call says.
		c.Amount, c.Currency = 0, ""
		a, err = h.cfg.Wallet.Rollback(ctx, c)
	case strings.HasSuffix(path, PathWin):
		a, err = h.cfg.Wallet.Win(ctx, c)
	default:
		if req.IsFree {
			// Ngern grants no Hub88 free bets (it does not use the Freebets
			// API), so a free bet is not the member's money to take.
			h.cfg.Log.Warn("hub88 free bet refused", "transaction", req.Transaction, "round", req.Round)
			return answer{User: req.User, Status: ErrorUnknown}
		}
		a, err = h.cfg.Wallet.Bet(ctx, c)
	}
	if err != nil {
		return h.failure(req, a, err)
	}
	return success(req, a)
}

func success(req request, a seamless.Answer) answer {
	b := FromSatang(a.Balance)
	return answer{User: req.User, Status: OK, Currency: a.Currency, Balance: &b}
}

// statuses maps the seamless wallet's errors to Hub88's statuses.
var statuses = []struct {
	err    error
	status Status
}{
	{seamless.ErrToken, ErrorInvalidToken},
	{seamless.ErrTokenExpired, ErrorTokenExpired},
	{seamless.ErrBlocked, ErrorUserDisabled},
	{seamless.ErrInsufficient, ErrorNotEnoughMoney},
	{seamless.ErrMismatch, ErrorDuplicate},
	{seamless.ErrRolledBack, ErrorRolledBack},
	{seamless.ErrCurrency, ErrorWrongCurrency},
	{seamless.ErrGame, ErrorInvalidGame},
	{seamless.ErrInvalid, ErrorWrongSyntax},
}

// failure answers an error of the wallet: its status, with the balance
// when the wallet is short (Hub88 asks for it); anything else is
// RS_ERROR_UNKNOWN, its cause logged only.
func (h *Handler) failure(req request, a seamless.Answer, err error) answer {
	for _, s := range statuses {
		if !errors.Is(err, s.err) {
			continue
		}
		out := answer{User: req.User, Status: s.status}
		if s.status == ErrorNotEnoughMoney {
			b := FromSatang(a.Balance)
			out.Currency, out.Balance = a.Currency, &b
		}
		return out
	}
	h.cfg.Log.Error("hub88 callback failed", "request", req.RequestUUID, "transaction", req.Transaction, "err", err)
	return answer{User: req.User, Status: ErrorUnknown}
}

// reply writes a, signed with our key, always with HTTP 200.
func (h *Handler) reply(w http.ResponseWriter, a answer) {
	body, err := json.Marshal(a)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	sig, err := Sign(h.cfg.Key, body)
	if err != nil {
		h.cfg.Log.Error("hub88 answer not signed", "err", err)
		http.Error(w, "signing failed", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set(SignatureHeader, sig)
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(body) // the caller gone, nothing more to do
}

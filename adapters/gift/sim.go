package gift

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"time"

	"ngern/core/money"
)

// Sim is a simulated TrueMoney: it makes gift vouchers and serves the
// gift API (verify, redeem) with TrueMoney's answers, so the TrueMoney
// client runs against it unchanged. Vouchers live in memory.
//
// Under PathPrefix (e.g. /sim/truemoney), without auth — mounted only
// when no real TrueMoney is configured:
//
//	POST /vouchers {amount, member?, expired?, ownerMobile?} → 201 {link, hash}
//	GET  /campaign/vouchers/{hash}/verify?mobile=
//	POST /campaign/vouchers/{hash}/redeem {mobile, voucher_hash}
type Sim struct {
	prefix string
	now    func() time.Time

	mu       sync.Mutex
	vouchers map[string]*simVoucher
}

type simVoucher struct {
	amount  money.Satang
	member  int
	expired bool
	owner   string
	tickets map[string]money.Satang // mobile → amount
}

// NewSim returns a simulated TrueMoney mounted under prefix.
func NewSim(prefix string) *Sim {
	return &Sim{prefix: strings.TrimSuffix(prefix, "/"), now: time.Now, vouchers: map[string]*simVoucher{}}
}

// Transport serves the client's requests with the simulator in-process,
// without a network.
func (s *Sim) Transport() http.RoundTripper { return handlerTransport{s} }

type handlerTransport struct{ h http.Handler }

func (t handlerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if err := r.Context().Err(); err != nil {
		return nil, err
	}
	rec := httptest.NewRecorder()
	t.h.ServeHTTP(rec, r)
	return rec.Result(), nil
}

// Voucher is a request for a new voucher.
type Voucher struct {
	Amount      money.Satang `json:"amount"`
	Member      int          `json:"member"`
	Expired     bool         `json:"expired"`
	OwnerMobile string       `json:"ownerMobile"`
}

// Make creates a voucher and returns its hash.
func (s *Sim) Make(v Voucher) (string, bool) {
	if v.Amount <= 0 || v.Amount > money.Max || v.Member < 0 || v.Member > 100 {
		return "", false
	}
	if v.Member == 0 {
		v.Member = 1
	}
	b := make([]byte, 16)
	rand.Read(b)
	hash := "019" + hex.EncodeToString(b)
	s.mu.Lock()
	s.vouchers[hash] = &simVoucher{amount: v.Amount, member: v.Member, expired: v.Expired, owner: v.OwnerMobile,
		tickets: map[string]money.Satang{}}
	s.mu.Unlock()
	return hash, true
}

func (s *Sim) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	path, ok := strings.CutPrefix(r.URL.Path, s.prefix)
	if !ok {
		http.NotFound(w, r)
		return
	}
	if path == "/vouchers" && r.Method == http.MethodPost {
		var v Voucher
		if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16)).Decode(&v); err != nil {
			reply(w, http.StatusBadRequest, "BAD_REQUEST", nil)
			return
		}
		hash, ok := s.Make(v)
		if !ok {
			reply(w, http.StatusBadRequest, "BAD_REQUEST", nil)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusCreated)
		_ = json.NewEncoder(w).Encode(map[string]string{"hash": hash, "link": "https://gift.truemoney.com/campaign/?v=" + hash})
		return
	}
	rest, ok := strings.CutPrefix(path, "/campaign/vouchers/")
	hash, op, _ := strings.Cut(rest, "/")
	if !ok {
		reply(w, http.StatusNotFound, "NOT_FOUND", nil)
		return
	}
	var mobile string
	switch {
	case op == "verify" && r.Method == http.MethodGet:
		mobile = r.URL.Query().Get("mobile")
	case op == "redeem" && r.Method == http.MethodPost:
		var body struct {
			Mobile string `json:"mobile"`
			Hash   string `json:"voucher_hash"`
		}
		if json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16)).Decode(&body) != nil || body.Hash != hash {
			reply(w, http.StatusBadRequest, "BAD_REQUEST", nil)
			return
		}
		mobile = body.Mobile
	default:
		reply(w, http.StatusNotFound, "NOT_FOUND", nil)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.vouchers[hash]
	switch {
	case !ok:
		reply(w, http.StatusNotFound, "VOUCHER_NOT_FOUND", nil)
		return
	case v.expired:
		reply(w, http.StatusBadRequest, "VOUCHER_EXPIRED", nil)
		return
	case mobile == v.owner:
		reply(w, http.StatusBadRequest, "CANNOT_GET_OWN_VOUCHER", nil)
		return
	case v.tickets[mobile] > 0:
		reply(w, http.StatusBadRequest, "TARGET_USER_REDEEMED", nil)
		return
	case len(v.tickets) >= v.member:
		reply(w, http.StatusBadRequest, "VOUCHER_OUT_OF_STOCK", nil)
		return
	}
	share := v.amount / money.Satang(v.member)
	if op == "redeem" {
		v.tickets[mobile] = share
	}
	var redeemed money.Satang
	for _, a := range v.tickets {
		redeemed += a
	}
	data := map[string]any{"voucher": map[string]any{"amount_baht": v.amount.String(), "redeemed_amount_baht": redeemed.String(),
		"member": v.member, "status": "active", "type": "F", "link": "https://gift.truemoney.com/campaign/?v=" + hash}}
	if op == "redeem" {
		data["my_ticket"] = map[string]any{"mobile": mobile, "amount_baht": share.String(), "update_date": s.now().UnixMilli()}
	}
	reply(w, http.StatusOK, "SUCCESS", data)
}

func reply(w http.ResponseWriter, status int, code string, data any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"status": map[string]string{"code": code, "message": strings.ToLower(code)}, "data": data})
}

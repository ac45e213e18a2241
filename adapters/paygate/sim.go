package paygate

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html/template"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"time"

	"ngern/core/deposit"
	"ngern/core/money"
)

// Faults are the simulated gateway's injected faults
// (NGERN_SIMGATEWAY_FAULTS, comma-separated): drop (no webhook is sent: the
// poller must find the payment), duplicate (every webhook is delivered
// twice), delay=<duration> (webhooks wait that long), 5xx (the order API
// answers 503: creation fails, status is unknown).
type Faults struct {
	Drop      bool
	Duplicate bool
	Delay     time.Duration
	Err5xx    bool
}

// ParseFaults reads NGERN_SIMGATEWAY_FAULTS.
func ParseFaults(s string) (Faults, error) {
	var f Faults
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		k, v, _ := strings.Cut(part, "=")
		switch k {
		case "":
		case "drop":
			f.Drop = true
		case "duplicate":
			f.Duplicate = true
		case "5xx":
			f.Err5xx = true
		case "delay":
			d, err := time.ParseDuration(v)
			if err != nil || d < 0 {
				return f, fmt.Errorf("simgateway fault %q: delay=<duration>, e.g. delay=3s", part)
			}
			f.Delay = d
		default:
			return f, fmt.Errorf("simgateway fault %q: one of drop, duplicate, delay=<duration>, 5xx", part)
		}
	}
	return f, nil
}

// SimConfig configures a Sim.
type SimConfig struct {
	PathPrefix string            // e.g. /sim/gateway
	Secrets    map[string][]byte // by provider: the providers it simulates
	// SecretOf, when set, answers the secret a provider's webhooks are
	// signed with at the time of sending (the in-process simulator follows
	// the secret stored for Ngern); nil answers fall back to Secrets.
	SecretOf func(provider string) []byte
	Faults   Faults
	// Deliver posts a signed webhook to Ngern and answers the HTTP status.
	// Set it (SetDeliver) before payments are made.
	Deliver func(ctx context.Context, provider string, header http.Header, body []byte) (int, error)
	// Backoff is the wait before the first retry, doubled each time
	// (default 1s); Attempts how many deliveries are tried (default 6).
	Backoff  time.Duration
	Attempts int
	Now      func() time.Time
	Log      *slog.Logger
}

// Sim is a simulated QR payment gateway serving several providers (WW,
// PAYTIMZ, PAYONEX, FP), each with its own webhook secret. Orders live in
// memory. Under PathPrefix, without auth (mount it only when the simulated
// gateway is the one configured):
//
//	POST {prefix}/{provider}/orders {orderRef, amount, expiresAt} → 201 {gatewayRef, payload}
//	GET  {prefix}/{provider}/orders/{gatewayRef} → the order's Event (its status)
//	POST {prefix}/{provider}/pay {qrcodeId} → pays the order of that QR, then webhooks
//	GET  {prefix}/{provider}/pay/{gatewayRef} → a pay page for demos (the QR's URL)
type Sim struct {
	cfg SimConfig

	mu      sync.Mutex
	orders  map[string]*simOrder // by provider + ":" + gatewayRef
	byOrder map[string]string    // provider + ":" + orderRef → gatewayRef
	wg      sync.WaitGroup
}

type simOrder struct {
	ev        Event
	expiresAt time.Time
}

// NewSim returns a simulated gateway.
func NewSim(cfg SimConfig) *Sim {
	cfg.PathPrefix = strings.TrimSuffix(cfg.PathPrefix, "/")
	if cfg.Backoff <= 0 {
		cfg.Backoff = time.Second
	}
	if cfg.Attempts <= 0 {
		cfg.Attempts = 6
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	return &Sim{cfg: cfg, orders: map[string]*simOrder{}, byOrder: map[string]string{}}
}

// DeliverFunc posts a webhook and answers the HTTP status.
type DeliverFunc = func(ctx context.Context, provider string, header http.Header, body []byte) (int, error)

// SetDeliver sets where webhooks go and answers the previous setting.
func (s *Sim) SetDeliver(fn DeliverFunc) DeliverFunc {
	s.mu.Lock()
	defer s.mu.Unlock()
	prev := s.cfg.Deliver
	s.cfg.Deliver = fn
	return prev
}

// Transport serves a client's requests with the simulator in-process.
func (s *Sim) Transport() http.RoundTripper { return HandlerTransport{s} }

// HandlerTransport is an http.RoundTripper that serves requests with a
// handler, in-process.
type HandlerTransport struct{ H http.Handler }

// RoundTrip serves r with the handler.
func (t HandlerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if err := r.Context().Err(); err != nil {
		return nil, err
	}
	rec := httptest.NewRecorder()
	t.H.ServeHTTP(rec, r)
	return rec.Result(), nil
}

// Wait waits for the webhooks under way (tests, shutdown).
func (s *Sim) Wait() { s.wg.Wait() }

func newRef(prefix string) string {
	b := make([]byte, 8)
	rand.Read(b)
	return prefix + strings.ToUpper(hex.EncodeToString(b))
}

func simJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func (s *Sim) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rest, ok := strings.CutPrefix(r.URL.Path, s.cfg.PathPrefix+"/")
	provider, path, _ := strings.Cut(rest, "/")
	if !ok || s.cfg.Secrets[provider] == nil {
		http.NotFound(w, r)
		return
	}
	switch {
	case r.Method == http.MethodPost && path == "orders":
		if s.cfg.Faults.Err5xx {
			simJSON(w, http.StatusServiceUnavailable, map[string]string{"error": "simulated outage"})
			return
		}
		var in struct {
			OrderRef  string       `json:"orderRef"`
			Amount    money.Satang `json:"amount"`
			ExpiresAt time.Time    `json:"expiresAt"`
		}
		if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<14)).Decode(&in); err != nil || in.OrderRef == "" || in.Amount <= 0 {
			simJSON(w, http.StatusBadRequest, map[string]string{"error": "orderRef and a positive amount"})
			return
		}
		ref := newRef(provider + "-")
		s.mu.Lock()
		s.orders[provider+":"+ref] = &simOrder{ev: Event{OrderRef: in.OrderRef, GatewayRef: ref, Status: "PENDING",
			Amount: in.Amount}, expiresAt: in.ExpiresAt}
		s.byOrder[provider+":"+in.OrderRef] = ref
		s.mu.Unlock()
		simJSON(w, http.StatusCreated, map[string]string{"gatewayRef": ref,
			"payload": s.cfg.PathPrefix + "/" + provider + "/pay/" + ref})
	case r.Method == http.MethodGet && strings.HasPrefix(path, "orders/"):
		if s.cfg.Faults.Err5xx {
			simJSON(w, http.StatusServiceUnavailable, map[string]string{"error": "simulated outage"})
			return
		}
		s.mu.Lock()
		o, ok := s.orders[provider+":"+strings.TrimPrefix(path, "orders/")]
		var ev Event
		if ok {
			ev = o.ev
		}
		s.mu.Unlock()
		if !ok {
			simJSON(w, http.StatusNotFound, map[string]string{"error": "no such order"})
			return
		}
		simJSON(w, http.StatusOK, ev)
	case r.Method == http.MethodPost && path == "pay":
		var in struct {
			QRCodeID   string       `json:"qrcodeId"`
			GatewayRef string       `json:"gatewayRef"`
			Amount     money.Satang `json:"amount"` // another amount than the order's, to test mismatches
		}
		if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<14)).Decode(&in); err != nil {
			simJSON(w, http.StatusBadRequest, map[string]string{"error": "bad JSON"})
			return
		}
		ev, err := s.Pay(provider, in.QRCodeID, in.GatewayRef, in.Amount)
		if err != nil {
			simJSON(w, http.StatusConflict, map[string]string{"error": err.Error()})
			return
		}
		simJSON(w, http.StatusOK, ev)
	case r.Method == http.MethodGet && strings.HasPrefix(path, "pay/"):
		ref := strings.TrimPrefix(path, "pay/")
		s.mu.Lock()
		o, ok := s.orders[provider+":"+ref]
		var ev Event
		if ok {
			ev = o.ev
		}
		s.mu.Unlock()
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_ = payPage.Execute(w, map[string]any{"Provider": provider, "Ev": ev, "Baht": fmt.Sprintf("%d.%02d", ev.Amount/100, ev.Amount%100),
			"Action": s.cfg.PathPrefix + "/" + provider + "/pay"})
	default:
		http.NotFound(w, r)
	}
}

var payPage = template.Must(template.New("pay").Parse(`<!doctype html><html><head><meta charset="utf-8">
<title>{{.Provider}} (simulated gateway)</title></head><body>
<h1>{{.Provider}} — simulated payment gateway</h1>
<p>Order {{.Ev.GatewayRef}}: {{.Baht}} THB, {{.Ev.Status}}</p>
{{if eq .Ev.Status "PENDING"}}<button id="pay" onclick="fetch('{{.Action}}',{method:'POST',headers:{'Content-Type':'application/json'},body:JSON.stringify({gatewayRef:'{{.Ev.GatewayRef}}'})}).then(()=>location.reload())">Pay {{.Baht}} THB</button>{{end}}
</body></html>`))

// Pay pays an order (by our QR id or the gateway's reference) with its
// amount, or with amount when positive, and sends the webhook.
func (s *Sim) Pay(provider, orderRef, gatewayRef string, amount money.Satang) (Event, error) {
	s.mu.Lock()
	if gatewayRef == "" {
		gatewayRef = s.byOrder[provider+":"+orderRef]
	}
	o, ok := s.orders[provider+":"+gatewayRef]
	if !ok {
		s.mu.Unlock()
		return Event{}, fmt.Errorf("no such order")
	}
	if o.ev.Status != "PENDING" {
		s.mu.Unlock()
		return Event{}, fmt.Errorf("the order is %s", o.ev.Status)
	}
	now := s.cfg.Now().UTC()
	o.ev.Status, o.ev.PaymentRef, o.ev.PaidAt = "PAID", newRef("PAY"), &now
	if amount > 0 {
		o.ev.Amount = amount
	}
	ev := o.ev
	s.mu.Unlock()
	if !s.cfg.Faults.Drop {
		n := 1
		if s.cfg.Faults.Duplicate {
			n = 2
		}
		for range n {
			s.wg.Add(1)
			go s.send(provider, ev)
		}
	}
	return ev, nil
}

// secret is the key a provider's webhooks are signed with now.
func (s *Sim) secret(provider string) []byte {
	if s.cfg.SecretOf != nil {
		if k := s.cfg.SecretOf(provider); len(k) > 0 {
			return k
		}
	}
	return s.cfg.Secrets[provider]
}

// send delivers one webhook with retries and back-off; each attempt is a
// new delivery id, timestamp and signature.
func (s *Sim) send(provider string, ev Event) {
	defer s.wg.Done()
	if s.cfg.Faults.Delay > 0 {
		time.Sleep(s.cfg.Faults.Delay)
	}
	wait := s.cfg.Backoff
	for attempt := 1; attempt <= s.cfg.Attempts; attempt++ {
		ev.DeliveryID = newRef("DLV")
		body, _ := json.Marshal(ev)
		h := http.Header{}
		h.Set("Content-Type", "application/json")
		h.Set(deposit.SignatureHeader, deposit.Sign(s.secret(provider), s.cfg.Now(), body))
		s.mu.Lock()
		deliver := s.cfg.Deliver
		s.mu.Unlock()
		status, err := 0, fmt.Errorf("no webhook target")
		if deliver != nil {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			status, err = deliver(ctx, provider, h, body)
			cancel()
		}
		if err == nil && status/100 == 2 {
			return
		}
		s.cfg.Log.Warn("simulated gateway: webhook not accepted", "provider", provider, "attempt", attempt, "status", status, "err", err)
		if attempt < s.cfg.Attempts {
			time.Sleep(wait)
			wait *= 2
		}
	}
}

// Package sim is a simulated game provider: an HTTP server modelled on the
// common transfer-wallet provider APIs (create player, balance, transfer in
// and out by trace id, order status, launch link, bet history) with a small
// playable demo slot and fault injection for testing the reconciler.
//
// It keeps its state in memory, optionally journalled to a file so that a
// restart keeps balances. It runs as its own process or mounted inside
// another server under Config.PathPrefix.
package sim

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"log/slog"
	randv2 "math/rand/v2"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
)

// AgentKeyHeader carries the agent key on every /api call.
const AgentKeyHeader = "X-Agent-Key"

// Defaults for zero Config fields.
const (
	DefaultDelay     = 3 * time.Second
	DefaultLaunchTTL = time.Hour
)

// Rand is the random source for fault dice and slot outcomes. The server
// calls it under its own lock, so it need not be safe for concurrent use
// (a *math/rand/v2.Rand fits).
type Rand interface {
	Float64() float64
}

// Config configures a Server.
type Config struct {
	// AgentKey is the shared secret every /api call must send in
	// X-Agent-Key. Required.
	AgentKey string
	// PathPrefix is where the server is mounted, e.g. "/sim"; "" for the
	// root. Every route and link lives under it.
	PathPrefix string
	// PublicURL is the scheme and host that players' browsers reach the
	// server at, e.g. "https://ngern.example"; launch links are
	// PublicURL + PathPrefix + "/play/…". Empty: taken from each launch
	// request, which suits local use only.
	PublicURL string
	// StatePath is the journal file that keeps state across restarts.
	// Empty: memory only.
	StatePath string
	// Faults are the injected fault rules (see ParseFaults).
	Faults Faults
	// Delay is how long the delay fault sleeps. Zero: DefaultDelay.
	Delay time.Duration
	// Games, if not empty, are the only game codes the provider knows;
	// otherwise any code is accepted and keeps its own wallets.
	Games []string
	// LaunchTTL is how long a launch link stays valid. Zero: DefaultLaunchTTL.
	LaunchTTL time.Duration
	// Rand is the random source for faults and slot outcomes. Nil: a
	// randomly seeded one.
	Rand Rand
	// Now is the clock. Nil: time.Now.
	Now func() time.Time
	// Logger receives fault and storage messages. Nil: slog.Default().
	Logger *slog.Logger
	// MaxBets bounds each game's bet history: the oldest bets beyond it
	// (by a tenth of it, trimmed in steps) are dropped. Zero:
	// DefaultMaxBets; negative: unbounded.
	MaxBets int
}

// DefaultMaxBets is the bet history kept per game when Config.MaxBets is
// zero: far more than a collector polling every minute ever lags behind.
const DefaultMaxBets = 10000

// Server is the simulated provider. It is an http.Handler.
type Server struct {
	cfg       Config
	mux       *http.ServeMux
	log       *slog.Logger
	agentKey  [32]byte
	launchKey []byte
	games     map[string]bool
	page      *template.Template

	mu      sync.Mutex // guards st, journal and rand
	st      *state
	journal *journal
	rand    Rand
}

// NewServer returns a provider configured by cfg, with the state read from
// cfg.StatePath when set.
func NewServer(cfg Config) (*Server, error) {
	if cfg.AgentKey == "" {
		return nil, errors.New("sim: an agent key is required")
	}
	prefix := strings.TrimRight(cfg.PathPrefix, "/")
	if prefix != "" && !strings.HasPrefix(prefix, "/") {
		prefix = "/" + prefix
	}
	cfg.PathPrefix = prefix
	cfg.PublicURL = strings.TrimRight(cfg.PublicURL, "/")
	if cfg.Delay <= 0 {
		cfg.Delay = DefaultDelay
	}
	if cfg.LaunchTTL <= 0 {
		cfg.LaunchTTL = DefaultLaunchTTL
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.MaxBets == 0 {
		cfg.MaxBets = DefaultMaxBets
	}
	betCap := max(cfg.MaxBets, 0)
	s := &Server{
		cfg:       cfg,
		mux:       http.NewServeMux(),
		log:       cfg.Logger,
		agentKey:  sha256.Sum256([]byte(cfg.AgentKey)),
		launchKey: make([]byte, 32),
		rand:      cfg.Rand,
		st:        newState(betCap),
		page:      template.Must(template.New("play").Parse(playHTML)),
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	if s.rand == nil {
		var seed [32]byte
		rand.Read(seed[:])
		s.rand = randv2.New(randv2.NewChaCha8(seed))
	}
	rand.Read(s.launchKey)
	if len(cfg.Games) > 0 {
		s.games = make(map[string]bool, len(cfg.Games))
		for _, g := range cfg.Games {
			s.games[g] = true
		}
	}
	if cfg.StatePath != "" {
		j, st, err := openJournal(cfg.StatePath, betCap)
		if err != nil {
			return nil, err
		}
		s.journal, s.st = j, st
	}
	s.routes()
	return s, nil
}

func (s *Server) routes() {
	p := s.cfg.PathPrefix
	api := func(pattern string, h http.HandlerFunc) {
		method, path, _ := strings.Cut(pattern, " ")
		s.mux.Handle(method+" "+p+path, s.authorized(h))
	}
	api("POST /api/players", s.handleCreatePlayer)
	api("POST /api/players/password", s.handleResetPassword)
	api("GET /api/balance", s.handleBalance)
	api("POST /api/transfers", s.handleTransfer)
	api("GET /api/transfers/{traceId}", s.handleStatus)
	api("GET /api/launch", s.handleLaunch)
	api("GET /api/bets", s.handleBets)
	s.mux.HandleFunc("GET "+p+"/play/{token}", s.handlePlayPage)
	s.mux.HandleFunc("GET "+p+"/play/{token}/balance", s.handlePlayBalance)
	s.mux.HandleFunc("POST "+p+"/play/{token}/spin", s.handleSpin)
}

// ServeHTTP serves the provider API under /api and the demo game under /play.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

// Close closes the state file. The server must not serve after Close.
func (s *Server) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.journal == nil {
		return nil
	}
	err := s.journal.Close()
	s.journal = nil
	return err
}

// ListenAndServe serves on addr until ctx ends, then shuts down gracefully
// (waiting up to Delay plus 5 s for calls under way) and closes the server.
func (s *Server) ListenAndServe(ctx context.Context, addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("sim: listen: %w", err)
	}
	hs := &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}
	s.log.Info("simulated game provider listening", "addr", ln.Addr().String(), "prefix", s.cfg.PathPrefix, "faults", s.cfg.Faults.String())
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		s.Close()
		return fmt.Errorf("sim: serve: %w", err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.cfg.Delay+5*time.Second)
	defer cancel()
	err = hs.Shutdown(sctx)
	// Serve answers ErrServerClosed once shut down; any other answer is a failure too.
	if serr := <-done; err == nil && !errors.Is(serr, http.ErrServerClosed) {
		err = serr
	}
	if cerr := s.Close(); err == nil {
		err = cerr
	}
	return err
}

// authorized checks the agent key in constant time (both sides hashed, so
// the length does not leak either).
func (s *Server) authorized(h http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got := sha256.Sum256([]byte(r.Header.Get(AgentKeyHeader)))
		if subtle.ConstantTimeCompare(got[:], s.agentKey[:]) != 1 {
			writeJSON(w, http.StatusUnauthorized, errorBody{Error: "UNAUTHORIZED"})
			return
		}
		h(w, r)
	})
}

// commit journals ev and applies it. The caller holds s.mu. If the journal
// cannot be written the change is not made.
func (s *Server) commit(ev event) error {
	if s.journal != nil {
		if err := s.journal.append(ev); err != nil {
			s.log.Error("sim: state not saved", "err", err)
			return err
		}
	}
	s.st.apply(ev)
	return nil
}

// reply is an API answer before it is written (or lost, by the drop fault).
type reply struct {
	code int
	body any
}

type errorBody struct {
	Error string `json:"error"`
}

func ok(body any) reply { return reply{http.StatusOK, body} }

func refuse(code int, reason string) reply { return reply{code, errorBody{Error: reason}} }

// run executes one API call of op under the fault chosen for it.
func (s *Server) run(w http.ResponseWriter, r *http.Request, op Op, exec func() reply) {
	fault := s.pickFault(r, op)
	if fault != "" {
		s.log.Info("sim: injecting fault", "op", op, "fault", fault)
	}
	switch fault {
	case FaultError:
		writeJSON(w, http.StatusInternalServerError, errorBody{Error: "SIM_FAULT"})
		return
	case FaultDuplicate:
		writeJSON(w, http.StatusConflict, errorBody{Error: "DUPLICATE"})
		return
	case FaultDelay:
		// Sleep even if the caller gives up: a real provider goes on
		// executing a call whose caller has left.
		time.Sleep(s.cfg.Delay)
	}
	rep := exec()
	if fault == FaultDrop {
		s.drop(w)
		return
	}
	writeJSON(w, rep.code, rep.body)
}

// drop loses the answer: it closes the connection without a response, or
// answers 500 when the connection cannot be taken over (HTTP/2, or a
// wrapping ResponseWriter that hides it).
func (s *Server) drop(w http.ResponseWriter) {
	conn, _, err := http.NewResponseController(w).Hijack()
	if err != nil {
		writeJSON(w, http.StatusInternalServerError, errorBody{Error: "SIM_FAULT"})
		return
	}
	conn.Close()
}

func writeJSON(w http.ResponseWriter, code int, body any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(body)
}

// decode reads a JSON request body of at most 64 KiB into v, answering 400
// itself when it cannot.
func decode(w http.ResponseWriter, r *http.Request, v any) bool {
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 64<<10)).Decode(v); err != nil {
		writeJSON(w, http.StatusBadRequest, errorBody{Error: "BAD_REQUEST"})
		return false
	}
	return true
}

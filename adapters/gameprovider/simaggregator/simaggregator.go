// Package simaggregator is a simulated seamless aggregator speaking Ngern's
// generic protocol (docs/adapters.md, "Seamless aggregators"): it serves the
// games API Ngern calls (catalogue, launch) with demo games whose page
// places real bets and wins through Ngern's callbacks, server to server,
// signed, retried with the same transactionId as real aggregators do, and
// it injects the faults real aggregators cause: duplicate deliveries,
// retries after a lost answer, a rollback before its bet, a win for an
// unknown round and slow calls.
//
// It keeps its launches and rounds in memory. It runs as its own process
// (`ngern simaggregator`) or mounted inside Ngern's server under
// Config.PathPrefix (demo mode).
package simaggregator

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"log/slog"
	randv2 "math/rand/v2"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
)

// Defaults for zero Config fields.
const (
	DefaultCode        = "sim"
	DefaultDelay       = 2 * time.Second
	DefaultAttempts    = 4
	DefaultRetryWait   = 200 * time.Millisecond
	DefaultCallTimeout = 10 * time.Second
	DefaultLaunchTTL   = 12 * time.Hour
	// MaxLaunches bounds the launches kept in memory: the oldest goes
	// first.
	MaxLaunches = 10_000
)

// Config configures a Server.
type Config struct {
	// Code is the aggregator's code in Ngern: its callbacks go to
	// {NgernURL}/api/games/{Code}/…. Empty: DefaultCode.
	Code string
	// Secret is the protocol's shared secret (at least 32 bytes).
	Secret []byte
	// NgernURL is the base URL of the Ngern server the callbacks go to,
	// e.g. "http://127.0.0.1:8080".
	NgernURL string
	// HTTPClient carries the callbacks. Nil: a client with CallTimeout.
	HTTPClient *http.Client
	// PathPrefix is where the server is mounted, e.g. "/sim/aggregator";
	// "" for the root.
	PathPrefix string
	// PublicURL is the scheme and host browsers reach the server at; game
	// and image links are PublicURL + PathPrefix + …. Empty: taken from
	// each request. Relative, below, wins over it.
	PublicURL string
	// Relative makes game and image links paths (PathPrefix + …), for a
	// server mounted on the origin the player's browser is on.
	Relative bool
	// Faults are the global fault rules (POST /faults replaces them).
	Faults Faults
	// Delay is how long the slow fault waits. Zero: DefaultDelay.
	Delay time.Duration
	// Attempts bounds the deliveries of one callback whose answer is lost
	// or 5xx (retries reuse the transactionId). Zero: DefaultAttempts.
	Attempts int
	// RetryWait is the pause before the first retry, doubled after each.
	// Zero: DefaultRetryWait.
	RetryWait time.Duration
	// LaunchTTL is how long a game link works. Zero: DefaultLaunchTTL.
	LaunchTTL time.Duration
	// Seed, when not zero, makes outcomes and fault dice repeatable.
	Seed uint64
	// Now is the clock. Nil: time.Now.
	Now func() time.Time
	// Logger receives call and fault messages. Nil: slog.Default().
	Logger *slog.Logger
}

// Server is the simulated aggregator. It is an http.Handler.
type Server struct {
	cfg  Config
	mux  *http.ServeMux
	log  *slog.Logger
	hc   *http.Client
	page *template.Template

	mu       sync.Mutex // guards the fields below
	rand     *randv2.Rand
	faults   Faults
	launches map[string]*launch
	rounds   map[string]*round
}

// NewServer returns an aggregator configured by cfg.
func NewServer(cfg Config) (*Server, error) {
	if len(cfg.Secret) < 32 {
		return nil, errors.New("simaggregator: the shared secret must be at least 32 bytes")
	}
	if err := cfg.Faults.Validate(); err != nil {
		return nil, fmt.Errorf("simaggregator: %w", err)
	}
	cfg.Code = strings.TrimSpace(cfg.Code)
	if cfg.Code == "" {
		cfg.Code = DefaultCode
	}
	cfg.NgernURL = strings.TrimRight(cfg.NgernURL, "/")
	if cfg.NgernURL == "" {
		return nil, errors.New("simaggregator: Ngern's base URL is required")
	}
	prefix := strings.TrimRight(cfg.PathPrefix, "/")
	if prefix != "" && !strings.HasPrefix(prefix, "/") {
		prefix = "/" + prefix
	}
	cfg.PathPrefix = prefix
	cfg.PublicURL = strings.TrimRight(cfg.PublicURL, "/")
	cfg.Delay = orDefault(cfg.Delay, DefaultDelay)
	cfg.RetryWait = orDefault(cfg.RetryWait, DefaultRetryWait)
	cfg.LaunchTTL = orDefault(cfg.LaunchTTL, DefaultLaunchTTL)
	if cfg.Attempts <= 0 {
		cfg.Attempts = DefaultAttempts
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	s := &Server{cfg: cfg, mux: http.NewServeMux(), log: cfg.Logger, hc: cfg.HTTPClient, faults: cfg.Faults,
		launches: map[string]*launch{}, rounds: map[string]*round{},
		page: template.Must(template.New("play").Parse(playHTML))}
	if s.log == nil {
		s.log = slog.Default()
	}
	if s.hc == nil {
		s.hc = &http.Client{Timeout: DefaultCallTimeout}
	}
	seed := cfg.Seed
	if seed == 0 {
		var b [8]byte
		_, _ = rand.Read(b[:]) // crypto/rand never fails on supported systems
		for _, c := range b {
			seed = seed<<8 | uint64(c)
		}
	}
	s.rand = randv2.New(randv2.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	s.routes()
	return s, nil
}

func orDefault(d, def time.Duration) time.Duration {
	if d <= 0 {
		return def
	}
	return d
}

func (s *Server) routes() {
	p := s.cfg.PathPrefix
	s.mux.HandleFunc("POST "+p+"/games", s.handleGames)
	s.mux.HandleFunc("POST "+p+"/launch", s.handleLaunch)
	s.mux.HandleFunc("GET "+p+"/img/{file}", s.handleImage)
	s.mux.HandleFunc("GET "+p+"/play/{id}", s.handlePage)
	s.mux.HandleFunc("GET "+p+"/play/{id}/balance", s.handleBalance)
	s.mux.HandleFunc("POST "+p+"/play/{id}/bet", s.handleBet)
	s.mux.HandleFunc("POST "+p+"/rounds/{id}/rollback", s.handleRollback)
	s.mux.HandleFunc("GET "+p+"/faults", s.handleGetFaults)
	s.mux.HandleFunc("POST "+p+"/faults", s.handleSetFaults)
}

// ServeHTTP serves the games API, the game pages and the fault controls.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

// ListenAndServe serves on addr until ctx ends, then shuts down, waiting up
// to 10 s for presses under way (their callbacks included).
func (s *Server) ListenAndServe(ctx context.Context, addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("simaggregator: listen: %w", err)
	}
	hs := &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}
	s.log.Info("simulated aggregator listening", "addr", ln.Addr().String(), "code", s.cfg.Code, "ngern", s.cfg.NgernURL)
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		return fmt.Errorf("simaggregator: serve: %w", err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	err = hs.Shutdown(sctx)
	if serr := <-done; err == nil && !errors.Is(serr, http.ErrServerClosed) {
		err = serr
	}
	return err
}

// readSigned reads a request body of at most 64 KiB and checks its
// signature, answering 401 itself when it fails.
func (s *Server) readSigned(w http.ResponseWriter, r *http.Request) ([]byte, bool) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 64<<10))
	if err == nil {
		err = s.verify(r.Header, body)
	}
	if err != nil {
		writeJSON(w, http.StatusUnauthorized, errorBody{Error: "INVALID_SIGNATURE"})
		return nil, false
	}
	return body, true
}

// writeSigned writes a signed JSON answer.
func (s *Server) writeSigned(w http.ResponseWriter, code int, v any) {
	body, _ := json.Marshal(v) // the answers are plain structs
	s.signHeaders(w.Header(), body)
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	_, _ = w.Write(body)
}

type errorBody struct {
	Error string `json:"error"`
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}

// base is where links to this server start: a path when Relative, else
// PublicURL (or the request's scheme and host) and the prefix.
func (s *Server) base(r *http.Request) string {
	switch {
	case s.cfg.Relative:
		return s.cfg.PathPrefix
	case s.cfg.PublicURL != "":
		return s.cfg.PublicURL + s.cfg.PathPrefix
	}
	scheme := "http"
	if r.TLS != nil || r.Header.Get("X-Forwarded-Proto") == "https" {
		scheme = "https"
	}
	return scheme + "://" + r.Host + s.cfg.PathPrefix
}

func (s *Server) handleGames(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.readSigned(w, r); !ok {
		return
	}
	base := s.base(r)
	out := struct {
		Games []gameJSON `json:"games"`
	}{make([]gameJSON, 0, len(catalogue))}
	for _, g := range catalogue {
		out.Games = append(out.Games, gameJSON{Code: g.Code, Name: g.Name, Category: g.Category, Studio: Studio,
			Image: base + "/img/" + g.Code + ".svg", Demo: true})
	}
	s.writeSigned(w, http.StatusOK, out)
}

// launchRequest is the body of POST /launch.
type launchRequest struct {
	Token     string `json:"token"`
	Player    string `json:"player"`
	Game      string `json:"game"`
	Currency  string `json:"currency"`
	Lang      string `json:"lang"`
	Country   string `json:"country"`
	ReturnURL string `json:"returnUrl"`
	Demo      bool   `json:"demo"`
}

// demoBalance is the play money a demo launch starts with: 1,000.00.
const demoBalance = 1000_00

func (s *Server) handleLaunch(w http.ResponseWriter, r *http.Request) {
	body, ok := s.readSigned(w, r)
	if !ok {
		return
	}
	var req launchRequest
	if err := json.Unmarshal(body, &req); err != nil {
		s.writeSigned(w, http.StatusBadRequest, errorBody{Error: "INVALID_REQUEST"})
		return
	}
	g, found := gameByCode(req.Game)
	if !found {
		s.writeSigned(w, http.StatusNotFound, errorBody{Error: "UNKNOWN_GAME"})
		return
	}
	// A launch without a token is play money whatever demo says: there
	// is no wallet to call.
	demo := req.Demo || req.Token == ""
	if !demo && req.Player == "" {
		s.writeSigned(w, http.StatusBadRequest, errorBody{Error: "INVALID_REQUEST"})
		return
	}
	l := &launch{ID: newID(), Game: g, Token: req.Token, Player: req.Player, Currency: strings.ToUpper(req.Currency),
		Lang: req.Lang, ReturnURL: safeReturnURL(req.ReturnURL), Demo: demo, Expires: s.cfg.Now().Add(s.cfg.LaunchTTL)}
	if l.Currency == "" {
		l.Currency = "THB"
	}
	if demo {
		l.Token, l.Balance = "", demoBalance
	}
	s.mu.Lock()
	s.addLaunch(l)
	s.mu.Unlock()
	s.writeSigned(w, http.StatusOK, struct {
		URL string `json:"url"`
	}{s.base(r) + "/play/" + l.ID})
}

// safeReturnURL keeps an http(s) URL or an absolute path; anything else
// (a javascript: URL, …) becomes no link.
func safeReturnURL(u string) string {
	if strings.HasPrefix(u, "https://") || strings.HasPrefix(u, "http://") || (strings.HasPrefix(u, "/") && !strings.HasPrefix(u, "//")) {
		return u
	}
	return ""
}

// newID is an unguessable id: whoever holds a game link plays with its
// token, as with any aggregator's link.
func newID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand never fails on supported systems
	return hex.EncodeToString(b[:])
}

// addLaunch keeps l, dropping expired launches and, past MaxLaunches, the
// oldest. The caller holds s.mu.
func (s *Server) addLaunch(l *launch) {
	if len(s.launches) >= MaxLaunches {
		now := s.cfg.Now()
		var oldest *launch
		for id, x := range s.launches {
			if now.After(x.Expires) {
				s.dropLaunch(id)
				continue
			}
			if oldest == nil || x.Expires.Before(oldest.Expires) {
				oldest = x
			}
		}
		if len(s.launches) >= MaxLaunches && oldest != nil {
			s.dropLaunch(oldest.ID)
		}
	}
	s.launches[l.ID] = l
}

// dropLaunch forgets a launch and its rounds. The caller holds s.mu.
func (s *Server) dropLaunch(id string) {
	for _, rid := range s.launches[id].rounds {
		delete(s.rounds, rid)
	}
	delete(s.launches, id)
}

// launchOf returns the live launch of a game link, or nil.
func (s *Server) launchOf(id string) *launch {
	s.mu.Lock()
	defer s.mu.Unlock()
	l := s.launches[id]
	if l == nil || s.cfg.Now().After(l.Expires) {
		return nil
	}
	return l
}

// faultsBody is the body of POST /faults and the answer of both /faults calls.
type faultsBody struct {
	// Launch, when set, is the launch id (the last part of its game link)
	// the faults are for; empty: the global faults.
	Launch string `json:"launch,omitempty"`
	// Faults replace the launch's (or the global) rules; for a launch,
	// null goes back to the global rules.
	Faults Faults `json:"faults"`
}

func (s *Server) handleGetFaults(w http.ResponseWriter, r *http.Request) {
	id := r.URL.Query().Get("launch")
	s.mu.Lock()
	defer s.mu.Unlock()
	if id == "" {
		writeJSON(w, http.StatusOK, faultsBody{Faults: nonNil(s.faults)})
		return
	}
	l := s.launches[id]
	if l == nil {
		writeJSON(w, http.StatusNotFound, errorBody{Error: "UNKNOWN_LAUNCH"})
		return
	}
	writeJSON(w, http.StatusOK, faultsBody{Launch: id, Faults: l.Faults})
}

func (s *Server) handleSetFaults(w http.ResponseWriter, r *http.Request) {
	var req faultsBody
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 64<<10)).Decode(&req); err != nil {
		writeJSON(w, http.StatusBadRequest, errorBody{Error: "INVALID_REQUEST"})
		return
	}
	if err := req.Faults.Validate(); err != nil {
		writeJSON(w, http.StatusBadRequest, struct {
			Error  string `json:"error"`
			Detail string `json:"detail"`
		}{"INVALID_FAULTS", err.Error()})
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if req.Launch == "" {
		s.faults = req.Faults
		s.log.Info("simaggregator: global faults set", "faults", len(req.Faults))
		writeJSON(w, http.StatusOK, faultsBody{Faults: nonNil(s.faults)})
		return
	}
	l := s.launches[req.Launch]
	if l == nil {
		writeJSON(w, http.StatusNotFound, errorBody{Error: "UNKNOWN_LAUNCH"})
		return
	}
	l.Faults = req.Faults
	writeJSON(w, http.StatusOK, faultsBody{Launch: l.ID, Faults: l.Faults})
}

func nonNil(f Faults) Faults {
	if f == nil {
		return Faults{}
	}
	return f
}

// post sends a signed JSON body to Ngern and returns the answer's status
// code and body (the body signature checked on a 2xx or 4xx answer
// except 401, which Ngern cannot sign).
func (s *Server) post(ctx context.Context, path string, body []byte) (int, []byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.cfg.NgernURL+"/api/games/"+s.cfg.Code+"/"+path, bytes.NewReader(body))
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	s.signHeaders(req.Header, body)
	res, err := s.hc.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	if err != nil {
		return 0, nil, err
	}
	if res.StatusCode < 500 && res.StatusCode != http.StatusUnauthorized {
		if err := s.verify(res.Header, data); err != nil {
			return res.StatusCode, data, fmt.Errorf("answer of %s: %w", path, err)
		}
	}
	return res.StatusCode, data, nil
}

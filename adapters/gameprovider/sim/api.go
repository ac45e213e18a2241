package sim

import (
	"crypto/rand"
	"crypto/subtle"
	"net/http"
	"strconv"
	"strings"

	"ngern/core/money"
)

// credentials is the answer to create-player.
type credentials struct {
	Username string `json:"username"`
	Password string `json:"password"`
}

type transferRequest struct {
	Game      string       `json:"game"`
	Username  string       `json:"username"`
	TraceID   string       `json:"traceId"`
	Direction string       `json:"direction"`
	Amount    money.Satang `json:"amount"`
}

type transferReply struct {
	Status  string       `json:"status"`
	Balance money.Satang `json:"balance"`
}

type statusReply struct {
	TraceID string `json:"traceId"`
	Status  string `json:"status"`
	Reason  string `json:"reason,omitempty"`
}

type balanceReply struct {
	Balance money.Satang `json:"balance"`
}

type betsReply struct {
	Bets []Bet  `json:"bets"`
	Next string `json:"next"`
}

// validID accepts the identifiers of this API: 1 to max characters of
// letters, digits and . _ : @ -.
func validID(s string, max int) bool {
	if s == "" || len(s) > max {
		return false
	}
	for _, c := range []byte(s) {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case c == '.', c == '_', c == ':', c == '@', c == '-':
		default:
			return false
		}
	}
	return true
}

// knownGame answers false (and 404) for a code outside Config.Games.
func (s *Server) knownGame(w http.ResponseWriter, code string) bool {
	if !validID(code, 64) {
		writeJSON(w, http.StatusBadRequest, errorBody{Error: "BAD_GAME"})
		return false
	}
	if s.games != nil && !s.games[code] {
		writeJSON(w, http.StatusNotFound, errorBody{Error: "UNKNOWN_GAME"})
		return false
	}
	return true
}

func storageFailed() reply { return refuse(http.StatusInternalServerError, "STORAGE") }

func (s *Server) handleCreatePlayer(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Game      string `json:"game"`
		MemberRef string `json:"memberRef"`
	}
	if !decode(w, r, &req) || !s.knownGame(w, req.Game) {
		return
	}
	if !validID(req.MemberRef, 128) {
		writeJSON(w, http.StatusBadRequest, errorBody{Error: "BAD_MEMBER_REF"})
		return
	}
	s.run(w, r, OpCreate, func() reply {
		s.mu.Lock()
		defer s.mu.Unlock()
		if g := s.st.Games[req.Game]; g != nil {
			if u, found := g.Members[req.MemberRef]; found {
				p := g.Players[u]
				return ok(credentials{p.Username, p.Password})
			}
		}
		ev := event{Kind: "player", Game: req.Game, Username: s.newUsername(req.Game), Password: newPassword(), MemberRef: req.MemberRef}
		if err := s.commit(ev); err != nil {
			return storageFailed()
		}
		return ok(credentials{ev.Username, ev.Password})
	})
}

// newUsername returns "ng" and eight random letters and digits, unused in
// game. The caller holds s.mu.
func (s *Server) newUsername(game string) string {
	for {
		u := "ng" + strings.ToLower(rand.Text()[:8])
		if s.st.player(game, u) == nil {
			return u
		}
	}
}

func newPassword() string { return rand.Text()[:12] }

func (s *Server) handleResetPassword(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Game     string `json:"game"`
		Username string `json:"username"`
	}
	if !decode(w, r, &req) || !s.knownGame(w, req.Game) {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.st.player(req.Game, req.Username) == nil {
		writeJSON(w, http.StatusNotFound, errorBody{Error: "PLAYER_NOT_FOUND"})
		return
	}
	ev := event{Kind: "password", Game: req.Game, Username: req.Username, Password: newPassword()}
	if err := s.commit(ev); err != nil {
		writeJSON(w, http.StatusInternalServerError, errorBody{Error: "STORAGE"})
		return
	}
	writeJSON(w, http.StatusOK, struct {
		Password string `json:"password"`
	}{ev.Password})
}

func (s *Server) handleBalance(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	code, username := q.Get("game"), q.Get("username")
	if !s.knownGame(w, code) {
		return
	}
	s.run(w, r, OpBalance, func() reply {
		s.mu.Lock()
		defer s.mu.Unlock()
		p := s.st.player(code, username)
		if p == nil {
			return refuse(http.StatusNotFound, "PLAYER_NOT_FOUND")
		}
		return ok(balanceReply{p.Balance})
	})
}

func (s *Server) handleTransfer(w http.ResponseWriter, r *http.Request) {
	var req transferRequest
	if !decode(w, r, &req) || !s.knownGame(w, req.Game) {
		return
	}
	var op Op
	switch req.Direction {
	case "in":
		op = OpTransferIn
	case "out":
		op = OpTransferOut
	default:
		writeJSON(w, http.StatusBadRequest, errorBody{Error: "BAD_DIRECTION"})
		return
	}
	if !validID(req.TraceID, 64) {
		writeJSON(w, http.StatusBadRequest, errorBody{Error: "BAD_TRACE_ID"})
		return
	}
	if req.Amount <= 0 {
		writeJSON(w, http.StatusBadRequest, errorBody{Error: "INVALID_AMOUNT"})
		return
	}
	s.run(w, r, op, func() reply { return s.transfer(req) })
}

// transfer executes a transfer once per trace id; a trace id that was seen
// before gets its first outcome again and never moves money twice.
func (s *Server) transfer(req transferRequest) reply {
	s.mu.Lock()
	defer s.mu.Unlock()
	if g := s.st.Games[req.Game]; g != nil {
		if t := g.Transfers[req.TraceID]; t != nil {
			switch t.State {
			case stateDone:
				return refuse(http.StatusConflict, "DUPLICATE")
			case stateVoided:
				return refuse(http.StatusUnprocessableEntity, "VOIDED")
			default:
				return refuse(http.StatusUnprocessableEntity, t.Reason)
			}
		}
	}
	t := &transfer{Username: req.Username, Direction: req.Direction, Amount: req.Amount, State: stateDone, At: s.cfg.Now().UTC()}
	code := http.StatusOK
	p := s.st.player(req.Game, req.Username)
	switch {
	case p == nil:
		t.State, t.Reason, code = stateFailed, "PLAYER_NOT_FOUND", http.StatusNotFound
	case req.Direction == "out" && p.Balance < req.Amount:
		t.State, t.Reason, code = stateFailed, "INSUFFICIENT_BALANCE", http.StatusUnprocessableEntity
	}
	if err := s.commit(event{Kind: "transfer", Game: req.Game, TraceID: req.TraceID, Transfer: t}); err != nil {
		return storageFailed()
	}
	if t.State != stateDone {
		return refuse(code, t.Reason)
	}
	return ok(transferReply{Status: stateDone, Balance: p.Balance})
}

func (s *Server) handleStatus(w http.ResponseWriter, r *http.Request) {
	code, traceID := r.URL.Query().Get("game"), r.PathValue("traceId")
	if !s.knownGame(w, code) {
		return
	}
	if !validID(traceID, 64) {
		writeJSON(w, http.StatusBadRequest, errorBody{Error: "BAD_TRACE_ID"})
		return
	}
	s.run(w, r, OpStatus, func() reply {
		s.mu.Lock()
		defer s.mu.Unlock()
		var t *transfer
		if g := s.st.Games[code]; g != nil {
			t = g.Transfers[traceID]
		}
		if t == nil {
			// NOT_FOUND is a promise: void the trace id so that a late
			// arrival of it is refused.
			t = &transfer{State: stateVoided, At: s.cfg.Now().UTC()}
			if err := s.commit(event{Kind: "transfer", Game: code, TraceID: traceID, Transfer: t}); err != nil {
				return storageFailed()
			}
		}
		switch t.State {
		case stateDone:
			return ok(statusReply{TraceID: traceID, Status: "DONE"})
		case stateFailed:
			return ok(statusReply{TraceID: traceID, Status: "FAILED", Reason: t.Reason})
		default:
			return ok(statusReply{TraceID: traceID, Status: "NOT_FOUND"})
		}
	})
}

func (s *Server) handleLaunch(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	code, username, password := q.Get("game"), q.Get("username"), q.Get("password")
	if !s.knownGame(w, code) {
		return
	}
	s.mu.Lock()
	p := s.st.player(code, username)
	var want string
	if p != nil {
		want = p.Password
	}
	s.mu.Unlock()
	if p == nil {
		writeJSON(w, http.StatusNotFound, errorBody{Error: "PLAYER_NOT_FOUND"})
		return
	}
	if subtle.ConstantTimeCompare([]byte(password), []byte(want)) != 1 {
		writeJSON(w, http.StatusForbidden, errorBody{Error: "BAD_PASSWORD"})
		return
	}
	token := s.launchToken(code, username)
	writeJSON(w, http.StatusOK, struct {
		URL string `json:"url"`
	}{s.publicBase(r) + s.cfg.PathPrefix + "/play/" + token})
}

// publicBase is Config.PublicURL, or else the scheme and host the request
// came to.
func (s *Server) publicBase(r *http.Request) string {
	if s.cfg.PublicURL != "" {
		return s.cfg.PublicURL
	}
	scheme := "http"
	if r.TLS != nil || r.Header.Get("X-Forwarded-Proto") == "https" {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

// Bet page sizes.
const (
	defaultBetLimit = 100
	maxBetLimit     = 1000
)

func (s *Server) handleBets(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	code := q.Get("game")
	if !s.knownGame(w, code) {
		return
	}
	// The cursor is the sequence number of the last bet seen; bets are
	// numbered from 1 in the order they were placed.
	var after int
	if c := q.Get("cursor"); c != "" {
		n, err := strconv.Atoi(c)
		if err != nil || n < 0 {
			writeJSON(w, http.StatusBadRequest, errorBody{Error: "BAD_CURSOR"})
			return
		}
		after = n
	}
	limit := defaultBetLimit
	if l := q.Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 0 {
			writeJSON(w, http.StatusBadRequest, errorBody{Error: "BAD_LIMIT"})
			return
		}
		if n > 0 {
			limit = min(n, maxBetLimit)
		}
	}
	s.mu.Lock()
	var page []Bet
	if g := s.st.Games[code]; g != nil {
		// Bets before the oldest one kept were dropped (Config.MaxBets):
		// a cursor behind them reads on from the oldest kept.
		after = max(after, g.BetsBase)
		if i := after - g.BetsBase; i < len(g.Bets) {
			page = append(page, g.Bets[i:min(i+limit, len(g.Bets))]...)
		}
	}
	s.mu.Unlock()
	if page == nil {
		page = []Bet{}
	}
	writeJSON(w, http.StatusOK, betsReply{Bets: page, Next: strconv.Itoa(after + len(page))})
}

package sim

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"ngern/core/money"
)

//go:embed play.html
var playHTML string

// maxBet caps one spin of the demo slot.
const maxBet = money.Satang(1000_00)

// launchToken signs game, username and an expiry so that the launch link
// carries no password and dies on its own.
func (s *Server) launchToken(game, username string) string {
	exp := s.cfg.Now().Add(s.cfg.LaunchTTL).Unix()
	payload := game + "\n" + username + "\n" + strconv.FormatInt(exp, 10)
	mac := hmac.New(sha256.New, s.launchKey)
	mac.Write([]byte(payload))
	enc := base64.RawURLEncoding
	return enc.EncodeToString([]byte(payload)) + "." + enc.EncodeToString(mac.Sum(nil))
}

// checkToken returns the game and username of a valid, unexpired token.
func (s *Server) checkToken(token string) (game, username string, valid bool) {
	enc := base64.RawURLEncoding
	p64, m64, found := strings.Cut(token, ".")
	if !found {
		return "", "", false
	}
	payload, err1 := enc.DecodeString(p64)
	sum, err2 := enc.DecodeString(m64)
	if err1 != nil || err2 != nil {
		return "", "", false
	}
	mac := hmac.New(sha256.New, s.launchKey)
	mac.Write(payload)
	if !hmac.Equal(sum, mac.Sum(nil)) {
		return "", "", false
	}
	parts := strings.Split(string(payload), "\n")
	if len(parts) != 3 {
		return "", "", false
	}
	exp, err := strconv.ParseInt(parts[2], 10, 64)
	if err != nil || s.cfg.Now().Unix() >= exp {
		return "", "", false
	}
	return parts[0], parts[1], true
}

// playHeaders keep the page self-contained and its token out of referrers.
func playHeaders(w http.ResponseWriter) {
	h := w.Header()
	h.Set("Cache-Control", "no-store")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; base-uri 'none'; form-action 'none'")
}

func (s *Server) handlePlayPage(w http.ResponseWriter, r *http.Request) {
	playHeaders(w)
	code, username, valid := s.checkToken(r.PathValue("token"))
	s.mu.Lock()
	var bal money.Satang
	p := s.st.player(code, username)
	if p != nil {
		bal = p.Balance
	}
	s.mu.Unlock()
	if !valid || p == nil {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusForbidden)
		_, _ = io.WriteString(w, `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`+
			`<title>Link expired</title><p style="font-family:system-ui,sans-serif;padding:16px">This game link has expired. Open the game again from your wallet.<br>ลิงก์หมดอายุ กรุณาเปิดเกมใหม่จากกระเป๋าเงิน</p>`)
		return
	}
	var buf bytes.Buffer
	data := struct{ Game, Username, Balance string }{code, username, grouped(bal)}
	if err := s.page.Execute(&buf, data); err != nil {
		s.log.Error("sim: play page", "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(buf.Bytes())
}

// grouped formats an amount with thousands separators, as the page's script does.
func grouped(a money.Satang) string {
	s := a.String()
	whole, frac, _ := strings.Cut(s, ".")
	neg := strings.HasPrefix(whole, "-")
	whole = strings.TrimPrefix(whole, "-")
	var b strings.Builder
	for i, c := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	out := b.String() + "." + frac
	if neg {
		return "-" + out
	}
	return out
}

func (s *Server) handlePlayBalance(w http.ResponseWriter, r *http.Request) {
	playHeaders(w)
	code, username, valid := s.checkToken(r.PathValue("token"))
	if !valid {
		writeJSON(w, http.StatusForbidden, errorBody{Error: "LINK_EXPIRED"})
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.st.player(code, username)
	if p == nil {
		writeJSON(w, http.StatusNotFound, errorBody{Error: "PLAYER_NOT_FOUND"})
		return
	}
	writeJSON(w, http.StatusOK, balanceReply{p.Balance})
}

// SpinResult is the answer to one spin of the demo slot.
type SpinResult struct {
	Balance money.Satang `json:"balance"`
	Stake   money.Satang `json:"stake"`
	Payout  money.Satang `json:"payout"`
	Reels   []string     `json:"reels"`
	BetID   string       `json:"betId"`
}

func (s *Server) handleSpin(w http.ResponseWriter, r *http.Request) {
	playHeaders(w)
	code, username, valid := s.checkToken(r.PathValue("token"))
	if !valid {
		writeJSON(w, http.StatusForbidden, errorBody{Error: "LINK_EXPIRED"})
		return
	}
	var req struct {
		Bet money.Satang `json:"bet"`
	}
	if !decode(w, r, &req) {
		return
	}
	if req.Bet <= 0 || req.Bet > maxBet {
		writeJSON(w, http.StatusBadRequest, errorBody{Error: "INVALID_AMOUNT"})
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.st.player(code, username)
	switch {
	case p == nil:
		writeJSON(w, http.StatusNotFound, errorBody{Error: "PLAYER_NOT_FOUND"})
		return
	case p.Balance < req.Bet:
		writeJSON(w, http.StatusUnprocessableEntity, errorBody{Error: "INSUFFICIENT_BALANCE"})
		return
	}
	mult, reels := spinOutcome(s.rand)
	seq := s.st.Games[code].BetsBase + len(s.st.Games[code].Bets) + 1
	bet := Bet{
		ID:       code + "-" + strconv.Itoa(seq),
		Game:     code,
		Username: username,
		Stake:    req.Bet,
		Payout:   req.Bet * money.Satang(mult),
		PlacedAt: s.cfg.Now().UTC(),
	}
	if err := s.commit(event{Kind: "bet", Game: code, Bet: &bet}); err != nil {
		writeJSON(w, http.StatusInternalServerError, errorBody{Error: "STORAGE"})
		return
	}
	writeJSON(w, http.StatusOK, SpinResult{Balance: p.Balance, Stake: bet.Stake, Payout: bet.Payout, Reels: reels[:], BetID: bet.ID})
}

// payline is a winning line: three of symbol pay mult times the bet, with
// probability p per spin.
type payline struct {
	symbol string
	mult   int64
	p      float64
}

// paytable gives a return to player of 2×0.25 + 5×0.05 + 10×0.01 + 20×0.005
// = 95%.
func paytable() []payline {
	return []payline{{"🍒", 2, 0.25}, {"🍋", 5, 0.05}, {"🔔", 10, 0.01}, {"💎", 20, 0.005}}
}

// spinOutcome draws one spin: the win multiplier (0 for a loss) and the
// symbols to show.
func spinOutcome(rnd Rand) (int64, [3]string) {
	u := rnd.Float64()
	for _, l := range paytable() {
		if u < l.p {
			return l.mult, [3]string{l.symbol, l.symbol, l.symbol}
		}
		u -= l.p
	}
	// A loss shows three symbols that are not all the same.
	symbols := [...]string{"🍒", "🍋", "🔔", "💎", "⭐"}
	var idx [3]int
	for i := range idx {
		idx[i] = min(int(rnd.Float64()*float64(len(symbols))), len(symbols)-1)
	}
	if idx[0] == idx[1] && idx[1] == idx[2] {
		idx[2] = (idx[2] + 1) % len(symbols)
	}
	return 0, [3]string{symbols[idx[0]], symbols[idx[1]], symbols[idx[2]]}
}

// Spin plays one round of the demo slot behind launchURL (a link from the
// launch call), as the page's SPIN button does. Demo seeding and tests use
// it to place bets.
func Spin(ctx context.Context, hc *http.Client, launchURL string, bet money.Satang) (SpinResult, error) {
	body, _ := json.Marshal(struct {
		Bet money.Satang `json:"bet"`
	}{bet})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimRight(launchURL, "/")+"/spin", bytes.NewReader(body))
	if err != nil {
		return SpinResult{}, fmt.Errorf("sim: spin: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	if hc == nil {
		hc = &http.Client{Timeout: 30 * time.Second}
	}
	res, err := hc.Do(req)
	if err != nil {
		return SpinResult{}, fmt.Errorf("sim: spin: %w", err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	if err != nil {
		return SpinResult{}, fmt.Errorf("sim: spin: %w", err)
	}
	if res.StatusCode != http.StatusOK {
		var e errorBody
		_ = json.Unmarshal(data, &e) // a body that is not ours leaves the message empty
		return SpinResult{}, fmt.Errorf("sim: spin: HTTP %d %s", res.StatusCode, e.Error)
	}
	var out SpinResult
	if err := json.Unmarshal(data, &out); err != nil {
		return SpinResult{}, fmt.Errorf("sim: spin: %w", err)
	}
	return out, nil
}

package simaggregator

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
)

//go:embed play.html
var playHTML string

// Stakes the page offers, in minor units; a press takes any stake from 1
// to maxStake.
var stakes = []int64{1_00, 5_00, 10_00, 50_00, 100_00}

const maxStake = 1000_00

// maxRounds is how many of a launch's latest rounds POST /rounds/{id}/rollback knows.
const maxRounds = 100

// playHeaders keep the page self-contained and its link out of referrers.
func playHeaders(w http.ResponseWriter) {
	h := w.Header()
	h.Set("Cache-Control", "no-store")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'")
}

// pageData is what the page template shows.
type pageData struct {
	Lang, Currency, Balance string
	Game                    game
	Action                  string // Spin or Bet, in the page's language
	Texts                   map[string]string
	Base                    string // the launch's path, which the script posts to
	Image, ReturnURL        string
	Demo                    bool
	Stakes                  []stakeOption
}

type stakeOption struct {
	Value int64
	Label string
}

func (s *Server) handlePage(w http.ResponseWriter, r *http.Request) {
	playHeaders(w)
	l := s.launchOf(r.PathValue("id"))
	lang := "en"
	if l != nil {
		lang = pageLang(l.Lang)
	}
	tx := texts[lang]
	if l == nil {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write([]byte(`<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Ngern Demo</title>` +
			`<p style="font-family:system-ui,sans-serif;padding:16px">` + tx["expired"] + `<br>` + texts["th"]["expired"] + `<br>` + texts["lo"]["expired"] + `</p>`))
		return
	}
	bal := "—"
	if a, ok := s.balance(r.Context(), l); ok {
		bal = formatMinor(a)
	}
	action := tx["bet"]
	if l.Game.Category == "slot" {
		action = tx["spin"]
	}
	d := pageData{Lang: lang, Currency: l.Currency, Balance: bal, Game: l.Game, Action: action, Texts: tx,
		Base: s.cfg.PathPrefix + "/play/" + l.ID, Image: s.cfg.PathPrefix + "/img/" + l.Game.Code + ".svg", ReturnURL: l.ReturnURL, Demo: l.Demo}
	for _, v := range stakes {
		d.Stakes = append(d.Stakes, stakeOption{v, formatMinor(v)})
	}
	var buf bytes.Buffer
	if err := s.page.Execute(&buf, d); err != nil {
		s.log.Error("simaggregator: play page", "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = w.Write(buf.Bytes())
}

// balance is the launch's balance: its play money, or Ngern's answer to a
// balance callback.
func (s *Server) balance(ctx context.Context, l *launch) (int64, bool) {
	if l.Demo {
		s.mu.Lock()
		defer s.mu.Unlock()
		return l.Balance, true
	}
	s.mu.Lock()
	p := s.planFor(s.rulesOf(l, nil))
	s.mu.Unlock()
	a, call := s.callback(ctx, callBalance, "", balanceCall{Token: l.Token, Player: l.Player}, p.calls[callBalance])
	return a.Balance, call.Status == "OK"
}

func (s *Server) handleBalance(w http.ResponseWriter, r *http.Request) {
	playHeaders(w)
	l := s.launchOf(r.PathValue("id"))
	if l == nil {
		writeJSON(w, http.StatusNotFound, errorBody{Error: "LINK_EXPIRED"})
		return
	}
	bal, ok := s.balance(r.Context(), l)
	if !ok {
		writeJSON(w, http.StatusBadGateway, errorBody{Error: "NO_BALANCE"})
		return
	}
	writeJSON(w, http.StatusOK, struct {
		Balance  int64  `json:"balance"`
		Currency string `json:"currency"`
	}{bal, l.Currency})
}

// rulesOf returns the fault rules of one press: its own when given, else
// the launch's, else the global ones. The caller holds s.mu.
func (s *Server) rulesOf(l *launch, own Faults) Faults {
	switch {
	case own != nil:
		return own
	case l.Faults != nil:
		return l.Faults
	}
	return s.faults
}

// PressRequest is the body of POST /play/{id}/bet: the page's press of
// Spin or Bet.
type PressRequest struct {
	Stake int64 `json:"stake"`
	// Faults, when set, replace the launch's rules for this press only
	// (tests use it).
	Faults Faults `json:"faults,omitempty"`
}

// PressResult is the answer to a press.
type PressResult struct {
	// Status is the outcome: OK, or the status of the callback that
	// stopped the round (INSUFFICIENT_FUNDS, ROLLED_BACK, …; NO_ANSWER when
	// Ngern could not be reached).
	Status   string   `json:"status"`
	RoundID  string   `json:"roundId"`
	Stake    int64    `json:"stake"`
	Payout   int64    `json:"payout"`
	Balance  int64    `json:"balance"`
	Currency string   `json:"currency"`
	Symbols  []string `json:"symbols,omitempty"`
	// Calls are the callbacks made, in order.
	Calls []Call `json:"calls"`
}

func (s *Server) handleBet(w http.ResponseWriter, r *http.Request) {
	playHeaders(w)
	l := s.launchOf(r.PathValue("id"))
	if l == nil {
		writeJSON(w, http.StatusNotFound, errorBody{Error: "LINK_EXPIRED"})
		return
	}
	var req PressRequest
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 64<<10)).Decode(&req); err != nil {
		writeJSON(w, http.StatusBadRequest, errorBody{Error: "INVALID_REQUEST"})
		return
	}
	if req.Stake <= 0 || req.Stake > maxStake {
		writeJSON(w, http.StatusBadRequest, errorBody{Error: "INVALID_STAKE"})
		return
	}
	if err := req.Faults.Validate(); err != nil {
		writeJSON(w, http.StatusBadRequest, errorBody{Error: "INVALID_FAULTS"})
		return
	}
	// The round goes on if the page goes away: an aggregator finishes
	// what it started.
	writeJSON(w, http.StatusOK, s.press(context.WithoutCancel(r.Context()), l, req))
}

// press plays one round: bet, then win (0 on a loss) closing the round,
// unless a fault changes the sequence.
func (s *Server) press(ctx context.Context, l *launch, req PressRequest) PressResult {
	s.mu.Lock()
	p := s.planFor(s.rulesOf(l, req.Faults))
	mult, symbols := outcome(l.Game.Category, s.rand)
	s.mu.Unlock()
	res := PressResult{RoundID: "r" + newID()[:20], Stake: req.Stake, Currency: l.Currency, Symbols: symbols, Calls: []Call{}}
	payout := req.Stake * mult / 100
	if l.Demo {
		return s.pressDemo(l, res, payout)
	}
	betTx, closed := res.RoundID+"-bet", true
	bet := moneyCall{Token: l.Token, Player: l.Player, TransactionID: betTx, RoundID: res.RoundID, Game: l.Game.Code, Amount: req.Stake, Currency: l.Currency}
	win := bet
	win.TransactionID, win.Amount, win.RoundClosed = res.RoundID+"-win", payout, &closed
	// step sends one callback and keeps its call; it reports whether Ngern said OK.
	step := func(kind, tx string, v any) bool {
		a, c := s.callback(ctx, kind, tx, v, p.calls[kind])
		res.Calls = append(res.Calls, c)
		res.Status = c.Status
		if c.Status != statusFailed {
			res.Balance = a.Balance
		}
		return c.Status == "OK"
	}
	switch p.sequence {
	case FaultRollbackFirst:
		step(callRollback, res.RoundID+"-rb", rollbackCall{Token: l.Token, Player: l.Player, TransactionID: res.RoundID + "-rb",
			RefTransactionID: betTx, RoundID: res.RoundID, Game: l.Game.Code})
		// Ngern must refuse it: the rollback left a tombstone.
		step(callBet, betTx, bet)
		return res
	case FaultUnknownRound:
		win.Amount = req.Stake
		res.Stake, res.Symbols = 0, nil
		if step(callWin, win.TransactionID, win) {
			res.Payout = req.Stake
		}
		return res
	}
	if !step(callBet, betTx, bet) {
		if res.Status == statusFailed {
			// Nobody knows whether the bet was taken: cancel it, as
			// aggregators do, so that it never stays debited alone.
			s.rollback(ctx, l, &round{ID: res.RoundID, BetTx: betTx}, p, &res)
		}
		return res
	}
	s.mu.Lock()
	s.rounds[res.RoundID] = &round{ID: res.RoundID, Launch: l.ID, BetTx: betTx, Stake: req.Stake}
	l.rounds = append(l.rounds, res.RoundID)
	if len(l.rounds) > maxRounds {
		// Only recent rounds can be rolled back on demand: memory stays
		// bounded however long a game is played.
		delete(s.rounds, l.rounds[0])
		l.rounds = l.rounds[1:]
	}
	s.mu.Unlock()
	if step(callWin, win.TransactionID, win) {
		res.Payout = payout
	}
	return res
}

// pressDemo plays a round with a demo launch's play money.
func (s *Server) pressDemo(l *launch, res PressResult, payout int64) PressResult {
	s.mu.Lock()
	defer s.mu.Unlock()
	if l.Balance < res.Stake {
		res.Status, res.Balance, res.Stake, res.Symbols = "INSUFFICIENT_FUNDS", l.Balance, 0, nil
		return res
	}
	l.Balance += payout - res.Stake
	res.Status, res.Payout, res.Balance = "OK", payout, l.Balance
	return res
}

// rollback sends the rollback of rd's bet and adds its call to res.
func (s *Server) rollback(ctx context.Context, l *launch, rd *round, p plan, res *PressResult) {
	tx := rd.ID + "-rb"
	a, c := s.callback(ctx, callRollback, tx, rollbackCall{Token: l.Token, Player: l.Player, TransactionID: tx,
		RefTransactionID: rd.BetTx, RoundID: rd.ID, Game: l.Game.Code}, p.calls[callRollback])
	res.Calls = append(res.Calls, c)
	if c.Status != statusFailed {
		res.Balance = a.Balance
	}
}

// handleRollback rolls back a round's bet on demand (the round stays
// rolled back for good: a second call sends the same transactionId).
func (s *Server) handleRollback(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	rd := s.rounds[r.PathValue("id")]
	var l *launch
	var rules Faults
	if rd != nil {
		l = s.launches[rd.Launch]
		rules = s.rulesOf(l, nil)
		rd.RolledBack = true
	}
	p := s.planFor(rules)
	s.mu.Unlock()
	if rd == nil || l == nil {
		writeJSON(w, http.StatusNotFound, errorBody{Error: "UNKNOWN_ROUND"})
		return
	}
	res := PressResult{RoundID: rd.ID, Stake: rd.Stake, Currency: l.Currency, Calls: []Call{}}
	s.rollback(context.WithoutCancel(r.Context()), l, rd, p, &res)
	res.Status = res.Calls[0].Status
	writeJSON(w, http.StatusOK, res)
}

// outcome draws one round of a game of category: the payout as a multiple
// of the stake in hundredths (0 for a loss) and, for a slot, the reels.
// Every game returns about 95 % of the stakes.
func outcome(category string, rnd interface{ Float64() float64 }) (int64, []string) {
	u := rnd.Float64()
	switch category {
	case "slot":
		lines := []struct {
			symbol string
			mult   int64
			p      float64
		}{{"🍒", 200, 0.25}, {"🍋", 500, 0.05}, {"🔔", 1000, 0.01}, {"💎", 2000, 0.005}}
		for _, l := range lines {
			if u < l.p {
				return l.mult, []string{l.symbol, l.symbol, l.symbol}
			}
			u -= l.p
		}
		// A loss shows reels that are not all the same.
		symbols := []string{"🍒", "🍋", "🔔", "💎", "⭐"}
		i := int(u*1000) % len(symbols)
		return 0, []string{symbols[i], symbols[(i+1)%len(symbols)], symbols[(i+3)%len(symbols)]}
	case "casino":
		return hit(u < 0.475, 200), nil
	case "sport":
		return hit(u < 0.5, 190), nil
	default: // lotto
		return hit(u < 0.019, 5000), nil
	}
}

func hit(won bool, mult int64) int64 {
	if won {
		return mult
	}
	return 0
}

// formatMinor writes an amount in minor units with thousands separators
// and two decimals, as the page's script does.
func formatMinor(v int64) string {
	sign := ""
	if v < 0 {
		sign, v = "-", -v
	}
	whole := strconv.FormatInt(v/100, 10)
	var b strings.Builder
	for i, c := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return fmt.Sprintf("%s%s.%02d", sign, b.String(), v%100)
}

// pageLang is the page's language for a launch's lang: th, lo or en
// (Lao also written la).
func pageLang(lang string) string {
	switch l := strings.ToLower(lang); {
	case strings.HasPrefix(l, "th"):
		return "th"
	case strings.HasPrefix(l, "lo"), strings.HasPrefix(l, "la"):
		return "lo"
	}
	return "en"
}

// texts is the page's own small dictionary: this is the aggregator's page,
// not Ngern's app, so it carries its own words.
var texts = map[string]map[string]string{
	"en": {"balance": "Balance", "stake": "Stake", "spin": "Spin", "bet": "Bet", "back": "Back", "win": "You win",
		"lose": "No win this time", "INSUFFICIENT_FUNDS": "Not enough balance", "error": "Something went wrong, try again",
		"refused": "The wallet refused", "demo": "Demo: play money", "expired": "This game link has expired. Open the game again.",
		"calls": "Callbacks"},
	"th": {"balance": "ยอดเงิน", "stake": "เดิมพัน", "spin": "หมุน", "bet": "วางเดิมพัน", "back": "กลับ", "win": "คุณชนะ",
		"lose": "ครั้งนี้ไม่ชนะ", "INSUFFICIENT_FUNDS": "ยอดเงินไม่พอ", "error": "เกิดข้อผิดพลาด ลองอีกครั้ง",
		"refused": "กระเป๋าเงินปฏิเสธ", "demo": "ทดลองเล่น: เงินสมมติ", "expired": "ลิงก์เกมนี้หมดอายุแล้ว กรุณาเปิดเกมใหม่",
		"calls": "การเรียกกลับ"},
	"lo": {"balance": "ຍອດເງິນ", "stake": "ເດີມພັນ", "spin": "ໝູນ", "bet": "ວາງເດີມພັນ", "back": "ກັບຄືນ", "win": "ທ່ານຊະນະ",
		"lose": "ເທື່ອນີ້ບໍ່ຊະນະ", "INSUFFICIENT_FUNDS": "ຍອດເງິນບໍ່ພໍ", "error": "ເກີດຂໍ້ຜິດພາດ, ລອງໃໝ່",
		"refused": "ກະເປົາເງິນປະຕິເສດ", "demo": "ທົດລອງຫຼິ້ນ: ເງິນສົມມຸດ", "expired": "ລິ້ງເກມນີ້ໝົດອາຍຸແລ້ວ, ກະລຸນາເປີດເກມໃໝ່",
		"calls": "ການເອີ້ນກັບ"},
}

package httpapi

import (
	"net/http"
	"strings"
	"time"

	"ngern/core/errs"
	"ngern/core/money"
	"ngern/core/promo"
	"ngern/core/rewards"
	"ngern/core/settings"
)

// rewardsRoutes mounts the member's refund and invite calls (spec part 7;
// docs/api.md). The calls that move money are idempotent by
// Idempotency-Key, and by nature: a second call finds nothing left to take.
func (s *Server) rewardsRoutes() {
	if s.rewards == nil {
		return
	}
	m := s.mux
	m.Handle("POST /api/refund", s.member(s.refundLog))
	m.Handle("GET /api/refund/check", s.member(s.refundCheck))
	m.Handle("GET /api/refund/receive", s.member(s.idempotent(memberScope, s.refundReceive)))
	m.Handle("GET /api/refund/addWallet", s.member(s.idempotent(memberScope, s.refundAddWallet)))
	m.Handle("GET /api/refund/banners", s.member(s.rewardBanners(rewards.Refund)))
	m.Handle("POST /api/invite", s.member(s.inviteList))
	m.Handle("GET /api/invite/bonus", s.member(s.inviteBonus))
	m.Handle("GET /api/invite/receive", s.member(s.idempotent(memberScope, s.inviteReceive)))
	m.Handle("GET /api/invite/banners", s.member(s.rewardBanners(rewards.Invite)))
}

// requestLang is the language a member's call asks in (lookupLang), Thai
// when it names none.
func requestLang(r *http.Request) string {
	if l := lookupLang(r); l != "" {
		return l
	}
	return settings.LangTH
}

type refundJSON struct {
	RefundAmount money.Satang `json:"refundAmount"`
	Status       string       `json:"status"`
	Period       string       `json:"period"`
	CreatedAt    time.Time    `json:"createdAt"`
}

func (s *Server) refundLog(w http.ResponseWriter, r *http.Request) {
	var req pageRequest
	if err := s.decode(r, &req, errs.InvalidRequest); err != nil {
		writeError(w, r, err)
		return
	}
	items, total, err := s.rewards.RefundLog(r.Context(), Caller(r).MemberID, req.Page, req.Limit)
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]refundJSON, len(items))
	for i, it := range items {
		out[i] = refundJSON{RefundAmount: it.Amount, Status: it.Status, Period: it.Period, CreatedAt: it.CreatedAt}
	}
	writeJSON(w, http.StatusOK, map[string]any{"refunds": out, "total": total})
}

func (s *Server) refundCheck(w http.ResponseWriter, r *http.Request) {
	c, err := s.rewards.CheckRefund(r.Context(), Caller(r).MemberID, requestLang(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"result": c.Result, "bonus": c.Bonus, "info": c.Info,
		"refundAmount": c.Pending, "refundBalance": c.Balance, "refundSuccess": c.Success, "refundFail": c.Fail,
		"active": c.Active})
}

func (s *Server) refundReceive(w http.ResponseWriter, r *http.Request) {
	amount, err := s.rewards.ReceiveRefund(r.Context(), Caller(r).MemberID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"message": errs.Success, "amount": amount})
}

func (s *Server) refundAddWallet(w http.ResponseWriter, r *http.Request) {
	c, err := s.rewards.AddRefund(r.Context(), Caller(r).MemberID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"message": errs.RefundSuccess, "amount": c.Amount,
		"condition": toCondition(c)})
}

func (s *Server) rewardBanners(p rewards.Program) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		list, err := s.rewards.Banners(r.Context(), p, requestLang(r))
		if err != nil {
			writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, toBanners(list))
	}
}

type inviteFromJSON struct {
	Name string `json:"name"`
}

type inviteRowJSON struct {
	From      inviteFromJSON `json:"from"`
	Amount    money.Satang   `json:"amount"`
	CreatedAt time.Time      `json:"createdAt"`
}

func (s *Server) inviteList(w http.ResponseWriter, r *http.Request) {
	var req pageRequest
	if err := s.decode(r, &req, errs.InvalidRequest); err != nil {
		writeError(w, r, err)
		return
	}
	memberID := Caller(r).MemberID
	list, total, err := s.rewards.Invitees(r.Context(), memberID, req.Page, req.Limit)
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]inviteRowJSON, len(list))
	for i, v := range list {
		out[i] = inviteRowJSON{From: inviteFromJSON{Name: v.Name}, Amount: v.Amount, CreatedAt: v.CreatedAt}
	}
	code, err := s.accounts.InviteCodeOf(r.Context(), memberID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"invites": out, "total": total, "code": code})
}

type inviteBonusJSON struct {
	Amount  money.Satang `json:"amount"`
	Success int          `json:"success"`
	Fail    int          `json:"fail"`
	Active  bool         `json:"active"`
}

func (s *Server) inviteBonus(w http.ResponseWriter, r *http.Request) {
	b, err := s.rewards.InviteBonus(r.Context(), Caller(r).MemberID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, inviteBonusJSON{Amount: b.Amount, Success: b.Success, Fail: b.Fail, Active: b.Active})
}

func (s *Server) inviteReceive(w http.ResponseWriter, r *http.Request) {
	c, err := s.rewards.ReceiveInvite(r.Context(), Caller(r).MemberID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"message": errs.InviteBonusSuccess, "amount": c.Amount,
		"condition": toCondition(c)})
}

// ---- Operator ----

func rewardProgram(r *http.Request) (rewards.Program, error) {
	switch p := rewards.Program(r.PathValue("program")); p {
	case rewards.Refund, rewards.Invite:
		return p, nil
	}
	return "", errs.New(errs.NotFoundCode)
}

func (s *Server) operatorRewardSettings(w http.ResponseWriter, r *http.Request) {
	p, err := rewardProgram(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	st, err := s.rewards.Settings(r.Context(), p)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"program": p, "settings": st})
}

func (s *Server) putRewardSettings(w http.ResponseWriter, r *http.Request) {
	p, err := rewardProgram(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	before, err := s.rewards.Settings(r.Context(), p)
	if err != nil {
		writeError(w, r, err)
		return
	}
	var req rewards.Settings
	if err := s.decode(r, &req, errs.InvalidRequest); err != nil {
		writeError(w, r, err)
		return
	}
	for _, b := range req.Banners {
		if b.Image != "" && !strings.HasPrefix(b.Image, "https://") && !strings.HasPrefix(b.Image, promo.BannerPath("")) {
			writeError(w, r, errs.OnField(errs.InvalidRequest, "banners"))
			return
		}
	}
	st, err := s.rewards.SaveSettings(r.Context(), p, req, operatorName(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	n := noteAudit(r)
	n.before, n.after = before, st
	writeJSON(w, http.StatusOK, map[string]any{"message": errs.Success, "settings": st})
}

func (s *Server) closeRewardPeriod(p rewards.Program) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		run, err := s.rewards.ClosePeriod(r.Context(), p, operatorName(r))
		if err != nil {
			writeError(w, r, err)
			return
		}
		n := noteAudit(r)
		n.target, n.after = run.Period, run
		writeJSON(w, http.StatusOK, map[string]any{"message": errs.Success, "run": run})
	}
}

func (s *Server) rewardRuns(w http.ResponseWriter, r *http.Request) {
	p, err := rewardProgram(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	runs, err := s.rewards.Runs(r.Context(), p, 100)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"runs": runs})
}

func (s *Server) rewardItems(w http.ResponseWriter, r *http.Request) {
	p, err := rewardProgram(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	q := r.URL.Query()
	page, limit := queryInt(q.Get("page")), queryInt(q.Get("limit"))
	items, total, err := s.rewards.Items(r.Context(), p, q.Get("member"), q.Get("run"), page, limit)
	if err != nil {
		writeError(w, r, err)
		return
	}
	noteAudit(r).target = q.Get("member")
	writeJSON(w, http.StatusOK, map[string]any{"items": items, "total": total})
}

func (s *Server) gameResults(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	for _, d := range []string{q.Get("from"), q.Get("to")} {
		if _, err := time.Parse(time.DateOnly, d); d != "" && err != nil {
			writeError(w, r, errs.OnField(errs.InvalidRequest, "from"))
			return
		}
	}
	list, err := s.rewards.Results(r.Context(), q.Get("member"), q.Get("from"), q.Get("to"), queryInt(q.Get("limit")))
	if err != nil {
		writeError(w, r, err)
		return
	}
	noteAudit(r).target = q.Get("member")
	writeJSON(w, http.StatusOK, map[string]any{"results": list})
}

func (s *Server) collectionStatus(w http.ResponseWriter, r *http.Request) {
	list, err := s.rewards.CollectStates(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"games": list})
}

func (s *Server) collectNow(w http.ResponseWriter, r *http.Request) {
	n, err := s.rewards.Collect(r.Context())
	if err != nil {
		// What was collected before the failure is kept; the status shows
		// the error. A provider's failure answers PROVIDER_UNAVAILABLE, the
		// database's SERVICE_UNAVAILABLE; the cause is logged only.
		writeError(w, r, err)
		return
	}
	noteAudit(r).after = map[string]int{"bets": n}
	writeJSON(w, http.StatusOK, map[string]any{"message": errs.Success, "bets": n})
}

func queryInt(v string) int {
	n := 0
	for _, c := range v {
		if c < '0' || c > '9' || n > 1_000_000 {
			return 0
		}
		n = n*10 + int(c-'0')
	}
	return n
}

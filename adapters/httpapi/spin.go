package httpapi

import (
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"ngern/core/errs"
	"ngern/core/money"
	"ngern/core/operator"
	"ngern/core/spin"
)

// spinRoutes mounts the spin wheel calls of spec part 7 (docs/api.md,
// "Spin wheel"). A spin and a claim are idempotent by Idempotency-Key.
func (s *Server) spinRoutes() {
	if s.spin == nil {
		return
	}
	m := s.mux
	m.Handle("GET /api/spinwheel/setup", s.member(s.spinSetup))
	m.Handle("POST /api/spinwheel/spin", s.member(s.idempotent(memberScope, s.spinOnce)))
	m.Handle("GET /api/spinwheel/active", s.member(s.spinActive))
	m.Handle("GET /api/spinwheel/coupon", s.member(s.spinCoupons))
	m.Handle("POST /api/spinwheel/coupon/claim", s.member(s.idempotent(memberScope, s.claimCoupon)))
}

// sliceJSON is a slice as members see it: label in the request's language
// and in every language (labels), the prize it pays, never its weight.
type sliceJSON struct {
	Code            string      `json:"code"`
	Label           string      `json:"label"`
	Labels          spin.Labels `json:"labels"`
	BgColor         string      `json:"bgColor"`
	TextColor       string      `json:"textColor"`
	HTMLDescription string      `json:"htmlDescription"`
	Prize           prizeJSON   `json:"prize"`
}

type prizeJSON struct {
	Type   spin.PrizeType `json:"type"`
	Amount money.Satang   `json:"amount"`
	Coins  int64          `json:"coins"`
}

func toSlice(sl spin.Slice, lang string) sliceJSON {
	return sliceJSON{Code: sl.Code, Label: sl.Label.In(lang), Labels: sl.Label, BgColor: sl.BgColor, TextColor: sl.TextColor,
		HTMLDescription: sl.HTMLDescription, Prize: prizeJSON{Type: sl.Prize.Type, Amount: sl.Prize.Amount, Coins: sl.Prize.Coins}}
}

type wheelJSON struct {
	Name       string      `json:"name"`
	Slice      []sliceJSON `json:"slice"`
	Cost       int64       `json:"cost"`
	DailyLimit int         `json:"dailyLimit"`
}

func (s *Server) spinSetup(w http.ResponseWriter, r *http.Request) {
	st, err := s.spin.Setup(r.Context(), Caller(r).MemberID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	lang := requestLang(r)
	var wheel *wheelJSON
	if st.Wheel != nil {
		wheel = &wheelJSON{Name: st.Wheel.Name, Cost: st.Wheel.Cost, DailyLimit: st.Wheel.DailyLimit,
			Slice: make([]sliceJSON, len(st.Wheel.Slices))}
		for i, sl := range st.Wheel.Slices {
			wheel.Slice[i] = toSlice(sl, lang)
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"result": map[string]any{
		"activeSpinwheel": wheel, "userCoin": st.Coins, "spinsToday": st.SpinsToday}})
}

func (s *Server) spinOnce(w http.ResponseWriter, r *http.Request) {
	out, err := s.spin.Spin(r.Context(), Caller(r).MemberID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	sl := toSlice(out.Slice, requestLang(r))
	result := map[string]any{"code": sl.Code, "label": sl.Label, "labels": sl.Labels, "prize": sl.Prize,
		"remainingCoin": out.RemainingCoin, "coupon": nil}
	if out.Coupon != nil {
		result["coupon"] = out.Coupon.ID
	}
	writeJSON(w, http.StatusOK, map[string]any{"success": true, "result": result, "error": nil})
}

func (s *Server) spinActive(w http.ResponseWriter, r *http.Request) {
	ok, err := s.spin.Active(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]bool{"isActive": ok})
}

// couponJSON is a coupon of spec part 7: prize{name, slice{label,
// htmlDescription}}, amount, and what Ngern adds (docs/api.md).
type couponJSON struct {
	Coupon string `json:"coupon"`
	Prize  struct {
		Name  string    `json:"name"`
		Slice sliceJSON `json:"slice"`
	} `json:"prize"`
	Type      spin.PrizeType `json:"type"`
	Amount    money.Satang   `json:"amount"`
	Coins     int64          `json:"coins"`
	Status    string         `json:"status"` // OPEN, CLAIMED or EXPIRED
	CreatedAt time.Time      `json:"createdAt"`
	ExpiresAt time.Time      `json:"expiresAt"`
	ClaimedAt *time.Time     `json:"claimedAt"`
	Phone     string         `json:"phone,omitempty"`
}

func toCoupon(c spin.Coupon, lang string, now time.Time) couponJSON {
	out := couponJSON{Coupon: c.ID, Type: c.Slice.Prize.Type, Amount: c.Slice.Prize.Amount, Coins: c.Slice.Prize.Coins,
		Status: string(c.Status), CreatedAt: c.CreatedAt.UTC(), ExpiresAt: c.ExpiresAt.UTC(), ClaimedAt: c.ClaimedAt}
	if c.Expired(now) {
		out.Status = "EXPIRED"
	}
	out.Prize.Name, out.Prize.Slice = c.WheelName, toSlice(c.Slice, lang)
	return out
}

func (s *Server) spinCoupons(w http.ResponseWriter, r *http.Request) {
	cs, err := s.spin.MemberCoupons(r.Context(), Caller(r).MemberID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	lang, now := requestLang(r), time.Now()
	out := make([]couponJSON, len(cs))
	for i, c := range cs {
		out[i] = toCoupon(c, lang, now)
	}
	writeJSON(w, http.StatusOK, map[string]any{"result": out})
}

type claimRequest struct {
	Coupon string `json:"coupon" validate:"max=64"`
}

func (s *Server) claimCoupon(w http.ResponseWriter, r *http.Request) {
	var req claimRequest
	if err := s.decode(r, &req, errs.InvalidCode); err != nil {
		writeError(w, r, err)
		return
	}
	c, err := s.spin.Claim(r.Context(), Caller(r).MemberID, req.Coupon)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"success": true, "error": nil,
		"result": toCoupon(c, requestLang(r), time.Now())})
}

// Operator calls.

func (s *Server) operatorSpinTable() []operatorRoute {
	all, money := operator.AllRoles, operator.MoneyRoles
	return []operatorRoute{
		{pattern: "GET /api/operator/spinwheel", roles: all, handler: s.operatorActiveWheel},
		{pattern: "GET /api/operator/spinwheels", roles: all, handler: s.operatorWheels},
		{pattern: "POST /api/operator/spinwheels", roles: money, action: "spinwheel.save", handler: s.saveWheel},
		{pattern: "GET /api/operator/spinwheel/coupons", roles: all, action: "spinwheel.coupons", handler: s.operatorCoupons},
		{pattern: "GET /api/operator/coins", roles: money, handler: s.operatorGrants},
		{pattern: "POST /api/operator/coins", roles: money, action: "coins.grant", idempotent: true, handler: s.grantCoins},
	}
}

// operatorWheelJSON is a wheel as operators edit it.
type operatorWheelJSON struct {
	ID          string       `json:"id"`
	Name        string       `json:"name"`
	Active      bool         `json:"active"`
	Cost        int64        `json:"cost"`
	DailyLimit  int          `json:"dailyLimit"`
	DailyBudget money.Satang `json:"dailyBudget"`
	CouponDays  int          `json:"couponDays"`
	Slices      []spin.Slice `json:"slices"`
	UpdatedAt   time.Time    `json:"updatedAt"`
	UpdatedBy   string       `json:"updatedBy"`
	// Expected is the average payout of one spin from the weights.
	Expected spin.Payout `json:"expectedPayout"`
}

func toOperatorWheel(wh spin.Wheel) operatorWheelJSON {
	return operatorWheelJSON{ID: wh.ID, Name: wh.Name, Active: wh.Active, Cost: wh.Cost, DailyLimit: wh.DailyLimit,
		DailyBudget: wh.DailyBudget, CouponDays: wh.CouponDays, Slices: wh.Slices, UpdatedAt: wh.UpdatedAt.UTC(),
		UpdatedBy: wh.UpdatedBy, Expected: spin.Expected(wh)}
}

// operatorActiveWheel answers the active wheel with each slice's code and
// weight, and today's budget (exhausted: prizes now land on "nothing").
func (s *Server) operatorActiveWheel(w http.ResponseWriter, r *http.Request) {
	wh, b, err := s.spin.ActiveWheel(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, struct {
		operatorWheelJSON
		Today     spin.Budget `json:"today"`
		Exhausted bool        `json:"budgetExhausted"`
	}{toOperatorWheel(wh), b, b.Exhausted(wh)})
}

func (s *Server) operatorWheels(w http.ResponseWriter, r *http.Request) {
	ws, err := s.spin.Wheels(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]operatorWheelJSON, len(ws))
	for i, wh := range ws {
		out[i] = toOperatorWheel(wh)
	}
	writeJSON(w, http.StatusOK, map[string]any{"wheels": out})
}

type saveWheelRequest struct {
	ID          string          `json:"id" validate:"max=64"`
	Name        string          `json:"name" validate:"max=200"`
	Active      bool            `json:"active"`
	Cost        int64           `json:"cost"`
	DailyLimit  int             `json:"dailyLimit"`
	DailyBudget json.Number     `json:"dailyBudget"`
	CouponDays  int             `json:"couponDays"`
	Slices      json.RawMessage `json:"slices"`
}

func (s *Server) saveWheel(w http.ResponseWriter, r *http.Request) {
	var req saveWheelRequest
	if err := s.decode(r, &req, errs.InvalidRequest); err != nil {
		writeError(w, r, err)
		return
	}
	wh := spin.Wheel{ID: req.ID, Name: strings.TrimSpace(req.Name), Active: req.Active, Cost: req.Cost,
		DailyLimit: req.DailyLimit, CouponDays: req.CouponDays}
	if req.DailyBudget != "" {
		b, err := money.Parse(req.DailyBudget.String())
		if err != nil && req.DailyBudget.String() != "0" {
			writeError(w, r, errs.OnField(errs.InvalidAmount, "dailyBudget"))
			return
		}
		wh.DailyBudget = b
	}
	if err := json.Unmarshal(req.Slices, &wh.Slices); err != nil {
		writeError(w, r, errs.OnField(errs.InvalidRequest, "slices"))
		return
	}
	saved, err := s.spin.SaveWheel(r.Context(), wh, operatorName(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	n := noteAudit(r)
	n.target, n.after = saved.ID, toOperatorWheel(saved)
	writeJSON(w, http.StatusOK, toOperatorWheel(saved))
}

func pageOffset(r *http.Request) (offset, limit int, err error) {
	page, limit, err := pageQuery(r)
	if err != nil {
		return 0, 0, err
	}
	if page < 1 {
		page = 1
	}
	if limit <= 0 || limit > 100 {
		limit = 20
	}
	return (page - 1) * limit, limit, nil
}

func (s *Server) operatorCoupons(w http.ResponseWriter, r *http.Request) {
	offset, limit, err := pageOffset(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	cs, total, err := s.spin.Coupons(r.Context(), offset, limit)
	if err != nil {
		writeError(w, r, err)
		return
	}
	now := time.Now()
	out := make([]couponJSON, len(cs))
	for i, c := range cs {
		out[i] = toCoupon(c, "en", now)
		out[i].Phone = c.Phone
	}
	writeJSON(w, http.StatusOK, map[string]any{"coupons": out, "total": total})
}

type grantJSON struct {
	ID        string    `json:"id"`
	MemberID  string    `json:"memberId"`
	Phone     string    `json:"phone"`
	Coins     int64     `json:"coins"`
	Reason    string    `json:"reason"`
	Operator  string    `json:"operator"`
	CreatedAt time.Time `json:"createdAt"`
}

func (s *Server) operatorGrants(w http.ResponseWriter, r *http.Request) {
	offset, limit, err := pageOffset(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	gs, total, err := s.spin.Grants(r.Context(), offset, limit)
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]grantJSON, len(gs))
	for i, g := range gs {
		out[i] = grantJSON{ID: g.ID, MemberID: g.MemberID, Phone: g.Phone, Coins: g.Coins, Reason: g.Reason,
			Operator: g.Operator, CreatedAt: g.CreatedAt.UTC()}
	}
	writeJSON(w, http.StatusOK, map[string]any{"grants": out, "total": total})
}

type grantCoinsRequest struct {
	Phone  string      `json:"phone" validate:"required,max=20"`
	Coins  json.Number `json:"coins" validate:"required"`
	Reason string      `json:"reason" validate:"required,reason"`
}

func (s *Server) grantCoins(w http.ResponseWriter, r *http.Request) {
	var req grantCoinsRequest
	if err := s.decode(r, &req, errs.InvalidRequest); err != nil {
		writeError(w, r, err)
		return
	}
	n, err := req.Coins.Int64()
	if err != nil {
		writeError(w, r, errs.OnField(errs.InvalidAmount, "coins"))
		return
	}
	memberID, coins, err := s.spin.GrantCoinsByPhone(r.Context(), req.Phone, n, req.Reason, operatorName(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	note := noteAudit(r)
	note.target, note.after = req.Phone, map[string]any{"coins": n, "reason": req.Reason, "balance": coins}
	writeJSON(w, http.StatusOK, map[string]any{"message": errs.Success, "memberId": memberID, "phone": req.Phone, "coin": coins})
}

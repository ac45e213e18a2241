package httpapi

import (
	"net/http"
	"strings"
	"time"

	"ngern/core/errs"
	"ngern/core/money"
	"ngern/core/promo"
	"ngern/core/wallet"
)

// promoRoutes mounts the member's bonus and promotion calls (spec part 7).
// The calls that move money are idempotent by Idempotency-Key, and by
// nature: a second activation answers BONUS_ALREADY_ACTIVE or
// BONUS_MAX_CLAIMED and moves nothing.
func (s *Server) promoRoutes() {
	if s.promo == nil {
		return
	}
	m := s.mux
	m.Handle("GET /api/bonus", s.member(s.bonuses))
	m.Handle("GET /api/bonus/activate/{code}", s.member(s.idempotent(memberScope, s.activateBonus)))
	m.Handle("GET /api/bonus/check/active", s.member(s.bonusActive))
	m.Handle("GET /api/bonus/check/minimum", s.member(s.bonusMinimum))
	m.Handle("GET /api/bonus/clear", s.member(s.idempotent(memberScope, s.clearBonus)))
	m.Handle("GET /api/promotion/current", s.member(s.currentPromotion))
	m.Handle("GET /api/promotion/find/{code}", s.member(s.findPromotion))
	m.Handle("GET /api/promotion/activate/{code}", s.member(s.idempotent(memberScope, s.activatePromotion)))
	m.HandleFunc("GET /api/promo/banners/{name}", s.bannerImage)
}

type bannerJSON struct {
	Lang  string `json:"lang,omitempty"`
	Image string `json:"image"`
	HTML  string `json:"html"`
}

type receivedJSON struct {
	UpdatedAt time.Time `json:"updatedAt"`
}

type userBonusJSON struct {
	ID       string         `json:"_id"`
	IsActive bool           `json:"isActive"`
	Received []receivedJSON `json:"received"`
}

type memberBonusJSON struct {
	ID                string         `json:"_id"`
	Code              string         `json:"code"`
	Name              string         `json:"name"`
	Type              promo.Type     `json:"type"`
	MaxReceived       int            `json:"maxReceived"`
	PercentFail       int            `json:"percentFail"`
	SuccessPercent    int            `json:"successPercent"`
	Amount            money.Satang   `json:"amount"`
	Percent           int            `json:"percent"`
	Cap               money.Satang   `json:"cap"`
	MinDeposit        money.Satang   `json:"minDeposit"`
	FirstDepositOfDay bool           `json:"firstDepositOfDay"`
	Banners           []bannerJSON   `json:"banners"`
	ReceivedOut       bool           `json:"receivedOut"`
	UserBonus         *userBonusJSON `json:"userBonus"`
}

func toBanners(bs []promo.Banner) []bannerJSON {
	out := make([]bannerJSON, len(bs))
	for i, b := range bs {
		out[i] = bannerJSON(b)
	}
	return out
}

// bonuses lists the bonuses a member may see with their receipts:
// userBonus is null until the member received it.
func (s *Server) bonuses(w http.ResponseWriter, r *http.Request) {
	memberID := Caller(r).MemberID
	list, err := s.promo.MemberBonuses(r.Context(), memberID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]memberBonusJSON, len(list))
	for i, b := range list {
		j := memberBonusJSON{ID: b.Code, Code: b.Code, Name: b.Name, Type: b.Type, MaxReceived: b.MaxReceived,
			PercentFail: b.PercentFail, SuccessPercent: b.SuccessPercent, Amount: b.Fixed, Percent: b.Percent, Cap: b.Cap,
			MinDeposit: b.MinDeposit, FirstDepositOfDay: b.FirstDepositOfDay, Banners: toBanners(b.Banners),
			ReceivedOut: b.ReceivedOut}
		if len(b.Received) > 0 || b.IsActive {
			ub := &userBonusJSON{ID: memberID + ":" + b.Code, IsActive: b.IsActive, Received: make([]receivedJSON, len(b.Received))}
			for k, rc := range b.Received {
				ub.Received[k] = receivedJSON{UpdatedAt: rc.UpdatedAt}
			}
			j.UserBonus = ub
		}
		out[i] = j
	}
	writeJSON(w, http.StatusOK, map[string]any{"bonuses": out})
}

type conditionJSON struct {
	ID        string       `json:"_id"`
	Source    promo.Source `json:"source"`
	Code      string       `json:"code"`
	Type      string       `json:"type"`
	Amount    money.Satang `json:"amount"`
	Base      money.Satang `json:"base"`
	Target    money.Satang `json:"target"`
	Minimum   money.Satang `json:"minimum"`
	Status    promo.Status `json:"status"`
	Forfeited money.Satang `json:"forfeited"`
	CreatedAt time.Time    `json:"createdAt"`
}

func toCondition(c promo.Condition) conditionJSON {
	return conditionJSON{ID: c.ID, Source: c.Source, Code: c.Code, Type: c.Type, Amount: c.Amount, Base: c.Base,
		Target: c.Target(), Minimum: c.Minimum(), Status: c.Status, Forfeited: c.Forfeited, CreatedAt: c.CreatedAt}
}

// pathCode is a bonus or promotion code from the path, uppercased.
func pathCode(r *http.Request) string { return strings.ToUpper(strings.TrimSpace(r.PathValue("code"))) }

func (s *Server) activateBonus(w http.ResponseWriter, r *http.Request) {
	memberID := Caller(r).MemberID
	c, err := s.promo.ActivateBonus(r.Context(), memberID, pathCode(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	logger(r.Context()).InfoContext(r.Context(), "bonus received", "code", c.Code, "amount", c.Amount)
	writeJSON(w, http.StatusOK, map[string]any{"message": errs.Success,
		"userBonus": userBonusJSON{ID: memberID + ":" + c.Code, IsActive: true, Received: []receivedJSON{{UpdatedAt: c.CreatedAt}}},
		"condition": toCondition(c)})
}

// bonusActive answers {status, type} and, while a condition is active, the
// rest of what the member needs to see about it.
func (s *Server) bonusActive(w http.ResponseWriter, r *http.Request) {
	p, active, err := s.promo.Active(r.Context(), Caller(r).MemberID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	if !active {
		writeJSON(w, http.StatusOK, map[string]any{"status": false, "type": nil})
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"status": true, "type": p.Type, "code": p.Code, "source": p.Source,
		"amount": p.Amount, "percentFail": p.PercentFail, "successPercent": p.SuccessPercent})
}

// bonusMinimum answers the thresholds of the active condition: minimum is
// the progress below which it fails (percentFail % of the base), target
// the progress at which it succeeds; progress is the member's total
// balance less deposits since it started (docs/promotions.md).
func (s *Server) bonusMinimum(w http.ResponseWriter, r *http.Request) {
	p, active, err := s.promo.Active(r.Context(), Caller(r).MemberID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	if !active {
		writeJSON(w, http.StatusOK, map[string]any{"status": false, "minimum": money.Satang(0), "target": money.Satang(0),
			"progress": money.Satang(0), "base": money.Satang(0), "percentFail": 0})
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"status": true, "minimum": p.Minimum(), "target": p.Target(),
		"progress": p.Progress, "base": p.Base, "percentFail": p.PercentFail})
}

// clearBonus cancels the active condition: the game balances come back to
// the wallet first (a game that cannot be brought back answers its error
// and nothing is cancelled), then the remaining bonus part is forfeited.
func (s *Server) clearBonus(w http.ResponseWriter, r *http.Request) {
	memberID := Caller(r).MemberID
	if err := s.bringBackForForfeit(r, memberID); err != nil {
		writeError(w, r, err)
		return
	}
	c, err := s.promo.Clear(r.Context(), memberID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	logger(r.Context()).InfoContext(r.Context(), "bonus cleared", "condition", c.ID, "status", c.Status, "forfeited", c.Forfeited)
	writeJSON(w, http.StatusOK, map[string]any{"message": errs.BonusClear, "condition": toCondition(c)})
}

// bringBackForForfeit moves every game balance of a member with an active
// condition back to the wallet, where a forfeit is taken from.
func (s *Server) bringBackForForfeit(r *http.Request, memberID string) error {
	_, active, err := s.promo.Active(r.Context(), memberID)
	if err != nil || !active {
		return err
	}
	_, err = s.wallet.TransferAll(r.Context(), memberID, wallet.WalletCode)
	return err
}

type promotionJSON struct {
	Code        string       `json:"code"`
	Description string       `json:"description"`
	Amount      money.Satang `json:"amount"`
	PercentFail int          `json:"percentFail"`
}

func (s *Server) currentPromotion(w http.ResponseWriter, r *http.Request) {
	p, ok, err := s.promo.CurrentPromotion(r.Context(), Caller(r).MemberID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	if !ok {
		writeJSON(w, http.StatusOK, map[string]any{"promotion": nil})
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"promotion": promotionJSON{Code: p.Code, Description: p.Description,
		Amount: p.Amount, PercentFail: p.PercentFail}})
}

func (s *Server) findPromotion(w http.ResponseWriter, r *http.Request) {
	p, err := s.promo.FindPromotion(r.Context(), pathCode(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, promotionJSON{Code: p.Code, Description: p.Description, Amount: p.Amount, PercentFail: p.PercentFail})
}

func (s *Server) activatePromotion(w http.ResponseWriter, r *http.Request) {
	c, err := s.promo.ActivatePromotion(r.Context(), Caller(r).MemberID, pathCode(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	logger(r.Context()).InfoContext(r.Context(), "promotion received", "code", c.Code, "amount", c.Amount)
	writeJSON(w, http.StatusOK, map[string]any{"message": errs.Success, "condition": toCondition(c)})
}

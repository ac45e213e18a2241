package httpapi

import (
	"errors"
	"io"
	"net/http"
	"strconv"
	"time"

	"ngern/core/errs"
	"ngern/core/money"
	"ngern/core/promo"
)

// operatorBonusJSON is a bonus as the console reads and writes it.
type operatorBonusJSON struct {
	Code              string       `json:"code" validate:"required,max=32"`
	Name              string       `json:"name" validate:"required,max=100"`
	Banners           []bannerJSON `json:"banners" validate:"max=10"`
	Type              promo.Type   `json:"type" validate:"required"`
	MaxReceived       int          `json:"maxReceived"`
	Amount            money.Satang `json:"amount"`
	Percent           int          `json:"percent"`
	Cap               money.Satang `json:"cap"`
	MinDeposit        money.Satang `json:"minDeposit"`
	FirstDepositOfDay bool         `json:"firstDepositOfDay"`
	NewMemberDays     int          `json:"newMemberDays"`
	PercentFail       int          `json:"percentFail"`
	SuccessPercent    int          `json:"successPercent"`
	ValidFrom         *time.Time   `json:"validFrom"`
	ValidTo           *time.Time   `json:"validTo"`
	Active            bool         `json:"active"`
	Sort              int          `json:"sort"`
	UpdatedAt         time.Time    `json:"updatedAt"`
}

func toOperatorBonus(b promo.Bonus) operatorBonusJSON {
	return operatorBonusJSON{Code: b.Code, Name: b.Name, Banners: toBanners(b.Banners), Type: b.Type,
		MaxReceived: b.MaxReceived, Amount: b.Fixed, Percent: b.Percent, Cap: b.Cap, MinDeposit: b.MinDeposit,
		FirstDepositOfDay: b.FirstDepositOfDay, NewMemberDays: b.NewMemberDays, PercentFail: b.PercentFail,
		SuccessPercent: b.SuccessPercent, ValidFrom: b.ValidFrom, ValidTo: b.ValidTo, Active: b.Active, Sort: b.Sort,
		UpdatedAt: b.UpdatedAt}
}

func (j operatorBonusJSON) bonus() promo.Bonus {
	b := promo.Bonus{Code: j.Code, Name: j.Name, Type: j.Type, MaxReceived: j.MaxReceived, Fixed: j.Amount,
		Percent: j.Percent, Cap: j.Cap, MinDeposit: j.MinDeposit, FirstDepositOfDay: j.FirstDepositOfDay,
		NewMemberDays: j.NewMemberDays, PercentFail: j.PercentFail, SuccessPercent: j.SuccessPercent,
		ValidFrom: j.ValidFrom, ValidTo: j.ValidTo, Active: j.Active, Sort: j.Sort}
	for _, bn := range j.Banners {
		b.Banners = append(b.Banners, promo.Banner(bn))
	}
	return b
}

func (s *Server) operatorBonuses(w http.ResponseWriter, r *http.Request) {
	list, err := s.promo.Bonuses(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]operatorBonusJSON, len(list))
	for i, b := range list {
		out[i] = toOperatorBonus(b)
	}
	writeJSON(w, http.StatusOK, map[string]any{"bonuses": out})
}

// saveBonus creates or replaces a bonus (POST: code from the body; PUT:
// code from the path, which must exist).
func (s *Server) saveBonus(w http.ResponseWriter, r *http.Request) {
	var req operatorBonusJSON
	if code := r.PathValue("code"); code != "" {
		before, err := s.promo.Bonus(r.Context(), pathCode(r))
		if err != nil {
			writeError(w, r, err)
			return
		}
		noteAudit(r).before = toOperatorBonus(before)
		req.Code = before.Code
	}
	pathSet := req.Code
	if err := s.decode(r, &req, errs.InvalidRequest); err != nil {
		writeError(w, r, err)
		return
	}
	if pathSet != "" {
		req.Code = pathSet
	}
	b, err := s.promo.SaveBonus(r.Context(), req.bonus())
	if err != nil {
		writeError(w, r, err)
		return
	}
	n := noteAudit(r)
	n.target, n.after = b.Code, toOperatorBonus(b)
	writeJSON(w, http.StatusOK, map[string]any{"message": errs.Success, "bonus": toOperatorBonus(b)})
}

// operatorPromotionJSON is a promotion code as the console reads and
// writes it.
type operatorPromotionJSON struct {
	Code           string       `json:"code" validate:"required,max=32"`
	Description    string       `json:"description" validate:"max=20000"`
	Amount         money.Satang `json:"amount"`
	PercentFail    int          `json:"percentFail"`
	SuccessPercent int          `json:"successPercent"`
	LimitTotal     int          `json:"limitTotal"`
	LimitPerMember int          `json:"limitPerMember"`
	Used           int          `json:"used"`
	ValidFrom      *time.Time   `json:"validFrom"`
	ValidTo        *time.Time   `json:"validTo"`
	Active         bool         `json:"active"`
	UpdatedAt      time.Time    `json:"updatedAt"`
}

func toOperatorPromotion(p promo.Promotion) operatorPromotionJSON {
	return operatorPromotionJSON{Code: p.Code, Description: p.Description, Amount: p.Amount, PercentFail: p.PercentFail,
		SuccessPercent: p.SuccessPercent, LimitTotal: p.LimitTotal, LimitPerMember: p.LimitPerMember, Used: p.Used,
		ValidFrom: p.ValidFrom, ValidTo: p.ValidTo, Active: p.Active, UpdatedAt: p.UpdatedAt}
}

func (s *Server) operatorPromotions(w http.ResponseWriter, r *http.Request) {
	list, err := s.promo.Promotions(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]operatorPromotionJSON, len(list))
	for i, p := range list {
		out[i] = toOperatorPromotion(p)
	}
	writeJSON(w, http.StatusOK, map[string]any{"promotions": out})
}

// savePromotion creates or replaces a promotion code (POST: code from the
// body; PUT: code from the path, which must exist). Its use count is kept.
func (s *Server) savePromotion(w http.ResponseWriter, r *http.Request) {
	var req operatorPromotionJSON
	if code := r.PathValue("code"); code != "" {
		before, err := s.promo.Promotion(r.Context(), pathCode(r))
		if err != nil {
			writeError(w, r, err)
			return
		}
		noteAudit(r).before = toOperatorPromotion(before)
		req.Code = before.Code
	}
	pathSet := req.Code
	if err := s.decode(r, &req, errs.InvalidRequest); err != nil {
		writeError(w, r, err)
		return
	}
	if pathSet != "" {
		req.Code = pathSet
	}
	p, err := s.promo.SavePromotion(r.Context(), promo.Promotion{Code: req.Code, Description: req.Description,
		Amount: req.Amount, PercentFail: req.PercentFail, SuccessPercent: req.SuccessPercent, LimitTotal: req.LimitTotal,
		LimitPerMember: req.LimitPerMember, ValidFrom: req.ValidFrom, ValidTo: req.ValidTo, Active: req.Active})
	if err != nil {
		writeError(w, r, err)
		return
	}
	n := noteAudit(r)
	n.target, n.after = p.Code, toOperatorPromotion(p)
	writeJSON(w, http.StatusOK, map[string]any{"message": errs.Success, "promotion": toOperatorPromotion(p)})
}

type operatorConditionJSON struct {
	conditionJSON
	MemberID string       `json:"memberId"`
	Phone    string       `json:"phone"`
	Name     string       `json:"name"`
	Total    money.Satang `json:"total"`
	Deposits money.Satang `json:"deposits"`
	Progress money.Satang `json:"progress"`
	EndedBy  string       `json:"endedBy,omitempty"`
}

// operatorConditions lists the active conditions with their progress.
func (s *Server) operatorConditions(w http.ResponseWriter, r *http.Request) {
	list, err := s.promo.Conditions(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]operatorConditionJSON, len(list))
	for i, p := range list {
		out[i] = operatorConditionJSON{conditionJSON: toCondition(p.Condition), MemberID: p.MemberID, Phone: p.Phone,
			Name: p.Name, Total: p.Total, Deposits: p.Deposits, Progress: p.Progress}
	}
	writeJSON(w, http.StatusOK, map[string]any{"conditions": out})
}

type endConditionRequest struct {
	// Forfeit takes the remaining bonus part back (as a member's cancel);
	// false releases the member's money as it is.
	Forfeit bool `json:"forfeit"`
}

// endCondition ends an active condition for an owner or finance operator.
func (s *Server) endCondition(w http.ResponseWriter, r *http.Request) {
	var req endConditionRequest
	if err := s.decode(r, &req, errs.InvalidRequest); err != nil {
		writeError(w, r, err)
		return
	}
	if req.Forfeit {
		// The forfeit is taken from the wallet: the games' money comes back first.
		if cond, err := s.promo.Condition(r.Context(), r.PathValue("id")); err == nil && cond.Status == promo.Active {
			if err := s.bringBackForForfeit(r, cond.MemberID); err != nil {
				writeError(w, r, err)
				return
			}
		}
	}
	c, err := s.promo.EndByOperator(r.Context(), r.PathValue("id"), operatorName(r), req.Forfeit)
	if err != nil {
		writeError(w, r, err)
		return
	}
	n := noteAudit(r)
	n.before = map[string]any{"status": promo.Active, "memberId": c.MemberID, "code": c.Code, "amount": c.Amount}
	n.after = map[string]any{"status": c.Status, "forfeited": c.Forfeited}
	logger(r.Context()).InfoContext(r.Context(), "promotion condition ended by an operator", "condition", c.ID, "forfeited", c.Forfeited)
	writeJSON(w, http.StatusOK, map[string]any{"message": errs.Success, "condition": toCondition(c)})
}

// uploadBanner stores a banner picture (multipart field "file": PNG, JPEG
// or GIF, at most 900 KiB and 4096 pixels a side) in the object store and
// answers its link, to be used as a banner's image.
func (s *Server) uploadBanner(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseMultipartForm(promo.MaxBannerBytes); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			writeError(w, r, errs.New(errs.PayloadTooLarge))
			return
		}
		writeError(w, r, errs.OnField(errs.InvalidRequest, "file"))
		return
	}
	defer r.MultipartForm.RemoveAll()
	f, _, err := r.FormFile("file")
	if err != nil {
		writeError(w, r, errs.OnField(errs.InvalidRequest, "file"))
		return
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, promo.MaxBannerBytes+1))
	if err != nil {
		writeError(w, r, errs.OnField(errs.InvalidRequest, "file"))
		return
	}
	name, err := s.promo.UploadBanner(r.Context(), data)
	if err != nil {
		writeError(w, r, err)
		return
	}
	n := noteAudit(r)
	n.target, n.after = name, map[string]any{"bytes": len(data)}
	writeJSON(w, http.StatusOK, map[string]any{"message": errs.Success, "image": promo.BannerPath(name)})
}

// bannerImage serves a stored banner picture to anyone (the app shows it
// in an image element, which sends no token). A name is never reused, so
// the answer may be cached for a year.
func (s *Server) bannerImage(w http.ResponseWriter, r *http.Request) {
	rc, info, err := s.promo.Banner(r.Context(), r.PathValue("name"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	defer rc.Close()
	h := w.Header()
	h.Set("Content-Type", info.ContentType)
	h.Set("Content-Security-Policy", imageCSP)
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Set("Content-Length", strconv.FormatInt(info.Size, 10))
	io.Copy(w, rc)
}

package httpapi

import (
	"context"
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

func (j *operatorBonusJSON) codeRef() *string { return &j.Code }

// bonusEditor is the console's list and save of bonuses (codedEditor).
func (s *Server) bonusEditor() codedEditor[promo.Bonus, operatorBonusJSON] {
	return codedEditor[promo.Bonus, operatorBonusJSON]{one: "bonus", many: "bonuses", list: s.promo.Bonuses,
		get: s.promo.Bonus, save: s.promo.SaveBonus, show: toOperatorBonus, record: operatorBonusJSON.bonus}
}

func (s *Server) operatorBonuses(w http.ResponseWriter, r *http.Request) {
	listCoded(w, r, s.bonusEditor())
}

// saveBonus creates or replaces a bonus (POST: code from the body; PUT:
// code from the path, which must exist).
func (s *Server) saveBonus(w http.ResponseWriter, r *http.Request) {
	saveCoded(s, w, r, s.bonusEditor())
}

// operatorPromotionJSON is a promotion code as the console reads and
// writes it.
type operatorPromotionJSON struct {
	Code           string       `json:"code" validate:"required,max=32"`
	Description    string       `json:"description"`
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

func (j operatorPromotionJSON) promotion() promo.Promotion {
	return promo.Promotion{Code: j.Code, Description: j.Description, Amount: j.Amount, PercentFail: j.PercentFail,
		SuccessPercent: j.SuccessPercent, LimitTotal: j.LimitTotal, LimitPerMember: j.LimitPerMember,
		ValidFrom: j.ValidFrom, ValidTo: j.ValidTo, Active: j.Active}
}

func (j *operatorPromotionJSON) codeRef() *string { return &j.Code }

// promotionEditor is the console's list and save of promotion codes
// (codedEditor). A promotion's use count is kept by a save.
func (s *Server) promotionEditor() codedEditor[promo.Promotion, operatorPromotionJSON] {
	return codedEditor[promo.Promotion, operatorPromotionJSON]{one: "promotion", many: "promotions",
		list: s.promo.Promotions, get: s.promo.Promotion, save: s.promo.SavePromotion, show: toOperatorPromotion,
		record: operatorPromotionJSON.promotion}
}

func (s *Server) operatorPromotions(w http.ResponseWriter, r *http.Request) {
	listCoded(w, r, s.promotionEditor())
}

// savePromotion creates or replaces a promotion code (POST: code from the
// body; PUT: code from the path, which must exist).
func (s *Server) savePromotion(w http.ResponseWriter, r *http.Request) {
	saveCoded(s, w, r, s.promotionEditor())
}

// codedEditor is what the console's editors of records kept by code
// (bonuses, promotion codes) differ in: T is the record, J its JSON as the
// console reads and writes it. listCoded and saveCoded are the rest.
type codedEditor[T, J any] struct {
	one, many string // the answers' keys: {"bonus": …}, {"bonuses": […]}
	list      func(context.Context) ([]T, error)
	get       func(ctx context.Context, code string) (T, error)
	save      func(context.Context, T) (T, error)
	show      func(T) J // the record as the console reads it
	record    func(J) T // what the console sent as a record
}

// codedJSON is a record's JSON whose code the path may set.
type codedJSON[J any] interface {
	*J
	codeRef() *string
}

// listCoded answers every record: {many: [...]}.
func listCoded[T, J any](w http.ResponseWriter, r *http.Request, e codedEditor[T, J]) {
	list, err := e.list(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]J, len(list))
	for i, v := range list {
		out[i] = e.show(v)
	}
	writeJSON(w, http.StatusOK, map[string]any{e.many: out})
}

// saveCoded creates or replaces a record: POST takes the code from the
// body; PUT from the path, where the record must exist (its state is the
// audit entry's before; a code in the body is ignored).
func saveCoded[T, J any, P codedJSON[J]](s *Server, w http.ResponseWriter, r *http.Request, e codedEditor[T, J]) {
	var req J
	if code := r.PathValue("code"); code != "" {
		before, err := e.get(r.Context(), pathCode(r))
		if err != nil {
			writeError(w, r, err)
			return
		}
		shown := e.show(before)
		noteAudit(r).before = shown
		*P(&req).codeRef() = *P(&shown).codeRef()
	}
	pathSet := *P(&req).codeRef()
	if err := s.decode(r, &req, errs.InvalidRequest); err != nil {
		writeError(w, r, err)
		return
	}
	if pathSet != "" {
		*P(&req).codeRef() = pathSet
	}
	v, err := e.save(r.Context(), e.record(req))
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := e.show(v)
	n := noteAudit(r)
	n.target, n.after = *P(&out).codeRef(), out
	writeJSON(w, http.StatusOK, map[string]any{"message": errs.Success, e.one: out})
}

type operatorConditionJSON struct {
	conditionJSON
	MemberID string       `json:"memberId"`
	Phone    string       `json:"phone"`
	Name     string       `json:"name"`
	Total    money.Satang `json:"total"`
	Play     money.Satang `json:"play"`
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
			Name: p.Name, Total: p.Total, Play: p.Play, Progress: p.Progress}
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
	defer func() { _ = r.MultipartForm.RemoveAll() }() // temporary files; the OS cleans what is left
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
	_, _ = io.Copy(w, rc) // a client gone mid-file has no one left to tell
}

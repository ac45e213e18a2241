package httpapi

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"ngern/core/deposit"
	"ngern/core/errs"
	"ngern/core/limits"
	"ngern/core/money"
)

// SlipURLTTL is how long a signed slip-image link works.
const SlipURLTTL = 5 * time.Minute

// depositRoutes mounts the member's deposit calls and the signed slip
// images.
func (s *Server) depositRoutes() {
	if s.deposits == nil {
		return
	}
	m := s.mux
	m.Handle("POST /api/wallet/slip", s.member(s.uploadSlip))
	m.Handle("POST /api/wallet/truelink", s.member(s.trueLink))
	m.Handle("POST /api/statement/slip", s.member(s.slipStatement))
	m.Handle("GET /api/statement/slip/reference/{reference}", s.member(s.slipImageLink))
	m.HandleFunc("GET /api/slip-image/{id}", s.slipImage)
}

// slipJSON is a slip of the statement (spec part 3).
type slipJSON struct {
	CreatedAt time.Time      `json:"createdAt"`
	Amount    money.Satang   `json:"amount"`
	Status    deposit.Status `json:"status"`
	Note      *string        `json:"note"`
	Link      string         `json:"link"`
	Reference string         `json:"reference"`
}

func toSlipJSON(sl deposit.Slip) slipJSON {
	return slipJSON{CreatedAt: sl.CreatedAt.UTC(), Amount: sl.Amount, Status: sl.Status, Note: orNull(sl.Note),
		Link: "/api/statement/slip/reference/" + sl.ID, Reference: sl.ID}
}

// uploadSlip takes the multipart field "file": only its bytes count (the
// name and the type the client sends are ignored), sniffed by the core.
func (s *Server) uploadSlip(w http.ResponseWriter, r *http.Request) {
	data, err := readUpload(r, "file", limits.SlipBytes)
	if err != nil {
		writeError(w, r, err)
		return
	}
	rules, err := s.settings.SlipRules(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	up, err := deposit.CheckImage(data, rules.MaxSizeMB<<20)
	if err != nil {
		writeError(w, r, err)
		return
	}
	sl, err := s.deposits.SubmitSlip(r.Context(), Caller(r).MemberID, up)
	if err != nil {
		writeError(w, r, err)
		return
	}
	status, message := http.StatusOK, errs.Success
	if sl.Status == deposit.Pending {
		// In review: 202, and the slip's note says why.
		status, message = http.StatusAccepted, "PENDING"
	}
	writeJSON(w, status, map[string]any{"message": message, "slip": toSlipJSON(sl)})
}

// readUpload reads one file field of a multipart body, at most max bytes.
func readUpload(r *http.Request, field string, max int64) ([]byte, error) {
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, errs.New(errs.SlipNoFile)
	}
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return nil, errs.New(errs.SlipNoFile)
		}
		if err != nil {
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				return nil, errs.New(errs.PayloadTooLarge)
			}
			return nil, errs.New(errs.SlipUploadFail)
		}
		if part.FormName() != field {
			part.Close()
			continue
		}
		data, err := io.ReadAll(io.LimitReader(part, max+1))
		part.Close()
		var tooBig *http.MaxBytesError
		switch {
		case errors.As(err, &tooBig):
			return nil, errs.New(errs.PayloadTooLarge)
		case err != nil:
			return nil, errs.New(errs.SlipUploadFail)
		case int64(len(data)) > max:
			return nil, errs.Newf(errs.SlipInvalidFile, "larger than %d MB", max>>20)
		}
		return data, nil
	}
}

type trueLinkRequest struct {
	Link string `json:"link" validate:"required,max=500"`
}

func (s *Server) trueLink(w http.ResponseWriter, r *http.Request) {
	var req trueLinkRequest
	if err := s.decode(r, &req, errs.TruelinkInvalid); err != nil {
		writeError(w, r, err)
		return
	}
	amount, status, err := s.deposits.RedeemGift(r.Context(), Caller(r).MemberID, req.Link)
	if err != nil {
		writeError(w, r, err)
		return
	}
	// PENDING: TrueMoney redeemed the voucher, the credit follows (the gift
	// recovery job); the member is told so, never to retry.
	writeJSON(w, http.StatusOK, map[string]any{"message": errs.Success, "amount": amount, "status": status})
}

func (s *Server) slipStatement(w http.ResponseWriter, r *http.Request) {
	var req pageRequest
	if err := s.decode(r, &req, errs.InvalidRequest); err != nil {
		writeError(w, r, err)
		return
	}
	slips, total, err := s.deposits.MemberSlips(r.Context(), Caller(r).MemberID, req.Page, req.Limit)
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]slipJSON, len(slips))
	for i, sl := range slips {
		out[i] = toSlipJSON(sl)
	}
	writeJSON(w, http.StatusOK, map[string]any{"total": total, "slips": out})
}

// slipImageLink answers a short-lived signed link to the caller's own
// slip image; another member's slip is NOT_FOUND.
func (s *Server) slipImageLink(w http.ResponseWriter, r *http.Request) {
	sl, err := s.deposits.MemberSlip(r.Context(), Caller(r).MemberID, r.PathValue("reference"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"url": s.signSlip(sl.ID), "expiresIn": int(SlipURLTTL.Seconds())})
}

// signSlip returns the signed link to a slip's image.
func (s *Server) signSlip(id string) string {
	exp := strconv.FormatInt(time.Now().Add(SlipURLTTL).Unix(), 10)
	return "/api/slip-image/" + url.PathEscape(id) + "?exp=" + exp + "&sig=" + s.slipSig(id, exp)
}

func (s *Server) slipSig(id, exp string) string {
	m := hmac.New(sha256.New, s.slipKey)
	m.Write([]byte("slip-image\x00" + id + "\x00" + exp))
	return hex.EncodeToString(m.Sum(nil))
}

// slipImage serves a slip image to the holder of a valid signed link: as
// an image only (nosniff, the stored type, which the upload sniffed),
// inline under a name of ours, cached privately until the link expires.
func (s *Server) slipImage(w http.ResponseWriter, r *http.Request) {
	id, exp, sig := r.PathValue("id"), r.URL.Query().Get("exp"), r.URL.Query().Get("sig")
	expAt, err := strconv.ParseInt(exp, 10, 64)
	if err != nil || time.Now().Unix() > expAt || expAt > time.Now().Add(SlipURLTTL+time.Minute).Unix() ||
		!hmac.Equal([]byte(sig), []byte(s.slipSig(id, exp))) {
		writeError(w, r, errs.New(errs.NotFoundCode))
		return
	}
	sl, err := s.deposits.Slip(r.Context(), id)
	if err != nil {
		writeError(w, r, errs.New(errs.NotFoundCode))
		return
	}
	rc, info, err := s.objects.Get(r.Context(), sl.ObjectKey)
	if err != nil {
		writeError(w, r, err)
		return
	}
	defer rc.Close()
	ext := map[string]string{"image/jpeg": "jpg", "image/png": "png", "image/webp": "webp"}[sl.ContentType]
	if ext == "" {
		writeError(w, r, errs.New(errs.NotFoundCode))
		return
	}
	h := w.Header()
	h.Set("Content-Type", sl.ContentType)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Disposition", `inline; filename="slip-`+safeName(sl.ID)+`.`+ext+`"`)
	h.Set("Cache-Control", "private, max-age="+strconv.FormatInt(max(0, expAt-time.Now().Unix()), 10))
	h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
	if info.Size > 0 {
		h.Set("Content-Length", strconv.FormatInt(info.Size, 10))
	}
	_, _ = io.Copy(w, rc) // a client gone mid-file has no one left to tell
}

// safeName keeps letters and digits only.
func safeName(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, s)
}

// Operator calls.

type operatorSlipJSON struct {
	ID            string         `json:"id"`
	CreatedAt     time.Time      `json:"createdAt"`
	Status        deposit.Status `json:"status"`
	Note          string         `json:"note"`
	Amount        money.Satang   `json:"amount"`
	SendingBank   string         `json:"sendingBank"`
	TransRef      string         `json:"transRef"`
	Sender        deposit.Party  `json:"sender"`
	Receiver      deposit.Party  `json:"receiver"`
	TransferredAt *time.Time     `json:"transferredAt"`
	DecidedBy     string         `json:"decidedBy"`
	DecidedAt     *time.Time     `json:"decidedAt"`
	Member        struct {
		ID              string `json:"id"`
		Phone           string `json:"phone"`
		Name            string `json:"name"`
		BankCode        string `json:"bankCode"`
		BankAccountNo   string `json:"bankAccountNo"`
		BankAccountName string `json:"bankAccountName"`
	} `json:"member"`
	ImageURL string `json:"imageUrl"`
	// OCR is what the slip prints, read when it was uploaded (null: not
	// read): the review's pre-filled fields and the edited-slip flag.
	OCR *deposit.SlipReading `json:"ocr"`
	// FeedRef: the bank feed's payment that credited the slip's transfer
	// (a slip waiting with FEED_CREDITED), "" otherwise.
	FeedRef string `json:"feedRef"`
}

func (s *Server) toOperatorSlip(sl deposit.Slip) operatorSlipJSON {
	o := operatorSlipJSON{ID: sl.ID, CreatedAt: sl.CreatedAt.UTC(), Status: sl.Status, Note: sl.Note, Amount: sl.Amount,
		SendingBank: sl.SendingBank, TransRef: sl.TransRef, Sender: sl.Sender, Receiver: sl.Receiver,
		TransferredAt: sl.TransferredAt, DecidedBy: sl.DecidedBy, DecidedAt: sl.DecidedAt, ImageURL: s.signSlip(sl.ID),
		OCR: sl.OCR, FeedRef: sl.FeedRef}
	o.Member.ID, o.Member.Phone, o.Member.Name = sl.MemberID, sl.MemberPhone, sl.MemberName
	o.Member.BankCode, o.Member.BankAccountNo, o.Member.BankAccountName = sl.MemberBank, sl.MemberAccountNo, sl.MemberAccount
	return o
}

func (s *Server) reviewSlips(w http.ResponseWriter, r *http.Request) {
	list, err := s.deposits.Review(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]operatorSlipJSON, len(list))
	for i, sl := range list {
		out[i] = s.toOperatorSlip(sl)
	}
	writeJSON(w, http.StatusOK, map[string]any{"slips": out, "reasons": deposit.RejectReasons})
}

func (s *Server) operatorSlip(w http.ResponseWriter, r *http.Request) {
	sl, err := s.deposits.Slip(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	noteAudit(r).target = sl.MemberID
	writeJSON(w, http.StatusOK, s.toOperatorSlip(sl))
}

// amountRequest is the body of an operator's decision that names an amount
// (a slip approved, a gift voucher credited).
type amountRequest struct {
	Amount json.Number `json:"amount" validate:"required"`
}

// decodeAmount reads an amountRequest's amount (INVALID_AMOUNT otherwise).
func (s *Server) decodeAmount(r *http.Request) (money.Satang, error) {
	var req amountRequest
	if err := s.decode(r, &req, errs.InvalidAmount); err != nil {
		return 0, err
	}
	amount, err := money.Parse(req.Amount.String())
	if err != nil {
		return 0, errs.OnField(errs.InvalidAmount, "amount")
	}
	return amount, nil
}

func (s *Server) approveSlip(w http.ResponseWriter, r *http.Request) {
	amount, err := s.decodeAmount(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	sl, err := s.deposits.Approve(r.Context(), r.PathValue("id"), amount, operatorName(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	n := noteAudit(r)
	n.before = map[string]any{"status": deposit.Pending, "memberId": sl.MemberID}
	n.after = map[string]any{"status": sl.Status, "amount": sl.Amount}
	logger(r.Context()).InfoContext(r.Context(), "slip approved", "slip", sl.ID, "amount", sl.Amount)
	writeJSON(w, http.StatusOK, map[string]any{"message": errs.Success, "slip": s.toOperatorSlip(sl)})
}

// creditVoucher credits a pending gift voucher now (the console's one-action
// resolution; audited as voucher.credit).
func (s *Server) creditVoucher(w http.ResponseWriter, r *http.Request) {
	amount, err := s.decodeAmount(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	v, err := s.deposits.CreditGiftNow(r.Context(), r.PathValue("voucher"), amount, operatorName(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	n := noteAudit(r)
	n.before = map[string]any{"status": deposit.Pending, "memberId": v.MemberID}
	n.after = map[string]any{"status": v.Status, "amount": v.Amount}
	logger(r.Context()).InfoContext(r.Context(), "gift voucher credited by an operator", "member", v.MemberID, "amount", v.Amount)
	writeJSON(w, http.StatusOK, map[string]any{"message": errs.Success, "amount": v.Amount})
}

type rejectSlipRequest struct {
	Reason string `json:"reason" validate:"required,max=64"`
}

func (s *Server) rejectSlip(w http.ResponseWriter, r *http.Request) {
	var req rejectSlipRequest
	if err := s.decode(r, &req, errs.InvalidRequest); err != nil {
		writeError(w, r, err)
		return
	}
	sl, err := s.deposits.Reject(r.Context(), r.PathValue("id"), errs.Code(req.Reason), operatorName(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	n := noteAudit(r)
	n.before = map[string]any{"status": deposit.Pending, "memberId": sl.MemberID}
	n.after = map[string]any{"status": sl.Status, "note": sl.Note}
	writeJSON(w, http.StatusOK, map[string]any{"message": errs.Success, "slip": s.toOperatorSlip(sl)})
}

func (s *Server) listDeposits(w http.ResponseWriter, r *http.Request) {
	page, _ := strconv.Atoi(r.URL.Query().Get("page"))
	credits, err := s.deposits.Credits(r.Context(), page, 50)
	if err != nil {
		writeError(w, r, err)
		return
	}
	vouchers, err := s.deposits.PendingVouchers(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	type creditJSON struct {
		ID        string       `json:"id"`
		Method    string       `json:"method"`
		Ref       string       `json:"ref"`
		MemberID  string       `json:"memberId"`
		Phone     string       `json:"phone"`
		Name      string       `json:"name"`
		Amount    money.Satang `json:"amount"`
		By        string       `json:"by"`
		CreatedAt time.Time    `json:"createdAt"`
	}
	type voucherJSON struct {
		Voucher  string `json:"voucher"`
		MemberID string `json:"memberId"`
		Note     string `json:"note"`
		// Amount is what TrueMoney redeemed when it is recorded (note
		// REDEEMED), else 0.
		Amount    money.Satang `json:"amount"`
		CreatedAt time.Time    `json:"createdAt"`
	}
	out := make([]creditJSON, len(credits))
	for i, c := range credits {
		method, ref, _ := strings.Cut(c.Ref, ":")
		out[i] = creditJSON{ID: c.JournalID, Method: method, Ref: ref, MemberID: c.MemberID, Phone: c.Phone, Name: c.Name,
			Amount: c.Amount, By: c.By, CreatedAt: c.CreatedAt}
	}
	pending := make([]voucherJSON, len(vouchers))
	for i, v := range vouchers {
		pending[i] = voucherJSON{Voucher: v.Hash, MemberID: v.MemberID, Note: v.Note, Amount: v.Amount, CreatedAt: v.CreatedAt.UTC()}
	}
	type paymentJSON struct {
		Provider string       `json:"provider"`
		Ref      string       `json:"ref"`
		QRCodeID string       `json:"qrcodeId"`
		MemberID string       `json:"memberId"`
		Amount   money.Satang `json:"amount"`
		PaidAt   time.Time    `json:"paidAt"`
		Note     string       `json:"note"`
		// Decided payments: the decision, who made it and when, and the
		// note of a refund outside Ngern.
		Status       deposit.PaymentState `json:"status"`
		DecidedBy    string               `json:"decidedBy,omitempty"`
		DecidedAt    *time.Time           `json:"decidedAt,omitempty"`
		DecisionNote string               `json:"decisionNote,omitempty"`
		// Slipless deposits (provider "transfer"): the sender as the bank
		// named it, and the members it may be.
		Sender     *deposit.Party `json:"sender,omitempty"`
		Candidates []string       `json:"candidates"`
	}
	toPayment := func(p deposit.Payment) paymentJSON {
		j := paymentJSON{Provider: p.Provider, Ref: p.Ref, QRCodeID: p.QRCodeID, MemberID: p.MemberID, Amount: p.Amount,
			PaidAt: p.PaidAt.UTC(), Note: p.Note, Status: p.Status, DecidedBy: p.DecidedBy, DecisionNote: p.DecisionNote,
			Candidates: p.Candidates}
		if j.Candidates == nil {
			j.Candidates = []string{}
		}
		if p.Sender != (deposit.Party{}) {
			j.Sender = &p.Sender
		}
		if !p.DecidedAt.IsZero() {
			at := p.DecidedAt.UTC()
			j.DecidedAt = &at
		}
		return j
	}
	type qrcodeJSON struct {
		ID        string           `json:"id"`
		MemberID  string           `json:"memberId"`
		Provider  string           `json:"provider"`
		Amount    money.Satang     `json:"amount"`
		Status    deposit.QRStatus `json:"status"`
		CreatedAt time.Time        `json:"createdAt"`
		ExpiresAt time.Time        `json:"expiresAt"`
	}
	unmatched, decided, qrcodes := []paymentJSON{}, []paymentJSON{}, []qrcodeJSON{}
	if s.qr != nil {
		qs, err := s.qr.RecentQRs(r.Context(), max(page-1, 0)*50, 50)
		if err != nil {
			writeError(w, r, err)
			return
		}
		for _, q := range qs {
			qrcodes = append(qrcodes, qrcodeJSON{ID: q.ID, MemberID: q.MemberID, Provider: q.Provider, Amount: q.Amount,
				Status: q.Status, CreatedAt: q.CreatedAt, ExpiresAt: q.ExpiresAt})
		}
		ps, err := s.qr.ReviewPayments(r.Context(), 200)
		if err != nil {
			writeError(w, r, err)
			return
		}
		for _, p := range ps {
			unmatched = append(unmatched, toPayment(p))
		}
		ds, err := s.qr.DecidedPayments(r.Context(), 50)
		if err != nil {
			writeError(w, r, err)
			return
		}
		for _, p := range ds {
			decided = append(decided, toPayment(p))
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"deposits": out, "unconfirmedVouchers": pending, "unmatchedQRPayments": unmatched,
		"decidedQRPayments": decided, "qrcodes": qrcodes})
}

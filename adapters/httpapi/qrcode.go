package httpapi

import (
	"context"
	"errors"
	"fmt"
	"image/color"
	"io"
	"net/http"
	"strings"

	"github.com/boombuler/barcode/qr"

	"ngern/core/changes"
	"ngern/core/deposit"
	"ngern/core/errs"
	"ngern/core/money"
	"ngern/core/operator"
	"ngern/core/settings"
)

// qrRoutes mounts the member's QR deposit calls (spec part 7) and the
// gateways' webhooks.
func (s *Server) qrRoutes() {
	if s.qr == nil {
		return
	}
	m := s.mux
	m.Handle("GET /api/qrcode/{bankCode}", s.member(s.qrCurrent))
	m.Handle("POST /api/qrcode/{bankCode}", s.member(s.qrCreate))
	m.Handle("DELETE /api/qrcode/{qrcodeId}", s.member(s.qrCancel))
	m.HandleFunc("POST /api/payments/{provider}/webhook", s.paymentWebhook)
}

// qrJSON is the QR state (spec part 7).
type qrJSON struct {
	QRCodeID  string       `json:"qrcodeId"`
	HasQRCode bool         `json:"hasQrcode"`
	QRCode    string       `json:"qrcode"`  // SVG markup
	Payload   string       `json:"payload"` // what the QR encodes
	Amount    money.Satang `json:"amount"`
	ExpireIn  int          `json:"expireIn"` // seconds
	Message   string       `json:"message"`
	Detail    string       `json:"detail,omitempty"`
}

func (s *Server) qrState(q deposit.QRCode) (qrJSON, error) {
	svg, err := QRSVG(q.Payload)
	if err != nil {
		return qrJSON{}, err
	}
	return qrJSON{QRCodeID: q.ID, HasQRCode: true, QRCode: svg, Payload: q.Payload, Amount: q.Amount,
		ExpireIn: s.qr.ExpireIn(q), Message: string(errs.Success)}, nil
}

func (s *Server) qrCurrent(w http.ResponseWriter, r *http.Request) {
	q, err := s.qr.Current(r.Context(), Caller(r).MemberID, r.PathValue("bankCode"))
	if errs.HasCode(err, errs.NoData) {
		writeJSON(w, http.StatusOK, qrJSON{Message: string(errs.Success)})
		return
	}
	if err == nil {
		var out qrJSON
		if out, err = s.qrState(q); err == nil {
			writeJSON(w, http.StatusOK, out)
			return
		}
	}
	writeError(w, r, err)
}

type qrCreateRequest struct {
	Amount money.Satang `json:"amount" validate:"required,gt=0"`
}

func (s *Server) qrCreate(w http.ResponseWriter, r *http.Request) {
	var req qrCreateRequest
	if err := s.decode(r, &req, errs.InvalidAmount); err != nil {
		s.qrFailed(w, r, err)
		return
	}
	q, err := s.qr.Create(r.Context(), Caller(r).MemberID, r.PathValue("bankCode"), req.Amount)
	if err != nil {
		s.qrFailed(w, r, err)
		return
	}
	out, err := s.qrState(q)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// qrFailed answers a refused creation as the QR state with hasQrcode false
// and the error's code as message (the app shows it in a red toast).
func (s *Server) qrFailed(w http.ResponseWriter, r *http.Request, err error) {
	e := errs.As(err)
	if e == nil || (e.Code != errs.QRFail && e.Code != errs.QRMinimum) {
		writeError(w, r, err)
		return
	}
	writeJSON(w, e.Kind.Status(), qrJSON{Message: string(e.Code), Detail: e.Detail})
}

func (s *Server) qrCancel(w http.ResponseWriter, r *http.Request) {
	if err := s.qr.Cancel(r.Context(), Caller(r).MemberID, r.PathValue("qrcodeId")); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, qrJSON{Message: string(errs.Success)})
}

// maxWebhookBytes bounds a webhook's body.
const maxWebhookBytes = 64 << 10

// paymentWebhook takes a gateway's signed notification: 200 when it is
// recorded (or was before), 401 INVALID_SIGNATURE when refused, 5xx when
// it could not be recorded (the gateway retries).
func (s *Server) paymentWebhook(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxWebhookBytes))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			writeError(w, r, errs.New(errs.PayloadTooLarge))
			return
		}
		writeError(w, r, errs.New(errs.BadSignature))
		return
	}
	if err := s.qr.Webhook(r.Context(), r.PathValue("provider"), r.Header.Get, body); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"message": string(errs.Success)})
}

// qrBanks are the QR channels as entries of the deposit lookup's banks[]:
// mode "qr", bankCode the code of /api/qrcode/{bankCode}.
func (s *Server) qrBanks(ctx context.Context) ([]settings.ReceivingBank, error) {
	if s.qr == nil {
		return nil, nil
	}
	chans, err := s.qr.Providers(ctx)
	if err != nil {
		return nil, err
	}
	var out []settings.ReceivingBank
	for _, c := range chans {
		b := settings.ReceivingBank{BankCode: c.Code, BankType: "QR", Mode: "qr", Currency: "THB"}
		b.Bank.NameTH, b.Bank.NameEN = c.Code, c.Code
		if c.Code == "kbank" {
			b.Bank.NameTH, b.Bank.NameEN = "พร้อมเพย์ QR", "PromptPay QR"
		}
		out = append(out, b)
	}
	return out, nil
}

// QRSVG renders payload as a QR code (error correction M, a four-module
// quiet zone) in SVG markup: one path of the dark modules.
func QRSVG(payload string) (string, error) {
	code, err := qr.Encode(payload, qr.M, qr.Auto)
	if err != nil {
		return "", fmt.Errorf("qr: %w", err)
	}
	b := code.Bounds()
	const quiet = 4
	n := b.Dx() + 2*quiet
	var sb strings.Builder
	fmt.Fprintf(&sb, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" shape-rendering="crispEdges">`, n, n)
	fmt.Fprintf(&sb, `<rect width="%d" height="%d" fill="#fff"/><path fill="#000" d="`, n, n)
	dark := func(x, y int) bool {
		c, ok := color.GrayModel.Convert(code.At(x, y)).(color.Gray)
		return ok && c.Y < 128
	}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if !dark(x, y) {
				continue
			}
			run := 1 // a horizontal run of dark modules is one rectangle
			for x+run < b.Max.X && dark(x+run, y) {
				run++
			}
			fmt.Fprintf(&sb, "M%d %dh%dv1h-%dz", x-b.Min.X+quiet, y-b.Min.Y+quiet, run, run)
			x += run - 1
		}
	}
	sb.WriteString(`"/></svg>`)
	return sb.String(), nil
}

type assignPaymentRequest struct {
	MemberID string `json:"memberId" validate:"required,max=64"`
}

// assignQRPayment credits an unmatched QR payment to a member (operators
// who checked it with the provider).
func (s *Server) assignQRPayment(w http.ResponseWriter, r *http.Request) {
	if s.qr == nil {
		writeError(w, r, errs.New(errs.NotFoundCode))
		return
	}
	var req assignPaymentRequest
	if err := s.decode(r, &req, errs.InvalidRequest); err != nil {
		writeError(w, r, err)
		return
	}
	p, err := s.qr.AssignPayment(r.Context(), r.PathValue("provider"), r.PathValue("ref"), req.MemberID, operatorName(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	n := noteAudit(r)
	n.before = map[string]any{"status": deposit.PaymentReview}
	n.after = map[string]any{"status": p.Status, "memberId": p.MemberID, "amount": p.Amount}
	writeJSON(w, http.StatusOK, map[string]any{"message": errs.Success})
}

type refundPaymentRequest struct {
	Note string `json:"note"`
}

// refundQRPayment records that an operator gave an unmatched QR payment
// back outside Ngern (the review queue's "refund outside"): nothing is
// credited, the payment leaves the queue as REFUNDED with the note.
func (s *Server) refundQRPayment(w http.ResponseWriter, r *http.Request) {
	if s.qr == nil {
		writeError(w, r, errs.New(errs.NotFoundCode))
		return
	}
	var req refundPaymentRequest
	if err := s.decode(r, &req, errs.InvalidRequest); err != nil {
		writeError(w, r, err)
		return
	}
	p, err := s.qr.RefundPayment(r.Context(), r.PathValue("provider"), r.PathValue("ref"), req.Note, operatorName(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	n := noteAudit(r)
	n.before = map[string]any{"status": deposit.PaymentReview, "amount": p.Amount, "note": p.Note}
	n.after = map[string]any{"status": p.Status, "refundNote": p.DecisionNote}
	writeJSON(w, http.StatusOK, map[string]any{"message": errs.Success})
}

// qrProviders lists the QR providers' configuration for the console; the
// secrets only as set or not set.
func (s *Server) qrProviders(w http.ResponseWriter, r *http.Request) {
	all, err := s.settings.QRProviders(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]settings.QRProviderView, len(all))
	for i, p := range all {
		out[i] = s.settings.View(p)
	}
	writeJSON(w, http.StatusOK, map[string]any{"providers": out})
}

// qrProviderRequest is a provider's new configuration. Pointers make a
// missing field an error rather than a zero; a missing secret is kept, an
// empty one clears it.
type qrProviderRequest struct {
	Enabled         *bool          `json:"enabled" validate:"required"`
	Min             *money.Satang  `json:"min" validate:"required"`
	QuickAmounts    []money.Satang `json:"quickAmounts" validate:"required"`
	LifetimeSeconds *int           `json:"lifetimeSeconds" validate:"required"`
	APIKey          *string        `json:"apiKey" validate:"omitempty,max=1000"`
	WebhookSecret   *string        `json:"webhookSecret" validate:"omitempty,max=1000"`
}

// putQRProvider changes a provider's configuration; members see it at
// their next lookup, and the next QR follows it, on every node.
func (s *Server) putQRProvider(w http.ResponseWriter, r *http.Request) {
	var req qrProviderRequest
	if err := s.decode(r, &req, errs.InvalidRequest); err != nil {
		writeError(w, r, err)
		return
	}
	u := settings.QRProviderUpdate{Enabled: *req.Enabled, Min: *req.Min, QuickAmounts: req.QuickAmounts,
		LifetimeSeconds: *req.LifetimeSeconds, APIKey: req.APIKey, WebhookSecret: req.WebhookSecret}
	if changes.QRUpdateNeedsTwoOwners(u) {
		// A secret is the owners': proposed, applied when a second owner
		// approves.
		if principal(r).Role != operator.Owner {
			writeError(w, r, errs.New(errs.ForbiddenRole))
			return
		}
		c, err := s.changes.ProposeQRProvider(r.Context(), principal(r), r.PathValue("code"), u)
		writeProposed(w, r, c, err)
		return
	}
	before, after, err := s.settings.UpdateQRProvider(r.Context(), r.PathValue("code"), u, operatorName(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	logger(r.Context()).InfoContext(r.Context(), "qr provider changed", "provider", after.Code, "enabled", after.Enabled)
	n := noteAudit(r)
	n.before, n.after = s.settings.View(before), s.settings.View(after)
	writeJSON(w, http.StatusOK, map[string]any{"provider": s.settings.View(after)})
}

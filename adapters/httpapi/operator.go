package httpapi

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"time"

	"ngern/core/errs"
	"ngern/core/money"
	"ngern/core/wallet"
)

type operatorKey struct{}

// operatorName returns the authenticated operator of a request wrapped by
// operatorAuth.
func operatorName(r *http.Request) string {
	name, _ := r.Context().Value(operatorKey{}).(string)
	return name
}

// operatorRoutes mounts the operator API. It is authenticated apart from
// members and answers while the service is terminated.
func (s *Server) operatorRoutes() {
	m := s.mux
	m.Handle("GET /api/operator/withdrawals", s.operatorAuth(s.pendingWithdrawals))
	m.Handle("POST /api/operator/withdrawals/{id}/approve", s.operatorAuth(s.idempotent(operatorScope, s.approveWithdrawal)))
	m.Handle("POST /api/operator/withdrawals/{id}/reject", s.operatorAuth(s.idempotent(operatorScope, s.rejectWithdrawal)))
	m.Handle("POST /api/operator/adjustments", s.operatorAuth(s.idempotent(operatorScope, s.adjust)))
	m.Handle("GET /api/operator/games", s.operatorAuth(s.operatorGames))
	m.Handle("PUT /api/operator/settings/{name}", s.operatorAuth(s.putSetting))
}

// putSetting replaces a stored lookup, e.g. active {"terminated": true} to
// shut the service down, or withdraw {"withdrawMin", "withdrawMax"}.
func (s *Server) putSetting(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		writeError(w, r, errs.New(errs.PayloadTooLarge))
		return
	}
	name := r.PathValue("name")
	if field, ok := checkJSON(body); !ok {
		writeError(w, r, errs.OnField(errs.InvalidCharacters, field))
		return
	}
	if err := s.settings.Put(r.Context(), name, body); err != nil {
		writeError(w, r, err)
		return
	}
	logger(r.Context()).InfoContext(r.Context(), "setting changed", "setting", name)
	v, err := s.settings.Lookup(r.Context(), name)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

// operatorAuth authenticates Authorization: Bearer <operator token>.
func (s *Server) operatorAuth(next http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		token, _ := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		name, err := s.operators.Authenticate(r.Context(), strings.TrimSpace(token))
		if err != nil {
			writeError(w, r, err)
			return
		}
		if info, ok := r.Context().Value(requestInfoKey{}).(*requestInfo); ok {
			info.operator = name
		}
		next(w, r.WithContext(context.WithValue(r.Context(), operatorKey{}, name)))
	})
}

type operatorWithdrawalJSON struct {
	ID        string                  `json:"_id"`
	MemberID  string                  `json:"memberId"`
	Phone     string                  `json:"phone"`
	Name      string                  `json:"name"`
	Amount    money.Satang            `json:"amount"`
	Status    wallet.WithdrawalStatus `json:"status"`
	Reason    string                  `json:"reason,omitempty"`
	CreatedAt time.Time               `json:"createdAt"`
	DecidedAt *time.Time              `json:"decidedAt,omitempty"`
}

func toOperatorWithdrawal(w wallet.Withdrawal) operatorWithdrawalJSON {
	return operatorWithdrawalJSON{ID: w.ID, MemberID: w.MemberID, Phone: w.Phone, Name: w.Name, Amount: w.Amount,
		Status: w.Status, Reason: w.Reason, CreatedAt: w.CreatedAt.UTC(), DecidedAt: w.DecidedAt}
}

func (s *Server) pendingWithdrawals(w http.ResponseWriter, r *http.Request) {
	list, err := s.wallet.Withdrawals(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]operatorWithdrawalJSON, len(list))
	for i, wd := range list {
		out[i] = toOperatorWithdrawal(wd)
	}
	writeJSON(w, http.StatusOK, map[string]any{"withdrawals": out})
}

func (s *Server) approveWithdrawal(w http.ResponseWriter, r *http.Request) {
	wd, err := s.wallet.Approve(r.Context(), r.PathValue("id"), operatorName(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	logger(r.Context()).InfoContext(r.Context(), "withdrawal approved", "withdrawal", wd.ID, "amount", wd.Amount)
	writeJSON(w, http.StatusOK, map[string]any{"message": errs.Success, "withdrawal": toOperatorWithdrawal(wd)})
}

type rejectRequest struct {
	Reason string `json:"reason" validate:"required,max=500"`
}

func (s *Server) rejectWithdrawal(w http.ResponseWriter, r *http.Request) {
	var req rejectRequest
	if err := s.decode(r, &req, errs.InvalidRequest); err != nil {
		writeError(w, r, err)
		return
	}
	wd, err := s.wallet.Reject(r.Context(), r.PathValue("id"), req.Reason, operatorName(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	logger(r.Context()).InfoContext(r.Context(), "withdrawal rejected", "withdrawal", wd.ID, "amount", wd.Amount)
	writeJSON(w, http.StatusOK, map[string]any{"message": errs.Success, "withdrawal": toOperatorWithdrawal(wd)})
}

type adjustRequest struct {
	Phone  string      `json:"phone" validate:"required,max=20"`
	Amount json.Number `json:"amount" validate:"required"`
	Reason string      `json:"reason" validate:"required,max=500"`
}

func (s *Server) adjust(w http.ResponseWriter, r *http.Request) {
	var req adjustRequest
	if err := s.decode(r, &req, errs.InvalidRequest); err != nil {
		writeError(w, r, err)
		return
	}
	amount, err := money.ParseSigned(req.Amount.String())
	if err != nil {
		writeError(w, r, errs.OnField(errs.InvalidAmount, "amount"))
		return
	}
	bal, err := s.wallet.Adjust(r.Context(), wallet.Adjustment{Phone: req.Phone, Amount: amount, Reason: req.Reason, By: operatorName(r)})
	if err != nil {
		writeError(w, r, err)
		return
	}
	logger(r.Context()).InfoContext(r.Context(), "wallet adjusted", "phone", req.Phone, "amount", amount)
	writeJSON(w, http.StatusOK, transferResponse{Message: errs.Success, Wallet: amountJSON{bal}})
}

type operatorGameJSON struct {
	slotJSON
	Active bool `json:"active"`
	Sort   int  `json:"sort"`
}

func (s *Server) operatorGames(w http.ResponseWriter, r *http.Request) {
	games, err := s.wallet.Games(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]operatorGameJSON, len(games))
	for i, g := range games {
		out[i] = operatorGameJSON{slotJSON: slotJSON{Code: g.Code, Name: g.Name, Logo: g.Logo, Background: g.Background,
			FtWalletSlot: g.FtWalletSlot, Category: g.Category, Web: g.Web, Android: g.Android, IOS: g.IOS}, Active: g.Active, Sort: g.Sort}
	}
	writeJSON(w, http.StatusOK, map[string]any{"games": out})
}

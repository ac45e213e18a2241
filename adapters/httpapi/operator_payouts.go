package httpapi

import (
	"net/http"
	"time"

	"ngern/core/errs"
	"ngern/core/money"
	"ngern/core/operator"
	"ngern/core/wallet"
)

// payoutRoutes are the console's automatic payouts (docs/operations.md,
// "Automatic payouts").
func (s *Server) payoutRoutes() []operatorRoute {
	money := operator.MoneyRoles
	return []operatorRoute{
		{pattern: "GET /api/operator/payouts", roles: money, handler: s.listPayouts},
		{pattern: "POST /api/operator/payouts/{id}/resolve", roles: money, action: "payout.resolve", target: "id",
			idempotent: true, handler: s.resolvePayout},
	}
}

type payoutJSON struct {
	ID              string              `json:"id"`
	WithdrawalID    string              `json:"withdrawalId"`
	MemberID        string              `json:"memberId"`
	Amount          money.Satang        `json:"amount"`
	Status          wallet.PayoutStatus `json:"status"`
	BankCode        string              `json:"bankCode"`
	BankAccountNo   string              `json:"bankAccountNo"`
	BankAccountName string              `json:"bankAccountName"`
	Sent            bool                `json:"sent"`
	PartyRef        string              `json:"partyRef"`
	Reason          string              `json:"reason"`
	Attempts        int                 `json:"attempts"`
	NextCheckAt     *time.Time          `json:"nextCheckAt,omitempty"`
	UnknownSince    *time.Time          `json:"unknownSince,omitempty"`
	EscalatedAt     *time.Time          `json:"escalatedAt,omitempty"`
	ResolvedBy      string              `json:"resolvedBy,omitempty"`
	Evidence        string              `json:"evidence,omitempty"`
	CreatedAt       time.Time           `json:"createdAt"`
	SettledAt       *time.Time          `json:"settledAt,omitempty"`
	// OwnerOnly: above withdrawApprovalThreshold, only owners resolve it.
	OwnerOnly bool `json:"ownerOnly"`
}

func toPayout(p wallet.Payout, threshold money.Satang) payoutJSON {
	out := payoutJSON{ID: p.ID, WithdrawalID: p.WithdrawalID, MemberID: p.MemberID, Amount: p.Amount, Status: p.Status,
		BankCode: p.BankCode, BankAccountNo: p.AccountNo, BankAccountName: p.AccountName, Sent: p.Sent, PartyRef: p.PartyRef,
		Reason: p.Reason, Attempts: p.Attempts, UnknownSince: utcOrNil(p.UnknownSince), EscalatedAt: utcOrNil(p.EscalatedAt),
		ResolvedBy: p.ResolvedBy, Evidence: p.Evidence, CreatedAt: p.CreatedAt.UTC(), SettledAt: utcOrNil(p.SettledAt),
		OwnerOnly: p.Amount > threshold}
	if !p.Status.Final() {
		next := p.NextCheckAt.UTC()
		out.NextCheckAt = &next
	}
	return out
}

func utcOrNil(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

// listPayouts answers the payouts of ?status= (UNKNOWN by default: the
// queue operators resolve).
func (s *Server) listPayouts(w http.ResponseWriter, r *http.Request) {
	status := wallet.PayoutStatus(r.URL.Query().Get("status"))
	if status == "" {
		status = wallet.PayoutStatusUnknown
	}
	list, total, err := s.wallet.Payouts(r.Context(), status)
	if err != nil {
		writeError(w, r, err)
		return
	}
	threshold, err := s.settings.WithdrawApprovalThreshold(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]payoutJSON, len(list))
	for i, p := range list {
		out[i] = toPayout(p, threshold)
	}
	// The count stops at the cap (wallet.PayoutCountCap): totalCapped says
	// there are more.
	writeJSON(w, http.StatusOK, map[string]any{"payouts": out, "total": min(total, wallet.PayoutCountCap),
		"totalCapped": total > wallet.PayoutCountCap, "automatic": s.wallet.PayoutsOn()})
}

type resolvePayoutRequest struct {
	Status   wallet.PayoutStatus `json:"status" validate:"required,oneof=PAID FAILED"`
	Evidence string              `json:"evidence" validate:"required,max=500"`
}

// resolvePayout settles an UNKNOWN payout as the operator found it
// (wallet.Service.ResolvePayout), audited with the evidence. Above
// withdrawApprovalThreshold it is the owners' (FORBIDDEN_ROLE for
// finance), as a stuck round's refund is.
func (s *Server) resolvePayout(w http.ResponseWriter, r *http.Request) {
	var req resolvePayoutRequest
	if err := s.decode(r, &req, errs.InvalidRequest); err != nil {
		writeError(w, r, err)
		return
	}
	p, err := s.wallet.Payout(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	threshold, err := s.settings.WithdrawApprovalThreshold(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	if p.Amount > threshold && principal(r).Role != operator.Owner {
		writeError(w, r, errs.New(errs.ForbiddenRole))
		return
	}
	done, err := s.wallet.ResolvePayout(r.Context(), p.ID, req.Status, req.Evidence, operatorName(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	n := noteAudit(r)
	n.before = map[string]any{"status": p.Status, "amount": p.Amount, "memberId": p.MemberID, "withdrawalId": p.WithdrawalID}
	n.after = map[string]any{"status": done.Status, "evidence": done.Evidence}
	logger(r.Context()).InfoContext(r.Context(), "payout resolved", "payout", p.ID, "status", done.Status, "amount", p.Amount)
	writeJSON(w, http.StatusOK, map[string]any{"message": errs.Success, "payout": toPayout(done, threshold)})
}

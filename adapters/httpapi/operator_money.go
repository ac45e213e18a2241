package httpapi

import (
	"encoding/json"
	"net/http"
	"time"

	"ngern/core/errs"
	"ngern/core/money"
	"ngern/core/operator"
	"ngern/core/wallet"
)

type operatorWithdrawalJSON struct {
	ID              string                  `json:"id"`
	LegacyID        string                  `json:"_id"`
	MemberID        string                  `json:"memberId"`
	Phone           string                  `json:"phone"`
	Name            string                  `json:"name"`
	BankCode        string                  `json:"bankCode"`
	BankAccountNo   string                  `json:"bankAccountNo"`
	BankAccountName string                  `json:"bankAccountName"`
	Amount          money.Satang            `json:"amount"`
	Status          wallet.WithdrawalStatus `json:"status"`
	Reason          string                  `json:"reason,omitempty"`
	CreatedAt       time.Time               `json:"createdAt"`
	DecidedAt       *time.Time              `json:"decidedAt,omitempty"`
	DecidedBy       string                  `json:"decidedBy,omitempty"`
	Approvals       int                     `json:"approvals"`
	ApprovedBy      []string                `json:"approvedBy"`
	// Auto is the auto-approval's decision, when the rules were evaluated.
	Auto *autoDecisionJSON `json:"auto,omitempty"`
	// The automatic payout of an approved withdrawal, when it has one.
	PayoutID     string              `json:"payoutId,omitempty"`
	PayoutStatus wallet.PayoutStatus `json:"payoutStatus,omitempty"`
	PayoutReason string              `json:"payoutReason,omitempty"`
}

type autoDecisionJSON struct {
	Approved bool            `json:"approved"`
	Rule     wallet.AutoRule `json:"rule"`
	At       time.Time       `json:"at"`
}

func toOperatorWithdrawal(w wallet.Withdrawal) operatorWithdrawalJSON {
	by := w.ApprovedBy
	if by == nil {
		by = []string{}
	}
	return operatorWithdrawalJSON{ID: w.ID, LegacyID: w.ID, MemberID: w.MemberID, Phone: w.Phone, Name: w.Name,
		BankCode: w.BankCode, BankAccountNo: w.BankAccountNo, BankAccountName: w.BankAccountName, Amount: w.Amount,
		Status: w.Status, Reason: w.Reason, CreatedAt: w.CreatedAt.UTC(), DecidedAt: w.DecidedAt, DecidedBy: w.DecidedBy,
		Approvals: len(by), ApprovedBy: by, Auto: toAutoDecision(w.Auto),
		PayoutID: w.PayoutID, PayoutStatus: w.PayoutStatus, PayoutReason: w.PayoutReason}
}

func toAutoDecision(d *wallet.AutoDecision) *autoDecisionJSON {
	if d == nil {
		return nil
	}
	return &autoDecisionJSON{Approved: d.Approved, Rule: d.Rule, At: d.At.UTC()}
}

// listWithdrawals answers the withdrawals of ?status= (PENDING by default;
// APPROVED or REJECTED for the history).
func (s *Server) listWithdrawals(w http.ResponseWriter, r *http.Request) {
	status := wallet.WithdrawalStatus(r.URL.Query().Get("status"))
	if status == "" {
		status = wallet.WithdrawalPending
	}
	list, err := s.wallet.Withdrawals(r.Context(), status)
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

// approveWithdrawal records the operator's approval: it pays the
// withdrawal, or, above the four-eyes threshold, waits for a second
// operator (200 SECOND_APPROVAL_REQUIRED).
func (s *Server) approveWithdrawal(w http.ResponseWriter, r *http.Request) {
	wd, paid, err := s.wallet.Approve(r.Context(), r.PathValue("id"), operatorName(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	n := noteAudit(r)
	n.before = map[string]any{"status": wallet.WithdrawalPending, "amount": wd.Amount, "memberId": wd.MemberID}
	n.after = map[string]any{"status": wd.Status, "approvals": len(wd.ApprovedBy)}
	message := errs.Success
	if !paid {
		message = errs.SecondApprovalRequired
		logger(r.Context()).InfoContext(r.Context(), "withdrawal approved once; a second approval is required", "withdrawal", wd.ID, "amount", wd.Amount)
	} else {
		logger(r.Context()).InfoContext(r.Context(), "withdrawal approved", "withdrawal", wd.ID, "amount", wd.Amount)
	}
	writeJSON(w, http.StatusOK, map[string]any{"message": message, "withdrawal": toOperatorWithdrawal(wd)})
}

type rejectRequest struct {
	Reason string `json:"reason" validate:"required"`
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
	n := noteAudit(r)
	n.before = map[string]any{"status": wallet.WithdrawalPending, "amount": wd.Amount, "memberId": wd.MemberID}
	n.after = map[string]any{"status": wd.Status, "reason": wd.Reason}
	logger(r.Context()).InfoContext(r.Context(), "withdrawal rejected", "withdrawal", wd.ID, "amount", wd.Amount)
	writeJSON(w, http.StatusOK, map[string]any{"message": errs.Success, "withdrawal": toOperatorWithdrawal(wd)})
}

type adjustRequest struct {
	Phone  string      `json:"phone" validate:"required,max=20"`
	Amount json.Number `json:"amount" validate:"required"`
	Reason string      `json:"reason" validate:"required"`
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
	n := noteAudit(r)
	n.target, n.after = req.Phone, map[string]any{"amount": amount, "reason": req.Reason, "wallet": bal}
	logger(r.Context()).InfoContext(r.Context(), "wallet adjusted", "phone", req.Phone, "amount", amount)
	writeJSON(w, http.StatusOK, transferResponse{Message: errs.Success, Wallet: amountJSON{bal}})
}

type adjustmentJSON struct {
	ID        string       `json:"id"`
	MemberID  string       `json:"memberId"`
	Phone     string       `json:"phone"`
	Amount    money.Satang `json:"amount"`
	Reason    string       `json:"reason"`
	Operator  string       `json:"operator"`
	CreatedAt time.Time    `json:"createdAt"`
}

func (s *Server) listAdjustments(w http.ResponseWriter, r *http.Request) {
	page, limit, err := pageQuery(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	rows, total, err := s.console.Adjustments(r.Context(), page, limit)
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]adjustmentJSON, len(rows))
	for i, a := range rows {
		out[i] = adjustmentJSON{ID: a.ID, MemberID: a.MemberID, Phone: a.Phone, Amount: a.Amount, Reason: a.Reason,
			Operator: a.Operator, CreatedAt: a.CreatedAt.UTC()}
	}
	writeJSON(w, http.StatusOK, map[string]any{"adjustments": out, "total": total})
}

type transferJSON struct {
	ID         string               `json:"id"`
	MemberID   string               `json:"memberId"`
	Game       string               `json:"game"`
	Direction  wallet.Direction     `json:"direction"`
	Amount     money.Satang         `json:"amount"`
	State      wallet.TransferState `json:"state"`
	CreatedAt  time.Time            `json:"createdAt"`
	AgeSeconds int64                `json:"ageSeconds"`
	Attempts   int                  `json:"attempts"`
}

func toTransferJSON(t wallet.Transfer, now time.Time) transferJSON {
	return transferJSON{ID: t.ID, MemberID: t.MemberID, Game: t.Game, Direction: t.Direction, Amount: t.Amount, State: t.State,
		CreatedAt: t.CreatedAt.UTC(), AgeSeconds: int64(now.Sub(t.CreatedAt).Seconds()), Attempts: t.Attempts}
}

func (s *Server) openTransfers(w http.ResponseWriter, r *http.Request) {
	if st := r.URL.Query().Get("state"); st != "" && st != "open" {
		writeError(w, r, errs.OnField(errs.InvalidRequest, "state"))
		return
	}
	list, err := s.console.OpenTransfers(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	now := s.console.Now()
	out := make([]transferJSON, len(list))
	for i, t := range list {
		out[i] = toTransferJSON(t, now)
	}
	writeJSON(w, http.StatusOK, map[string]any{"transfers": out})
}

// queryTransfer asks the provider about an open transfer and settles or
// reverses it only on a definite answer; otherwise it stays open.
func (s *Server) queryTransfer(w http.ResponseWriter, r *http.Request) {
	q, err := s.wallet.QueryTransfer(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	providerStatus := string(q.ProviderStatus)
	if q.ProviderStatus == "" {
		providerStatus = "NO_ANSWER"
	}
	n := noteAudit(r)
	n.before = map[string]any{"state": q.Before}
	n.after = map[string]any{"state": q.Transfer.State, "providerStatus": providerStatus}
	writeJSON(w, http.StatusOK, map[string]any{"providerStatus": providerStatus, "transfer": toTransferJSON(q.Transfer, s.console.Now())})
}

type figureJSON struct {
	Count  int          `json:"count"`
	Amount money.Satang `json:"amount"`
}

func (s *Server) dashboard(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	day, err := s.console.DayFigures(ctx, s.console.Today())
	if err != nil {
		writeError(w, r, err)
		return
	}
	pendingCount, pendingSum, err := s.wallet.PendingWithdrawals(ctx)
	if err != nil {
		writeError(w, r, err)
		return
	}
	open, err := s.console.OpenTransfers(ctx)
	if err != nil {
		writeError(w, r, err)
		return
	}
	total, err := s.console.MembersTotal(ctx)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"day":                day.Day,
		"deposits":           figureJSON{day.Deposits.Count, day.Deposits.Amount},
		"withdrawals":        figureJSON{day.Withdrawals.Count, day.Withdrawals.Amount},
		"adjustments":        figureJSON{day.Adjustments.Count, day.Adjustments.Amount},
		"pendingWithdrawals": figureJSON{pendingCount, pendingSum},
		"openTransfers":      map[string]int{"count": len(open)},
		"membersRegistered":  map[string]int{"today": day.Members, "total": total},
	})
}

type dayJSON struct {
	Day              string       `json:"day"`
	Deposits         figureJSON   `json:"deposits"`
	Withdrawals      figureJSON   `json:"withdrawals"`
	Adjustments      figureJSON   `json:"adjustments"`
	PromotionExpense money.Satang `json:"promotionExpense"`
	GameNet          money.Satang `json:"gameNet"`
	Members          int          `json:"members"`
}

// dailyReport answers the business per Bangkok day from from to to
// (default: today), as JSON or, with format=csv, as a CSV file.
func (s *Server) dailyReport(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	today := s.console.Today().Format(time.DateOnly)
	from, to := q.Get("from"), q.Get("to")
	if from == "" {
		from = today
	}
	if to == "" {
		to = from
	}
	days, err := s.console.Report(r.Context(), from, to)
	if err != nil {
		writeError(w, r, err)
		return
	}
	switch q.Get("format") {
	case "csv":
		w.Header().Set("Content-Type", "text/csv; charset=utf-8")
		w.Header().Set("Content-Disposition", `attachment; filename="ngern-daily-`+from+`-`+to+`.csv"`)
		w.WriteHeader(http.StatusOK)
		w.Write([]byte(operator.CSV(days)))
		return
	case "", "json":
	default:
		writeError(w, r, errs.OnField(errs.InvalidRequest, "format"))
		return
	}
	out := make([]dayJSON, len(days))
	for i, d := range days {
		out[i] = dayJSON{Day: d.Day, Deposits: figureJSON{d.Deposits.Count, d.Deposits.Amount},
			Withdrawals:      figureJSON{d.Withdrawals.Count, d.Withdrawals.Amount},
			Adjustments:      figureJSON{d.Adjustments.Count, d.Adjustments.Amount},
			PromotionExpense: d.PromotionExpense, GameNet: d.GameNet, Members: d.Members}
	}
	writeJSON(w, http.StatusOK, map[string]any{"days": out})
}

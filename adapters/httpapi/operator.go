package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"

	"ngern/core/errs"
	"ngern/core/operator"
	"ngern/core/rewards"
)

// operatorRoute is one operator endpoint: its pattern, the roles that may
// call it, and what the audit log records of it. Every operator endpoint
// but sign-in is declared in operatorTable and nowhere else, so that the
// role check (operatorOnly) runs on each one.
type operatorRoute struct {
	pattern string
	roles   []operator.Role
	// action is the audit log's name for a call that succeeded; every write
	// and every read of a member's personal data has one.
	action string
	// target names the path value the audit entry's target is (a handler
	// may set another, see auditNote).
	target string
	// idempotent routes move money: an Idempotency-Key makes them safe to
	// retry.
	idempotent bool
	handler    http.HandlerFunc
}

// operatorTable is every authenticated operator endpoint with its roles.
func (s *Server) operatorTable() []operatorRoute {
	all, money, members, owner := operator.AllRoles, operator.MoneyRoles, operator.MemberRoles, operator.OwnerOnly
	return append([]operatorRoute{
		{pattern: "GET /api/operator/me", roles: all, handler: s.operatorMe},
		{pattern: "POST /api/operator/logout", roles: all, action: "operator.logout", handler: s.operatorLogout},
		{pattern: "PUT /api/operator/password", roles: all, action: "operator.password", handler: s.operatorPassword},

		{pattern: "GET /api/operator/operators", roles: owner, handler: s.listOperators},
		{pattern: "POST /api/operator/operators", roles: owner, action: "operator.create", handler: s.createOperator},
		{pattern: "PUT /api/operator/operators/{username}", roles: owner, action: "operator.update", target: "username", handler: s.updateOperator},
		{pattern: "POST /api/operator/operators/{username}/reset", roles: owner, action: "operator.reset", target: "username", handler: s.resetOperator},

		{pattern: "GET /api/operator/dashboard", roles: all, handler: s.dashboard},

		{pattern: "GET /api/operator/members", roles: all, action: "member.search", handler: s.searchMembers},
		{pattern: "GET /api/operator/members/{id}", roles: all, action: "member.read", target: "id", handler: s.memberDetail},
		{pattern: "GET /api/operator/members/{id}/statement", roles: all, action: "member.statement", target: "id", handler: s.memberStatement},
		{pattern: "POST /api/operator/members/{id}/lock", roles: members, action: "member.lock", target: "id", handler: s.lockMember},
		{pattern: "POST /api/operator/members/{id}/unlock", roles: members, action: "member.unlock", target: "id", handler: s.unlockMember},
		{pattern: "DELETE /api/operator/members/{id}/sessions", roles: members, action: "member.sessions.revoke", target: "id", handler: s.revokeMemberSessions},
		{pattern: "DELETE /api/operator/members/{id}/sessions/{sessionId}", roles: members, action: "member.session.revoke", target: "id", handler: s.revokeMemberSession},
		{pattern: "POST /api/operator/members/{id}/notes", roles: all, action: "member.note", target: "id", handler: s.addMemberNote},

		{pattern: "GET /api/operator/withdrawals", roles: money, handler: s.listWithdrawals},
		{pattern: "POST /api/operator/withdrawals/{id}/approve", roles: money, action: "withdrawal.approve", target: "id", idempotent: true, handler: s.approveWithdrawal},
		{pattern: "POST /api/operator/withdrawals/{id}/reject", roles: money, action: "withdrawal.reject", target: "id", idempotent: true, handler: s.rejectWithdrawal},

		// Deposits: the slips review queue and the credits. The receiving
		// accounts are the "deposit" setting (PUT /api/operator/settings/deposit).
		{pattern: "GET /api/operator/slips", roles: money, handler: s.reviewSlips},
		{pattern: "GET /api/operator/slips/{id}", roles: money, action: "slip.read", target: "id", handler: s.operatorSlip},
		{pattern: "POST /api/operator/slips/{id}/approve", roles: money, action: "slip.approve", target: "id", idempotent: true, handler: s.approveSlip},
		{pattern: "POST /api/operator/slips/{id}/reject", roles: money, action: "slip.reject", target: "id", idempotent: true, handler: s.rejectSlip},
		{pattern: "POST /api/operator/deposits/vouchers/{voucher}/credit", roles: money, action: "voucher.credit", target: "voucher", idempotent: true, handler: s.creditVoucher},
		{pattern: "GET /api/operator/deposits", roles: money, handler: s.listDeposits},
		{pattern: "POST /api/operator/qr/payments/{provider}/{ref}/assign", roles: money, action: "qrpayment.assign", target: "ref", idempotent: true, handler: s.assignQRPayment},
		{pattern: "POST /api/operator/qr/payments/{provider}/{ref}/refund", roles: money, action: "qrpayment.refund", target: "ref", idempotent: true, handler: s.refundQRPayment},
		// QR providers: enabled, minimum, quick amounts, lifetime, and the
		// gateways' write-only API key and webhook secret.
		{pattern: "GET /api/operator/qr/providers", roles: money, handler: s.qrProviders},
		{pattern: "PUT /api/operator/qr/providers/{code}", roles: money, action: "qrprovider.update", target: "code", handler: s.putQRProvider},

		{pattern: "GET /api/operator/adjustments", roles: money, handler: s.listAdjustments},
		{pattern: "POST /api/operator/adjustments", roles: money, action: "adjustment.create", idempotent: true, handler: s.adjust},

		// Which settings a role may change is declared per setting
		// (operator.SettingEditors) and checked by putSetting.
		{pattern: "GET /api/operator/settings", roles: all, handler: s.listSettings},
		{pattern: "GET /api/operator/settings/schema", roles: all, handler: s.settingSchemas},
		{pattern: "GET /api/operator/settings/{name}", roles: all, handler: s.getSetting},
		{pattern: "PUT /api/operator/settings/{name}", roles: all, action: "setting.update", target: "name", handler: s.putSetting},

		// The bank directory: English-only, active and sort per bank.
		{pattern: "GET /api/operator/banks", roles: owner, handler: s.operatorBanks},
		{pattern: "PUT /api/operator/banks/{code}", roles: owner, action: "bank.update", target: "code", handler: s.putBank},

		{pattern: "GET /api/operator/games", roles: owner, handler: s.operatorGames},
		{pattern: "PUT /api/operator/games/{code}", roles: owner, action: "game.update", target: "code", handler: s.putGame},

		{pattern: "GET /api/operator/transfers", roles: money, handler: s.openTransfers},
		{pattern: "POST /api/operator/transfers/{id}/query", roles: money, action: "transfer.query", target: "id", handler: s.queryTransfer},

		{pattern: "GET /api/operator/reports/daily", roles: money, handler: s.dailyReport},

		{pattern: "GET /api/operator/bonuses", roles: all, handler: s.operatorBonuses},
		{pattern: "POST /api/operator/bonuses", roles: money, action: "bonus.save", handler: s.saveBonus},
		{pattern: "PUT /api/operator/bonuses/{code}", roles: money, action: "bonus.save", target: "code", handler: s.saveBonus},
		{pattern: "GET /api/operator/promotions", roles: all, handler: s.operatorPromotions},
		{pattern: "POST /api/operator/promotions", roles: money, action: "promotion.save", handler: s.savePromotion},
		{pattern: "PUT /api/operator/promotions/{code}", roles: money, action: "promotion.save", target: "code", handler: s.savePromotion},
		{pattern: "GET /api/operator/conditions", roles: all, handler: s.operatorConditions},
		{pattern: "POST /api/operator/banners", roles: money, action: "banner.upload", handler: s.uploadBanner},
		{pattern: "POST /api/operator/conditions/{id}/end", roles: money, action: "condition.end", target: "id", idempotent: true, handler: s.endCondition},

		// Cashback refunds, invite commissions and the game results they
		// are computed from (docs/rewards.md). Banners upload through
		// POST /api/operator/banners.
		{pattern: "GET /api/operator/rewards/{program}/settings", roles: all, handler: s.operatorRewardSettings},
		{pattern: "PUT /api/operator/rewards/{program}/settings", roles: money, action: "reward.settings", target: "program", handler: s.putRewardSettings},
		{pattern: "GET /api/operator/rewards/{program}/runs", roles: money, handler: s.rewardRuns},
		{pattern: "GET /api/operator/rewards/{program}/items", roles: all, action: "reward.history", handler: s.rewardItems},
		{pattern: "POST /api/operator/refund/close-period", roles: money, action: "refund.close-period", handler: s.closeRewardPeriod(rewards.Refund)},
		{pattern: "POST /api/operator/invite/close-period", roles: money, action: "invite.close-period", handler: s.closeRewardPeriod(rewards.Invite)},
		{pattern: "GET /api/operator/game-results", roles: all, action: "member.results", handler: s.gameResults},
		{pattern: "GET /api/operator/collection", roles: all, handler: s.collectionStatus},
		{pattern: "POST /api/operator/collection/run", roles: money, action: "collection.run", handler: s.collectNow},

		{pattern: "GET /api/operator/audit", roles: owner, handler: s.listAudit},
		{pattern: "GET /api/operator/audit/actions", roles: owner, handler: s.listAuditActions},
	}, append(append(s.operatorChatTable(), s.operatorSpinTable()...), append(append(s.operatorChangesTable(), s.operatorSeamlessTable()...), s.payoutRoutes()...)...)...)
}

// OperatorRoute describes an operator endpoint for tests and docs.
type OperatorRoute struct {
	Pattern string
	Roles   []operator.Role
	Action  string
}

// OperatorRoutes lists every authenticated operator endpoint with its
// roles and audit action.
func OperatorRoutes() []OperatorRoute {
	table := (&Server{}).operatorTable()
	out := make([]OperatorRoute, len(table))
	for i, rt := range table {
		out[i] = OperatorRoute{Pattern: rt.pattern, Roles: rt.roles, Action: rt.action}
	}
	return out
}

// loginAction is the audit action of sign-in, the one operator endpoint
// outside operatorTable.
const loginAction = "operator.login"

// AuditActions is every action the audit log records, sorted, each once:
// sign-in and the actions declared in operatorTable (the command line
// records the same names).
func AuditActions() []string {
	seen := map[string]bool{loginAction: true, proposeAction: true, staleAction: true}
	for _, rt := range (&Server{}).operatorTable() {
		if rt.action != "" {
			seen[rt.action] = true
		}
	}
	out := make([]string, 0, len(seen))
	for a := range seen {
		out = append(out, a)
	}
	sort.Strings(out)
	return out
}

// operatorRoutes mounts the operator API. It is authenticated apart from
// members (member tokens never work here) and answers while the service is
// terminated.
func (s *Server) operatorRoutes() {
	s.mux.HandleFunc("POST /api/operator/login", s.operatorLogin)
	for _, rt := range s.operatorTable() {
		h := rt.handler
		if rt.idempotent {
			h = s.idempotent(operatorScope, h)
		}
		s.mux.Handle(rt.pattern, s.operatorOnly(rt, h))
	}
}

type operatorKey struct{}
type auditKey struct{}

// principal returns the authenticated operator of a request.
func principal(r *http.Request) operator.Principal {
	p, _ := r.Context().Value(operatorKey{}).(operator.Principal)
	return p
}

// operatorName returns the name of the authenticated operator.
func operatorName(r *http.Request) string { return principal(r).Username }

// auditNote is what a handler tells the audit log about its call: the
// state before and after, and a target other than the route's.
type auditNote struct {
	action        string // other than the route's (a proposal, operator_changes.go)
	target        string
	before, after any
	skip          bool // nothing happened (e.g. a replay)
}

// noteAudit returns the request's audit note for the handler to fill.
func noteAudit(r *http.Request) *auditNote {
	if n, ok := r.Context().Value(auditKey{}).(*auditNote); ok {
		return n
	}
	return &auditNote{}
}

// operatorOnly authenticates Authorization: Bearer <operator token> (401
// invalid-token), refuses a role the route does not list (403
// FORBIDDEN_ROLE) and, when the call succeeds, appends the route's action
// to the audit log.
func (s *Server) operatorOnly(rt operatorRoute, next http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		if !ok {
			writeError(w, r, errs.New(errs.InvalidToken))
			return
		}
		p, err := s.operators.Authenticate(r.Context(), strings.TrimSpace(token))
		if err != nil {
			writeError(w, r, err)
			return
		}
		if info, ok := r.Context().Value(requestInfoKey{}).(*requestInfo); ok {
			info.operator = p.Username
		}
		if !operator.Allowed(p.Role, rt.roles) {
			writeError(w, r, errs.New(errs.ForbiddenRole))
			return
		}
		note := &auditNote{}
		ctx := context.WithValue(context.WithValue(r.Context(), operatorKey{}, p), auditKey{}, note)
		r = r.WithContext(ctx)
		sw := &statusWriter{ResponseWriter: w}
		next(sw, r)
		if rt.action == "" || sw.status >= 400 || note.skip || sw.Header().Get("Idempotent-Replayed") != "" {
			return
		}
		target := note.target
		if target == "" && rt.target != "" {
			target = r.PathValue(rt.target)
		}
		action := rt.action
		if note.action != "" {
			action = note.action
		}
		s.audit(r, p, action, target, note.before, note.after)
	})
}

// audit appends an entry to the audit log. The call it records has already
// happened, so a failure to write is logged as an error for the operator
// on duty to see; it cannot undo the call.
func (s *Server) audit(r *http.Request, p operator.Principal, action, target string, before, after any) {
	id := ""
	if info, ok := r.Context().Value(requestInfoKey{}).(*requestInfo); ok {
		id = info.id
	}
	ctx := context.WithoutCancel(r.Context())
	if err := s.auditor.Record(ctx, p, action, target, before, after, s.clientIP(r), id); err != nil {
		logger(ctx).ErrorContext(ctx, "audit entry not written", "action", action, "target", target, "err", err)
	}
}

type operatorLoginRequest struct {
	Username string `json:"username" validate:"max=64"`
	Password string `json:"password" validate:"max=512"`
	TOTP     string `json:"totp" validate:"max=10"`
}

type operatorIdentityJSON struct {
	Username string        `json:"username"`
	Role     operator.Role `json:"role"`
}

func (s *Server) operatorLogin(w http.ResponseWriter, r *http.Request) {
	var req operatorLoginRequest
	if err := s.decode(r, &req, errs.WrongCredential); err != nil {
		writeError(w, r, err)
		return
	}
	in, err := s.operators.Login(r.Context(), req.Username, req.Password, req.TOTP, s.clientIP(r), r.UserAgent())
	if err != nil {
		if in.Enrolment != nil && errs.HasCode(err, errs.TOTPRequired) {
			writeJSON(w, http.StatusUnauthorized, map[string]any{"message": errs.TOTPRequired, "enrolment": in.Enrolment})
			return
		}
		writeError(w, r, err)
		return
	}
	if info, ok := r.Context().Value(requestInfoKey{}).(*requestInfo); ok {
		info.operator = in.Operator.Username
	}
	s.audit(r, in.Operator, loginAction, in.Operator.Username, nil, nil)
	writeJSON(w, http.StatusOK, map[string]any{"token": in.Token,
		"operator": operatorIdentityJSON{Username: in.Operator.Username, Role: in.Operator.Role}})
}

func (s *Server) operatorMe(w http.ResponseWriter, r *http.Request) {
	p := principal(r)
	writeJSON(w, http.StatusOK, operatorIdentityJSON{Username: p.Username, Role: p.Role})
}

func (s *Server) operatorLogout(w http.ResponseWriter, r *http.Request) {
	if err := s.operators.Logout(r.Context(), principal(r)); err != nil {
		writeError(w, r, err)
		return
	}
	noteAudit(r).target = principal(r).Username
	writeJSON(w, http.StatusOK, map[string]any{"message": errs.OK})
}

type operatorPasswordRequest struct {
	OldPassword string `json:"oldPassword" validate:"required,max=512"`
	NewPassword string `json:"newPassword" validate:"required,max=512"`
}

func (s *Server) operatorPassword(w http.ResponseWriter, r *http.Request) {
	var req operatorPasswordRequest
	if err := s.decode(r, &req, errs.InvalidUserInfo); err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.operators.ChangePassword(r.Context(), principal(r), req.OldPassword, req.NewPassword); err != nil {
		writeError(w, r, err)
		return
	}
	noteAudit(r).target = principal(r).Username
	writeJSON(w, http.StatusOK, map[string]any{"message": errs.OK})
}

type operatorJSON struct {
	Username    string        `json:"username"`
	Role        operator.Role `json:"role"`
	Disabled    bool          `json:"disabled"`
	Enrolled    bool          `json:"enrolled"`
	CreatedAt   time.Time     `json:"createdAt"`
	LastLoginAt *time.Time    `json:"lastLoginAt"`
}

func toOperatorJSON(o operator.Operator) operatorJSON {
	var last *time.Time
	if o.LastLoginAt != nil {
		t := o.LastLoginAt.UTC()
		last = &t
	}
	return operatorJSON{Username: o.Username, Role: o.Role, Disabled: o.Disabled, Enrolled: o.Enrolled,
		CreatedAt: o.CreatedAt.UTC(), LastLoginAt: last}
}

func (s *Server) listOperators(w http.ResponseWriter, r *http.Request) {
	list, err := s.operators.List(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]operatorJSON, len(list))
	for i, o := range list {
		out[i] = toOperatorJSON(o)
	}
	writeJSON(w, http.StatusOK, map[string]any{"operators": out})
}

type credentialsJSON struct {
	Username   string        `json:"username"`
	Role       operator.Role `json:"role"`
	Password   string        `json:"password"`
	TOTPSecret string        `json:"totpSecret"`
	TOTPURI    string        `json:"totpUri"`
}

func toCredentialsJSON(c operator.Credentials) credentialsJSON {
	return credentialsJSON{Username: c.Username, Role: c.Role, Password: c.Password, TOTPSecret: c.TOTPSecret, TOTPURI: c.TOTPURI}
}

type createOperatorRequest struct {
	Username string `json:"username" validate:"required,max=64"`
	Role     string `json:"role" validate:"required,max=20"`
}

func (s *Server) createOperator(w http.ResponseWriter, r *http.Request) {
	var req createOperatorRequest
	if err := s.decode(r, &req, errs.InvalidRequest); err != nil {
		writeError(w, r, err)
		return
	}
	// A second owner approves; the credentials are answered to them.
	c, err := s.changes.ProposeOperatorCreate(r.Context(), principal(r), req.Username, operator.Role(req.Role))
	writeProposed(w, r, c, err)
}

type updateOperatorRequest struct {
	Role     *string `json:"role" validate:"omitempty,max=20"`
	Disabled *bool   `json:"disabled"`
}

func (s *Server) updateOperator(w http.ResponseWriter, r *http.Request) {
	var req updateOperatorRequest
	if err := s.decode(r, &req, errs.InvalidRequest); err != nil {
		writeError(w, r, err)
		return
	}
	var role *operator.Role
	if req.Role != nil {
		v := operator.Role(*req.Role)
		role = &v
	}
	c, err := s.changes.ProposeOperatorUpdate(r.Context(), principal(r), r.PathValue("username"), role, req.Disabled)
	writeProposed(w, r, c, err)
}

// resetOperator proposes new credentials; a second owner approves and is
// answered them.
func (s *Server) resetOperator(w http.ResponseWriter, r *http.Request) {
	c, err := s.changes.ProposeOperatorReset(r.Context(), principal(r), r.PathValue("username"))
	writeProposed(w, r, c, err)
}

type auditJSON struct {
	At        time.Time       `json:"at"`
	Operator  string          `json:"operator"`
	Role      operator.Role   `json:"role"`
	Action    string          `json:"action"`
	Target    string          `json:"target"`
	Before    json.RawMessage `json:"before"`
	After     json.RawMessage `json:"after"`
	IP        string          `json:"ip"`
	RequestID string          `json:"requestId"`
}

func rawOrNull(s string) json.RawMessage {
	if s == "" || !json.Valid([]byte(s)) {
		return json.RawMessage("null")
	}
	return json.RawMessage(s)
}

// listAudit answers a page of the audit log: by number (?page=), or by
// keyset (?before=, a previous answer's next), the console's way, which
// costs the same at any depth. The total is counted up to
// operator.AuditCountCap (totalCapped: more).
func (s *Server) listAudit(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	page, limit, err := pageQuery(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	f := operator.AuditFilter{Operator: q.Get("operator"), Action: q.Get("action"), Target: q.Get("target")}
	var p operator.AuditPage
	if v := q.Get("before"); v != "" {
		before, perr := strconv.ParseInt(v, 10, 64)
		if perr != nil || before <= 0 {
			writeError(w, r, errs.OnField(errs.InvalidRequest, "before"))
			return
		}
		p, err = s.auditor.Page(r.Context(), f, before, limit)
	} else {
		p.Entries, p.Total, err = s.auditor.List(r.Context(), f, page, limit)
		size := limit
		if size <= 0 {
			size = operator.DefaultAuditLimit
		}
		if n := len(p.Entries); err == nil && n > 0 && (max(page, 1)-1)*min(size, operator.MaxAuditLimit)+n < p.Total {
			p.Next = p.Entries[n-1].Seq
		}
		p.Total, p.Capped = min(p.Total, operator.AuditCountCap), p.Total > operator.AuditCountCap
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]auditJSON, len(p.Entries))
	for i, e := range p.Entries {
		out[i] = auditJSON{At: e.At.UTC(), Operator: e.Operator, Role: e.Role, Action: e.Action, Target: e.Target,
			Before: rawOrNull(e.Before), After: rawOrNull(e.After), IP: e.IP, RequestID: e.RequestID}
	}
	var next any
	if p.Next > 0 {
		next = strconv.FormatInt(p.Next, 10)
	}
	writeJSON(w, http.StatusOK, map[string]any{"entries": out, "total": p.Total, "totalCapped": p.Capped, "next": next})
}

// listAuditActions answers the actions the audit log records, for the
// console's filter.
func (s *Server) listAuditActions(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{"actions": AuditActions()})
}

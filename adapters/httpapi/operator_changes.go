package httpapi

import (
	"encoding/json"
	"net/http"
	"time"

	"ngern/core/changes"
	"ngern/core/errs"
	"ngern/core/operator"
)

// proposeAction is the audit action of a change that waits for a second
// owner (recorded by the route that proposed it, in place of the route's
// own action, since nothing changed yet).
const proposeAction = "change.propose"

// staleAction is the audit action of a change closed on approval because
// its target moved after the proposal.
const staleAction = "change.stale"

// changeJSON is a change as the console and the audit log see it: the
// summary, never the payload (which may hold a secret).
type changeJSON struct {
	ID         string          `json:"id"`
	Kind       string          `json:"kind"`
	Target     string          `json:"target"`
	Summary    json.RawMessage `json:"summary"`
	ProposedBy string          `json:"proposedBy"`
	ProposedAt time.Time       `json:"proposedAt"`
	Status     changes.Status  `json:"status"`
	DecidedBy  string          `json:"decidedBy,omitempty"`
	DecidedAt  *time.Time      `json:"decidedAt,omitempty"`
}

func toChangeJSON(c changes.Change) changeJSON {
	var at *time.Time
	if c.DecidedAt != nil {
		t := c.DecidedAt.UTC()
		at = &t
	}
	sum := json.RawMessage(c.Summary)
	if !json.Valid(sum) {
		sum = json.RawMessage(`{}`)
	}
	return changeJSON{ID: c.ID, Kind: c.Kind, Target: c.Target, Summary: sum, ProposedBy: c.ProposedBy,
		ProposedAt: c.ProposedAt.UTC(), Status: c.Status, DecidedBy: c.DecidedBy, DecidedAt: at}
}

// writeProposed answers a change that waits for a second owner: 202 with
// the message SECOND_APPROVAL_REQUIRED and the change, audited as
// change.propose.
func writeProposed(w http.ResponseWriter, r *http.Request, c changes.Change, err error) {
	if err != nil {
		writeError(w, r, err)
		return
	}
	logger(r.Context()).InfoContext(r.Context(), "change proposed", "kind", c.Kind, "target", c.Target, "change", c.ID)
	n := noteAudit(r)
	n.action, n.target, n.after = proposeAction, c.ID, toChangeJSON(c)
	writeJSON(w, http.StatusAccepted, map[string]any{"message": errs.SecondApprovalRequired, "change": toChangeJSON(c)})
}

// listChanges answers the changes of ?status= (PENDING by default; "all"
// for every status), newest first.
func (s *Server) listChanges(w http.ResponseWriter, r *http.Request) {
	status := changes.Status(r.URL.Query().Get("status"))
	switch status {
	case "":
		status = changes.Pending
	case "all":
		status = ""
	}
	list, err := s.changes.List(r.Context(), status)
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]changeJSON, len(list))
	for i, c := range list {
		out[i] = toChangeJSON(c)
	}
	writeJSON(w, http.StatusOK, map[string]any{"changes": out})
}

// approveChange applies a pending change by a second owner. A change that
// creates or resets an operator answers the credentials, once.
func (s *Server) approveChange(w http.ResponseWriter, r *http.Request) {
	res, err := s.changes.Approve(r.Context(), principal(r), r.PathValue("id"))
	if err != nil {
		if errs.HasCode(err, errs.ChangeStale) {
			// The change is closed: the audit log says so.
			s.audit(r, principal(r), staleAction, r.PathValue("id"), nil, nil)
		}
		writeError(w, r, err)
		return
	}
	logger(r.Context()).InfoContext(r.Context(), "change applied", "kind", res.Change.Kind, "target", res.Change.Target,
		"change", res.Change.ID)
	n := noteAudit(r)
	n.after = toChangeJSON(res.Change)
	out := map[string]any{"change": toChangeJSON(res.Change)}
	if res.Credentials != nil {
		out["credentials"] = toCredentialsJSON(*res.Credentials)
	}
	writeJSON(w, http.StatusOK, out)
}

// rejectChange closes a pending change unapplied.
func (s *Server) rejectChange(w http.ResponseWriter, r *http.Request) {
	c, err := s.changes.Reject(r.Context(), principal(r), r.PathValue("id"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	n := noteAudit(r)
	n.after = toChangeJSON(c)
	writeJSON(w, http.StatusOK, map[string]any{"change": toChangeJSON(c)})
}

// operatorChangesTable is the four-eyes block of the operator endpoints:
// owners list, approve and reject the changes that need two owners.
func (s *Server) operatorChangesTable() []operatorRoute {
	owner := operator.OwnerOnly
	return []operatorRoute{
		{pattern: "GET /api/operator/changes", roles: owner, handler: s.listChanges},
		{pattern: "POST /api/operator/changes/{id}/approve", roles: owner, action: "change.approve", target: "id", handler: s.approveChange},
		{pattern: "POST /api/operator/changes/{id}/reject", roles: owner, action: "change.reject", target: "id", handler: s.rejectChange},
	}
}

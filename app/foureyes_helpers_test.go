package app

// confirm approves, as a second owner, the change a proposal answered (202
// SECOND_APPROVAL_REQUIRED), and returns the approval's answer.
func (h *harness) confirm(proposal response, owner string) response {
	h.t.Helper()
	h.expect(proposal, 202, "SECOND_APPROVAL_REQUIRED")
	c, _ := proposal.Body["change"].(map[string]any)
	id, _ := c["id"].(string)
	if id == "" {
		h.t.Fatalf("no change: %s", proposal.Raw)
	}
	r := h.call("POST", "/api/operator/changes/"+id+"/approve", owner, nil)
	h.expect(r, 200, "")
	return r
}

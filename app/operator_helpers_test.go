package app

import (
	"context"
	"net/http"
	"testing"

	"ngern/core/operator"
)

// operator creates an operator with role and signs it in through the API
// with a TOTP code computed here, returning its session token.
func (h *harness) operator(username string, role operator.Role) string {
	h.t.Helper()
	c, err := h.tools.operators.Create(context.Background(), username, role)
	if err != nil {
		h.t.Fatal(err)
	}
	return h.operatorLogin(c.Username, c.Password, c.TOTPSecret)
}

// operatorLogin signs an operator in. The clock moves past the current
// TOTP step first, since a code is accepted once.
func (h *harness) operatorLogin(username, password, secret string) string {
	h.t.Helper()
	h.advance(31e9)
	code, err := operator.TOTPCode(secret, h.clock())
	if err != nil {
		h.t.Fatal(err)
	}
	r := h.call("POST", "/api/operator/login", "", map[string]any{"username": username, "password": password, "totp": code})
	h.expect(r, 200, "")
	token, _ := r.Body["token"].(string)
	if token == "" {
		h.t.Fatalf("no token: %s", r.Raw)
	}
	return token
}

// mustRequest returns a GET request of url with a bearer token.
func mustRequest(t *testing.T, url, token string) *http.Request {
	t.Helper()
	req, err := http.NewRequest("GET", url, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+token)
	return req
}

package app

import (
	"bytes"
	"encoding/json"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"ngern/adapters/httpapi"
	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/deposit"
	"ngern/core/operator"
	"ngern/core/settings"
)

// openAPIDoc is the served contract (adapters/httpapi/openapi.yaml).
type openAPIDoc struct {
	Paths map[string]map[string]json.RawMessage `json:"paths"`
}

func loadOpenAPI(t *testing.T) (openAPIDoc, any) {
	t.Helper()
	b, err := httpapi.OpenAPIJSON()
	if err != nil {
		t.Fatal(err)
	}
	var doc openAPIDoc
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	raw, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return doc, raw
}

// TestOpenAPIRoutes: every route the server registers is in the document,
// and every documented operation is registered, so the contract cannot
// drift from the server. Patterns without a method are catch-alls (the
// web app, /api/'s not-found answer) and simulators, not part of the API.
func TestOpenAPIRoutes(t *testing.T) {
	hub88On := withHub88(t)
	h := newHarness(t, storetest.Open(t, storetest.Dialects[0]), func(c *Config) {
		c.QR.BankFeedSecret = "contract-test-secret"
		c.QR.BankFeedSMSToken = "contract-test-token"
		hub88On(c)
	})
	doc, _ := loadOpenAPI(t)
	var registered []string
	for _, p := range h.api.Patterns() {
		if method, path, ok := strings.Cut(p, " "); ok {
			registered = append(registered, strings.ToLower(method)+" "+path)
		}
	}
	var documented []string
	for path, ops := range doc.Paths {
		for method := range ops {
			if method != "parameters" {
				documented = append(documented, method+" "+path)
			}
		}
	}
	for _, r := range registered {
		if !slices.Contains(documented, r) {
			t.Errorf("route %s is registered but not in openapi.yaml", r)
		}
	}
	for _, d := range documented {
		if !slices.Contains(registered, d) {
			t.Errorf("operation %s is in openapi.yaml but not registered", d)
		}
	}
}

// TestOpenAPIAnswers: real answers of a member read, a member write, an
// operator list and errors validate against the schema the document gives
// their status (or its default answer). The schemas are JSON Schema
// 2020-12, the dialect of OpenAPI 3.1, checked with santhosh-tekuri/jsonschema.
func TestOpenAPIAnswers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		const feedSecret = "contract-test-feed-secret"
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false; c.QR.BankFeedSecret = feedSecret })
		doc, check := contractChecker(t)

		r := h.call("GET", "/api/openapi.json", "", nil)
		h.expect(r, 200, "")
		check("get", "/api/openapi.json", r)

		token := h.member("0812345678", "1234567890", 500_00)
		r = h.call("GET", "/api/wallet", token, nil)
		h.expect(r, 200, "")
		check("get", "/api/wallet", r)
		r = h.call("GET", "/api/account/profile", token, nil)
		h.expect(r, 200, "")
		check("get", "/api/account/profile", r)
		r = h.call("POST", "/api/statement", token, map[string]any{"page": 1, "limit": 10})
		h.expect(r, 200, "")
		check("post", "/api/statement", r)
		// By keyset: the newest page, then the page after its cursor.
		r = h.call("POST", "/api/statement", token, map[string]any{"before": "", "limit": 1})
		h.expect(r, 200, "")
		check("post", "/api/statement", r)
		if _, counted := r.Body["total"]; counted || len(r.Body["statements"].([]any)) != 1 {
			t.Fatalf("keyset statement = %s", r.Raw)
		}
		if next, _ := r.Body["next"].(string); next != "" {
			r = h.call("POST", "/api/statement", token, map[string]any{"before": next, "limit": 10})
			h.expect(r, 200, "")
			check("post", "/api/statement", r)
		}
		h.expect(h.call("POST", "/api/statement", token, map[string]any{"before": "not-a-cursor"}), 400, "INVALID_REQUEST")

		r = h.call("PUT", "/api/account/changepwd", token, map[string]any{"oldPassword": "s3cret-pass", "newPassword": "n3w-s3cret-pass"})
		h.expect(r, 200, "")
		check("put", "/api/account/changepwd", r)
		r = h.call("POST", "/api/login", "", map[string]any{"username": "0812345678", "password": "n3w-s3cret-pass"})
		h.expect(r, 200, "")
		check("post", "/api/login", r)

		op := h.operator("owner1", operator.Owner)
		r = h.call("GET", "/api/operator/operators", op, nil)
		h.expect(r, 200, "")
		check("get", "/api/operator/operators", r)
		for _, path := range []string{"/api/operator/me", "/api/operator/dashboard", "/api/operator/members", "/api/operator/withdrawals",
			"/api/operator/adjustments", "/api/operator/transfers", "/api/operator/reports/daily", "/api/operator/settings",
			"/api/operator/games", "/api/operator/banks", "/api/operator/audit", "/api/operator/changes"} {
			r = h.call("GET", path, op, nil)
			h.expect(r, 200, "")
			check("get", path, r)
		}
		// The audit log by keyset: the page after the first one's next.
		r = h.call("GET", "/api/operator/audit?limit=1", op, nil)
		h.expect(r, 200, "")
		next, _ := r.Body["next"].(string)
		if next == "" || r.Body["totalCapped"] != false {
			t.Fatalf("audit page 1 = %s", r.Raw)
		}
		r = h.call("GET", "/api/operator/audit?limit=1&before="+next, op, nil)
		h.expect(r, 200, "")
		check("get", "/api/operator/audit", r)
		if len(r.Body["entries"].([]any)) != 1 {
			t.Fatalf("audit page 2 = %s", r.Raw)
		}
		h.expect(h.call("GET", "/api/operator/audit?before=x", op, nil), 400, "INVALID_REQUEST")

		r = h.call("GET", "/api/operator/members/"+h.memberID(token), op, nil)
		h.expect(r, 200, "")
		check("get", "/api/operator/members/{id}", r)

		r = h.call("GET", "/api/wallet", "", nil)
		if r.Status < 400 {
			t.Fatalf("no token: %d", r.Status)
		}
		check("get", "/api/wallet", r)
		r = h.call("PUT", "/api/account/changepwd", token, map[string]any{"oldPassword": "wrong", "newPassword": ""})
		if r.Status != 400 {
			t.Fatalf("bad password change: %d %s", r.Status, r.Raw)
		}
		check("put", "/api/account/changepwd", r)

		r = h.call("DELETE", "/api/operator/members/"+h.memberID(token)+"/sessions", op, nil)
		h.expect(r, 200, "")
		check("delete", "/api/operator/members/{id}/sessions", r)
		token = h.login("0812345678", "n3w-s3cret-pass") // the sessions just ended

		answersOperatorWrites(h, check, op, token)
		answersConsole(h, check, op)
		token = h.login("0812345678", "n3w-s3cret-pass") // locking the member ended its sessions
		answersChat(h, check, op, token)
		answersPayments(h, check, op, token)
		answersSaves(h, check, op)
		answersPublic(h, check, doc, feedSecret)
	})
}

// contractCheck validates an answer against the schema the document gives
// its status (or its default answer).
type contractCheck func(method, path string, r response)

func contractChecker(t *testing.T) (openAPIDoc, contractCheck) {
	t.Helper()
	doc, raw := loadOpenAPI(t)
	c := jsonschema.NewCompiler()
	const base = "https://ngern.invalid/openapi.json"
	if err := c.AddResource(base, raw); err != nil {
		t.Fatal(err)
	}
	check := func(method, path string, r response) {
		t.Helper()
		status := strconv.Itoa(r.Status)
		var op struct {
			Responses map[string]any `json:"responses"`
		}
		_ = json.Unmarshal(doc.Paths[path][method], &op)
		if _, ok := op.Responses[status]; !ok {
			status = "default"
		}
		ptr := "#/paths/" + pointerEscape(path) + "/" + method + "/responses/" + status
		if status == "default" {
			ptr = "#/components/responses/Error" // every default answer refers to it
		}
		s, err := c.Compile(base + ptr + "/content/application~1json/schema")
		if err != nil {
			t.Fatalf("%s %s %d: no schema: %v", method, path, r.Status, err)
		}
		v, err := jsonschema.UnmarshalJSON(bytes.NewReader(r.Raw))
		if err != nil {
			t.Fatalf("%s %s: %v", method, path, err)
		}
		if err := s.Validate(v); err != nil {
			t.Errorf("%s %s %d: answer %s does not match the document: %v", method, path, r.Status, r.Raw, err)
		}
	}
	return doc, check
}

// answersOperatorWrites: money decisions, member care and the four-eyes flow.
func answersOperatorWrites(h *harness, check contractCheck, op, token string) {
	h.t.Helper()
	// Operator writes: an adjustment, a withdrawal approved and one
	// rejected, the money queues.
	r := h.call("POST", "/api/operator/adjustments", op, map[string]any{"phone": "0812345678", "amount": "100", "reason": "contract"})
	h.expect(r, 200, "")
	check("post", "/api/operator/adjustments", r)
	for _, decision := range []string{"approve", "reject"} {
		r = h.call("POST", "/api/wallet/withdraw", token, map[string]any{"amount": "100"})
		h.expect(r, 200, "")
		check("post", "/api/wallet/withdraw", r)
		wd, _ := r.Body["withdrawal"].(map[string]any)
		id, _ := wd["_id"].(string)
		r = h.call("POST", "/api/operator/withdrawals/"+id+"/"+decision, op, map[string]any{"reason": "contract"})
		h.expect(r, 200, "")
		check("post", "/api/operator/withdrawals/{id}/"+decision, r)
	}
	for _, path := range []string{"/api/operator/slips", "/api/operator/deposits"} {
		r = h.call("GET", path, op, nil)
		h.expect(r, 200, "")
		check("get", path, r)
	}

	// Member care, the four-eyes flow and the console's tables.
	id := h.memberID(token)
	for _, action := range []string{"lock", "unlock"} {
		r = h.call("POST", "/api/operator/members/"+id+"/"+action, op, map[string]any{"reason": "contract"})
		h.expect(r, 200, "")
		check("post", "/api/operator/members/{id}/"+action, r)
	}
	r = h.call("POST", "/api/operator/members/"+id+"/notes", op, map[string]any{"text": "contract"})
	h.expect(r, 200, "")
	check("post", "/api/operator/members/{id}/notes", r)
	proposal := h.call("POST", "/api/operator/operators", op, map[string]any{"username": "support9", "role": "support"})
	check("post", "/api/operator/operators", proposal)
	r = h.confirm(proposal, h.operator("owner2", operator.Owner))
	check("post", "/api/operator/changes/{id}/approve", r)
	for _, path := range []string{"/api/operator/audit/actions", "/api/operator/qr/providers"} {
		r = h.call("GET", path, op, nil)
		h.expect(r, 200, "")
		check("get", path, r)
	}

}

// answersConsole: promotions, rewards, the wheel and the chat console.
func answersConsole(h *harness, check contractCheck, op string) {
	h.t.Helper()
	var r response
	// Promotions and rewards.
	for _, path := range []string{"/api/operator/bonuses", "/api/operator/promotions", "/api/operator/conditions",
		"/api/operator/rewards/{program}/settings", "/api/operator/rewards/{program}/runs", "/api/operator/rewards/{program}/items",
		"/api/operator/game-results", "/api/operator/collection"} {
		r = h.call("GET", strings.ReplaceAll(path, "{program}", "refund"), op, nil)
		h.expect(r, 200, "")
		check("get", path, r)
	}
	r = h.call("GET", "/api/operator/rewards/invite/settings", op, nil)
	r = h.call("PUT", "/api/operator/rewards/invite/settings", op, r.Body["settings"])
	h.expect(r, 200, "")
	check("put", "/api/operator/rewards/{program}/settings", r)
	r = h.call("POST", "/api/operator/collection/run", op, nil)
	h.expect(r, 200, "")
	check("post", "/api/operator/collection/run", r)

	// The spin wheel and coins.
	r = h.call("POST", "/api/operator/spinwheels", op, map[string]any{"name": "Contract wheel", "active": true, "cost": 1,
		"slices": []any{
			map[string]any{"code": "CASH500", "label": map[string]string{"th": "เงินสด", "la": "ເງິນສົດ", "en": "Cash"},
				"bgColor": "#27AE60", "textColor": "#FFFFFF", "weight": 1000000, "prize": map[string]any{"type": "cash", "amount": 500}},
			map[string]any{"code": "NONE", "label": map[string]string{"th": "ไม่", "la": "ບໍ່", "en": "None"},
				"bgColor": "#2D3A8C", "textColor": "#FFFFFF", "weight": 1, "prize": map[string]any{"type": "nothing"}},
		}})
	h.expect(r, 200, "")
	check("post", "/api/operator/spinwheels", r)
	for _, path := range []string{"/api/operator/spinwheel", "/api/operator/spinwheels", "/api/operator/spinwheel/coupons", "/api/operator/coins"} {
		r = h.call("GET", path, op, nil)
		h.expect(r, 200, "")
		check("get", path, r)
	}
	r = h.call("POST", "/api/operator/coins", op, map[string]any{"phone": "0812345678", "coins": 5, "reason": "contract"})
	h.expect(r, 200, "")
	check("post", "/api/operator/coins", r)

	// The support chat's console.
	r = h.call("POST", "/api/operator/chat/canned", op, map[string]any{"lang": "th", "title": "Hello", "body": "Hello", "position": 1})
	h.expect(r, 201, "")
	check("post", "/api/operator/chat/canned", r)
	canned, _ := r.Body["id"].(string)
	r = h.call("PUT", "/api/operator/chat/canned/"+canned, op, map[string]any{"lang": "th", "title": "Hi", "body": "Hi", "position": 1})
	h.expect(r, 200, "")
	check("put", "/api/operator/chat/canned/{id}", r)
	for _, path := range []string{"/api/operator/chat/canned", "/api/operator/chat/conversations"} {
		r = h.call("GET", path, op, nil)
		h.expect(r, 200, "")
		check("get", path, r)
	}
	r = h.call("POST", "/api/operator/chat/ticket", op, nil)
	h.expect(r, 200, "")
	check("post", "/api/operator/chat/ticket", r)

}

// answersPublic: every lookup name and a bank feed notification.
func answersPublic(h *harness, check contractCheck, doc openAPIDoc, feedSecret string) {
	h.t.Helper()
	var r response
	// Lookups, each of the names the server answers.
	for _, name := range lookupNames(h.t, doc) {
		r = h.call("GET", "/api/lookup/"+name, "", nil)
		h.expect(r, 200, "")
		check("get", "/api/lookup/{name}", r)
	}

	r = h.call("GET", "/api/lookup/nope", "", nil)
	h.expect(r, 404, "")
	check("get", "/api/lookup/{name}", r)

	// A bank feed's notification (the webhook answer).
	body := `{"ref":"CONTRACT-1","target":"0912345678","amount":"75","at":"` + h.clock().Format(time.RFC3339) + `"}`
	r = h.callWith("POST", "/api/payments/bankfeed", "", body,
		map[string]string{deposit.SignatureHeader: deposit.Sign([]byte(feedSecret), h.clock(), []byte(body))})
	h.expect(r, 200, "")
	check("post", "/api/payments/bankfeed", r)
}

// pointerEscape escapes a path as one JSON pointer token (RFC 6901).
func pointerEscape(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// lookupNames are the names the document gives GET /api/lookup/{name}.
func lookupNames(t *testing.T, doc openAPIDoc) []string {
	t.Helper()
	var params []struct {
		Schema struct {
			Enum []string `json:"enum"`
		} `json:"schema"`
	}
	if err := json.Unmarshal(doc.Paths["/api/lookup/{name}"]["parameters"], &params); err != nil || len(params) != 1 {
		t.Fatalf("lookup parameters: %v", err)
	}
	return params[0].Schema.Enum
}

const (
	settingsBegin = "    # Generated from core/settings' Schemas() by go test ./app -run TestOpenAPISettings -update; do not edit.\n"
	settingsEnd   = "    # End of the generated settings schemas.\n"
)

// settingSchemasYAML is the document's block of setting schemas: each key's
// schema as settings.Schemas() gives it (JSON is YAML), and SettingInput,
// any of them.
func settingSchemasYAML(t *testing.T) string {
	t.Helper()
	schemas := settings.Schemas()
	keys := slices.Sorted(maps.Keys(schemas))
	var b strings.Builder
	for _, k := range keys {
		j, err := json.Marshal(schemas[k])
		if err != nil {
			t.Fatal(err)
		}
		b.WriteString("    SettingValue_" + k + ": " + string(j) + "\n")
	}
	b.WriteString("    SettingInput:\n      description: A setting's value, the schema of its key (SettingValue_<key>).\n      anyOf:\n")
	for _, k := range keys {
		b.WriteString("        - {$ref: '#/components/schemas/SettingValue_" + k + "'}\n")
	}
	return b.String()
}

// TestOpenAPISettings: the document's setting schemas are core/settings'
// own (its one home), so a generated client and the console validate what
// the server does. -update rewrites the block.
func TestOpenAPISettings(t *testing.T) {
	const path = "../adapters/httpapi/openapi.yaml"
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	i, j := strings.Index(doc, settingsBegin), strings.Index(doc, settingsEnd)
	if i < 0 || j < i {
		t.Fatal("openapi.yaml has no generated settings block")
	}
	want := settingSchemasYAML(t)
	if doc[i+len(settingsBegin):j] == want {
		return
	}
	if !*updateDocs {
		t.Fatal("openapi.yaml's setting schemas differ from core/settings: go test ./app -run TestOpenAPISettings -update")
	}
	doc = doc[:i+len(settingsBegin)] + want + doc[j:]
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
}

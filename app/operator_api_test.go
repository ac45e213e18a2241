package app

import (
	"bytes"
	"context"
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"ngern/adapters/httpapi"
	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/limits"
	"ngern/core/money"
	"ngern/core/operator"
)

var pathParam = regexp.MustCompile(`\{[A-Za-z]+\}`)

// TestOperatorRouteRoles walks the operator route table: every endpoint
// declares roles, every write an audit action, and each one refuses a
// missing token, a member's token and every role it does not list.
func TestOperatorRouteRoles(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false })
		member := h.member("0811111111", "1111111111", 0)
		tokens := map[operator.Role]string{}
		for _, r := range operator.Roles {
			tokens[r] = h.operator("t-"+string(r), r)
		}
		routes := httpapi.OperatorRoutes()
		if len(routes) < 25 {
			t.Fatalf("only %d operator routes", len(routes))
		}
		for _, rt := range routes {
			t.Run(rt.Pattern, func(t *testing.T) {
				h := h.sub(t)
				if len(rt.Roles) == 0 {
					t.Fatal("no roles declared")
				}
				method, path, _ := strings.Cut(rt.Pattern, " ")
				if method != "GET" && rt.Action == "" {
					t.Fatal("a write without an audit action")
				}
				path = pathParam.ReplaceAllString(path, "x1")
				h.expect(h.call(method, path, "", nil), 401, "invalid-token")
				h.expect(h.call(method, path, member, nil), 401, "invalid-token")
				h.expect(h.call(method, path, "not-a-token", nil), 401, "invalid-token")
				for _, r := range operator.Roles {
					if !operator.Allowed(r, rt.Roles) {
						h.expect(h.call(method, path, tokens[r], nil), 403, "FORBIDDEN_ROLE")
						continue
					}
					// A role listed passes the check (sign-out would end the
					// session the next routes use; the setting "x1" is the
					// owner's by the per-setting rule).
					if rt.Action == "operator.logout" || rt.Action == "setting.update" {
						continue
					}
					if res := h.call(method, path, tokens[r], nil); res.Status == 401 || res.Status == 403 {
						t.Fatalf("%s refused: %d %s", r, res.Status, res.Raw)
					}
				}
			})
		}
	})
}

// TestOperatorAuditActions: the console's audit filter is served from the
// route table: every action declared there and sign-in, sorted, each once,
// to the owner alone.
func TestOperatorAuditActions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, nil)
		r := h.call("GET", "/api/operator/audit/actions", h.operator("own", operator.Owner), nil)
		h.expect(r, 200, "")
		var got []string
		for _, a := range r.Body["actions"].([]any) {
			got = append(got, a.(string))
		}
		if !slices.IsSorted(got) || len(slices.Compact(slices.Clone(got))) != len(got) {
			t.Fatalf("actions not sorted and unique: %v", got)
		}
		want := []string{"operator.login", "change.propose", "change.stale"}
		for _, rt := range httpapi.OperatorRoutes() {
			if rt.Action != "" {
				want = append(want, rt.Action)
			}
		}
		for _, a := range want {
			t.Run(a, func(t *testing.T) {
				if !slices.Contains(got, a) {
					t.Fatalf("%s missing from %v", a, got)
				}
			})
		}
		slices.Sort(want)
		if want = slices.Compact(want); !slices.Equal(got, want) {
			t.Fatalf("actions = %v, want %v", got, want)
		}
		for _, a := range []string{"slip.approve", "bank.update", "bonus.save", "promotion.save", "chat.close"} {
			if !slices.Contains(got, a) {
				t.Fatalf("%s missing", a)
			}
		}
		h.expect(h.call("GET", "/api/operator/audit/actions", h.operator("fin", operator.Finance), nil), 403, "FORBIDDEN_ROLE")
	})
}

func TestOperatorLogin(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, nil)
		ctx := context.Background()
		c, err := h.tools.operators.Create(ctx, "fin", operator.Finance)
		if err != nil {
			t.Fatal(err)
		}
		login := func(password, totp string) response {
			return h.call("POST", "/api/operator/login", "", map[string]any{"username": "fin", "password": password, "totp": totp})
		}
		t.Run("ErrWrongPassword", func(t *testing.T) {
			h := h.sub(t)
			h.expect(login("wrong-password-1", ""), 401, "WRONG_CREDENTIAL")
			h.expect(h.call("POST", "/api/operator/login", "", map[string]any{"username": "nobody", "password": "x", "totp": "123456"}), 401, "WRONG_CREDENTIAL")
		})
		t.Run("ErrTOTPRequiredWithEnrolment", func(t *testing.T) {
			h := h.sub(t)
			r := login(c.Password, "")
			h.expect(r, 401, "TOTP_REQUIRED")
			e, _ := r.Body["enrolment"].(map[string]any)
			if e["secret"] != c.TOTPSecret || !strings.HasPrefix(e["uri"].(string), "otpauth://totp/Ngern:fin?") ||
				!strings.HasPrefix(e["qrSvg"].(string), "<svg") {
				t.Fatalf("enrolment = %s", r.Raw)
			}
		})
		t.Run("ErrTOTPInvalid", func(t *testing.T) {
			h := h.sub(t)
			code, _ := operator.TOTPCode(c.TOTPSecret, h.clock().Add(-5*time.Minute))
			h.expect(login(c.Password, code), 401, "TOTP_INVALID")
		})
		var token string
		t.Run("OKAndReplayRefused", func(t *testing.T) {
			h := h.sub(t)
			h.advance(31 * time.Second)
			code, _ := operator.TOTPCode(c.TOTPSecret, h.clock())
			r := login(c.Password, code)
			h.expect(r, 200, "")
			token, _ = r.Body["token"].(string)
			if op, _ := r.Body["operator"].(map[string]any); op["username"] != "fin" || op["role"] != "finance" {
				t.Fatalf("login = %s", r.Raw)
			}
			h.expect(login(c.Password, code), 401, "TOTP_INVALID")
			// Enrolled now: no QR code any more.
			if r := login(c.Password, ""); r.Body["enrolment"] != nil {
				t.Fatalf("enrolment shown after enrolling: %s", r.Raw)
			}
			me := h.call("GET", "/api/operator/me", token, nil)
			h.expect(me, 200, "")
			if me.Body["username"] != "fin" || me.Body["role"] != "finance" {
				t.Fatalf("me = %s", me.Raw)
			}
		})
		t.Run("OKPasswordChangeRevokesOtherSessions", func(t *testing.T) {
			h := h.sub(t)
			other := h.operatorLogin("fin", c.Password, c.TOTPSecret)
			h.expect(h.call("PUT", "/api/operator/password", token, map[string]any{"oldPassword": "nope", "newPassword": "a-new-password-1"}), 401, "WRONG_PASSWORD")
			h.expect(h.call("PUT", "/api/operator/password", token, map[string]any{"oldPassword": c.Password, "newPassword": "short"}), 400, "INVALID_USER_INFO")
			h.expect(h.call("PUT", "/api/operator/password", token, map[string]any{"oldPassword": c.Password, "newPassword": "a-new-password-1"}), 200, "OK")
			h.expect(h.call("GET", "/api/operator/me", other, nil), 401, "invalid-token")
			h.expect(h.call("GET", "/api/operator/me", token, nil), 200, "")
			c.Password = "a-new-password-1"
		})
		t.Run("OKIdleAndAbsoluteExpiry", func(t *testing.T) {
			h := h.sub(t)
			idle := h.operatorLogin("fin", c.Password, c.TOTPSecret)
			h.advance(31 * time.Minute)
			h.expect(h.call("GET", "/api/operator/me", idle, nil), 401, "invalid-token")
			busy := h.operatorLogin("fin", c.Password, c.TOTPSecret)
			start := h.clock()
			for range 26 { // 26 × 29 min > 12 h, never idle 30 min
				h.advance(29 * time.Minute)
				if r := h.call("GET", "/api/operator/me", busy, nil); r.Status != 200 {
					if h.clock().Sub(start) < 12*time.Hour {
						t.Fatalf("expired early: %s", r.Raw)
					}
					h.expect(r, 401, "invalid-token")
					return
				}
			}
			t.Fatal("a session outlived 12 hours")
		})
		t.Run("OKLogout", func(t *testing.T) {
			h := h.sub(t)
			tok := h.operatorLogin("fin", c.Password, c.TOTPSecret)
			h.expect(h.call("POST", "/api/operator/logout", tok, nil), 200, "OK")
			h.expect(h.call("GET", "/api/operator/me", tok, nil), 401, "invalid-token")
		})
		t.Run("ErrDisabledAndRoleChangeRevokes", func(t *testing.T) {
			h := h.sub(t)
			owner := h.operator("boss", operator.Owner)
			owner2 := h.operator("boss2", operator.Owner)
			tok := h.operatorLogin("fin", c.Password, c.TOTPSecret)
			h.confirm(h.call("PUT", "/api/operator/operators/fin", owner, map[string]any{"role": "support"}), owner2)
			h.expect(h.call("GET", "/api/operator/me", tok, nil), 401, "invalid-token")
			h.confirm(h.call("PUT", "/api/operator/operators/fin", owner, map[string]any{"disabled": true}), owner2)
			h.expect(login(c.Password, ""), 403, "INACTIVE_USER")
			h.expect(h.call("PUT", "/api/operator/operators/boss", owner, map[string]any{"disabled": true}), 400, "INVALID_REQUEST")
			h.expect(h.call("PUT", "/api/operator/operators/fin", owner, map[string]any{"role": "king"}), 400, "INVALID_REQUEST")
		})
		t.Run("ErrRateLimited", func(t *testing.T) {
			h := h.sub(t)
			var last response
			for range 12 {
				last = h.call("POST", "/api/operator/login", "", map[string]any{"username": "boss", "password": "guess-guess", "totp": ""})
			}
			h.expect(last, 429, "REQUEST_LIMIT")
		})
	})
}

func TestOperatorManagement(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, nil)
		owner := h.operator("boss", operator.Owner)
		owner2 := h.operator("boss2", operator.Owner)
		r := h.confirm(h.call("POST", "/api/operator/operators", owner, map[string]any{"username": "Sup1", "role": "support"}), owner2)
		r.Body = r.Body["credentials"].(map[string]any)
		if r.Body["username"] != "sup1" || r.Body["role"] != "support" || r.Body["password"] == "" ||
			!strings.HasPrefix(r.Body["totpUri"].(string), "otpauth://") {
			t.Fatalf("create = %s", r.Raw)
		}
		h.expect(h.call("POST", "/api/operator/operators", owner, map[string]any{"username": "sup1", "role": "support"}), 409, "EXISTING_USER")
		h.expect(h.call("POST", "/api/operator/operators", owner, map[string]any{"username": "x", "role": "support"}), 400, "INVALID_REQUEST")
		h.expect(h.call("POST", "/api/operator/operators", owner, map[string]any{"username": "sup2", "role": "god"}), 400, "INVALID_REQUEST")
		sup := h.operatorLogin("sup1", r.Body["password"].(string), r.Body["totpSecret"].(string))
		reset := h.confirm(h.call("POST", "/api/operator/operators/sup1/reset", owner, nil), owner2)
		reset.Body = reset.Body["credentials"].(map[string]any)
		h.expect(h.call("GET", "/api/operator/me", sup, nil), 401, "invalid-token")
		h.operatorLogin("sup1", reset.Body["password"].(string), reset.Body["totpSecret"].(string))
		list := h.call("GET", "/api/operator/operators", owner, nil)
		h.expect(list, 200, "")
		if ops := list.Body["operators"].([]any); len(ops) != 3 || ops[1].(map[string]any)["lastLoginAt"] == nil {
			t.Fatalf("operators = %s", list.Raw)
		}
		h.expect(h.call("POST", "/api/operator/operators/nobody/reset", owner, nil), 404, "NO_DATA")
	})
}

// TestOperatorFourEyes: above the threshold a finance operator's approval
// waits for a second, different operator; then the member's statement
// shows the withdrawal paid.
func TestOperatorFourEyes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false })
		member := h.member("0811111111", "1111111111", money.FromBaht(40000))
		fin1, fin2 := h.operator("fin1", operator.Finance), h.operator("fin2", operator.Finance)
		sup := h.operator("sup", operator.Support)
		owner1, owner2 := h.operator("owner1", operator.Owner), h.operator("owner2", operator.Owner)
		h.expect(h.call("PUT", "/api/operator/settings/withdrawApprovalThreshold", sup, map[string]any{"amount": 20000}), 403, "FORBIDDEN_ROLE")
		h.expect(h.call("PUT", "/api/operator/settings/withdrawApprovalThreshold", owner1, map[string]any{"amount": -1}), 400, "INVALID_REQUEST")
		r := h.confirm(h.call("PUT", "/api/operator/settings/withdrawApprovalThreshold", owner1, map[string]any{"amount": 20000}), owner2)
		if r.Body["change"].(map[string]any)["summary"].(map[string]any)["amount"] != json.Number("20000.00") {
			t.Fatalf("threshold = %s", r.Raw)
		}
		w := h.call("POST", "/api/wallet/withdraw", member, map[string]any{"amount": 25000})
		h.expect(w, 200, "SUCCESS")
		id := w.Body["withdrawal"].(map[string]any)["_id"].(string)
		h.expect(h.call("GET", "/api/operator/withdrawals", sup, nil), 403, "FORBIDDEN_ROLE")
		h.expect(h.call("POST", "/api/operator/withdrawals/"+id+"/approve", sup, nil), 403, "FORBIDDEN_ROLE")

		first := h.call("POST", "/api/operator/withdrawals/"+id+"/approve", fin1, nil)
		h.expect(first, 200, "SECOND_APPROVAL_REQUIRED")
		fw := first.Body["withdrawal"].(map[string]any)
		if fw["status"] != "PENDING" || fw["approvals"] != json.Number("1") {
			t.Fatalf("first approval = %s", first.Raw)
		}
		h.expect(h.call("POST", "/api/operator/withdrawals/"+id+"/approve", fin1, nil), 409, "SAME_APPROVER")
		list := h.call("GET", "/api/operator/withdrawals", fin2, nil)
		item := list.Body["withdrawals"].([]any)[0].(map[string]any)
		if item["id"] != id || item["bankAccountNo"] != "1111111111" || item["approvedBy"].([]any)[0] != "fin1" {
			t.Fatalf("queue = %s", list.Raw)
		}
		second := h.call("POST", "/api/operator/withdrawals/"+id+"/approve", fin2, nil)
		h.expect(second, 200, "SUCCESS")
		if sw := second.Body["withdrawal"].(map[string]any); sw["status"] != "APPROVED" || sw["approvals"] != json.Number("2") {
			t.Fatalf("second approval = %s", second.Raw)
		}
		st := h.call("POST", "/api/statement", member, map[string]any{})
		first0 := st.Body["statements"].([]any)[0].(map[string]any)
		if first0["statementType"] != "withdraw" || first0["status"] != "SUCCESS" || first0["amount"] != json.Number("25000.00") {
			t.Fatalf("statement = %s", st.Raw)
		}
		// At or under the threshold one approval pays.
		w = h.call("POST", "/api/wallet/withdraw", member, map[string]any{"amount": 100})
		id = w.Body["withdrawal"].(map[string]any)["_id"].(string)
		h.expect(h.call("POST", "/api/operator/withdrawals/"+id+"/approve", fin1, nil), 200, "SUCCESS")
		audit := h.call("GET", "/api/operator/audit?action=withdrawal.approve", h.operator("boss", operator.Owner), nil)
		if audit.Body["total"] != json.Number("3") {
			t.Fatalf("audit = %s", audit.Raw)
		}
	})
}

func TestOperatorMembers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false })
		member := h.member("0811111111", "1111111111", money.FromBaht(500))
		h.member("0822222222", "2222222222", 0)
		sup, fin := h.operator("sup", operator.Support), h.operator("fin", operator.Finance)
		owner := h.operator("boss", operator.Owner)

		search := h.call("GET", "/api/operator/members?q=11111", fin, nil)
		h.expect(search, 200, "")
		if search.Body["total"] != json.Number("1") {
			t.Fatalf("search = %s", search.Raw)
		}
		m := search.Body["members"].([]any)[0].(map[string]any)
		id := m["_id"].(string)
		if m["phone"] != "0811111111" || m["status"] != "active" {
			t.Fatalf("search = %s", search.Raw)
		}
		if all := h.call("GET", "/api/operator/members?limit=1&page=2", fin, nil); all.Body["total"] != json.Number("2") ||
			len(all.Body["members"].([]any)) != 1 {
			t.Fatalf("paging = %s", all.Raw)
		}
		code, _ := m["memberCode"].(string)
		if byCode := h.call("GET", "/api/operator/members?q="+strings.ToLower(code), fin, nil); len(code) != 8 ||
			byCode.Body["total"] != json.Number("1") || byCode.Body["members"].([]any)[0].(map[string]any)["_id"] != id {
			t.Fatalf("search by member code %q = %s", code, byCode.Raw)
		}
		h.expect(h.call("GET", "/api/operator/members?q=%25", fin, nil), 200, "")
		if r := h.call("GET", "/api/operator/members?q=%25", fin, nil); r.Body["total"] != json.Number("0") {
			t.Fatalf("a %% matched as a wildcard: %s", r.Raw)
		}

		detail := h.call("GET", "/api/operator/members/"+id, sup, nil)
		h.expect(detail, 200, "")
		if detail.Body["member"].(map[string]any)["memberCode"] != code {
			t.Fatalf("detail member code = %s", detail.Raw)
		}
		if detail.Body["wallet"].(map[string]any)["amount"] != json.Number("500.00") || len(detail.Body["sessions"].([]any)) != 1 ||
			detail.Body["bankAccount"].(map[string]any)["bank"].(map[string]any)["nameEN"] != "Kasikornbank" {
			t.Fatalf("detail = %s", detail.Raw)
		}
		h.expect(h.call("GET", "/api/operator/members/nope", sup, nil), 404, "NO_USER")
		h.expect(h.call("GET", "/api/operator/members/"+id+"/statement", fin, nil), 200, "")

		note := h.call("POST", "/api/operator/members/"+id+"/notes", fin, map[string]any{"text": "called about a deposit"})
		h.expect(note, 200, "")
		h.expect(h.call("POST", "/api/operator/members/"+id+"/notes", fin, map[string]any{"text": ""}), 400, "INVALID_REQUEST")

		h.expect(h.call("POST", "/api/operator/members/"+id+"/lock", fin, map[string]any{"reason": "x"}), 403, "FORBIDDEN_ROLE")
		lock := h.call("POST", "/api/operator/members/"+id+"/lock", sup, map[string]any{"reason": "fraud check"})
		h.expect(lock, 200, "")
		if lock.Body["member"].(map[string]any)["status"] != "locked" {
			t.Fatalf("lock = %s", lock.Raw)
		}
		h.expect(h.call("GET", "/api/wallet", member, nil), 401, "invalid-token")
		h.expect(h.call("POST", "/api/login", "", map[string]any{"username": "0811111111", "password": "s3cret-pass"}), 403, "INACTIVE_USER")
		h.expect(h.call("POST", "/api/operator/members/"+id+"/unlock", sup, nil), 200, "")
		again := h.login("0811111111", "s3cret-pass")
		h.expect(h.call("GET", "/api/wallet", again, nil), 200, "")

		d := h.call("GET", "/api/operator/members/"+id, sup, nil)
		sid := d.Body["sessions"].([]any)[0].(map[string]any)["id"].(string)
		h.expect(h.call("DELETE", "/api/operator/members/"+id+"/sessions/"+sid, sup, nil), 200, "OK")
		h.expect(h.call("GET", "/api/wallet", again, nil), 401, "invalid-token")
		h.expect(h.call("DELETE", "/api/operator/members/"+id+"/sessions/"+sid, sup, nil), 404, "NO_DATA")
		third := h.login("0811111111", "s3cret-pass")
		h.expect(h.call("DELETE", "/api/operator/members/"+id+"/sessions", owner, nil), 200, "OK")
		h.expect(h.call("GET", "/api/wallet", third, nil), 401, "invalid-token")

		t.Run("Audit", func(t *testing.T) {
			h := h.sub(t)
			h.expect(h.call("GET", "/api/operator/audit", fin, nil), 403, "FORBIDDEN_ROLE")
			r := h.call("GET", "/api/operator/audit?target="+id+"&limit=3", owner, nil)
			h.expect(r, 200, "")
			entries := r.Body["entries"].([]any)
			if r.Body["total"] != json.Number("8") || len(entries) != 3 {
				t.Fatalf("audit = %s", r.Raw)
			}
			newest := entries[0].(map[string]any)
			if newest["action"] != "member.sessions.revoke" || newest["operator"] != "boss" || newest["role"] != "owner" ||
				newest["requestId"] == "" || newest["ip"] == "" {
				t.Fatalf("newest = %v", newest)
			}
			locks := h.call("GET", "/api/operator/audit?action=member.lock&operator=sup", owner, nil)
			e := locks.Body["entries"].([]any)[0].(map[string]any)
			if locks.Body["total"] != json.Number("1") || e["before"].(map[string]any)["status"] != "active" ||
				e["after"].(map[string]any)["status"] != "locked" {
				t.Fatalf("lock entry = %s", locks.Raw)
			}
			reads := h.call("GET", "/api/operator/audit?action=member.read", owner, nil)
			if reads.Body["total"] != json.Number("2") { // a read that failed (unknown id) is not recorded
				t.Fatalf("reads = %s", reads.Raw)
			}
		})
	})
}

func TestOperatorConsoleReads(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		op := strings.Repeat("k", 40)
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false; c.OperatorToken = op })
		h.member("0811111111", "1111111111", 0)
		fin, sup := h.operator("fin", operator.Finance), h.operator("sup", operator.Support)
		h.expect(h.call("POST", "/api/operator/adjustments", fin, map[string]any{"phone": "0811111111", "amount": 500, "reason": "bank deposit"}), 200, "SUCCESS")
		h.expect(h.call("POST", "/api/operator/adjustments", op, map[string]any{"phone": "0811111111", "amount": -100, "reason": "fee"}), 200, "SUCCESS")

		t.Run("Dashboard", func(t *testing.T) {
			h := h.sub(t)
			r := h.call("GET", "/api/operator/dashboard", sup, nil)
			h.expect(r, 200, "")
			adj := r.Body["adjustments"].(map[string]any)
			if adj["count"] != json.Number("2") || adj["amount"] != json.Number("400.00") ||
				r.Body["membersRegistered"].(map[string]any)["total"] != json.Number("1") ||
				r.Body["day"] != h.clock().In(limits.Zone).Format(time.DateOnly) {
				t.Fatalf("dashboard = %s", r.Raw)
			}
		})
		t.Run("Adjustments", func(t *testing.T) {
			h := h.sub(t)
			r := h.call("GET", "/api/operator/adjustments", fin, nil)
			list := r.Body["adjustments"].([]any)
			newest := list[0].(map[string]any)
			if r.Body["total"] != json.Number("2") || newest["operator"] != "config" || newest["amount"] != json.Number("-100.00") ||
				list[1].(map[string]any)["operator"] != "fin" {
				t.Fatalf("adjustments = %s", r.Raw)
			}
			audit := h.call("GET", "/api/operator/audit?operator=config", op, nil)
			if audit.Body["total"] != json.Number("1") {
				t.Fatalf("the configured token's use is not audited: %s", audit.Raw)
			}
		})
		t.Run("Report", func(t *testing.T) {
			h := h.sub(t)
			today := h.clock().In(limits.Zone).Format(time.DateOnly)
			yesterday := h.clock().In(limits.Zone).AddDate(0, 0, -1).Format(time.DateOnly)
			r := h.call("GET", "/api/operator/reports/daily?from="+yesterday+"&to="+today, fin, nil)
			h.expect(r, 200, "")
			days := r.Body["days"].([]any)
			if len(days) != 2 || days[1].(map[string]any)["members"] != json.Number("1") ||
				days[1].(map[string]any)["adjustments"].(map[string]any)["amount"] != json.Number("400.00") ||
				days[0].(map[string]any)["members"] != json.Number("0") {
				t.Fatalf("report = %s", r.Raw)
			}
			h.expect(h.call("GET", "/api/operator/reports/daily?from=2026-13-01", fin, nil), 400, "INVALID_REQUEST")
			res, err := h.srv.Client().Do(mustRequest(t, h.srv.URL+"/api/operator/reports/daily?format=csv&from="+today, fin))
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			var body bytes.Buffer
			body.ReadFrom(res.Body)
			if res.Header.Get("Content-Type") != "text/csv; charset=utf-8" ||
				!strings.Contains(body.String(), today+",0,0.00,0,0.00,2,400.00,0.00,0.00,1\n") {
				t.Fatalf("csv = %q", body.String())
			}
		})
		t.Run("Settings", func(t *testing.T) {
			h := h.sub(t)
			r := h.call("GET", "/api/operator/settings", sup, nil)
			h.expect(r, 200, "")
			found := false
			for _, s := range r.Body["settings"].([]any) {
				s := s.(map[string]any)
				if s["name"] == "withdrawApprovalThreshold" {
					found = s["value"].(map[string]any)["amount"] == json.Number("20000.00")
				}
			}
			if !found {
				t.Fatalf("settings = %s", r.Raw)
			}
			h.expect(h.call("PUT", "/api/operator/settings/notice", sup, map[string]any{"th": map[string]any{"notice": "hello"}}), 200, "")
			h.expect(h.call("PUT", "/api/operator/settings/withdraw", sup, map[string]any{"withdrawMin": 100, "withdrawMax": 1000}), 403, "FORBIDDEN_ROLE")
			h.expect(h.call("PUT", "/api/operator/settings/active", fin, map[string]any{"terminated": true}), 403, "FORBIDDEN_ROLE")
			h.expect(h.call("PUT", "/api/operator/settings/withdraw", fin, map[string]any{"withdrawMin": 100, "withdrawMax": 1000}), 200, "")
		})
		t.Run("Games", func(t *testing.T) {
			h := h.sub(t)
			g := h.call("GET", "/api/operator/games", op, nil).Body["games"].([]any)[0].(map[string]any)
			g["name"], g["sort"] = "Renamed", 7
			r := h.call("PUT", "/api/operator/games/"+g["code"].(string), op, g)
			h.expect(r, 200, "")
			if r.Body["game"].(map[string]any)["name"] != "Renamed" {
				t.Fatalf("game = %s", r.Raw)
			}
			g["category"] = "poker"
			h.expect(h.call("PUT", "/api/operator/games/"+g["code"].(string), op, g), 400, "INVALID_REQUEST")
			h.expect(h.call("PUT", "/api/operator/games/NOPE", op, g), 404, "NO_GAME")
		})
		t.Run("Transfers", func(t *testing.T) {
			h := h.sub(t)
			r := h.call("GET", "/api/operator/transfers?state=open", fin, nil)
			h.expect(r, 200, "")
			if len(r.Body["transfers"].([]any)) != 0 {
				t.Fatalf("transfers = %s", r.Raw)
			}
			h.expect(h.call("POST", "/api/operator/transfers/nope/query", fin, nil), 404, "NO_DATA")
		})
	})
}

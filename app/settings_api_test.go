package app

import (
	"strings"
	"testing"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
)

func TestOperatorSettings(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		op := strings.Repeat("s", 40)
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false; c.OperatorToken = op })
		h.expect(h.call("POST", "/api/account", "", registration("0812223333", "2223333444")), 201, "SUCCESS")
		token := h.login("0812223333", "s3cret-pass")

		t.Run("ErrUnauthorized", func(t *testing.T) {
			h := h.sub(t)
			h.expect(h.call("PUT", "/api/operator/settings/active", token, map[string]any{"terminated": true}), 401, "invalid-token")
		})
		cases := []struct{ name, setting, body string }{
			{"ErrUnknownSetting", "secrets", `{}`},
			{"ErrNotJSON", "active", `{"terminated":`},
			{"ErrActiveShape", "active", `{"terminated":"yes"}`},
			{"ErrWithdrawBounds", "withdraw", `{"withdrawMin":500,"withdrawMax":100}`},
			{"ErrMissingField", "contact", `{"th":{"contactText":"hi"}}`},
			{"ErrNotAList", "sources", `{"th":{"code":"X"}}`},
			{"ErrSingleLanguageShape", "contact", `{"contactText":"hi","lineLink":"","lineName":"","lineQR":""}`},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				h := h.sub(t)
				r := h.call("PUT", "/api/operator/settings/"+c.setting, op, c.body)
				if r.Status != 400 && r.Status != 404 {
					t.Fatalf("got %d %s", r.Status, r.Raw)
				}
			})
		}
		t.Run("ErrContactLinkNotHTTPS", func(t *testing.T) {
			h := h.sub(t)
			h.expect(h.call("PUT", "/api/operator/settings/contact", op,
				`{"th":{"contactText":"hi","lineLink":"javascript:alert(1)","lineName":"","lineQR":""}}`), 400, "SETTING_URL_INVALID")
		})
		t.Run("ErrSlipAboveWhatIsRead", func(t *testing.T) {
			h := h.sub(t)
			h.expect(h.call("PUT", "/api/operator/settings/slip", op,
				`{"maxSizeMB":50,"uploadWithinHours":1,"closedFrom":"","closedTo":""}`), 400, "SETTING_NOT_HONOURED")
		})
		t.Run("SchemaServed", func(t *testing.T) {
			h := h.sub(t)
			r := h.call("GET", "/api/operator/settings/schema", op, nil)
			if r.Status != 200 || !strings.Contains(string(r.Raw), `"maxSizeMB":{"maximum":10,"minimum":1,"type":"integer"}`) {
				t.Fatalf("schema = %d %s", r.Status, r.Raw)
			}
		})
		t.Run("WithdrawLimits", func(t *testing.T) {
			h := h.sub(t)
			h.expect(h.call("PUT", "/api/operator/settings/withdraw", op, `{"withdrawMin":200,"withdrawMax":1000}`), 200, "")
			r := h.call("GET", "/api/lookup/withdraw", "", nil)
			if !strings.Contains(string(r.Raw), `"withdrawMin":200.00`) {
				t.Fatalf("withdraw = %s", r.Raw)
			}
		})
		t.Run("TerminateAndReopen", func(t *testing.T) {
			h := h.sub(t)
			h.expect(h.call("PUT", "/api/operator/settings/active", op, `{"terminated":true}`), 200, "")
			h.expect(h.call("GET", "/api/account/profile", token, nil), 410, "gone")
			h.expect(h.call("PUT", "/api/operator/settings/active", op, `{"terminated":false}`), 200, "")
			h.expect(h.call("GET", "/api/account/profile", token, nil), 200, "")
		})
	})
}

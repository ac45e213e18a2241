package app

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/operator"
)

// TestTextLookupsByLanguage: the texts are answered in the language the
// app asks (?lang=), else the browser's (Accept-Language), else Thai; a
// text the operator has not translated is answered in Thai.
func TestTextLookupsByLanguage(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, nil)
		cases := []struct {
			name, path, accept, want string
		}{
			{"QueryEnglish", "/api/lookup/conditions?lang=en", "", "at least 100 and at most 50,000 baht"},
			{"QueryLao", "/api/lookup/agreements?lang=la", "", "ສະມາຊິກຕ້ອງມີອາຍຸ"},
			{"QueryThai", "/api/lookup/notice?lang=th", "en", "หลังรับโบนัสนี้"},
			{"QueryWinsOverHeader", "/api/lookup/contact?lang=en", "lo", "Our team answers"},
			{"HeaderEnglish", "/api/lookup/sources", "en-GB,en;q=0.9,th;q=0.8", "A friend"},
			{"HeaderLaoByWeight", "/api/lookup/notice", "fr;q=1,th;q=0.5,lo;q=0.8", "ຫຼັງຈາກຮັບໂບນັດນີ້"},
			{"HeaderUnknownIsThai", "/api/lookup/conditions", "fr-FR", "ถอนเงินขั้นต่ำ"},
			{"UnknownQueryFollowsHeader", "/api/lookup/info?lang=xx", "en", `"name":"Ngern"`},
			{"NothingIsThai", "/api/lookup/conditions", "", "ถอนเงินขั้นต่ำ 100 บาท"},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				h := h.sub(t)
				var headers map[string]string
				if c.accept != "" {
					headers = map[string]string{"Accept-Language": c.accept}
				}
				r := h.callWith("GET", c.path, "", nil, headers)
				if r.Status != 200 || !strings.Contains(string(r.Raw), c.want) || strings.Contains(string(r.Raw), `"th":`) {
					t.Fatalf("%s = %d %s", c.path, r.Status, r.Raw)
				}
			})
		}
		t.Run("OKUntranslatedServedInThai", func(t *testing.T) {
			h := h.sub(t)
			sup := h.operator("textsup", operator.Support)
			h.expect(h.call("PUT", "/api/operator/settings/notice", sup,
				map[string]any{"th": map[string]any{"notice": "ใหม่ %percentFail%"}, "la": nil}), 200, "")
			r := h.call("GET", "/api/lookup/notice?lang=en", "", nil)
			if string(r.Raw) != `{"notice":"ใหม่ %percentFail%"}` {
				t.Fatalf("notice = %s", r.Raw)
			}
			r = h.call("GET", "/api/operator/settings", sup, nil)
			for _, s := range r.Body["settings"].([]any) {
				s := s.(map[string]any)
				if s["name"] == "notice" && !strings.Contains(string(mustJSON(s["missing"])), `["la","en"]`) {
					t.Fatalf("notice setting = %v", s)
				}
			}
		})
		t.Run("ErrSingleLanguageDocument", func(t *testing.T) {
			h := h.sub(t)
			sup := h.operator("textsup2", operator.Support)
			h.expect(h.call("PUT", "/api/operator/settings/notice", sup, map[string]any{"notice": "x"}), 400, "INVALID_REQUEST")
		})
	})
}

// TestTextUpgradeOfStoredValue: an install whose operator edited a text in
// the single-language version keeps the edit, as the Thai text, when it
// starts again (settings Seed).
func TestTextUpgradeOfStoredValue(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, nil)
		ctx := context.Background()
		if _, err := db.SQL().ExecContext(ctx, `UPDATE settings SET value = '{"contactText":"โทรหาเราเลย","lineLink":"https://line.me/x","lineName":"@x","lineQR":""}' WHERE key = 'contact'`); err != nil {
			t.Fatal(err)
		}
		if err := h.tools.settings.Seed(ctx); err != nil {
			t.Fatal(err)
		}
		for _, lang := range []string{"th", "la", "en"} {
			r := h.call("GET", "/api/lookup/contact?lang="+lang, "", nil)
			if r.Status != 200 || r.Body["contactText"] != "โทรหาเราเลย" || r.Body["lineName"] != "@x" {
				t.Fatalf("%s: contact = %s", lang, r.Raw)
			}
		}
	})
}

// TestRewardTextsByLanguage: the refund program's info and banners follow
// the member's language like the lookups, and fall back to Thai.
func TestRewardTextsByLanguage(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false })
		fin := h.operator("textfin", operator.Finance)
		member := h.member("0823334444", "8233344440", 0)
		settings := map[string]any{"active": true, "period": "daily", "rateBP": 500, "minNetLoss": 1,
			"successPercent": 200, "failPercent": 10, "info": map[string]string{"th": "<p>คืนยอดเสีย</p>", "en": "<p>Cashback</p>"},
			"banners": []map[string]string{
				{"image": "https://img.example/all.png", "html": ""},
				{"lang": "th", "image": "https://img.example/th.png", "html": ""},
				{"lang": "en", "image": "https://img.example/en.png", "html": ""},
			}}
		h.expect(h.call("PUT", "/api/operator/rewards/refund/settings", fin, settings), 200, "SUCCESS")
		cases := []struct {
			name, lang, accept string
			images             []string
			info               string
		}{
			{"English", "en", "", []string{"all.png", "en.png"}, "Cashback"},
			{"EnglishByHeader", "", "en-US,en;q=0.9", []string{"all.png", "en.png"}, "Cashback"},
			{"LaoFallsBackToThai", "la", "", []string{"all.png", "th.png"}, "คืนยอดเสีย"},
			{"Thai", "th", "en", []string{"all.png", "th.png"}, "คืนยอดเสีย"},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				h := h.sub(t)
				q := ""
				if c.lang != "" {
					q = "?lang=" + c.lang
				}
				var headers map[string]string
				if c.accept != "" {
					headers = map[string]string{"Accept-Language": c.accept}
				}
				r := h.callWith("GET", "/api/refund/banners"+q, member, nil, headers)
				var list []map[string]any
				if err := json.Unmarshal(r.Raw, &list); err != nil {
					t.Fatalf("banners = %d %s", r.Status, r.Raw)
				}
				var got []string
				for _, b := range list {
					img := b["image"].(string)
					got = append(got, img[strings.LastIndex(img, "/")+1:])
				}
				if strings.Join(got, ",") != strings.Join(c.images, ",") {
					t.Fatalf("banners = %s", r.Raw)
				}
				r = h.callWith("GET", "/api/refund/check"+q, member, nil, headers)
				if !strings.Contains(string(r.Raw), c.info) {
					t.Fatalf("check = %s", r.Raw)
				}
			})
		}
	})
}

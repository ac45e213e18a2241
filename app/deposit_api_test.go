package app

import (
	"bytes"
	"encoding/json"
	"image"
	"image/png"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"ngern/adapters/objectstore/objectstoretest"
	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/ledger"
	"ngern/core/operator"
)

// uploadSlip posts data as the multipart field of a slip upload.
func (h *harness) uploadSlip(token, field, name string, data []byte) response {
	h.t.Helper()
	out := h.postFile("/api/wallet/slip", field, token, nil, name, data)
	d := json.NewDecoder(bytes.NewReader(out.Raw))
	d.UseNumber()
	d.Decode(&out.Body)
	return out
}

// get fetches a path without the JSON helpers.
func (h *harness) get(path string) (*http.Response, []byte) {
	h.t.Helper()
	resp, err := h.srv.Client().Get(h.srv.URL + path)
	if err != nil {
		h.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, b
}

// bankTransfer makes a transfer at the simulated bank and downloads its
// slip, as a member would.
func (h *harness) bankTransfer(fromNo, amount string) []byte {
	h.t.Helper()
	r := h.call("POST", "/sim/bank/transfers", "", `{"fromBankCode":"KBANK","fromAccountNo":"`+fromNo+
		`","toBankCode":"KBANK","toAccountNo":"1112223334","amount":`+amount+`,"fromName":"SOMCHAI JAIDEE","toName":"NGERN CO","notify":false}`)
	h.expect(r, 201, "")
	link, _ := r.Body["slipUrl"].(string)
	resp, img := h.get(link)
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/png" {
		h.t.Fatalf("slip %d", resp.StatusCode)
	}
	return img
}

func slipOf(r response) map[string]any { s, _ := r.Body["slip"].(map[string]any); return s }

func TestDepositAPI(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false })
		owner := h.operator("owner1", operator.Owner)
		owner2 := h.operator("owner2", operator.Owner)
		finance := h.operator("fin1", operator.Finance)
		support := h.operator("sup1", operator.Support)

		t.Run("ReceivingAccounts", func(t *testing.T) {
			h := h.sub(t)
			bad := `{"banks":[{"bankCode":"NOPE","bankAccountNo":"1112223334","bankAccountName":"X"}],"wallets":[],"isManual":false}`
			h.expect(h.call("PUT", "/api/operator/settings/deposit", owner, bad), 400, "INVALID_REQUEST")
			h.expect(h.call("PUT", "/api/operator/settings/deposit", support, `{"banks":[],"wallets":[],"isManual":false}`), 403, "")
			good := `{"banks":[{"bankCode":"KBANK","bankAccountNo":"111-2-22333-4","bankAccountName":"NGERN CO"}],
				"wallets":[{"mode":"truemoney","walletAccountName":"Ngern","walletAccountNo":"0899999999"}],"isManual":false}`
			h.expect(h.call("PUT", "/api/operator/settings/deposit", finance, good), 403, "FORBIDDEN_ROLE")
			h.confirm(h.call("PUT", "/api/operator/settings/deposit", owner, good), owner2)
			r := h.call("GET", "/api/lookup/deposit", "", nil)
			h.expect(r, 200, "")
			if !strings.Contains(string(r.Raw), `"bankAccountNo":"1112223334"`) || !strings.Contains(string(r.Raw), `"nameEN":"Kasikornbank"`) ||
				strings.Contains(string(r.Raw), "0899999999") {
				t.Fatalf("lookup %s", r.Raw)
			}
		})

		member := h.member("0811111111", "9876543210", 0)
		other := h.member("0822222222", "5555555555", 0)
		var reviewID, creditedID string

		t.Run("SlipCredited", func(t *testing.T) {
			h := h.sub(t)
			img := h.bankTransfer("9876543210", "250.50")
			r := h.uploadSlip(member, "file", "whatever.exe", img)
			h.expect(r, 200, "SUCCESS")
			creditedID, _ = slipOf(r)["reference"].(string)
			if a := slipOf(r)["amount"].(json.Number).String(); a != "250.50" {
				t.Fatalf("amount %s", a)
			}
			if w := walletAmount(h.call("GET", "/api/wallet", member, nil)); w != "250.50" {
				t.Fatalf("wallet %s", w)
			}
			t.Run("AgainWithinAMinute", func(t *testing.T) {
				r := h.uploadSlip(member, "file", "s.png", img)
				h.expect(r, 429, "REQUEST_LIMIT_1MIN")
				if r.Header.Get("Retry-After") == "" {
					t.Fatal("no Retry-After")
				}
			})
			t.Run("Duplicate", func(t *testing.T) {
				h.advance(61 * time.Second)
				h.expect(h.uploadSlip(member, "file", "s.png", img), 409, "SLIP_REFNO_DUPLICATED")
			})
		})

		t.Run("SlipFromAnotherAccount", func(t *testing.T) {
			h := h.sub(t)
			h.advance(61 * time.Second)
			h.expect(h.uploadSlip(other, "file", "s.png", h.bankTransfer("1231231234", "10")), 400, "NOT_MATCH")
		})

		t.Run("BadFiles", func(t *testing.T) {
			h := h.sub(t)
			h.advance(61 * time.Second)
			h.expect(h.call("POST", "/api/wallet/slip", member, `{}`), 400, "SLIP_NO_FILE")
			h.expect(h.uploadSlip(member, "other", "s.png", []byte("x")), 400, "SLIP_NO_FILE")
			h.expect(h.uploadSlip(member, "file", "s.png", []byte("<html>not an image</html>")), 400, "SLIP_INVALID_FILE")
			h.expect(h.uploadSlip(member, "file", "s.gif", []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;")), 400, "SLIP_INVALID_FILE")
			h.expect(h.call("POST", "/api/wallet/slip", "", `{}`), 401, "")
		})

		t.Run("UnreadableGoesToReview", func(t *testing.T) {
			h := h.sub(t)
			h.advance(61 * time.Second)
			var buf bytes.Buffer
			png.Encode(&buf, image.NewGray(image.Rect(0, 0, 300, 500)))
			r := h.uploadSlip(member, "file", "photo.png", buf.Bytes())
			h.expect(r, 202, "PENDING")
			if slipOf(r)["note"] != "UNSTABLE_REFNO_ON_SLIP" || slipOf(r)["status"] != "PENDING" {
				t.Fatalf("%s", r.Raw)
			}
			reviewID, _ = slipOf(r)["reference"].(string)
		})

		t.Run("SlipStatement", func(t *testing.T) {
			h := h.sub(t)
			r := h.call("POST", "/api/statement/slip", member, map[string]any{"page": 1, "limit": 10})
			h.expect(r, 200, "")
			slips, _ := r.Body["slips"].([]any)
			if len(slips) != 3 || r.Body["total"].(json.Number).String() != "3" {
				t.Fatalf("%s", r.Raw)
			}
			first := slips[0].(map[string]any)
			if first["reference"] != reviewID || first["status"] != "PENDING" || first["link"] != "/api/statement/slip/reference/"+reviewID {
				t.Fatalf("%v", first)
			}
			r = h.call("POST", "/api/statement/slip", other, map[string]any{"page": 1, "limit": 10})
			if s, _ := r.Body["slips"].([]any); len(s) != 1 {
				t.Fatalf("the other member sees %s", r.Raw)
			}
		})

		t.Run("SlipImage", func(t *testing.T) {
			h := h.sub(t)
			r := h.call("GET", "/api/statement/slip/reference/"+creditedID, member, nil)
			h.expect(r, 200, "")
			link, _ := r.Body["url"].(string)
			resp, body := h.get(link)
			hd := resp.Header
			if resp.StatusCode != 200 || hd.Get("Content-Type") != "image/png" || hd.Get("X-Content-Type-Options") != "nosniff" ||
				hd.Get("Content-Disposition") != `inline; filename="slip-`+creditedID+`.png"` || !strings.HasPrefix(hd.Get("Cache-Control"), "private") ||
				!bytes.HasPrefix(body, []byte("\x89PNG")) {
				t.Fatalf("%d %v", resp.StatusCode, hd)
			}
			h.expect(h.call("GET", "/api/statement/slip/reference/"+creditedID, other, nil), 404, "NOT_FOUND")
			h.expect(h.call("GET", "/api/statement/slip/reference/nosuch", member, nil), 404, "NOT_FOUND")
			if resp, _ := h.get(strings.Replace(link, "sig=", "sig=0", 1)); resp.StatusCode != 404 {
				t.Fatalf("tampered link: %d", resp.StatusCode)
			}
			if resp, _ := h.get("/api/slip-image/" + creditedID); resp.StatusCode != 404 {
				t.Fatalf("unsigned: %d", resp.StatusCode)
			}
		})

		t.Run("ReviewQueue", func(t *testing.T) {
			h := h.sub(t)
			h.expect(h.call("GET", "/api/operator/slips", support, nil), 403, "FORBIDDEN_ROLE")
			r := h.call("GET", "/api/operator/slips", finance, nil)
			h.expect(r, 200, "")
			slips, _ := r.Body["slips"].([]any)
			if len(slips) != 1 {
				t.Fatalf("%s", r.Raw)
			}
			s := slips[0].(map[string]any)
			if m := s["member"].(map[string]any); s["id"] != reviewID || m["bankAccountNo"] != "9876543210" || s["imageUrl"] == "" {
				t.Fatalf("%v", s)
			}
			if resp, _ := h.get(s["imageUrl"].(string)); resp.StatusCode != 200 {
				t.Fatalf("image %d", resp.StatusCode)
			}
			path := "/api/operator/slips/" + reviewID
			h.expect(h.call("POST", path+"/reject", finance, map[string]any{"reason": "BECAUSE"}), 400, "INVALID_REQUEST")
			h.expect(h.call("POST", path+"/approve", finance, map[string]any{"amount": "-1"}), 400, "INVALID_AMOUNT")
			h.expect(h.call("POST", path+"/approve", support, map[string]any{"amount": 99.5}), 403, "FORBIDDEN_ROLE")
			before := h.ledgerBalance(ledger.Wallet(memberID(h, member)).ID)
			h.expect(h.call("POST", path+"/approve", finance, map[string]any{"amount": 99.5}), 200, "SUCCESS")
			h.expect(h.call("POST", path+"/approve", finance, map[string]any{"amount": 99.5}), 404, "NO_DATA")
			if after := h.ledgerBalance(ledger.Wallet(memberID(h, member)).ID); after-before != 9950 {
				t.Fatalf("credited %s (%s → %s, %s)", after-before, before, after, memberID(h, member))
			}
			audit := h.call("GET", "/api/operator/audit?action=slip.approve", owner, nil)
			if !strings.Contains(string(audit.Raw), reviewID) {
				t.Fatalf("approval not audited: %s", audit.Raw)
			}
			r = h.call("GET", "/api/operator/deposits", finance, nil)
			h.expect(r, 200, "")
			if d, _ := r.Body["deposits"].([]any); len(d) != 2 {
				t.Fatalf("%s", r.Raw)
			}
		})

		t.Run("GiftLink", func(t *testing.T) {
			h := h.sub(t)
			v := h.call("POST", "/sim/truemoney/vouchers", "", `{"amount":50}`)
			h.expect(v, 201, "")
			link, _ := v.Body["link"].(string)
			r := h.call("POST", "/api/wallet/truelink", other, map[string]any{"link": link})
			h.expect(r, 200, "SUCCESS")
			if r.Body["amount"].(json.Number).String() != "50.00" {
				t.Fatalf("%s", r.Raw)
			}
			h.expect(h.call("POST", "/api/wallet/truelink", member, map[string]any{"link": link}), 409, "TRUELINK_DUPLICATE")
			h.expect(h.call("POST", "/api/wallet/truelink", member, map[string]any{"link": "https://example.com/?v=abc"}), 400, "TRUELINK_INVALID")
			h.expect(h.call("POST", "/api/wallet/truelink", member, map[string]any{"link": ""}), 400, "TRUELINK_INVALID")
			small := h.call("POST", "/sim/truemoney/vouchers", "", `{"amount":1.5}`)
			h.expect(h.call("POST", "/api/wallet/truelink", member, map[string]any{"link": small.Body["hash"]}), 400, "TRUELINK_MINIMUM")
			h.expect(h.call("POST", "/api/wallet/truelink", member, map[string]any{"link": "0190000000000000000000000000000000"}), 400, "TRUELINK_INVALID")
			if w := walletAmount(h.call("GET", "/api/wallet", other, nil)); w != "50.00" {
				t.Fatalf("wallet %s", w)
			}
		})
	})
}

// memberID reads the member's id from the profile.
func memberID(h *harness, token string) string {
	h.t.Helper()
	r := h.call("GET", "/api/wallet", token, nil)
	p, _ := r.Body["profile"].(map[string]any)
	id, _ := p["_id"].(string)
	return id
}

// TestSlipImagesOnMinIO stores a slip and reads it back through a real
// MinIO server (the other deposit tests use the local folder).
func TestSlipImagesOnMinIO(t *testing.T) {
	endpoint := objectstoretest.StartMinIO(t)
	h := newHarness(t, storetest.Open(t, sqlstore.SQLite), func(c *Config) {
		c.RegisterOTP = false
		c.S3 = S3Config{Endpoint: endpoint, AccessKey: objectstoretest.AccessKey,
			SecretKey: objectstoretest.SecretKey, Bucket: "ngern-slips"}
	})
	owner, owner2 := h.operator("owner1", operator.Owner), h.operator("owner2", operator.Owner)
	h.confirm(h.call("PUT", "/api/operator/settings/deposit", owner,
		`{"banks":[{"bankCode":"KBANK","bankAccountNo":"1112223334","bankAccountName":"NGERN CO"}],"wallets":[],"isManual":false}`), owner2)
	member := h.member("0811111111", "9876543210", 0)
	img := h.bankTransfer("9876543210", "42")
	r := h.uploadSlip(member, "file", "slip.png", img)
	h.expect(r, 200, "SUCCESS")
	link := h.call("GET", "/api/statement/slip/reference/"+slipOf(r)["reference"].(string), member, nil)
	resp, body := h.get(link.Body["url"].(string))
	if resp.StatusCode != 200 || !bytes.Equal(body, img) {
		t.Fatalf("%d, %d bytes back of %d", resp.StatusCode, len(body), len(img))
	}
}

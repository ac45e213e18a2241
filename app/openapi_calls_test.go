package app

import (
	"time"

	"ngern/adapters/paygate"
	"ngern/core/money"
)

// mp4Bytes opens like an MP4 file (an ftyp box): chat videos' headers are
// read before they are stored.
var mp4Bytes = append([]byte("\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00mp42isom"), make([]byte, 64)...)

// answersChat: the member's support chat and the console's side of one room.
func answersChat(h *harness, check contractCheck, op, token string) {
	r := h.call("GET", "/api/chat/config", "", nil)
	h.expect(r, 200, "")
	check("get", "/api/chat/config", r)
	r = h.call("POST", "/api/chat/guest", "", nil)
	h.expect(r, 201, "")
	check("post", "/api/chat/guest", r)
	r = h.call("POST", "/api/chat/ticket", token, nil)
	h.expect(r, 200, "")
	check("post", "/api/chat/ticket", r)
	room, _ := r.Body["room"].(string)

	r = h.call("POST", "/api/chat/send-message", token, textMessage("contract"))
	h.expect(r, 200, "")
	check("post", "/api/chat/send-message", r)
	for _, up := range []struct{ path, name string }{{"/api/chat/upload-image", "a.png"}, {"/api/chat/upload-video", "a.mp4"}} {
		data := pngBytes
		if up.name == "a.mp4" {
			data = mp4Bytes
		}
		r = h.upload(up.path, token, nil, up.name, data)
		h.expect(r, 200, "")
		check("post", up.path, r)
	}
	r = h.call("POST", "/api/chat/history", token, map[string]any{"limit": 10})
	h.expect(r, 200, "")
	check("post", "/api/chat/history", r)
	r = h.call("PUT", "/api/chat/read-customer/", token, map[string]any{})
	h.expect(r, 200, "")
	check("put", "/api/chat/read-customer/", r)

	base := "/api/operator/chat/" + room
	r = h.call("POST", base+"/assign", op, nil)
	h.expect(r, 200, "")
	check("post", "/api/operator/chat/{room}/assign", r)
	r = h.call("POST", base+"/messages", op, textMessage("contract reply"))
	h.expect(r, 201, "")
	check("post", "/api/operator/chat/{room}/messages", r)
	for _, up := range []struct{ kind, name string }{{"image", "b.png"}, {"video", "b.mp4"}} {
		data := pngBytes
		if up.kind == "video" {
			data = mp4Bytes
		}
		r = h.upload(base+"/upload-"+up.kind, op, nil, up.name, data)
		h.expect(r, 200, "")
		check("post", "/api/operator/chat/{room}/upload-"+up.kind, r)
	}
	r = h.call("GET", base+"/messages", op, nil)
	h.expect(r, 200, "")
	check("get", "/api/operator/chat/{room}/messages", r)
	r = h.call("POST", base+"/close", op, nil)
	h.expect(r, 200, "")
	check("post", "/api/operator/chat/{room}/close", r)
}

// answersPayments: a gateway's webhook, and a payment the review queue
// holds assigned to a member and another marked refunded.
func answersPayments(h *harness, check contractCheck, op, token string) {
	key, err := secretKey(h.tools.cfg, h.tools.log)
	if err != nil {
		h.t.Fatal(err)
	}
	secret := simGatewaySecret(key, "WW")
	restore := h.qrSim.SetDeliver(swallow) // the test delivers by hand
	defer func() { h.qrSim.SetDeliver(restore) }()
	memberID := h.memberID(token)
	for _, decision := range []string{"assign", "refund"} {
		r := h.call("POST", "/api/qrcode/WW", token, `{"amount":100}`)
		h.expect(r, 200, "SUCCESS")
		now := h.clock()
		ref := "PAY-CONTRACT-" + decision
		// A mismatched amount waits for review.
		id := r.Body["qrcodeId"].(string)
		ev := paygate.Event{DeliveryID: "D-" + ref, OrderRef: id, PaymentRef: ref, Status: "PAID", Amount: money.FromBaht(99), PaidAt: &now}
		r = h.webhook("WW", ev, now, secret)
		h.expect(r, 200, "SUCCESS")
		check("post", "/api/payments/{provider}/webhook", r)
		h.expect(h.call("DELETE", "/api/qrcode/"+id, token, nil), 200, "SUCCESS") // the QR the payment missed stays open
		path := "/api/operator/qr/payments/{provider}/{ref}/" + decision
		body := map[string]any{"memberId": memberID}
		if decision == "refund" {
			body = map[string]any{"note": "contract"}
		}
		r = h.call("POST", "/api/operator/qr/payments/WW/"+ref+"/"+decision, op, body)
		h.expect(r, 200, "SUCCESS")
		check("post", path, r)
		h.advance(time.Minute)
	}
}

// answersSaves: the console's saves of a bank, a game and a bonus, a
// banner upload and a rewards period closed.
func answersSaves(h *harness, check contractCheck, op string) {
	r := h.call("PUT", "/api/operator/banks/KBANK", op, map[string]any{"englishOnly": false, "active": true, "sort": 0})
	h.expect(r, 200, "")
	check("put", "/api/operator/banks/{code}", r)

	games := h.call("GET", "/api/operator/games", op, nil)
	list, _ := games.Body["games"].([]any)
	if len(list) == 0 {
		h.t.Fatal("no games to save")
	}
	g, _ := list[0].(map[string]any)
	r = h.call("PUT", "/api/operator/games/"+g["code"].(string), op, g)
	h.expect(r, 200, "")
	check("put", "/api/operator/games/{code}", r)

	bonus := map[string]any{"code": "CONTRACT", "name": "Contract", "type": "limit", "maxReceived": 1, "amount": 50,
		"percentFail": 10, "successPercent": 200, "active": true}
	r = h.call("POST", "/api/operator/bonuses", op, bonus)
	h.expect(r, 200, "")
	check("post", "/api/operator/bonuses", r)
	bonus["name"] = "Contract 2"
	r = h.call("PUT", "/api/operator/bonuses/CONTRACT", op, bonus)
	h.expect(r, 200, "")
	check("put", "/api/operator/bonuses/{code}", r)
	promotion := map[string]any{"code": "CONTRACTP", "amount": 50, "percentFail": 10, "successPercent": 200, "limitPerMember": 1, "active": true}
	r = h.call("POST", "/api/operator/promotions", op, promotion)
	h.expect(r, 200, "")
	check("post", "/api/operator/promotions", r)

	r = h.upload("/api/operator/banners", op, nil, "banner.png", pngBytes)
	h.expect(r, 200, "")
	check("post", "/api/operator/banners", r)

	for _, program := range []string{"refund", "invite"} {
		r = h.call("POST", "/api/operator/"+program+"/close-period", op, nil)
		h.expect(r, 200, "")
		check("post", "/api/operator/"+program+"/close-period", r)
	}
}

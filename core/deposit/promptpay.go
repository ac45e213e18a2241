package deposit

import (
	"fmt"
	"strings"

	"ngern/core/money"
)

// PromptPayAID is the application id of a PromptPay credit transfer in a
// Thai QR payment payload (tag 29, sub-tag 00).
const PromptPayAID = "A000000677010111"

// PromptPayTarget normalises a PromptPay target and returns it with its
// sub-tag of tag 29: a mobile number ("0812345678" or "66812345678", written
// 0066812345678, sub-tag 01), a 13-digit tax or national id (02) or a
// 15-digit e-wallet id (03). Anything else is refused.
func PromptPayTarget(target string) (tag, value string, err error) {
	t := strings.NewReplacer("-", "", " ", "").Replace(target)
	if !digits(t) {
		return "", "", fmt.Errorf("promptpay: target %q is not digits", target)
	}
	switch {
	case len(t) == 10 && t[0] == '0':
		return "01", "0066" + t[1:], nil
	case len(t) == 11 && strings.HasPrefix(t, "66"):
		return "01", "00" + t, nil
	case len(t) == 13:
		return "02", t, nil
	case len(t) == 15:
		return "03", t, nil
	}
	return "", "", fmt.Errorf("promptpay: target %q is neither a mobile number, a 13-digit id nor a 15-digit e-wallet id", target)
}

// PromptPayPayload builds the EMVCo (Thai QR payment) payload of a
// PromptPay credit transfer to target: payload format (00 "01"), point of
// initiation (01: "12" dynamic, for one payment of this amount, or "11"
// static when dynamic is false), the merchant account (29: the PromptPay
// AID and the target), the country (58 "TH"), the currency (53 "764", the
// baht), the amount (54, baht with two decimals, left out when amount is
// 0) and the CRC-16/CCITT-FALSE (63) over everything before its value.
func PromptPayPayload(target string, amount money.Satang, dynamic bool) (string, error) {
	tag, value, err := PromptPayTarget(target)
	if err != nil {
		return "", err
	}
	if amount < 0 {
		return "", fmt.Errorf("promptpay: negative amount")
	}
	field := func(tag, v string) string { return fmt.Sprintf("%s%02d%s", tag, len(v), v) }
	initiation := "11"
	if dynamic {
		initiation = "12"
	}
	var b strings.Builder
	b.WriteString(field("00", "01"))
	b.WriteString(field("01", initiation))
	b.WriteString(field("29", field("00", PromptPayAID)+field(tag, value)))
	b.WriteString(field("58", "TH"))
	b.WriteString(field("53", "764"))
	if amount > 0 {
		b.WriteString(field("54", fmt.Sprintf("%d.%02d", amount/100, amount%100)))
	}
	b.WriteString("6304")
	body := b.String()
	return body + fmt.Sprintf("%04X", CRC16(body)), nil
}

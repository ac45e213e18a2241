package deposit

import (
	"fmt"
	"strconv"
	"strings"
)

// SlipQR is what the mini-QR of a Thai e-slip says: the sending bank (its
// three-digit Bank of Thailand code) and the bank's transaction reference.
// The QR does not hold the amount or the accounts; a SlipVerifier resolves
// the reference to the transaction.
type SlipQR struct {
	SendingBank string // e.g. "004" (KBANK)
	TransRef    string
	Country     string // "TH"
	Payload     string // the QR text as read
}

// ParseSlipQR reads a mini-QR payload: EMVCo-style tag-length-value fields,
// tag 00 holding the API id (00 = "000001"), the sending bank (01) and the
// transaction reference (02); tag 51 the country ("TH"); tag 91 the
// CRC-16/CCITT-FALSE of everything before the CRC's value. A payload whose
// CRC does not match, or that lacks one of these fields, is refused.
func ParseSlipQR(payload string) (SlipQR, error) {
	payload = strings.TrimSpace(payload)
	if len(payload) < 8 || len(payload) > 512 {
		return SlipQR{}, fmt.Errorf("slip qr: %d characters", len(payload))
	}
	top, err := tlv(payload)
	if err != nil {
		return SlipQR{}, err
	}
	crc, ok := top["91"]
	if !ok || len(crc) != 4 {
		return SlipQR{}, fmt.Errorf("slip qr: no CRC")
	}
	// The CRC covers the payload up to and including the CRC's tag and
	// length ("9104"), which are the last 8 characters but 4.
	if !strings.HasSuffix(payload, "9104"+crc) {
		return SlipQR{}, fmt.Errorf("slip qr: the CRC is not the last field")
	}
	if want := fmt.Sprintf("%04X", CRC16(payload[:len(payload)-4])); !strings.EqualFold(want, crc) {
		return SlipQR{}, fmt.Errorf("slip qr: CRC mismatch")
	}
	inner, err := tlv(top["00"])
	if err != nil {
		return SlipQR{}, err
	}
	q := SlipQR{SendingBank: inner["01"], TransRef: inner["02"], Country: top["51"], Payload: payload}
	if inner["00"] != "000001" || len(q.SendingBank) != 3 || !digits(q.SendingBank) || !refOK(q.TransRef) {
		return SlipQR{}, fmt.Errorf("slip qr: not a slip verification payload")
	}
	return q, nil
}

// BuildSlipQR writes the mini-QR payload of a transaction, CRC included
// (the simulated bank and the test slips use it).
func BuildSlipQR(sendingBank, transRef string) string {
	field := func(tag, v string) string { return fmt.Sprintf("%s%02d%s", tag, len(v), v) }
	body := field("00", field("00", "000001")+field("01", sendingBank)+field("02", transRef)) + field("51", "TH") + "9104"
	return body + fmt.Sprintf("%04X", CRC16(body))
}

// CRC16 is CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF, no
// reflection, no final xor), the checksum of EMVCo QR payloads.
func CRC16(s string) uint16 {
	crc := uint16(0xFFFF)
	for i := 0; i < len(s); i++ {
		crc ^= uint16(s[i]) << 8
		for range 8 {
			if crc&0x8000 != 0 {
				crc = crc<<1 ^ 0x1021
			} else {
				crc <<= 1
			}
		}
	}
	return crc
}

func tlv(s string) (map[string]string, error) {
	out := map[string]string{}
	for i := 0; i < len(s); {
		if i+4 > len(s) {
			return nil, fmt.Errorf("slip qr: truncated field")
		}
		n, err := strconv.Atoi(s[i+2 : i+4])
		if err != nil || i+4+n > len(s) {
			return nil, fmt.Errorf("slip qr: bad field length")
		}
		out[s[i:i+2]] = s[i+4 : i+4+n]
		i += 4 + n
	}
	return out, nil
}

func digits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// refOK accepts a bank reference: 6 to 40 letters and digits.
func refOK(s string) bool {
	if len(s) < 6 || len(s) > 40 {
		return false
	}
	for _, r := range s {
		if !(r >= '0' && r <= '9' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z') {
			return false
		}
	}
	return true
}

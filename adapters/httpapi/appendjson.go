package httpapi

import (
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"
)

// The home answer (GET /api/wallet) is the hottest read of the API.
// encoding/json walks its dozens of fields by reflection on every call;
// appendJSON writes the same bytes by hand (TestWalletJSON holds it to
// encoding/json's output, escaping included).

// appendJSON appends r as encoding/json's Encoder writes it, newline
// included. It reports false when a value cannot be written that way (a
// time outside years 0–9999, a float that is not finite), and the caller
// falls back to encoding/json, which answers the error.
func (r *walletResponse) appendJSON(b []byte) ([]byte, bool) {
	p := &r.Profile
	b = append(b, `{"profile":{"_id":`...)
	b = appendJSONString(b, p.ID)
	b = append(b, `,"name":`...)
	b = appendJSONString(b, p.Name)
	b = append(b, `,"username":`...)
	b = appendJSONString(b, p.Username)
	b = append(b, `,"createdAt":`...)
	b, ok := appendJSONTime(b, p.CreatedAt)
	if !ok {
		return b, false
	}
	b = append(b, `,"coin":`...)
	b = strconv.AppendInt(b, p.Coin, 10)
	ba := &r.BankAccount
	b = append(b, `},"bankAccount":{"bankCode":`...)
	b = appendJSONString(b, ba.BankCode)
	b = append(b, `,"bankAccountName":`...)
	b = appendJSONString(b, ba.BankAccountName)
	b = append(b, `,"bankAccountNo":`...)
	b = appendJSONString(b, ba.BankAccountNo)
	b = append(b, `,"currency":`...)
	b = appendJSONString(b, ba.Currency)
	b = append(b, `,"bank":{"code":`...)
	b = appendJSONString(b, ba.Bank.Code)
	b = append(b, `,"nameTH":`...)
	b = appendJSONString(b, ba.Bank.NameTH)
	b = append(b, `,"nameEN":`...)
	b = appendJSONString(b, ba.Bank.NameEN)
	b = append(b, `}},"wallet":{"amount":`...)
	b = append(b, r.Wallet.Amount.String()...)
	b = append(b, `},"invite":{"amount":`...)
	b = append(b, r.Invite.Amount.String()...)
	b = append(b, `,"success":`...)
	b = strconv.AppendInt(b, int64(r.Invite.Success), 10)
	b = append(b, `,"fail":`...)
	b = strconv.AppendInt(b, int64(r.Invite.Fail), 10)
	b = append(b, `},"slots":`...)
	if r.Slots == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i := range r.Slots {
			if i > 0 {
				b = append(b, ',')
			}
			if b, ok = r.Slots[i].appendJSON(b); !ok {
				return b, false
			}
		}
		b = append(b, ']')
	}
	b = append(b, `,"updatedAt":`...)
	if b, ok = appendJSONTime(b, r.UpdatedAt); !ok {
		return b, false
	}
	return append(b, "}\n"...), true
}

func (s *slotJSON) appendJSON(b []byte) ([]byte, bool) {
	b = append(b, `{"code":`...)
	b = appendJSONString(b, s.Code)
	b = append(b, `,"name":`...)
	b = appendJSONString(b, s.Name)
	b = append(b, `,"logo":`...)
	b = appendJSONString(b, s.Logo)
	b = append(b, `,"background":`...)
	b = appendJSONString(b, s.Background)
	b = append(b, `,"isActive":`...)
	b = strconv.AppendBool(b, s.IsActive)
	b = append(b, `,"amount":`...)
	b = append(b, s.Amount.String()...)
	b = append(b, `,"ftWalletSlot":`...)
	b, ok := appendJSONFloat(b, s.FtWalletSlot)
	if !ok {
		return b, false
	}
	b = append(b, `,"category":`...)
	b = appendJSONString(b, string(s.Category))
	for _, f := range []struct {
		name string
		v    *string
	}{{`,"web":`, s.Web}, {`,"android":`, s.Android}, {`,"ios":`, s.IOS}} {
		b = append(b, f.name...)
		if f.v == nil {
			b = append(b, "null"...)
		} else {
			b = appendJSONString(b, *f.v)
		}
	}
	return append(b, '}'), true
}

// appendJSONTime writes t as time.Time.MarshalJSON does.
func appendJSONTime(b []byte, t time.Time) ([]byte, bool) {
	if y := t.Year(); y < 0 || y > 9999 {
		return b, false
	}
	b = append(b, '"')
	b = t.AppendFormat(b, time.RFC3339Nano)
	return append(b, '"'), true
}

// appendJSONFloat writes f as encoding/json writes a float64.
func appendJSONFloat(b []byte, f float64) ([]byte, bool) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return b, false
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// clean up e-09 to e-9
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b, true
}

const hexDigits = "0123456789abcdef"

// appendJSONString writes s as encoding/json does with HTML escaping on
// (its Encoder's default): quotes, backslashes and control characters
// escaped, <, > and & as \u003c, \u003e and \u0026, U+2028 and U+2029
// escaped, invalid UTF-8 as U+FFFD.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

var bufPool = sync.Pool{New: func() any { b := make([]byte, 0, 4096); return &b }}

// writeWallet answers a home answer, with encoding/json when appendJSON
// cannot write it.
func writeWallet(w http.ResponseWriter, status int, r *walletResponse) {
	bp := bufPool.Get().(*[]byte)
	defer bufPool.Put(bp)
	b, ok := r.appendJSON((*bp)[:0])
	*bp = b[:0]
	if !ok {
		writeJSON(w, status, r)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(status)
	w.Write(b)
}

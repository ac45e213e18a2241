package operator

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base32"
	"fmt"
	"strings"
	"time"

	"github.com/boombuler/barcode/qr"
	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"
)

// TOTP parameters (RFC 6238): 30-second steps, 6 digits, HMAC-SHA1 — what
// every authenticator app reads from an otpauth:// URI.
const (
	totpPeriod = 30
	totpSkew   = 1 // steps accepted either side of now, for clock drift
)

var (
	totpOpts = totp.ValidateOpts{Period: totpPeriod, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1}
	b32      = base32.StdEncoding.WithPadding(base32.NoPadding)
)

// NewTOTPSecret returns a random 160-bit secret in base32 (no padding).
func NewTOTPSecret() string {
	b := make([]byte, 20)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return b32.EncodeToString(b)
}

// NewPassword returns a random password of 20 characters from an alphabet
// without look-alikes (about 114 bits).
func NewPassword() string {
	const alphabet = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"
	out := make([]byte, 20)
	buf := make([]byte, 1)
	for i := 0; i < len(out); {
		if _, err := rand.Read(buf); err != nil {
			panic(err)
		}
		if int(buf[0]) < 256-256%len(alphabet) { // no modulo bias
			out[i] = alphabet[int(buf[0])%len(alphabet)]
			i++
		}
	}
	return string(out)
}

// TOTPURI returns the otpauth:// URI of a secret that authenticator apps
// read (from a QR code or pasted).
func TOTPURI(issuer, username, secret string) string {
	raw, err := b32.DecodeString(secret)
	if err != nil {
		return ""
	}
	key, err := totp.Generate(totp.GenerateOpts{Issuer: issuer, AccountName: username, Period: totpPeriod,
		Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1, Secret: raw})
	if err != nil {
		return ""
	}
	return key.URL()
}

// TOTPCode returns the code of secret at t (for the CLI and tests).
func TOTPCode(secret string, t time.Time) (string, error) {
	return totp.GenerateCodeCustom(secret, t, totpOpts)
}

// matchTOTP returns the time-step whose code is code, within the skew
// around now.
func matchTOTP(secret, code string, now time.Time) (int64, bool) {
	if len(code) != 6 {
		return 0, false
	}
	cur := now.Unix() / totpPeriod
	for step := cur - totpSkew; step <= cur+totpSkew; step++ {
		want, err := totp.GenerateCodeCustom(secret, time.Unix(step*totpPeriod, 0), totpOpts)
		if err != nil {
			return 0, false
		}
		if subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 {
			return step, true
		}
	}
	return 0, false
}

// Enrolment is what an operator needs to add the TOTP secret to an
// authenticator app.
type Enrolment struct {
	Secret string `json:"secret"`
	URI    string `json:"uri"`
	QRSVG  string `json:"qrSvg"`
}

func (s *Service) enrolment(username, secret string) *Enrolment {
	uri := TOTPURI(s.cfg.Issuer, username, secret)
	return &Enrolment{Secret: secret, URI: uri, QRSVG: QRSVG(uri)}
}

// QRSVG renders text as a QR code in SVG (one path, 4-module quiet zone),
// or "" when it does not fit a QR code.
func QRSVG(text string) string {
	code, err := qr.Encode(text, qr.M, qr.Auto)
	if err != nil {
		return ""
	}
	b := code.Bounds()
	n := b.Dx() + 8
	var path strings.Builder
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if r, _, _, _ := code.At(x, y).RGBA(); r == 0 {
				fmt.Fprintf(&path, "M%d %dh1v1h-1z", x-b.Min.X+4, y-b.Min.Y+4)
			}
		}
	}
	return fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" shape-rendering="crispEdges">`+
		`<rect width="%d" height="%d" fill="#fff"/><path fill="#000" d="%s"/></svg>`, n, n, n, n, path.String())
}

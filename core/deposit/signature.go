package deposit

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// The signature of payment notifications (gateway webhooks in the gateway
// protocol, bank-feed notifications): the header
//
//	X-Ngern-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>." + raw body)>
//
// signs the raw body and its timestamp, which must be within MaxSkew of
// the receiver's clock.

// SignatureHeader carries the signature.
const SignatureHeader = "X-Ngern-Signature"

// MaxSkew is how far a signed timestamp may be from our clock.
const MaxSkew = 5 * time.Minute

// Sign returns the signature header's value of body at t.
func Sign(secret []byte, t time.Time, body []byte) string {
	ts := strconv.FormatInt(t.Unix(), 10)
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(ts + "."))
	m.Write(body)
	return "t=" + ts + ",v1=" + hex.EncodeToString(m.Sum(nil))
}

// VerifySignature checks a signature header against body, secret and now;
// a refusal wraps ErrBadSignature.
func VerifySignature(secret []byte, header string, body []byte, now time.Time) error {
	var ts, sig string
	for _, part := range strings.Split(header, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(part), "=")
		switch k {
		case "t":
			ts = v
		case "v1":
			sig = v
		}
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil || sig == "" {
		return fmt.Errorf("%w: malformed signature header", ErrBadSignature)
	}
	got, err := hex.DecodeString(sig)
	if err != nil {
		return fmt.Errorf("%w: malformed signature", ErrBadSignature)
	}
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(ts + "."))
	m.Write(body)
	if !hmac.Equal(got, m.Sum(nil)) {
		return fmt.Errorf("%w: signature mismatch", ErrBadSignature)
	}
	if d := now.Sub(time.Unix(sec, 0)); d > MaxSkew || d < -MaxSkew {
		return fmt.Errorf("%w: timestamp %s from now", ErrBadSignature, d.Round(time.Second))
	}
	return nil
}

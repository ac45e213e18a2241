package generic

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"strconv"
	"time"

	"ngern/core/seamless"
)

// The signature headers every request and every answer carries, in both
// directions (docs/adapters.md, "The generic protocol").
const (
	TimestampHeader = "X-Ngern-Timestamp"
	SignatureHeader = "X-Ngern-Signature"
)

// MaxSkew is how far a signed timestamp may be from the receiver's clock.
const MaxSkew = 300 * time.Second

// MinSecretLen is the shortest shared secret an aggregator may have (the
// console enforces the same bound).
const MinSecretLen = seamless.MinSecretLen

// ErrSignature is a request or answer whose signature headers are
// missing, stale or wrong.
var ErrSignature = errors.New("generic: invalid signature")

// Sign is the signature of body sent at timestamp (Unix seconds, as
// written in TimestampHeader): "sha256=" and the lowercase hex of
// HMAC-SHA256(secret, timestamp + "." + body).
func Sign(secret []byte, timestamp string, body []byte) string {
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte(timestamp))
	mac.Write([]byte{'.'})
	mac.Write(body)
	return "sha256=" + hex.EncodeToString(mac.Sum(nil))
}

// Signer signs and verifies the messages of one aggregator: Ngern's
// handler and client and the simulated aggregator all use it, so both
// sides of the protocol share one implementation.
type Signer struct {
	Secret []byte
	// Now is the clock timestamps are written and checked with (nil:
	// time.Now); tests move it.
	Now func() time.Time
}

func (s Signer) now() time.Time {
	if s.Now == nil {
		return time.Now()
	}
	return s.Now()
}

// SignHeaders sets the signature headers of body on h, at the signer's
// current time.
func (s Signer) SignHeaders(h http.Header, body []byte) {
	ts := strconv.FormatInt(s.now().Unix(), 10)
	h.Set(TimestampHeader, ts)
	h.Set(SignatureHeader, Sign(s.Secret, ts, body))
}

// Verify checks the signature headers of body: a timestamp within MaxSkew
// of the signer's clock and a signature that matches, compared in constant
// time. Every failure is ErrSignature, so that a caller learns nothing of
// which part was wrong.
func (s Signer) Verify(h http.Header, body []byte) error {
	ts := h.Get(TimestampHeader)
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return ErrSignature
	}
	if d := s.now().Sub(time.Unix(sec, 0)); d > MaxSkew || d < -MaxSkew {
		return ErrSignature
	}
	if !hmac.Equal([]byte(h.Get(SignatureHeader)), []byte(Sign(s.Secret, ts, body))) {
		return ErrSignature
	}
	return nil
}

package simaggregator

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"strconv"
	"time"
)

// The generic protocol's signature headers (docs/adapters.md, "The generic
// protocol"): every request and every answer, in both directions, carries
// them.
const (
	TimestampHeader = "X-Ngern-Timestamp"
	SignatureHeader = "X-Ngern-Signature"
)

// MaxSkew is how far a signed timestamp may be from the receiver's clock.
const MaxSkew = 300 * time.Second

// Sign is the generic protocol's signature of body sent at timestamp (Unix
// seconds, as written in TimestampHeader): "sha256=" and the lowercase hex
// of HMAC-SHA256(secret, timestamp + "." + body). Config.Sign defaults to
// it; the generic adapter's own helper takes its place where both are
// built together, so that the two sides sign with one function.
func Sign(secret []byte, timestamp string, body []byte) string {
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte(timestamp))
	mac.Write([]byte{'.'})
	mac.Write(body)
	return "sha256=" + hex.EncodeToString(mac.Sum(nil))
}

// errSignature is a request or answer whose signature is missing, stale or wrong.
var errSignature = errors.New("simaggregator: invalid signature")

// signHeaders sets the signature headers of body on h.
func (s *Server) signHeaders(h http.Header, body []byte) {
	ts := strconv.FormatInt(s.cfg.Now().Unix(), 10)
	h.Set(TimestampHeader, ts)
	h.Set(SignatureHeader, s.cfg.Sign(s.cfg.Secret, ts, body))
}

// verify checks the signature headers of body: a timestamp within MaxSkew
// and a signature that matches (compared in constant time).
func (s *Server) verify(h http.Header, body []byte) error {
	ts := h.Get(TimestampHeader)
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return errSignature
	}
	if d := s.cfg.Now().Sub(time.Unix(sec, 0)); d > MaxSkew || d < -MaxSkew {
		return errSignature
	}
	if !hmac.Equal([]byte(h.Get(SignatureHeader)), []byte(s.cfg.Sign(s.cfg.Secret, ts, body))) {
		return errSignature
	}
	return nil
}

package simaggregator

import (
	"net/http"

	"ngern/adapters/gameprovider/generic"
)

// The simulated aggregator is the other side of Ngern's generic protocol
// and signs with the protocol's one implementation (generic.Signer), so the
// two sides cannot drift apart.
const (
	TimestampHeader = generic.TimestampHeader
	SignatureHeader = generic.SignatureHeader
)

// Sign is the generic protocol's signature (generic.Sign).
var Sign = generic.Sign

// errSignature is a request or answer whose signature is missing, stale or wrong.
var errSignature = generic.ErrSignature

func (s *Server) signer() generic.Signer { return generic.Signer{Secret: s.cfg.Secret, Now: s.cfg.Now} }

// signHeaders sets the signature headers of body on h.
func (s *Server) signHeaders(h http.Header, body []byte) { s.signer().SignHeaders(h, body) }

// verify checks the signature headers of body (generic.Signer.Verify).
func (s *Server) verify(h http.Header, body []byte) error { return s.signer().Verify(h, body) }

package httpapi

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"regexp"
	"runtime/debug"
	"strings"
	"time"

	"ngern/core/errs"
)

type loggerKey struct{}
type callerKey struct{}
type requestInfoKey struct{}
type domainErrKey struct{}

// requestInfo is what every log line of a request carries, and what the
// observer is told when it ends: the route pattern that served it, the
// catalogue code it was answered with and the outside party it came from.
type requestInfo struct {
	id       string
	memberID string
	operator string
	route    string
	code     errs.Code
	party    string
	// srv reads the client's address for ClientIP.
	srv *Server
}

// Observation is one request that ended. Route is the pattern that served
// it ("GET /api/games/{code}/{kind}"; empty: none matched), never the raw
// path; Code the catalogue code of an error answer; Party the outside party
// a webhook came from.
type Observation struct {
	Route    string
	Status   int
	Code     errs.Code
	Party    string
	Duration time.Duration
}

// Observer is told of each request when it ends and of each member or
// operator socket as it opens and closes.
type Observer interface {
	Request(o Observation)
	Socket(delta int)
}

// socketPath is the path of the chat socket.
const socketPath = "/api/chat/ws"

// routed notes which route pattern serves each request (the mux sets it
// on the request it is given) and the party of a webhook.
func (s *Server) routed(mux http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		info, _ := r.Context().Value(requestInfoKey{}).(*requestInfo)
		if info == nil {
			mux.ServeHTTP(w, r)
			return
		}
		defer func() {
			info.route = r.Pattern
			info.party = webhookParty(r)
		}()
		mux.ServeHTTP(w, r)
	})
}

// webhookPrefix is where the outside parties' webhooks are mounted: the
// gateways' /api/payments/{provider}/webhook and the bank feed's
// /api/payments/bankfeed.
const webhookPrefix = "/api/payments/"

// webhookParty is the outside party a webhook came from ("" for any other
// request).
func webhookParty(r *http.Request) string {
	_, path, _ := strings.Cut(r.Pattern, " ")
	rest, ok := strings.CutPrefix(path, webhookPrefix)
	if !ok {
		return ""
	}
	if p := r.PathValue("provider"); p != "" {
		return p
	}
	party, _, _ := strings.Cut(rest, "/")
	return party
}

// answeredCode notes the catalogue code a request is answered with.
func answeredCode(r *http.Request, code errs.Code) {
	if info, ok := r.Context().Value(requestInfoKey{}).(*requestInfo); ok {
		info.code = code
	}
}

// LogHandler wraps a slog handler so that every record logged with a
// request's context carries its request id and, once authenticated, the
// member id or operator name — whichever package logs it.
func LogHandler(h slog.Handler) slog.Handler { return ctxHandler{h} }

type ctxHandler struct{ slog.Handler }

func (h ctxHandler) Handle(ctx context.Context, r slog.Record) error {
	if info, ok := ctx.Value(requestInfoKey{}).(*requestInfo); ok {
		r.AddAttrs(slog.String("request_id", info.id))
		if info.memberID != "" {
			r.AddAttrs(slog.String("member_id", info.memberID))
		}
		if info.operator != "" {
			r.AddAttrs(slog.String("operator", info.operator))
		}
	}
	return h.Handler.Handle(ctx, r)
}

func (h ctxHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return ctxHandler{h.Handler.WithAttrs(attrs)}
}

func (h ctxHandler) WithGroup(name string) slog.Handler { return ctxHandler{h.Handler.WithGroup(name)} }

var safeRequestID = regexp.MustCompile(`^[A-Za-z0-9._-]{8,64}$`)

// statusWriter records the status for the access log.
type statusWriter struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += n
	return n, err
}

// Unwrap lets http.ResponseController reach the connection.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// observe gives every request an id and a logger carrying it, logs the
// request when it ends, and turns a panic into INTERNAL_SERVER_ERROR.
func (s *Server) observe(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := r.Header.Get("X-Request-Id")
		if !safeRequestID.MatchString(id) {
			b := make([]byte, 8)
			rand.Read(b)
			id = hex.EncodeToString(b)
		}
		w.Header().Set("X-Request-Id", id)
		log := s.log
		info := &requestInfo{id: id, srv: s}
		ctx := context.WithValue(r.Context(), loggerKey{}, log)
		if s.domainErr != nil {
			ctx = context.WithValue(ctx, domainErrKey{}, s.domainErr)
		}
		r = r.WithContext(context.WithValue(ctx, requestInfoKey{}, info))
		sw := &statusWriter{ResponseWriter: w}
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				log.ErrorContext(r.Context(), "panic", "panic", p, "stack", string(debug.Stack()))
				if sw.status == 0 {
					info.code = errs.InternalServerError
					writeJSON(sw, http.StatusInternalServerError, errorBody{Message: errs.InternalServerError})
				}
			}
			if s.obs != nil {
				s.obs.Request(Observation{Route: info.route, Status: sw.status, Code: info.code, Party: info.party, Duration: time.Since(start)})
			}
			if !strings.HasPrefix(r.URL.Path, "/api/") && sw.status < 400 && !s.cfg.LogStatic {
				return
			}
			log.LogAttrs(r.Context(), slog.LevelInfo, "request", slog.String("method", r.Method), slog.String("path", logPath(r.URL.Path)),
				slog.Int("status", sw.status), slog.Int("bytes", sw.bytes), slog.Int64("duration_ms", time.Since(start).Milliseconds()),
				slog.String("ip", s.clientIP(r)))
		}()
		next.ServeHTTP(sw, r)
	})
}

// logPath is a request path fit for the log: the auto-login call carries a
// game password in its path, which is cut off.
func logPath(p string) string {
	rest, ok := strings.CutPrefix(p, "/api/autoLogin/")
	if !ok {
		return p
	}
	if parts := strings.SplitN(rest, "/", 3); len(parts) == 3 {
		return "/api/autoLogin/" + parts[0] + "/" + parts[1] + "/…"
	}
	return p
}

// uploadPaths get the long upload timeout and body limit, once the caller
// is authenticated (grantUpload).
var uploadPaths = map[string]bool{
	"/api/wallet/slip":       true,
	"/api/chat/upload-image": true,
	"/api/chat/upload-video": true,
}

// limits bounds the body size and the time of each request: 60 s and 1 MiB,
// uploads 25 MiB. An upload's body gets the same short read deadline as any
// request until its caller is authenticated; only then does grantUpload
// give it the upload timeout (300 s), so that unauthenticated clients
// dripping bodies hold a connection no longer than any request.
func (s *Server) limits(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		timeout, maxBody := s.cfg.RequestTimeout, s.cfg.MaxBody
		if uploadPaths[r.URL.Path] {
			timeout, maxBody = s.cfg.UploadTimeout, s.cfg.MaxUpload
		}
		if r.ContentLength > maxBody {
			w.Header().Set("Connection", "close")
			writeError(w, r, errs.New(errs.PayloadTooLarge))
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, maxBody)
		if r.URL.Path != socketPath { // a socket lives on; its frames have their own limits
			// A writer without deadlines (a test's recorder) keeps the server's own.
			rc := http.NewResponseController(w)
			_ = rc.SetReadDeadline(time.Now().Add(s.cfg.RequestTimeout))
			_ = rc.SetWriteDeadline(time.Now().Add(timeout + 5*time.Second))
			ctx, cancel := context.WithTimeout(r.Context(), timeout)
			defer cancel()
			r = r.WithContext(ctx)
		}
		next.ServeHTTP(w, r)
	})
}

// grantUpload gives an authenticated upload its long read deadline.
func (s *Server) grantUpload(w http.ResponseWriter, r *http.Request) {
	if uploadPaths[r.URL.Path] {
		_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(s.cfg.UploadTimeout)) // see limits
	}
}

// refuse answers a caller that failed authentication. A request with a
// body is answered with the connection closed: its body is never read
// (net/http would otherwise read up to 256 KB of it, at the client's pace,
// before closing).
func refuse(w http.ResponseWriter, r *http.Request, err error) {
	if r.ContentLength == 0 {
		writeError(w, r, err)
		return
	}
	w.Header().Set("Connection", "close")
	writeError(w, r, err)
	_ = http.NewResponseController(w).SetReadDeadline(time.Now()) // see limits
}

// webCSP allows the web app's own scripts and the inline styles that
// react-native-web generates.
const webCSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; " +
	"font-src 'self' data:; media-src 'self' blob: https:; connect-src 'self' ws: wss:; frame-src 'self' https:; " +
	"frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'"

// The values of the headers every answer carries. Each slice has length
// and capacity 1, so that Header.Add appends to a copy, never to these.
var (
	hdrNosniff     = []string{"nosniff"}
	hdrReferrer    = []string{"strict-origin-when-cross-origin"}
	hdrDeny        = []string{"DENY"}
	hdrCSP         = []string{webCSP}
	hdrPermissions = []string{"camera=(), microphone=(), geolocation=()"}
	hdrHSTS        = []string{"max-age=31536000; includeSubDomains"}
	hdrNoStore     = []string{"no-store"}
)

// secure sets the security headers, CORS for configured origins, and
// no-store on API answers.
func (s *Server) secure(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		// Shared value slices, set by canonical key: no allocation per
		// request (a later Set replaces the slice, an Add copies it).
		h["X-Content-Type-Options"] = hdrNosniff
		h["Referrer-Policy"] = hdrReferrer
		h["X-Frame-Options"] = hdrDeny
		h["Content-Security-Policy"] = hdrCSP
		h["Permissions-Policy"] = hdrPermissions
		if r.TLS != nil || (r.Header.Get("X-Forwarded-Proto") == "https" && s.fromProxy(peerAddr(r))) {
			h["Strict-Transport-Security"] = hdrHSTS
		}
		if strings.HasPrefix(r.URL.Path, "/api/") {
			h["Cache-Control"] = hdrNoStore
			if origin := r.Header.Get("Origin"); origin != "" && s.corsAllowed(origin) {
				h.Set("Access-Control-Allow-Origin", origin)
				h.Set("Vary", "Origin")
				h.Set("Access-Control-Allow-Headers", "Authorization, Content-Type, Idempotency-Key, X-Ngern-Client, X-Request-Id")
				h.Set("Access-Control-Allow-Methods", "GET, POST, PUT, DELETE, OPTIONS")
				h.Set("Access-Control-Max-Age", "600")
				if r.Method == http.MethodOptions {
					w.WriteHeader(http.StatusNoContent)
					return
				}
			}
		}
		next.ServeHTTP(w, r)
	})
}

func (s *Server) corsAllowed(origin string) bool {
	for _, o := range s.cfg.CORSOrigins {
		if o == origin {
			return true
		}
	}
	return false
}

// clientIP is the address the request came from. Without TrustProxy it is
// the peer address. Behind proxies, each proxy appends the address it saw to
// X-Forwarded-For, so only the right-hand end of the chain (the entries
// appended by our own proxies, then the peer) can be believed; the client
// writes whatever it likes on the left. The header counts only when the
// peer itself is one of our proxies (in TrustedNets): a client that reaches
// the server directly is its peer address, whatever it wrote. The client is
// then the first address from the right that is not in a trusted network.
func (s *Server) clientIP(r *http.Request) string {
	peer := peerAddr(r)
	if !s.fromProxy(peer) {
		return peer
	}
	var chain []string
	for _, h := range r.Header.Values("X-Forwarded-For") {
		for _, part := range strings.Split(h, ",") {
			if part = strings.TrimSpace(part); part != "" {
				chain = append(chain, part)
			}
		}
	}
	chain = append(chain, peer)
	return pickClient(chain, s.cfg.TrustedNets, peer)
}

// ClientIP is the address a request came from as the server reads it
// (clientIP: its trusted proxies), for the handlers other adapters mount
// through Config.Routes (an aggregator's IP allow-list). Outside the
// server it is the peer address.
func ClientIP(r *http.Request) string {
	if info, ok := r.Context().Value(requestInfoKey{}).(*requestInfo); ok && info.srv != nil {
		return info.srv.clientIP(r)
	}
	return peerAddr(r)
}

// peerAddr is the address of the connection's other end ("unknown" when
// none is known: limits keyed by the address still apply).
func peerAddr(r *http.Request) string {
	peer := r.RemoteAddr
	if host, _, err := net.SplitHostPort(r.RemoteAddr); err == nil {
		peer = host
	}
	if peer == "" {
		peer = "unknown"
	}
	return peer
}

// fromProxy reports whether the peer address is a proxy of ours whose
// X-Forwarded-* headers are believed: TrustProxy is on and the address is
// in TrustedNets.
func (s *Server) fromProxy(peer string) bool {
	if !s.cfg.TrustProxy {
		return false
	}
	a, err := parseHop(peer)
	return err == nil && trusted(a, s.cfg.TrustedNets)
}

func trusted(a netip.Addr, nets []netip.Prefix) bool {
	for _, n := range nets {
		if n.Contains(a) {
			return true
		}
	}
	return false
}

// pickClient chooses the client address of a forwarded chain (leftmost
// first, the peer last): the first address from the right that is not in
// a trusted network. An entry that is not an address where the client
// should be means a proxy is misconfigured: the peer is answered.
func pickClient(chain []string, nets []netip.Prefix, peer string) string {
	for i := len(chain) - 1; i >= 0; i-- {
		a, err := parseHop(chain[i])
		if err != nil {
			return peer
		}
		if !trusted(a, nets) || i == 0 {
			return a.String()
		}
	}
	return peer
}

// parseHop reads an X-Forwarded-For entry: an address, or one with a port
// as some proxies write it.
func parseHop(s string) (netip.Addr, error) {
	a, err := netip.ParseAddr(s)
	if err != nil {
		ap, perr := netip.ParseAddrPort(s)
		if perr != nil {
			return netip.Addr{}, err
		}
		a = ap.Addr()
	}
	return a.Unmap().WithZone(""), nil
}

// serviceOpen answers 410 gone on member calls while the operator has shut
// the service down.
func (s *Server) serviceOpen(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		terminated, err := s.settings.Terminated(r.Context())
		if err != nil {
			writeError(w, r, err)
			return
		}
		if terminated {
			writeError(w, r, errs.New(errs.ServiceGone))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// member authenticates the bearer token and puts the caller in the context.
func (s *Server) member(next http.HandlerFunc) http.Handler {
	return s.serviceOpen(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		if !ok {
			refuse(w, r, errs.New(errs.InvalidToken))
			return
		}
		c, err := s.accounts.Authenticate(r.Context(), strings.TrimSpace(token))
		if err != nil {
			refuse(w, r, err)
			return
		}
		if info, ok := r.Context().Value(requestInfoKey{}).(*requestInfo); ok {
			info.memberID = c.MemberID
		}
		s.grantUpload(w, r)
		next(w, r.WithContext(context.WithValue(r.Context(), callerKey{}, c)))
	}))
}

package httpapi

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/andybalholm/brotli"

	"ngern/core/settings"
)

// noticePage is served when no web build is present.
const noticePage = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Ngern</title></head>
<body style="font-family:sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem">
<h1>Ngern is running</h1><p>The API answers under <code>/api</code>. The web app has not been built:
run <code>make build</code> (or set <code>NGERN_WEB_DIR</code> to an exported web app) and restart.</p></body></html>`

const (
	cacheImmutable  = "public, max-age=31536000, immutable"
	cacheRevalidate = "no-cache"
	// notFoundPage is the pre-rendered 404 of the exported app.
	notFoundPage = "/+not-found.html"
	// minCompressSize: smaller files are sent as they are (headers cost more than they save).
	minCompressSize = 512
	// langDir holds the pages pre-rendered in the build's other languages, as
	// _lang/<lang>/<page>.html (ui/scripts/prerender-languages.js); the build's default
	// language's pages are at the top of the build.
	langDir = "/_lang/"
	// localeCookie is the cookie in which the app keeps the member's language choice,
	// upper-cased (ui/src/lib/storage-keys.ts).
	localeCookie = "i18next"
)

// inlineScript finds a page's inline scripts (the static export writes one that tells the
// router to hydrate the pre-rendered markup).
var inlineScript = regexp.MustCompile(`(?is)<script\b([^>]*)>(.*?)</script>`)

// hashedName matches file names that carry a content hash (name.<hex>.ext or name-<hex>.ext).
var hashedName = regexp.MustCompile(`[.-][0-9a-f]{8,}\.[a-z0-9]+$`)

// compressible are the content types worth compressing; images, WOFF2 and archives are
// compressed already.
var compressible = map[string]bool{
	".html": true, ".js": true, ".mjs": true, ".css": true, ".json": true,
	".svg": true, ".txt": true, ".xml": true, ".ttf": true, ".otf": true, ".ico": true,
	".wasm": true, ".webmanifest": true,
}

// extraTypes pins content types that differ between systems' mime tables.
var extraTypes = map[string]string{
	".js": "text/javascript; charset=utf-8", ".mjs": "text/javascript; charset=utf-8",
	".css": "text/css; charset=utf-8", ".html": "text/html; charset=utf-8",
	".json": "application/json", ".map": "application/json", ".svg": "image/svg+xml",
	".woff2": "font/woff2", ".woff": "font/woff", ".ttf": "font/ttf", ".otf": "font/otf",
	".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".webp": "image/webp",
	".ico": "image/x-icon", ".txt": "text/plain; charset=utf-8", ".wasm": "application/wasm",
	".webmanifest": "application/manifest+json",
}

// asset is what is known of one file of the web build: its validators and its compressed forms,
// made once on first use and kept until the file changes on disk. The identity body is read
// from disk when asked for (few clients refuse both encodings; images and WOFF2 are not
// compressed), so memory holds only the compressed text files.
type asset struct {
	file        string
	modTime     time.Time
	size        int64
	contentType string
	etag        string   // of the identity body; encoded bodies add a suffix
	br, gz      []byte   // nil when not worth it
	scripts     []string // CSP sources of a page's inline scripts ('sha256-…')
}

// webFiles serves an exported Expo Router web app (static output): files as they are,
// every route as its pre-rendered HTML, unknown paths as the pre-rendered 404.
type webFiles struct {
	dir string

	mu     sync.Mutex
	assets map[string]*asset
	routes *routeTable
}

func (s *Server) web() http.Handler {
	wf := &webFiles{dir: s.cfg.WebDir, assets: map[string]*asset{}}
	go wf.warm()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		wf.serve(w, r)
	})
}

func (wf *webFiles) serve(w http.ResponseWriter, r *http.Request) {
	if wf.dir == "" {
		notice(w)
		return
	}
	index, err := os.Stat(filepath.Join(wf.dir, "index.html"))
	if err != nil {
		notice(w)
		return
	}
	clean := path.Clean("/" + r.URL.Path)
	if strings.Contains(clean, "/.") {
		http.NotFound(w, r)
		return
	}
	// A file of the build, served as it is (a page asked for by its file name too).
	if a, ok := wf.load(clean); ok {
		cache := cacheRevalidate
		if !strings.HasSuffix(clean, ".html") &&
			(strings.HasPrefix(clean, "/_expo/static/") || strings.HasPrefix(clean, "/assets/") || hashedName.MatchString(clean)) {
			cache = cacheImmutable
		}
		a.write(w, r, http.StatusOK, cache)
		return
	}
	// A missing bundle, asset or other file with an extension is a 404, never HTML: a stale
	// page asking for an old chunk must fail loudly rather than parse HTML as JavaScript.
	if strings.HasPrefix(clean, "/_expo/") || strings.HasPrefix(clean, "/assets/") || path.Ext(clean) != "" {
		http.NotFound(w, r)
		return
	}
	page, status := wf.route(clean, index.ModTime())
	// The page in the visitor's language when the build has it, so that the first paint is in
	// that language before any script runs; the app hydrates in the document's language.
	w.Header().Add("Vary", "Cookie, Accept-Language")
	if lang := pageLang(r); lang != "" {
		if a, ok := wf.load(langDir + lang + page); ok {
			a.write(w, r, status, cacheRevalidate)
			return
		}
	}
	if a, ok := wf.load(page); ok {
		a.write(w, r, status, cacheRevalidate)
		return
	}
	notice(w)
}

// pageLang is the language a page is asked in: the member's stored choice (the app's locale
// cookie), else the language of ?lang= or Accept-Language (lookupLang), else "" (the build's
// default language, whose pages need no lookup).
func pageLang(r *http.Request) string {
	if c, err := r.Cookie(localeCookie); err == nil {
		if l := langTag(c.Value); settings.ValidLang(l) {
			return l
		}
	}
	return lookupLang(r)
}

// route maps a path to the HTML file pre-rendered for it, or the 404 page.
func (wf *webFiles) route(clean string, stamp time.Time) (string, int) {
	wf.mu.Lock()
	if wf.routes == nil || !wf.routes.stamp.Equal(stamp) {
		wf.routes = scanRoutes(wf.dir, stamp)
	}
	rt := wf.routes
	wf.mu.Unlock()
	if page, ok := rt.match(clean); ok {
		return page, http.StatusOK
	}
	if rt.notFound {
		return notFoundPage, http.StatusNotFound
	}
	// A build without a 404 page (single-page output): every route is the app shell.
	return "/index.html", http.StatusOK
}

// load returns the file at the clean URL path, reading and compressing it on first use.
func (wf *webFiles) load(clean string) (*asset, bool) {
	file := filepath.Join(wf.dir, filepath.FromSlash(clean))
	st, err := os.Stat(file)
	if err != nil || st.IsDir() {
		return nil, false
	}
	wf.mu.Lock()
	a := wf.assets[clean]
	wf.mu.Unlock()
	if a != nil && a.modTime.Equal(st.ModTime()) && a.size == st.Size() {
		return a, true
	}
	a, err = readAsset(file, st)
	if err != nil {
		return nil, false
	}
	wf.mu.Lock()
	wf.assets[clean] = a
	wf.mu.Unlock()
	return a, true
}

// warm reads and compresses every file of the build so that the first visitor does not wait
// for brotli's best level.
func (wf *webFiles) warm() {
	if wf.dir == "" {
		return
	}
	// The callback skips what it cannot read, so the walk never fails.
	_ = filepath.WalkDir(wf.dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(wf.dir, p)
		if err == nil && compressible[strings.ToLower(filepath.Ext(p))] {
			wf.load("/" + filepath.ToSlash(rel))
		}
		return nil
	})
	// Brotli's best level works in large buffers: give them back rather than keep them as idle
	// resident memory.
	debug.FreeOSMemory()
}

func readAsset(file string, st os.FileInfo) (*asset, error) {
	raw, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	ext := strings.ToLower(filepath.Ext(file))
	ct := extraTypes[ext]
	if ct == "" {
		ct = mime.TypeByExtension(ext)
	}
	if ct == "" {
		ct = http.DetectContentType(raw)
	}
	sum := sha256.Sum256(raw)
	a := &asset{file: file, modTime: st.ModTime(), size: st.Size(), contentType: ct,
		etag: hex.EncodeToString(sum[:12])}
	if ext == ".html" {
		for _, m := range inlineScript.FindAllSubmatch(raw, -1) {
			if bytes.Contains(bytes.ToLower(m[1]), []byte("src=")) || len(m[2]) == 0 {
				continue
			}
			h := sha256.Sum256(m[2])
			a.scripts = append(a.scripts, "'sha256-"+base64.StdEncoding.EncodeToString(h[:])+"'")
		}
	}
	if compressible[ext] && len(raw) >= minCompressSize {
		var b bytes.Buffer
		bw := brotli.NewWriterLevel(&b, brotli.BestCompression)
		_, _ = bw.Write(raw) // into a bytes.Buffer: cannot fail
		bw.Close()
		if b.Len() < len(raw) {
			a.br = b.Bytes()
		}
		var g bytes.Buffer
		gw, _ := gzip.NewWriterLevel(&g, gzip.BestCompression)
		_, _ = gw.Write(raw) // into a bytes.Buffer: cannot fail
		gw.Close()
		if g.Len() < len(raw) {
			a.gz = g.Bytes()
		}
	}
	return a, nil
}

// write sends the asset in the best encoding the client accepts, with its validators; a
// matching If-None-Match gets 304 (http.ServeContent), HEAD gets the headers only.
func (a *asset) write(w http.ResponseWriter, r *http.Request, status int, cache string) {
	h := w.Header()
	h.Set("Content-Type", a.contentType)
	h.Set("Cache-Control", cache)
	if csp := h.Get("Content-Security-Policy"); len(a.scripts) > 0 && strings.Contains(csp, "script-src 'self'") {
		// Allow exactly this page's own inline scripts, by hash.
		h.Set("Content-Security-Policy", strings.Replace(csp, "script-src 'self'",
			"script-src 'self' "+strings.Join(a.scripts, " "), 1))
	}
	var body []byte
	etag := a.etag
	if a.br != nil || a.gz != nil {
		h.Add("Vary", "Accept-Encoding")
		switch enc := pickEncoding(r.Header.Get("Accept-Encoding"), a.br != nil, a.gz != nil); enc {
		case "br":
			body, etag = a.br, a.etag+"-br"
			h.Set("Content-Encoding", "br")
		case "gzip":
			body, etag = a.gz, a.etag+"-gz"
			h.Set("Content-Encoding", "gzip")
		}
	}
	h.Set("ETag", `"`+etag+`"`)
	if body == nil {
		raw, err := os.ReadFile(a.file)
		if err != nil {
			http.Error(w, "not found", http.StatusNotFound)
			return
		}
		body = raw
	}
	if status != http.StatusOK {
		// ServeContent only answers 200/206/304; the 404 page is sent whole.
		if r.Method == http.MethodHead {
			h.Set("Content-Length", strconv.Itoa(len(body)))
			w.WriteHeader(status)
			return
		}
		h.Set("Content-Length", strconv.Itoa(len(body)))
		w.WriteHeader(status)
		w.Write(body)
		return
	}
	http.ServeContent(w, r, "", a.modTime, bytes.NewReader(body))
}

// pickEncoding chooses br over gzip by the client's Accept-Encoding (q=0 refuses).
func pickEncoding(accept string, br, gz bool) string {
	q := map[string]float64{}
	for _, part := range strings.Split(accept, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name == "" {
			continue
		}
		weight := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			weight = parseQ(v)
		}
		q[name] = weight
	}
	accepts := func(name string) bool {
		if w, ok := q[name]; ok {
			return w > 0
		}
		w, ok := q["*"]
		return ok && w > 0
	}
	switch {
	case br && accepts("br"):
		return "br"
	case gz && accepts("gzip"):
		return "gzip"
	}
	return ""
}

func parseQ(v string) float64 {
	f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
	if err != nil {
		return 0
	}
	return f
}

// routeTable holds the pre-rendered pages of a build, found by walking its HTML files.
type routeTable struct {
	stamp    time.Time // the index.html modification time the table was made for
	routes   []route
	notFound bool
}

type route struct {
	segments []string // "" for a [param] segment, "*" for [...rest]
	file     string   // URL path of the HTML file
	rank     int      // fewer dynamic segments first
}

func scanRoutes(dir string, stamp time.Time) *routeTable {
	rt := &routeTable{stamp: stamp}
	// The callback skips what it cannot read, so the walk never fails.
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel == "_expo" || rel == "assets" || rel == strings.Trim(langDir, "/") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".html") {
			return nil
		}
		name := strings.TrimSuffix(rel, ".html")
		if name == "+not-found" {
			rt.notFound = true
			return nil
		}
		var segs []string
		rank := 0
		for _, s := range strings.Split(name, "/") {
			switch {
			case strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")"), s == "index":
				// Groups and index files add no segment.
			case strings.HasPrefix(s, "+"), strings.HasPrefix(s, "_"):
				return nil // +html, +not-found of a folder, _layout and the like: not pages
			case strings.HasPrefix(s, "[..."):
				segs, rank = append(segs, "*"), rank+100
			case strings.HasPrefix(s, "["):
				segs, rank = append(segs, ""), rank+1
			default:
				segs = append(segs, s)
			}
		}
		rt.routes = append(rt.routes, route{segments: segs, file: "/" + rel, rank: rank})
		return nil
	})
	sort.SliceStable(rt.routes, func(i, j int) bool {
		if rt.routes[i].rank != rt.routes[j].rank {
			return rt.routes[i].rank < rt.routes[j].rank
		}
		// A file outside a group wins over the same route inside one.
		return len(rt.routes[i].file) < len(rt.routes[j].file)
	})
	return rt
}

func (rt *routeTable) match(clean string) (string, bool) {
	var parts []string
	if p := strings.Trim(clean, "/"); p != "" {
		parts = strings.Split(p, "/")
	}
	for _, r := range rt.routes {
		if r.matches(parts) {
			return r.file, true
		}
	}
	return "", false
}

func (r route) matches(parts []string) bool {
	for i, s := range r.segments {
		if s == "*" {
			return i < len(parts)
		}
		if i >= len(parts) || (s != "" && s != parts[i]) {
			return false
		}
	}
	return len(parts) == len(r.segments)
}

func notice(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	w.Write([]byte(noticePage))
}

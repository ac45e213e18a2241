package httpapi

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
)

// webBuild writes a small exported app shaped like Expo Router's static output.
func webBuild(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	js := "/* entry */ " + strings.Repeat("console.log('ngern bundle');\n", 200)
	css := strings.Repeat(".a{color:#0f764d}\n", 100)
	page := func(title string) string {
		return "<!doctype html><html lang=\"th\"><head><title>" + title + "</title></head><body>" +
			strings.Repeat("<div>"+title+"</div>", 50) + "</body></html>"
	}
	files := map[string]string{
		"index.html":                 page("index"),
		"login.html":                 page("เข้าสู่ระบบ"),
		"(public)/login.html":        page("grouped login"),
		"user/home.html":             page("home"),
		"user/index.html":            page("user"),
		"operator/members/[id].html": page("member detail"),
		"+not-found.html":            page("Page Not Found"),
		"_lang/en/login.html":        page("Log in"),
		"_lang/en/+not-found.html":   page("Page Not Found in English"),
		"_lang/la/login.html":        page("ເຂົ້າສູ່ລະບົບ"),
		"_expo/static/js/web/entry-0123456789abcdef0123456789abcdef.js": js,
		"_expo/static/css/app-0123456789abcdef.css":                     css,
		"fonts/noto-sans-thai-400.0123456789ab.woff2":                   "wOF2" + strings.Repeat("\x00\x01", 600),
		"assets/fonts/NotoSansThai.0123456789abcdef.ttf":                strings.Repeat("\x00\x01\x00\x00glyf", 300),
		"assets/images/logo.0123456789abcdef.png":                       "\x89PNG\r\n\x1a\n" + strings.Repeat("\x00", 2000),
		"favicon.ico": strings.Repeat("\x00\x00\x01\x00", 300),
		"tiny.js":     "x()",
	}
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func webHandler(dir string) http.Handler {
	wf := &webFiles{dir: dir, assets: map[string]*asset{}}
	return http.HandlerFunc(wf.serve)
}

func get(h http.Handler, method, target string, headers map[string]string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, target, nil)
	for k, v := range headers {
		r.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

func decode(t *testing.T, enc string, body []byte) string {
	t.Helper()
	var rd io.Reader = bytes.NewReader(body)
	switch enc {
	case "br":
		rd = brotli.NewReader(rd)
	case "gzip":
		g, err := gzip.NewReader(rd)
		if err != nil {
			t.Fatalf("gzip: %v", err)
		}
		rd = g
	}
	out, err := io.ReadAll(rd)
	if err != nil {
		t.Fatalf("decode %s: %v", enc, err)
	}
	return string(out)
}

func TestWebAssetKinds(t *testing.T) {
	dir := webBuild(t)
	h := webHandler(dir)
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	tests := []struct {
		name        string
		path        string
		file        string
		status      int
		contentType string
		cache       string
		compressed  bool
	}{
		{"javascript bundle", "/_expo/static/js/web/entry-0123456789abcdef0123456789abcdef.js", "_expo/static/js/web/entry-0123456789abcdef0123456789abcdef.js", 200, "text/javascript; charset=utf-8", cacheImmutable, true},
		{"stylesheet", "/_expo/static/css/app-0123456789abcdef.css", "_expo/static/css/app-0123456789abcdef.css", 200, "text/css; charset=utf-8", cacheImmutable, true},
		{"woff2 font", "/fonts/noto-sans-thai-400.0123456789ab.woff2", "fonts/noto-sans-thai-400.0123456789ab.woff2", 200, "font/woff2", cacheImmutable, false},
		{"ttf font", "/assets/fonts/NotoSansThai.0123456789abcdef.ttf", "assets/fonts/NotoSansThai.0123456789abcdef.ttf", 200, "font/ttf", cacheImmutable, true},
		{"png image", "/assets/images/logo.0123456789abcdef.png", "assets/images/logo.0123456789abcdef.png", 200, "image/png", cacheImmutable, false},
		{"unhashed icon", "/favicon.ico", "favicon.ico", 200, "image/x-icon", cacheRevalidate, true},
		{"tiny script", "/tiny.js", "tiny.js", 200, "text/javascript; charset=utf-8", cacheRevalidate, false},
		{"route html", "/login", "login.html", 200, "text/html; charset=utf-8", cacheRevalidate, true},
		{"route html trailing slash", "/login/", "login.html", 200, "text/html; charset=utf-8", cacheRevalidate, true},
		{"group route", "/user/home", "user/home.html", 200, "text/html; charset=utf-8", cacheRevalidate, true},
		{"folder index", "/user", "user/index.html", 200, "text/html; charset=utf-8", cacheRevalidate, true},
		{"site index", "/", "index.html", 200, "text/html; charset=utf-8", cacheRevalidate, true},
		{"page by file name", "/login.html", "login.html", 200, "text/html; charset=utf-8", cacheRevalidate, true},
		{"dynamic route", "/operator/members/42", "operator/members/[id].html", 200, "text/html; charset=utf-8", cacheRevalidate, true},
		{"unknown route gets the 404 page", "/no/such/page", "+not-found.html", 404, "text/html; charset=utf-8", cacheRevalidate, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			want := read(tc.file)
			for _, enc := range []struct{ accept, encoding string }{
				{"", ""}, {"gzip, deflate", "gzip"}, {"gzip, deflate, br, zstd", "br"}, {"br;q=0, gzip;q=0.5", "gzip"},
			} {
				if !tc.compressed {
					enc.encoding = ""
				}
				w := get(h, http.MethodGet, tc.path, map[string]string{"Accept-Encoding": enc.accept})
				if w.Code != tc.status {
					t.Fatalf("accept %q: status %d, want %d", enc.accept, w.Code, tc.status)
				}
				if got := w.Header().Get("Content-Type"); got != tc.contentType {
					t.Errorf("content type %q, want %q", got, tc.contentType)
				}
				if got := w.Header().Get("Cache-Control"); got != tc.cache {
					t.Errorf("cache control %q, want %q", got, tc.cache)
				}
				if got := w.Header().Get("Content-Encoding"); got != enc.encoding {
					t.Errorf("accept %q: content encoding %q, want %q", enc.accept, got, enc.encoding)
				}
				if got := strings.Join(w.Header().Values("Vary"), ", "); tc.compressed != strings.Contains(got, "Accept-Encoding") {
					t.Errorf("vary %q (compressed %v)", got, tc.compressed)
				}
				if w.Header().Get("ETag") == "" {
					t.Error("no ETag")
				}
				if enc.encoding != "" && w.Body.Len() >= len(want) {
					t.Errorf("%s body %d bytes, not smaller than %d", enc.encoding, w.Body.Len(), len(want))
				}
				if got := decode(t, enc.encoding, w.Body.Bytes()); got != want {
					t.Errorf("accept %q: body differs from %s", enc.accept, tc.file)
				}
			}
		})
	}
}

func TestWebRevalidation(t *testing.T) {
	h := webHandler(webBuild(t))
	for _, path := range []string{"/login", "/_expo/static/js/web/entry-0123456789abcdef0123456789abcdef.js"} {
		t.Run(path, func(t *testing.T) {
			for _, accept := range []string{"", "gzip", "br"} {
				first := get(h, http.MethodGet, path, map[string]string{"Accept-Encoding": accept})
				etag := first.Header().Get("ETag")
				again := get(h, http.MethodGet, path, map[string]string{"Accept-Encoding": accept, "If-None-Match": etag})
				if again.Code != http.StatusNotModified || again.Body.Len() != 0 {
					t.Errorf("accept %q: If-None-Match %s gave %d with %d bytes", accept, etag, again.Code, again.Body.Len())
				}
			}
			plain := get(h, http.MethodGet, path, nil).Header().Get("ETag")
			br := get(h, http.MethodGet, path, map[string]string{"Accept-Encoding": "br"}).Header().Get("ETag")
			if plain == br {
				t.Errorf("identity and brotli bodies share the ETag %s", plain)
			}
			if w := get(h, http.MethodGet, path, map[string]string{"Accept-Encoding": "br", "If-None-Match": plain}); w.Code != http.StatusOK {
				t.Errorf("the identity ETag revalidated a brotli body: %d", w.Code)
			}
		})
	}
}

func TestWebHeadAndMethods(t *testing.T) {
	h := webHandler(webBuild(t))
	w := get(h, http.MethodHead, "/login", map[string]string{"Accept-Encoding": "br"})
	if w.Code != http.StatusOK || w.Body.Len() != 0 || w.Header().Get("Content-Encoding") != "br" {
		t.Errorf("HEAD /login: %d, %d bytes, encoding %q", w.Code, w.Body.Len(), w.Header().Get("Content-Encoding"))
	}
	w = get(h, http.MethodHead, "/nowhere", nil)
	if w.Code != http.StatusNotFound || w.Body.Len() != 0 {
		t.Errorf("HEAD /nowhere: %d, %d bytes", w.Code, w.Body.Len())
	}
	s := &Server{cfg: Config{WebDir: t.TempDir()}}
	if w := get(s.web(), http.MethodPost, "/login", nil); w.Code != http.StatusMethodNotAllowed {
		t.Errorf("POST /login: %d", w.Code)
	}
}

func TestWebMissingFiles(t *testing.T) {
	h := webHandler(webBuild(t))
	for _, path := range []string{
		"/_expo/static/js/web/entry-ffffffffffffffffffffffffffffffff.js", // a chunk of an older build
		"/assets/fonts/gone.0123456789abcdef.woff2",
		"/robots.txt",
		"/.env",
		"/_expo/.routes.json",
	} {
		t.Run(path, func(t *testing.T) {
			w := get(h, http.MethodGet, path, nil)
			if w.Code != http.StatusNotFound {
				t.Errorf("status %d, want 404", w.Code)
			}
			if strings.Contains(w.Body.String(), "<html") {
				t.Error("a missing file was answered with a page")
			}
		})
	}
}

func TestWebChangedFileIsReread(t *testing.T) {
	dir := webBuild(t)
	h := webHandler(dir)
	first := get(h, http.MethodGet, "/login", map[string]string{"Accept-Encoding": "br"})
	page := filepath.Join(dir, "login.html")
	if err := os.WriteFile(page, []byte("<!doctype html><p>"+strings.Repeat("ใหม่ ", 300)+"</p>"), 0o644); err != nil {
		t.Fatal(err)
	}
	future := mustStat(t, page).ModTime().Add(2e9)
	if err := os.Chtimes(page, future, future); err != nil {
		t.Fatal(err)
	}
	second := get(h, http.MethodGet, "/login", map[string]string{"Accept-Encoding": "br"})
	if first.Header().Get("ETag") == second.Header().Get("ETag") || !strings.Contains(decode(t, "br", second.Body.Bytes()), "ใหม่") {
		t.Error("a rebuilt page was served from the old cache")
	}
}

func TestWebInlineScriptsAllowedByHash(t *testing.T) {
	dir := webBuild(t)
	page := `<!doctype html><html><head><script type="module">globalThis.__EXPO_ROUTER_HYDRATE__=true;</script>` +
		`<script src="/_expo/static/js/web/entry.js" defer></script></head><body>login</body></html>`
	if err := os.WriteFile(filepath.Join(dir, "login.html"), []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", webCSP)
		webHandler(dir).ServeHTTP(w, r)
	})
	// sha256 of the inline script's text, base64: what a browser compares.
	const want = "script-src 'self' 'sha256-"
	csp := get(h, http.MethodGet, "/login", nil).Header().Get("Content-Security-Policy")
	if !strings.Contains(csp, want) || strings.Count(csp, "sha256-") != 1 {
		t.Errorf("page CSP %q does not allow its one inline script", csp)
	}
	sum := sha256.Sum256([]byte("globalThis.__EXPO_ROUTER_HYDRATE__=true;"))
	if !strings.Contains(csp, base64.StdEncoding.EncodeToString(sum[:])) {
		t.Errorf("page CSP %q has the wrong hash", csp)
	}
	if csp := get(h, http.MethodGet, "/user/home", nil).Header().Get("Content-Security-Policy"); csp != webCSP {
		t.Errorf("a page without inline scripts changed the CSP: %q", csp)
	}
}

func TestWebPageLanguage(t *testing.T) {
	h := webHandler(webBuild(t))
	cases := []struct {
		name, target string
		headers      map[string]string
		status       int
		want         string
	}{
		{"no language asked: the default", "/login", nil, 200, "เข้าสู่ระบบ"},
		{"the stored choice (cookie)", "/login", map[string]string{"Cookie": "i18next=EN"}, 200, "Log in"},
		{"Lao by cookie", "/login", map[string]string{"Cookie": "i18next=LA"}, 200, "ເຂົ້າສູ່ລະບົບ"},
		{"the cookie wins over Accept-Language", "/login", map[string]string{"Cookie": "i18next=LA", "Accept-Language": "en"}, 200, "ເຂົ້າສູ່ລະບົບ"},
		{"Accept-Language", "/login", map[string]string{"Accept-Language": "en-GB,en;q=0.9,th;q=0.5"}, 200, "Log in"},
		{"Lao's standard tag", "/login", map[string]string{"Accept-Language": "lo-LA"}, 200, "ເຂົ້າສູ່ລະບົບ"},
		{"?lang=", "/login?lang=en", nil, 200, "Log in"},
		{"the default language asked by name", "/login", map[string]string{"Cookie": "i18next=TH"}, 200, "เข้าสู่ระบบ"},
		{"an unknown cookie falls back to Accept-Language", "/login", map[string]string{"Cookie": "i18next=FR", "Accept-Language": "en"}, 200, "Log in"},
		{"an unknown language: the default", "/login", map[string]string{"Accept-Language": "fr-FR"}, 200, "เข้าสู่ระบบ"},
		{"a page without that language: the default's", "/user/home", map[string]string{"Cookie": "i18next=EN"}, 200, "home"},
		{"the 404 in the language", "/no/such/page", map[string]string{"Cookie": "i18next=EN"}, 404, "Page Not Found in English"},
		{"a language's page is no route of its own", "/_lang/en/login", nil, 404, "Page Not Found"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			w := get(h, http.MethodGet, tc.target, tc.headers)
			if w.Code != tc.status {
				t.Fatalf("status %d, want %d", w.Code, tc.status)
			}
			if body := w.Body.String(); !strings.Contains(body, "<div>"+tc.want+"</div>") {
				t.Errorf("body %.80q…, want the page of %q", body, tc.want)
			}
			if vary := strings.Join(w.Header().Values("Vary"), ", "); !strings.Contains(vary, "Cookie") || !strings.Contains(vary, "Accept-Language") {
				t.Errorf("Vary %q: a shared cache would serve one language to all", vary)
			}
		})
	}
}

func TestWebWithoutBuild(t *testing.T) {
	for name, dir := range map[string]string{"no directory configured": "", "directory without index.html": t.TempDir()} {
		t.Run(name, func(t *testing.T) {
			w := get(webHandler(dir), http.MethodGet, "/login", nil)
			if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), "Ngern is running") {
				t.Errorf("status %d, body %.60q", w.Code, w.Body.String())
			}
		})
	}
}

func TestPickEncoding(t *testing.T) {
	tests := []struct{ accept, want string }{
		{"", ""},
		{"identity", ""},
		{"gzip", "gzip"},
		{"br", "br"},
		{"gzip, br", "br"},
		{"BR;q=1.0, gzip", "br"},
		{"br;q=0, gzip", "gzip"},
		{"br;q=0.0, gzip;q=0", ""},
		{"*", "br"},
		{"*, br;q=0", "gzip"},
	}
	for _, tc := range tests {
		t.Run(tc.accept, func(t *testing.T) {
			if got := pickEncoding(tc.accept, true, true); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func mustStat(t *testing.T, p string) os.FileInfo {
	t.Helper()
	st, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

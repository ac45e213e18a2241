package howtovideos_test

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"

	"ngern/adapters/howtovideos"
	"ngern/core/settings"
)

// defaultVideos are the video links of the info lookup's defaults, by
// language.
func defaultVideos(t *testing.T) map[string]map[string]string {
	t.Helper()
	out := map[string]map[string]string{}
	for lang, doc := range settings.Defaults()[settings.KeyInfo].(map[string]any) {
		info := doc.(settings.Info)
		out[lang] = map[string]string{}
		for _, k := range settings.HowtoVideos() {
			v := info.HowtoVideos[k]
			if v == nil {
				t.Fatalf("%s %s: the default has no video", lang, k)
			}
			out[lang][k] = *v
		}
	}
	return out
}

func get(h http.Handler, method, target string, header map[string]string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, target, nil)
	for k, v := range header {
		r.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

// TestDefaultsAreServed: every default how-to video of every language is
// a bundled MP4 the handler serves whole, in ranges, to HEAD and from a
// cache; each is H.264 in an MP4 whose index comes first (faststart), so
// that a player starts before the whole file is in.
func TestDefaultsAreServed(t *testing.T) {
	h := howtovideos.Handler(settings.HowtoVideoPrefix)
	videos := defaultVideos(t)
	for _, lang := range settings.Langs {
		for _, k := range settings.HowtoVideos() {
			url := videos[lang][k]
			t.Run(lang+"/"+k, func(t *testing.T) {
				if url != settings.BundledHowtoVideo(lang, k) {
					t.Fatalf("default %q, want the bundled %q", url, settings.BundledHowtoVideo(lang, k))
				}
				whole := get(h, http.MethodGet, url, nil)
				if whole.Code != http.StatusOK {
					t.Fatalf("GET %s: %d", url, whole.Code)
				}
				body := whole.Body.Bytes()
				if ct := whole.Header().Get("Content-Type"); ct != "video/mp4" {
					t.Errorf("Content-Type %q", ct)
				}
				if cc := whole.Header().Get("Cache-Control"); cc != "public, max-age=86400" {
					t.Errorf("Cache-Control %q", cc)
				}
				if whole.Header().Get("Accept-Ranges") != "bytes" {
					t.Errorf("Accept-Ranges %q", whole.Header().Get("Accept-Ranges"))
				}
				if len(body) < 10_000 || len(body) > 600_000 {
					t.Errorf("%d bytes: a walkthrough is tens to a few hundred kB", len(body))
				}
				if !bytes.Equal(body[4:8], []byte("ftyp")) {
					t.Errorf("not an MP4: %q", body[:8])
				}
				moov, mdat := bytes.Index(body, []byte("moov")), bytes.Index(body, []byte("mdat"))
				if moov < 0 || mdat < 0 || moov > mdat {
					t.Errorf("moov at %d, mdat at %d: the index must come first (faststart)", moov, mdat)
				}
				if !bytes.Contains(body, []byte("avc1")) {
					t.Error("not H.264 (no avc1 sample entry)")
				}

				part := get(h, http.MethodGet, url, map[string]string{"Range": "bytes=100-199"})
				if part.Code != http.StatusPartialContent {
					t.Fatalf("range: %d", part.Code)
				}
				if cr := part.Header().Get("Content-Range"); cr != "bytes 100-199/"+strconv.Itoa(len(body)) {
					t.Errorf("Content-Range %q", cr)
				}
				if !bytes.Equal(part.Body.Bytes(), body[100:200]) {
					t.Error("the range's bytes differ from the file's")
				}

				head := get(h, http.MethodHead, url, nil)
				if head.Code != http.StatusOK || head.Body.Len() != 0 || head.Header().Get("Content-Length") != strconv.Itoa(len(body)) {
					t.Errorf("HEAD: %d, %d bytes, Content-Length %q", head.Code, head.Body.Len(), head.Header().Get("Content-Length"))
				}

				etag := whole.Header().Get("ETag")
				if cached := get(h, http.MethodGet, url, map[string]string{"If-None-Match": etag}); etag == "" || cached.Code != http.StatusNotModified {
					t.Errorf("If-None-Match %q: %d", etag, cached.Code)
				}
			})
		}
	}
}

// TestPostersAreServed: next to every default video is its poster, a small
// WebP the handler serves with the video's cache and revalidation, so the
// players show it before play.
func TestPostersAreServed(t *testing.T) {
	h := howtovideos.Handler(settings.HowtoVideoPrefix)
	videos := defaultVideos(t)
	for _, lang := range settings.Langs {
		for _, k := range settings.HowtoVideos() {
			poster := settings.HowtoPoster(videos[lang][k])
			t.Run(lang+"/"+k, func(t *testing.T) {
				if want := settings.HowtoVideoPrefix + lang + "/" + k + ".webp"; poster != want {
					t.Fatalf("poster %q, want %q", poster, want)
				}
				w := get(h, http.MethodGet, poster, nil)
				if w.Code != http.StatusOK {
					t.Fatalf("GET %s: %d", poster, w.Code)
				}
				body := w.Body.Bytes()
				if ct := w.Header().Get("Content-Type"); ct != "image/webp" {
					t.Errorf("Content-Type %q", ct)
				}
				if cc := w.Header().Get("Cache-Control"); cc != "public, max-age=86400" {
					t.Errorf("Cache-Control %q", cc)
				}
				if len(body) < 12 || !bytes.Equal(body[:4], []byte("RIFF")) || !bytes.Equal(body[8:12], []byte("WEBP")) {
					t.Fatalf("not a WebP: %q", body[:min(len(body), 12)])
				}
				if len(body) < 2_000 || len(body) > 40_000 {
					t.Errorf("%d bytes: a poster is a few tens of kB at most", len(body))
				}
				etag := w.Header().Get("ETag")
				if cached := get(h, http.MethodGet, poster, map[string]string{"If-None-Match": etag}); etag == "" || cached.Code != http.StatusNotModified {
					t.Errorf("If-None-Match %q: %d", etag, cached.Code)
				}
			})
		}
	}
}

func TestHowtoPoster(t *testing.T) {
	for _, tc := range []struct{ name, video, want string }{
		{"Bundled", settings.BundledHowtoVideo(settings.LangLA, "play"), settings.HowtoVideoPrefix + "la/play.webp"},
		{"OperatorsLink", "https://cdn.example/howto/play.mp4", ""},
		{"NotAnMP4", settings.HowtoVideoPrefix + "la/play.webm", ""},
		{"Empty", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := settings.HowtoPoster(tc.video); got != tc.want {
				t.Errorf("HowtoPoster(%q) = %q, want %q", tc.video, got, tc.want)
			}
		})
	}
}

func TestRefused(t *testing.T) {
	h := howtovideos.Handler(settings.HowtoVideoPrefix)
	wallet := settings.BundledHowtoVideo(settings.LangTH, "wallet")
	for _, tc := range []struct {
		name, method, target string
		want                 int
	}{
		{"ErrUnknownVideo", http.MethodGet, settings.HowtoVideoPrefix + "th/other.mp4", http.StatusNotFound},
		{"ErrUnknownLanguage", http.MethodGet, settings.HowtoVideoPrefix + "fr/wallet.mp4", http.StatusNotFound},
		{"ErrOutsideThePrefix", http.MethodGet, "/wallet.mp4", http.StatusNotFound},
		{"ErrTheFolder", http.MethodGet, settings.HowtoVideoPrefix + "th/", http.StatusNotFound},
		{"ErrUnknownPoster", http.MethodGet, settings.HowtoVideoPrefix + "th/other.webp", http.StatusNotFound},
		{"ErrOtherType", http.MethodGet, settings.HowtoVideoPrefix + "th/wallet.jpg", http.StatusNotFound},
		{"ErrPost", http.MethodPost, wallet, http.StatusMethodNotAllowed},
		{"OKGet", http.MethodGet, wallet, http.StatusOK},
		{"OKPoster", http.MethodGet, settings.HowtoPoster(wallet), http.StatusOK},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := get(h, tc.method, tc.target, nil).Code; got != tc.want {
				t.Errorf("%s %s: %d, want %d", tc.method, tc.target, got, tc.want)
			}
		})
	}
}

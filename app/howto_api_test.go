package app

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"ngern/adapters/sqlstore/storetest"
	"ngern/core/settings"
)

// TestHowtoVideosOutOfTheBox: a fresh install's info lookup names the
// bundled video of each language, and the server serves it as a browser's
// player asks for it: a byte range of an MP4, under a CSP that lets the
// app's own pages play media of this origin, and its poster.
func TestHowtoVideosOutOfTheBox(t *testing.T) {
	h := newHarness(t, storetest.Open(t, storetest.Dialects[0]), nil)
	for _, lang := range settings.Langs {
		t.Run(lang, func(t *testing.T) {
			r := h.call("GET", "/api/lookup/info?lang="+lang, "", nil)
			if r.Status != http.StatusOK {
				t.Fatalf("lookup: %d", r.Status)
			}
			videos, _ := r.Body["howtoVideos"].(map[string]any)
			for _, k := range settings.HowtoVideos() {
				url, _ := videos[k].(string)
				if url != settings.BundledHowtoVideo(lang, k) {
					t.Fatalf("%s: %q", k, url)
				}
				req, _ := http.NewRequest(http.MethodGet, h.srv.URL+url, nil)
				req.Header.Set("Range", "bytes=0-")
				resp, err := h.srv.Client().Do(req)
				if err != nil {
					t.Fatal(err)
				}
				b, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusPartialContent || resp.Header.Get("Content-Type") != "video/mp4" || len(b) == 0 {
					t.Fatalf("%s: %d %q, %d bytes", url, resp.StatusCode, resp.Header.Get("Content-Type"), len(b))
				}
				if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "media-src 'self'") {
					t.Errorf("CSP %q", csp)
				}
				// Its poster, next to it, is served too, under a CSP that lets the app show it.
				poster := settings.HowtoPoster(url)
				presp, err := h.srv.Client().Get(h.srv.URL + poster)
				if err != nil {
					t.Fatal(err)
				}
				pb, _ := io.ReadAll(presp.Body)
				presp.Body.Close()
				if presp.StatusCode != http.StatusOK || presp.Header.Get("Content-Type") != "image/webp" || len(pb) == 0 {
					t.Fatalf("%s: %d %q, %d bytes", poster, presp.StatusCode, presp.Header.Get("Content-Type"), len(pb))
				}
				if csp := presp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "img-src 'self'") {
					t.Errorf("poster CSP %q", csp)
				}
			}
		})
	}
}

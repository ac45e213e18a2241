// Package howtovideos serves the how-to videos bundled with the server:
// five short walkthroughs per language, recorded from the app itself
// (make howto-videos, e2e/howto/record.spec.ts) as H.264 MP4, embedded in
// the binary so that every install plays them out of the box, with or
// without a web build, on the web and in the native apps. The info
// lookup's defaults point at them (core/settings/howto.go); an operator's
// own links replace them.
package howtovideos

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"time"
)

//go:embed media
var media embed.FS

// Files are the bundled files: <lang>/<video>.mp4.
var Files, _ = fs.Sub(media, "media") // "media" is embedded: cannot fail

// cacheControl lets browsers and proxies keep a video for a day, then
// revalidate it by its ETag: the names carry no hash, and a new release
// may record them anew.
const cacheControl = "public, max-age=86400"

type video struct {
	body []byte
	etag string
}

// Handler serves the bundled videos under prefix (with its trailing
// slash): GET and HEAD, byte ranges (players seek and browsers ask for the
// index first), If-None-Match; anything else under prefix is a 404.
func Handler(prefix string) http.Handler {
	videos := map[string]video{}
	// The callback skips what it cannot read, so the walk never fails.
	_ = fs.WalkDir(Files, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path.Ext(p) != ".mp4" {
			return nil
		}
		body, err := fs.ReadFile(Files, p)
		if err != nil {
			return nil
		}
		sum := sha256.Sum256(body)
		videos[p] = video{body: body, etag: `"` + hex.EncodeToString(sum[:12]) + `"`}
		return nil
	})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		name, ok := strings.CutPrefix(r.URL.Path, prefix)
		v, found := videos[name]
		if !ok || !found {
			http.NotFound(w, r)
			return
		}
		h := w.Header()
		h.Set("Content-Type", "video/mp4")
		h.Set("Cache-Control", cacheControl)
		h.Set("ETag", v.etag)
		http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(v.body))
	})
}

// Package howtovideos serves the how-to videos bundled with the server:
// five short walkthroughs per language, recorded from the app itself
// (make howto-videos, e2e/howto/record.spec.ts) as H.264 MP4, embedded in
// the binary so that every install plays them out of the box, with or
// without a web build, on the web and in the native apps. The info
// lookup's defaults point at them (core/settings/howto.go); an operator's
// own links replace them. Next to each video is its poster, the video's
// first frame as WebP (e2e/howto/posters.sh), which the players show
// before play.
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

// Files are the bundled files: <lang>/<video>.mp4 and its poster
// <lang>/<video>.webp.
var Files, _ = fs.Sub(media, "media") // "media" is embedded: cannot fail

// contentTypes are the types of the files served, by extension: the
// videos and their posters.
var contentTypes = map[string]string{".mp4": "video/mp4", ".webp": "image/webp"}

// cacheControl lets browsers and proxies keep a file for a day, then
// revalidate it by its ETag: the names carry no hash, and a new release
// may record them anew.
const cacheControl = "public, max-age=86400"

type file struct {
	body        []byte
	etag        string
	contentType string
}

// Handler serves the bundled videos and their posters under prefix (with its trailing
// slash): GET and HEAD, byte ranges (players seek and browsers ask for the
// index first), If-None-Match; anything else under prefix is a 404.
func Handler(prefix string) http.Handler {
	files := map[string]file{}
	// The callback skips what it cannot read, so the walk never fails.
	_ = fs.WalkDir(Files, ".", func(p string, d fs.DirEntry, err error) error {
		contentType, served := contentTypes[path.Ext(p)]
		if err != nil || d.IsDir() || !served {
			return nil
		}
		body, err := fs.ReadFile(Files, p)
		if err != nil {
			return nil
		}
		sum := sha256.Sum256(body)
		files[p] = file{body: body, etag: `"` + hex.EncodeToString(sum[:12]) + `"`, contentType: contentType}
		return nil
	})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		name, ok := strings.CutPrefix(r.URL.Path, prefix)
		f, found := files[name]
		if !ok || !found {
			http.NotFound(w, r)
			return
		}
		h := w.Header()
		h.Set("Content-Type", f.contentType)
		h.Set("Cache-Control", cacheControl)
		h.Set("ETag", f.etag)
		http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(f.body))
	})
}

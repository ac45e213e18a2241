package httpapi

import (
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// noticePage is served when no web build is present.
const noticePage = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Ngern</title></head>
<body style="font-family:sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem">
<h1>Ngern is running</h1><p>The API answers under <code>/api</code>. The web app has not been built:
run <code>make build</code> (or set <code>NGERN_WEB_DIR</code> to an exported web app) and restart.</p></body></html>`

// web serves the exported web app. Files are served as they are; any other
// path gets index.html so that the app's routes work as deep links.
func (s *Server) web() http.Handler {
	dir := s.cfg.WebDir
	index := filepath.Join(dir, "index.html")
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		if dir == "" {
			s.notice(w)
			return
		}
		if _, err := os.Stat(index); err != nil {
			s.notice(w)
			return
		}
		clean := path.Clean("/" + r.URL.Path)
		file := filepath.Join(dir, filepath.FromSlash(clean))
		if st, err := os.Stat(file); err == nil && !st.IsDir() && !strings.Contains(clean, "/.") {
			if strings.HasPrefix(clean, "/_expo/") || strings.HasPrefix(clean, "/assets/") {
				// Exported bundles carry a content hash in their names.
				w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			}
			http.ServeFile(w, r, file)
			return
		}
		f, err := os.Open(index)
		if err != nil {
			s.notice(w)
			return
		}
		defer f.Close()
		st, err := f.Stat()
		if err != nil {
			s.notice(w)
			return
		}
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		http.ServeContent(w, r, "index.html", st.ModTime(), f)
	})
}

func (s *Server) notice(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	w.Write([]byte(noticePage))
}

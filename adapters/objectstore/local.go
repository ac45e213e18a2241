// Package objectstore implements objects.Store on a local folder (the
// embedded default) and on MinIO or any S3-compatible service.
package objectstore

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"ngern/core/errs"
	"ngern/core/objects"
)

// validKey keeps keys to generated names: no "..", no absolute paths.
var (
	validKey = regexp.MustCompile(`^[a-z0-9][a-z0-9/_.-]{0,200}$`)
	dotPart  = regexp.MustCompile(`(^|/)\.\.?(/|$)`)
)

func checkKey(key string) error {
	if !validKey.MatchString(key) || filepath.Clean(key) != key || dotPart.MatchString(key) {
		return fmt.Errorf("invalid object key %q", key)
	}
	return nil
}

// Local stores objects as files under a folder.
type Local struct{ Dir string }

var _ objects.Store = Local{}

// NewLocal returns a store under dir, creating it.
func NewLocal(dir string) (Local, error) {
	return Local{Dir: dir}, os.MkdirAll(dir, 0o750)
}

// Put writes the object through a temporary file so readers never see a
// partial object.
func (l Local) Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error {
	if err := checkKey(key); err != nil {
		return err
	}
	path := filepath.Join(l.Dir, filepath.FromSlash(key))
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".put-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	n, err := io.Copy(tmp, io.LimitReader(r, size+1))
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if n != size {
		return fmt.Errorf("object %s: got %d bytes, want %d", key, n, size)
	}
	return os.Rename(tmp.Name(), path)
}

// Get opens the object.
func (l Local) Get(ctx context.Context, key string) (io.ReadCloser, objects.Info, error) {
	if err := checkKey(key); err != nil {
		return nil, objects.Info{}, errs.New(errs.NotFoundCode)
	}
	f, err := os.Open(filepath.Join(l.Dir, filepath.FromSlash(key)))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, objects.Info{}, errs.New(errs.NotFoundCode)
	}
	if err != nil {
		return nil, objects.Info{}, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, objects.Info{}, err
	}
	ct := mime.TypeByExtension(filepath.Ext(key))
	if ct == "" {
		ct = "application/octet-stream"
	}
	return f, objects.Info{Key: key, Size: st.Size(), ContentType: ct, ModTime: st.ModTime()}, nil
}

// Delete removes the object.
func (l Local) Delete(ctx context.Context, key string) error {
	if err := checkKey(key); err != nil {
		return err
	}
	err := os.Remove(filepath.Join(l.Dir, filepath.FromSlash(key)))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

// DeleteAll removes the folder prefix names.
func (l Local) DeleteAll(ctx context.Context, prefix string) error {
	dir, ok := strings.CutSuffix(prefix, "/")
	if !ok {
		return fmt.Errorf("object prefix %q is not a folder", prefix)
	}
	if err := checkKey(dir); err != nil {
		return err
	}
	return os.RemoveAll(filepath.Join(l.Dir, filepath.FromSlash(dir)))
}

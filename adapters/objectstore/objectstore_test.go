package objectstore

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"testing"

	"ngern/adapters/objectstore/objectstoretest"
	"ngern/core/errs"
	"ngern/core/objects"
)

// conformance is what every objects.Store must do.
func conformance(t *testing.T, s objects.Store) {
	ctx := context.Background()
	data := []byte("\x89PNG fake image bytes")
	t.Run("PutGet", func(t *testing.T) {
		if err := s.Put(ctx, "slips/2026/ab12.png", bytes.NewReader(data), int64(len(data)), "image/png"); err != nil {
			t.Fatal(err)
		}
		rc, info, err := s.Get(ctx, "slips/2026/ab12.png")
		if err != nil {
			t.Fatal(err)
		}
		defer rc.Close()
		got, _ := io.ReadAll(rc)
		if !bytes.Equal(got, data) || info.Size != int64(len(data)) || info.ContentType != "image/png" {
			t.Fatalf("got %q %+v", got, info)
		}
	})
	t.Run("ErrNotFound", func(t *testing.T) {
		if _, _, err := s.Get(ctx, "slips/missing.png"); !errs.HasCode(err, errs.NotFoundCode) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("ErrBadKey", func(t *testing.T) {
		for _, key := range []string{"../etc/passwd", "/abs", "a/../../b", ".hidden", "A/Upper"} {
			if err := s.Put(ctx, key, bytes.NewReader(data), int64(len(data)), "image/png"); err == nil {
				t.Errorf("key %q accepted", key)
			}
		}
	})
	t.Run("Delete", func(t *testing.T) {
		if err := s.Delete(ctx, "slips/2026/ab12.png"); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.Get(ctx, "slips/2026/ab12.png"); !errs.HasCode(err, errs.NotFoundCode) {
			t.Fatalf("after delete: %v", err)
		}
		if err := s.Delete(ctx, "slips/2026/ab12.png"); err != nil {
			t.Fatalf("second delete: %v", err)
		}
	})
	t.Run("DeleteAll", func(t *testing.T) {
		keys := []string{"chat/ngern-g1/a.png", "chat/ngern-g1/b.mp4", "chat/ngern-g1/c/d.png", "chat/ngern-g10/e.png", "chat/ngern-g2/f.png"}
		for _, k := range keys {
			if err := s.Put(ctx, k, bytes.NewReader(data), int64(len(data)), "image/png"); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.DeleteAll(ctx, "chat/ngern-g1/"); err != nil {
			t.Fatal(err)
		}
		for i, k := range keys {
			_, _, err := s.Get(ctx, k)
			if gone := errs.HasCode(err, errs.NotFoundCode); gone != (i < 3) {
				t.Errorf("%s: gone %v (%v)", k, gone, err)
			}
		}
		if err := s.DeleteAll(ctx, "chat/ngern-g1/"); err != nil {
			t.Fatalf("second DeleteAll: %v", err)
		}
		for _, prefix := range []string{"chat/ngern-g2", "../chat/", "/chat/", "chat/../"} {
			if err := s.DeleteAll(ctx, prefix); err == nil {
				t.Errorf("prefix %q accepted", prefix)
			}
		}
		if _, _, err := s.Get(ctx, "chat/ngern-g2/f.png"); err != nil {
			t.Fatalf("another folder's object: %v", err)
		}
	})
}

func TestLocal(t *testing.T) {
	s, err := NewLocal(filepath.Join(t.TempDir(), "objects"))
	if err != nil {
		t.Fatal(err)
	}
	conformance(t, s)
}

func TestMinIO(t *testing.T) {
	endpoint := objectstoretest.StartMinIO(t)
	s, err := NewMinIO(context.Background(), MinIOConfig{Endpoint: endpoint, AccessKey: "ngerntest", SecretKey: "ngerntest-secret", Bucket: "ngern-test"})
	if err != nil {
		t.Fatal(err)
	}
	conformance(t, s)
}

package promo_test

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"io"
	"strings"
	"sync"
	"testing"

	"ngern/core/errs"
	"ngern/core/objects"
	"ngern/core/promo"
)

// memObjects is an in-memory objects.Store.
type memObjects struct {
	mu    sync.Mutex
	files map[string][]byte
	types map[string]string
}

func (m *memObjects) Put(_ context.Context, key string, r io.Reader, _ int64, ct string) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.files[key], m.types[key] = b, ct
	return nil
}

func (m *memObjects) Get(_ context.Context, key string) (io.ReadCloser, objects.Info, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	b, ok := m.files[key]
	if !ok {
		return nil, objects.Info{}, errs.New(errs.NotFoundCode)
	}
	return io.NopCloser(bytes.NewReader(b)), objects.Info{Key: key, Size: int64(len(b)), ContentType: m.types[key]}, nil
}

func (m *memObjects) Delete(_ context.Context, key string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.files, key)
	return nil
}

func (m *memObjects) DeleteAll(_ context.Context, prefix string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	for k := range m.files {
		if strings.HasPrefix(k, prefix) {
			delete(m.files, k)
		}
	}
	return nil
}

func pngOf(t *testing.T, w, h int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestBanners(t *testing.T) {
	ctx := context.Background()
	store := &memObjects{files: map[string][]byte{}, types: map[string]string{}}
	n := 0
	svc := promo.NewService(promo.Deps{Store: newMemStore(), Objects: store, IDs: func() string { n++; return strings.Repeat("a", 10) + string(rune('a'+n)) }})
	for _, tc := range []struct {
		name string
		data []byte
		want errs.Code
	}{
		{"svg (could run script)", []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`), errs.InvalidRequest},
		{"text", []byte("hello"), errs.InvalidRequest},
		{"too wide", pngOf(t, 5000, 1), errs.InvalidRequest},
		{"too large", append(pngOf(t, 10, 10), make([]byte, promo.MaxBannerBytes)...), errs.PayloadTooLarge},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := svc.UploadBanner(ctx, tc.data); !errs.HasCode(err, tc.want) {
				t.Fatalf("err = %v, want %s", err, tc.want)
			}
		})
	}
	if len(store.files) != 0 {
		t.Fatal("a refused picture was stored")
	}
	pic := pngOf(t, 640, 360)
	name, err := svc.UploadBanner(ctx, pic)
	if err != nil || !strings.HasSuffix(name, ".png") {
		t.Fatalf("%q %v", name, err)
	}
	rc, info, err := svc.Banner(ctx, name)
	if err != nil || info.ContentType != "image/png" {
		t.Fatalf("%+v %v", info, err)
	}
	got, _ := io.ReadAll(rc)
	rc.Close()
	if !bytes.Equal(got, pic) || promo.BannerPath(name) != "/api/promo/banners/"+name {
		t.Fatal("round trip")
	}
	for _, bad := range []string{"../secret.key", "b-x.png", "b-aaaaaaaaaaz.svg", "b-aaaaaaaaaaz.png"} {
		if _, _, err := svc.Banner(ctx, bad); !errs.HasCode(err, errs.NotFoundCode) {
			t.Fatalf("%s: %v", bad, err)
		}
	}
}

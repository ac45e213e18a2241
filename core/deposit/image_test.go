package deposit

import (
	"bytes"
	"context"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/jpeg"
	"image/png"
	"os"
	"testing"
	"time"

	"ngern/core/errs"
	"ngern/core/limits"
)

func pngOf(w, h int) []byte {
	var buf bytes.Buffer
	png.Encode(&buf, image.NewGray(image.Rect(0, 0, w, h)))
	return buf.Bytes()
}

// bomb is a valid PNG header claiming w × h pixels.
func bomb(w, h uint32) []byte {
	b := pngOf(1, 1)
	binary.BigEndian.PutUint32(b[16:], w)
	binary.BigEndian.PutUint32(b[20:], h)
	binary.BigEndian.PutUint32(b[29:], crc32.ChecksumIEEE(b[12:29]))
	return b
}

func TestCheckImage(t *testing.T) {
	var jpg bytes.Buffer
	jpeg.Encode(&jpg, image.NewGray(image.Rect(0, 0, 20, 20)), nil)
	webp, err := os.ReadFile("testdata/tiny.webp")
	if err != nil {
		t.Fatal(err)
	}
	gif := []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;")
	for _, c := range []struct {
		name string
		data []byte
		max  int
		ext  string
		err  errs.Code
	}{
		{"PNG", pngOf(30, 40), 0, "png", ""},
		{"JPEG", jpg.Bytes(), 0, "jpg", ""},
		{"WebP", webp, 0, "webp", ""},
		{"Empty", nil, 0, "", errs.SlipNoFile},
		{"GIF", gif, 0, "", errs.SlipInvalidFile},
		{"HTMLNamedPNG", []byte("<html><script>alert(1)</script></html>"), 0, "", errs.SlipInvalidFile},
		{"TruncatedPNG", pngOf(30, 40)[:20], 0, "", errs.SlipInvalidFile},
		{"OverTheSettingsSize", pngOf(30, 40), 10, "", errs.SlipInvalidFile},
		{"DecodeBomb", bomb(60000, 60000), 0, "", errs.SlipInvalidFile},
		// The finding: 5000 × 5000 (84 KB) took 6–8 s to scan.
		{"ErrFiveThousandSquared", bomb(5000, 5000), 0, "", errs.SlipInvalidFile},
		{"FourKScreenshot", bomb(2160, 3840), 0, "png", ""},
		{"AtThePixelLimit", bomb(2000, limits.SlipPixels/2000), 0, "png", ""},
		{"ErrOnePixelRowOver", bomb(2000, limits.SlipPixels/2000+1), 0, "", errs.SlipInvalidFile},
	} {
		t.Run(c.name, func(t *testing.T) {
			up, err := CheckImage(c.data, c.max)
			if c.err != "" {
				if !errs.HasCode(err, c.err) {
					t.Fatalf("%v, want %s", err, c.err)
				}
				return
			}
			if err != nil || up.Ext != c.ext || up.ContentType == "" {
				t.Fatalf("%+v %v", up.Ext, err)
			}
		})
	}
}

// TestSlipGate: SlipDecoders slips are read at once and SlipQueue wait;
// one more, or one that waits too long, is answered IMAGE_BUSY with a
// Retry-After, and a place given back is taken again.
func TestSlipGate(t *testing.T) {
	busy := func(t *testing.T, err error) {
		t.Helper()
		e := errs.As(err)
		if e == nil || e.Code != errs.ImageBusy || e.RetryAfter <= 0 {
			t.Fatalf("%v, want IMAGE_BUSY with a Retry-After", err)
		}
	}
	t.Run("ErrQueueFull", func(t *testing.T) {
		g := newSlipGate(2, 3, time.Minute)
		ctx := context.Background()
		r1, err1 := g.enter(ctx)
		r2, err2 := g.enter(ctx)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		entered := make(chan func(), 3)
		for i := 0; i < 3; i++ {
			go func() {
				r, err := g.enter(ctx)
				if err == nil {
					entered <- r
				}
			}()
		}
		for len(g.wait) < 3 {
			time.Sleep(time.Millisecond)
		}
		_, err := g.enter(ctx)
		busy(t, err)
		r1()
		r2()
		for i := 0; i < 3; i++ {
			(<-entered)()
		}
	})
	t.Run("ErrWaitedTooLong", func(t *testing.T) {
		g := newSlipGate(1, 3, 50*time.Millisecond)
		r, err := g.enter(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		_, err = g.enter(context.Background())
		busy(t, err)
		if time.Since(start) > time.Second {
			t.Fatalf("waited %v", time.Since(start))
		}
		r()
		r, err = g.enter(context.Background())
		if err != nil {
			t.Fatal("a place given back is not taken again:", err)
		}
		r()
	})
}

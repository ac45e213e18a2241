package deposit

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/jpeg"
	"image/png"
	"os"
	"testing"

	"ngern/core/errs"
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
		{"JustUnderThePixelLimit", bomb(5000, 5000), 0, "png", ""},
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

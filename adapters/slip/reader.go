// Package slip holds the adapters of bank-transfer slips: the mini-QR
// reader (gozxing), the renderer of slip images, the simulated bank, the
// SlipOK verification service's client and the manual-only verifier.
package slip

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/draw"
	_ "image/jpeg"
	_ "image/png"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"
	xdraw "golang.org/x/image/draw"
	_ "golang.org/x/image/webp"

	"ngern/core/deposit"
)

// Reader reads slip mini-QRs with gozxing. It tries the whole image first,
// then the lower half (where Thai e-slips print the QR) and its quarters,
// upscaled, since the QR is small on a tall slip; every attempt uses
// TRY_HARDER. At most Concurrency images are decoded at once (a decoded
// image takes width × height × 4 bytes).
type Reader struct {
	sem chan struct{}
}

// NewReader returns a reader decoding at most concurrency images at once
// (0: 2).
func NewReader(concurrency int) *Reader {
	if concurrency <= 0 {
		concurrency = 2
	}
	return &Reader{sem: make(chan struct{}, concurrency)}
}

var _ deposit.SlipReader = (*Reader)(nil)

// Read implements deposit.SlipReader.
func (r *Reader) Read(ctx context.Context, data []byte) (string, error) {
	select {
	case r.sem <- struct{}{}:
		defer func() { <-r.sem }()
	case <-ctx.Done():
		return "", ctx.Err()
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return "", fmt.Errorf("slip image: %v: %w", err, deposit.ErrUnreadable)
	}
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	tries := []image.Rectangle{
		b,
		image.Rect(b.Min.X, b.Min.Y+h/2, b.Max.X, b.Max.Y),         // lower half
		image.Rect(b.Min.X+w/2, b.Min.Y+h/2, b.Max.X, b.Max.Y),     // lower right
		image.Rect(b.Min.X, b.Min.Y+h/2, b.Min.X+w/2, b.Max.Y),     // lower left
		image.Rect(b.Min.X+w/4, b.Min.Y+h/2, b.Max.X-w/4, b.Max.Y), // lower middle
		image.Rect(b.Min.X, b.Min.Y+h/3, b.Max.X, b.Min.Y+h*5/6),   // middle band
	}
	for i, rect := range tries {
		if err := ctx.Err(); err != nil {
			return "", err
		}
		sub := crop(img, rect)
		if text, ok := decode(sub); ok {
			return text, nil
		}
		if i == 0 {
			continue
		}
		// Small QRs read better upscaled; large crops read better smaller.
		for _, target := range []int{1200, 800} {
			if text, ok := decode(resize(sub, target)); ok {
				return text, nil
			}
		}
	}
	return "", deposit.ErrUnreadable
}

var qrHints = map[gozxing.DecodeHintType]interface{}{
	gozxing.DecodeHintType_TRY_HARDER:       true,
	gozxing.DecodeHintType_POSSIBLE_FORMATS: []gozxing.BarcodeFormat{gozxing.BarcodeFormat_QR_CODE},
	gozxing.DecodeHintType_ALSO_INVERTED:    true,
}

func decode(img image.Image) (string, bool) {
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		return "", false
	}
	res, err := qrcode.NewQRCodeReader().Decode(bmp, qrHints)
	if err != nil {
		return "", false
	}
	return res.GetText(), true
}

func crop(img image.Image, r image.Rectangle) image.Image {
	r = r.Intersect(img.Bounds())
	if s, ok := img.(interface {
		SubImage(image.Rectangle) image.Image
	}); ok {
		return s.SubImage(r)
	}
	out := image.NewRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
	draw.Draw(out, out.Bounds(), img, r.Min, draw.Src)
	return out
}

// resize scales img so that its longer side is target pixels.
func resize(img image.Image, target int) image.Image {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w == 0 || h == 0 {
		return img
	}
	scale := float64(target) / float64(max(w, h))
	nw, nh := max(1, int(float64(w)*scale)), max(1, int(float64(h)*scale))
	out := image.NewGray(image.Rect(0, 0, nw, nh))
	xdraw.CatmullRom.Scale(out, out.Bounds(), img, b, xdraw.Src, nil)
	return out
}

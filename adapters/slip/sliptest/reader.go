package sliptest

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"image/png"
	"math"
	"testing"

	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/math/f64"

	"ngern/core/deposit"
)

// RunReader checks the contract of deposit.SlipReader on slips drawn by
// render (a slip image whose mini-QR holds payload): read as PNG, as JPEG
// at quality 60, scaled down and up, rotated 90° and tilted 4°; a tampered
// payload is read as it is and refused by the CRC; an image without a QR
// and bytes that are no image answer ErrUnreadable.
func RunReader(t *testing.T, r deposit.SlipReader, render func(t *testing.T, payload string) image.Image) {
	ctx := context.Background()
	good := deposit.BuildSlipQR("004", "016330123456ABC01234")
	slip := render(t, good)
	for _, c := range []struct {
		name string
		data []byte
	}{
		{"PNG", encodePNG(t, slip)},
		{"JPEGQuality60", encodeJPEG(t, slip, 60)},
		{"ScaledDown", encodePNG(t, scale(slip, 0.6))},
		{"ScaledUp", encodeJPEG(t, scale(slip, 1.8), 80)},
		{"Rotated90", encodePNG(t, rotate90(slip))},
		{"Tilted4Degrees", encodeJPEG(t, tilt(slip, 4), 85)},
	} {
		t.Run(c.name, func(t *testing.T) {
			text, err := r.Read(ctx, c.data)
			if err != nil || text != good {
				t.Fatalf("%q %v", text, err)
			}
			if _, err := deposit.ParseSlipQR(text); err != nil {
				t.Fatal(err)
			}
		})
	}
	t.Run("TamperedPayloadFailsTheCRC", func(t *testing.T) {
		tampered := good[:20] + "9" + good[21:]
		text, err := r.Read(ctx, encodePNG(t, render(t, tampered)))
		if err != nil || text != tampered {
			t.Fatalf("%q %v", text, err)
		}
		if _, err := deposit.ParseSlipQR(text); err == nil {
			t.Fatal("a tampered payload passed the CRC")
		}
	})
	t.Run("NoQR", func(t *testing.T) {
		blank := image.NewRGBA(image.Rect(0, 0, 400, 700))
		draw.Draw(blank, blank.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
		if _, err := r.Read(ctx, encodePNG(t, blank)); !errors.Is(err, deposit.ErrUnreadable) {
			t.Fatal(err)
		}
	})
	t.Run("NotAnImage", func(t *testing.T) {
		if _, err := r.Read(ctx, []byte("hello")); !errors.Is(err, deposit.ErrUnreadable) {
			t.Fatal(err)
		}
	})
}

func encodePNG(t *testing.T, img image.Image) []byte {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func encodeJPEG(t *testing.T, img image.Image, q int) []byte {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: q}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func scale(img image.Image, f float64) image.Image {
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, int(float64(b.Dx())*f), int(float64(b.Dy())*f)))
	xdraw.ApproxBiLinear.Scale(out, out.Bounds(), img, b, xdraw.Src, nil)
	return out
}

func rotate90(img image.Image) image.Image {
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dy(), b.Dx()))
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			out.Set(b.Max.Y-1-y, x-b.Min.X, img.At(x, y))
		}
	}
	return out
}

// tilt rotates img by deg degrees about its centre on a white page, as a
// photo of a slip held slightly askew.
func tilt(img image.Image, deg float64) image.Image {
	b := img.Bounds()
	out := image.NewRGBA(b)
	draw.Draw(out, b, image.NewUniform(color.White), image.Point{}, draw.Src)
	r := deg * math.Pi / 180
	c, s := math.Cos(r), math.Sin(r)
	cx, cy := float64(b.Dx())/2, float64(b.Dy())/2
	m := f64.Aff3{c, -s, cx - c*cx + s*cy, s, c, cy - s*cx - c*cy}
	xdraw.BiLinear.Transform(out, m, img, b, xdraw.Over, nil)
	return out
}

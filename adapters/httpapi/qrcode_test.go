package httpapi

import (
	"fmt"
	"image"
	"image/color"
	"regexp"
	"strconv"
	"testing"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"

	"ngern/core/deposit"
)

// TestQRSVG draws the SVG's modules back into an image and reads it with
// an independent QR decoder.
func TestQRSVG(t *testing.T) {
	pp, err := deposit.PromptPayPayload("0812345678", 10037, true)
	if err != nil {
		t.Fatal(err)
	}
	for _, payload := range []string{pp, "/sim/gateway/WW/pay/WW-959BCDABD053AB36"} {
		t.Run(payload[:10], func(t *testing.T) {
			svg, err := QRSVG(payload)
			if err != nil {
				t.Fatal(err)
			}
			size := regexp.MustCompile(`viewBox="0 0 (\d+) (\d+)"`).FindStringSubmatch(svg)
			if size == nil {
				t.Fatal("no viewBox")
			}
			n, _ := strconv.Atoi(size[1])
			const scale = 6
			img := image.NewGray(image.Rect(0, 0, n*scale, n*scale))
			for i := range img.Pix {
				img.Pix[i] = 255
			}
			for _, m := range regexp.MustCompile(`M(\d+) (\d+)h(\d+)v1h-\d+z`).FindAllStringSubmatch(svg, -1) {
				x, _ := strconv.Atoi(m[1])
				y, _ := strconv.Atoi(m[2])
				w, _ := strconv.Atoi(m[3])
				for dx := 0; dx < w*scale; dx++ {
					for dy := 0; dy < scale; dy++ {
						img.SetGray(x*scale+dx, y*scale+dy, color.Gray{})
					}
				}
			}
			bmp, err := gozxing.NewBinaryBitmapFromImage(img)
			if err != nil {
				t.Fatal(err)
			}
			res, err := qrcode.NewQRCodeReader().Decode(bmp, nil)
			if err != nil {
				t.Fatal(fmt.Errorf("decode: %w", err))
			}
			if res.GetText() != payload {
				t.Fatalf("read %q, want %q", res.GetText(), payload)
			}
		})
	}
}

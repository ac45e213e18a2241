package slip

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"sync"
	"time"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"ngern/core/deposit"
	"ngern/core/money"
)

// SlipImage is what a rendered slip shows.
type SlipImage struct {
	BankCode      string // ours: KBANK, SCB, ...
	BOTCode       string // the sending bank's three-digit code, in the QR
	TransRef      string
	Amount        money.Satang
	From, To      deposit.Party // account numbers are masked as banks do
	TransferredAt time.Time
	// Payload overrides the QR text (tests write a tampered one); empty:
	// deposit.BuildSlipQR(BOTCode, TransRef).
	Payload string
}

// bankColours are the banks' brand colours on their e-slips.
var bankColours = map[string]color.RGBA{
	"KBANK": {0x13, 0x8f, 0x2d, 0xff},
	"SCB":   {0x4e, 0x2a, 0x84, 0xff},
	"BBL":   {0x1e, 0x40, 0x98, 0xff},
	"KTB":   {0x00, 0xa6, 0xe6, 0xff},
	"BAY":   {0xfe, 0xc4, 0x3b, 0xff},
	"TMB":   {0x00, 0x4c, 0x97, 0xff},
	"GSB":   {0xeb, 0x19, 0x8d, 0xff},
}

// faceSpecs are the type faces a slip is drawn with.
var faceSpecs = []struct {
	name string
	ttf  []byte
	size float64
}{{"title", gobold.TTF, 34}, {"amount", gobold.TTF, 56}, {"label", goregular.TTF, 24}, {"text", gobold.TTF, 28}}

var (
	fontsOnce sync.Once
	fonts     map[string]*opentype.Font
)

// newFaces makes the faces of one render. A font.Face keeps a glyph buffer
// and is not safe for concurrent use, so renders never share one; the parsed
// fonts they come from are read-only and parsed once.
func newFaces() map[string]font.Face {
	fontsOnce.Do(func() {
		fonts = map[string]*opentype.Font{}
		for _, f := range faceSpecs {
			parsed, err := opentype.Parse(f.ttf)
			if err != nil {
				panic(err)
			}
			fonts[f.name] = parsed
		}
	})
	faces := make(map[string]font.Face, len(faceSpecs))
	for _, f := range faceSpecs {
		fc, err := opentype.NewFace(fonts[f.name], &opentype.FaceOptions{Size: f.size, DPI: 72, Hinting: font.HintingFull})
		if err != nil {
			panic(err)
		}
		faces[f.name] = fc
	}
	return faces
}

// MaskAccount shows an account number as Thai e-slips do: xxx-x-x1234-x.
func MaskAccount(no string) string {
	if len(no) != 10 {
		if len(no) <= 4 {
			return no
		}
		return "xxxxxx" + no[len(no)-4:]
	}
	return "xxx-x-x" + no[5:9] + "-x"
}

// Render draws a slip as a PNG: the bank's colour band, the amount, both
// parties, the time, the reference and, in the lower part, the mini-QR.
func Render(s SlipImage) ([]byte, error) {
	const w, h = 720, 1280
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	band, ok := bankColours[s.BankCode]
	if !ok {
		band = color.RGBA{0x33, 0x33, 0x33, 0xff}
	}
	draw.Draw(img, image.Rect(0, 0, w, 150), image.NewUniform(band), image.Point{}, draw.Src)
	ink := color.RGBA{0x22, 0x22, 0x22, 0xff}
	grey := color.RGBA{0x77, 0x77, 0x77, 0xff}
	faces := newFaces()
	text := func(dst draw.Image, faceName string, c color.Color, x, y int, s string) {
		d := font.Drawer{Dst: dst, Src: image.NewUniform(c), Face: faces[faceName], Dot: fixed.P(x, y)}
		d.DrawString(s)
	}
	text(img, "title", color.White, 40, 70, s.BankCode)
	text(img, "label", color.White, 40, 115, "Transfer completed")
	at := s.TransferredAt.In(deposit.Zone)
	text(img, "label", grey, 40, 210, at.Format("02 Jan 2006 15:04:05"))
	y := 290
	for _, p := range []struct {
		label string
		party deposit.Party
	}{{"From", s.From}, {"To", s.To}} {
		text(img, "label", grey, 40, y, p.label)
		text(img, "text", ink, 40, y+40, p.party.Name)
		text(img, "label", ink, 40, y+80, p.party.BankCode+"  "+p.party.AccountNo)
		y += 150
	}
	text(img, "label", grey, 40, y, "Amount (THB)")
	text(img, "amount", ink, 40, y+70, s.Amount.String())
	text(img, "label", grey, 40, y+130, "Ref: "+s.TransRef)
	payload := s.Payload
	if payload == "" {
		payload = deposit.BuildSlipQR(s.BOTCode, s.TransRef)
	}
	qr, err := qrcode.NewQRCodeWriter().Encode(payload, gozxing.BarcodeFormat_QR_CODE, 220, 220,
		map[gozxing.EncodeHintType]interface{}{gozxing.EncodeHintType_MARGIN: 2})
	if err != nil {
		return nil, fmt.Errorf("slip qr: %w", err)
	}
	draw.Draw(img, image.Rect(w-260, h-300, w-40, h-80), qr, image.Point{}, draw.Src)
	text(img, "label", grey, w-260, h-40, "Verify slip")
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

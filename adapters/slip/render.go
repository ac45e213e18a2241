package slip

import (
	"bytes"
	_ "embed" // the Thai faces
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"strings"
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
	"ngern/core/limits"
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
	// Lang is the language the slip is printed in: "th" (Thai labels, a
	// Buddhist-era date as "27 พ.ย. 69 14:05 น.", amounts in บาท) or
	// anything else for English.
	Lang string
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

// The Thai faces: Arundina Sans (fonts/LICENSE: the Bitstream Vera
// licence, which allows bundling the fonts with software), which has Latin
// and Thai glyphs; the Go fonts have no Thai.
var (
	//go:embed fonts/ArundinaSans.ttf
	arundina []byte
	//go:embed fonts/ArundinaSans-Bold.ttf
	arundinaBold []byte
)

// faceSpec is one type face a slip is drawn with.
type faceSpec struct {
	name string
	ttf  []byte
	size float64
}

// faceSpecs are the faces of a slip per script: English slips in the Go
// fonts, Thai ones in Arundina Sans.
var faceSpecs = map[string][]faceSpec{
	"en": {{"title", gobold.TTF, 34}, {"amount", gobold.TTF, 56}, {"label", goregular.TTF, 24}, {"text", gobold.TTF, 28}},
	"th": {{"title", arundinaBold, 34}, {"amount", arundinaBold, 56}, {"label", arundina, 26}, {"text", arundinaBold, 28}},
}

var (
	fontsOnce sync.Once
	fonts     map[string]*opentype.Font // by language and face name
)

// newFaces makes the faces of one render. A font.Face keeps a glyph buffer
// and is not safe for concurrent use, so renders never share one; the parsed
// fonts they come from are read-only and parsed once.
func newFaces(lang string) map[string]font.Face {
	fontsOnce.Do(func() {
		fonts = map[string]*opentype.Font{}
		for l, specs := range faceSpecs {
			for _, f := range specs {
				parsed, err := opentype.Parse(f.ttf)
				if err != nil {
					panic(err)
				}
				fonts[l+"/"+f.name] = parsed
			}
		}
	})
	faces := make(map[string]font.Face, len(faceSpecs[lang]))
	for _, f := range faceSpecs[lang] {
		fc, err := opentype.NewFace(fonts[lang+"/"+f.name], &opentype.FaceOptions{Size: f.size, DPI: 72, Hinting: font.HintingFull})
		if err != nil {
			panic(err)
		}
		faces[f.name] = fc
	}
	return faces
}

// slipTexts are a slip's printed labels per language.
type slipTexts struct {
	done, from, to, amount, ref, verify string
	date                                func(time.Time) string
	money                               func(money.Satang) string
}

// thaiMonths are the abbreviations Thai e-slips print.
var thaiMonths = [...]string{"ม.ค.", "ก.พ.", "มี.ค.", "เม.ย.", "พ.ค.", "มิ.ย.", "ก.ค.", "ส.ค.", "ก.ย.", "ต.ค.", "พ.ย.", "ธ.ค."}

var texts = map[string]slipTexts{
	"en": {done: "Transfer completed", from: "From", to: "To", amount: "Amount (THB)", ref: "Ref: ", verify: "Verify slip",
		date:  func(t time.Time) string { return t.Format("02 Jan 2006 15:04:05") },
		money: func(m money.Satang) string { return groupThousands(m.String()) }},
	"th": {done: "โอนเงินสำเร็จ", from: "จาก", to: "ไปยัง", amount: "จำนวนเงิน", ref: "เลขที่รายการ: ", verify: "สแกนตรวจสอบสลิป",
		date: func(t time.Time) string {
			return fmt.Sprintf("%d %s %02d %s น.", t.Day(), thaiMonths[t.Month()-1], (t.Year()+543)%100, t.Format("15:04"))
		},
		money: func(m money.Satang) string { return groupThousands(m.String()) + " บาท" }},
}

// groupThousands writes "1234567.50" as "1,234,567.50", as slips print.
func groupThousands(s string) string {
	whole, frac, _ := strings.Cut(s, ".")
	var b strings.Builder
	for i, c := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String() + "." + frac
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
	lang := "en"
	if s.Lang == "th" {
		lang = "th"
	}
	tx := texts[lang]
	faces := newFaces(lang)
	text := func(dst draw.Image, faceName string, c color.Color, x, y int, s string) {
		d := font.Drawer{Dst: dst, Src: image.NewUniform(c), Face: faces[faceName], Dot: fixed.P(x, y)}
		d.DrawString(s)
	}
	text(img, "title", color.White, 40, 70, s.BankCode)
	text(img, "label", color.White, 40, 115, tx.done)
	text(img, "label", grey, 40, 210, tx.date(s.TransferredAt.In(limits.Zone)))
	y := 290
	for _, p := range []struct {
		label string
		party deposit.Party
	}{{tx.from, s.From}, {tx.to, s.To}} {
		text(img, "label", grey, 40, y, p.label)
		text(img, "text", ink, 40, y+40, p.party.Name)
		text(img, "label", ink, 40, y+80, p.party.BankCode+"  "+p.party.AccountNo)
		y += 150
	}
	text(img, "label", grey, 40, y, tx.amount)
	text(img, "amount", ink, 40, y+70, tx.money(s.Amount))
	text(img, "label", grey, 40, y+130, tx.ref+s.TransRef)
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
	text(img, "label", grey, w-260, h-40, tx.verify)
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

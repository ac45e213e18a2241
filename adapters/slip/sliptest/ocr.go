package sliptest

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"testing"
	"time"

	"ngern/core/deposit"
	"ngern/core/money"
)

// OCRSlip is a slip image and what it prints.
type OCRSlip struct {
	Name   string
	Image  []byte
	Amount money.Satang
	At     time.Time // to the minute
}

// RunOCR checks the contract of deposit.SlipOCR: each slip (give at least
// one printed in Thai and one in English) is read with its amount and its
// date and time found and right, and never a wrong amount; a blank page and
// bytes that are no image answer ErrNoText; a cancelled call answers an
// error, never a reading.
func RunOCR(t *testing.T, o deposit.SlipOCR, slips []OCRSlip) {
	ctx := context.Background()
	for _, s := range slips {
		t.Run(s.Name, func(t *testing.T) {
			r, err := o.ReadSlip(ctx, s.Image)
			if err != nil {
				t.Fatal(err)
			}
			if !r.Found.Amount || r.Amount != s.Amount {
				t.Fatalf("amount %s (found %v), printed %s", r.Amount, r.Found.Amount, s.Amount)
			}
			if r.At == nil || !r.Found.Time || !r.At.Equal(s.At) {
				t.Fatalf("time %v (found %v), printed %v", r.At, r.Found.Time, s.At)
			}
		})
	}
	blank := image.NewGray(image.Rect(0, 0, 200, 320))
	draw.Draw(blank, blank.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	var page bytes.Buffer
	if err := png.Encode(&page, blank); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		data []byte
	}{{"BlankPage", page.Bytes()}, {"NotAnImage", []byte("%PDF-1.4 not a slip")}} {
		t.Run(c.name, func(t *testing.T) {
			if _, err := o.ReadSlip(ctx, c.data); !errors.Is(err, deposit.ErrNoText) {
				t.Fatalf("err = %v, want ErrNoText", err)
			}
		})
	}
	if len(slips) > 0 {
		t.Run("Cancelled", func(t *testing.T) {
			cctx, cancel := context.WithCancel(ctx)
			cancel()
			if r, err := o.ReadSlip(cctx, slips[0].Image); err == nil {
				t.Fatalf("a cancelled call read %+v", r)
			}
		})
	}
}

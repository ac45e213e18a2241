package deposit

import (
	"bytes"
	"context"
	"image"
	_ "image/jpeg" // decoders for DecodeConfig
	_ "image/png"

	"time"

	_ "golang.org/x/image/webp"

	"ngern/core/errs"
	"ngern/core/limits"
)

// Upload limits (core/limits): the size, and the pixels an image may have
// once decoded, so that a small file that decodes to a huge bitmap (a
// decode bomb) is refused before it is decoded. A slip is a phone
// screenshot (1–4 MP; a 4K screen, 2160 × 3840, is 8.3 MP): reading its QR
// costs time in proportion to its pixels, about 6–8 s at 25 MP, so a slip
// has at most limits.SlipPixels.

// The slips read at once on a node: SlipDecoders reading, SlipQueue more
// waiting, each at most SlipWait; one more is answered IMAGE_BUSY (503,
// retry after SlipBusyRetry) before anything is stored or counted, instead
// of waiting without bound behind decode bombs.
const (
	SlipDecoders  = 2
	SlipQueue     = 8
	SlipWait      = 10 * time.Second
	SlipBusyRetry = 5 * time.Second
)

// slipGate admits the slips read at once (SlipDecoders, SlipQueue).
type slipGate struct {
	run, wait chan struct{}
	maxWait   time.Duration
}

func newSlipGate(decoders, queue int, maxWait time.Duration) *slipGate {
	return &slipGate{run: make(chan struct{}, decoders), wait: make(chan struct{}, queue), maxWait: maxWait}
}

// enter waits for a place to read a slip, and answers the function that
// gives it back; IMAGE_BUSY when the queue is full or the wait too long.
func (g *slipGate) enter(ctx context.Context) (func(), error) {
	release := func() { <-g.run }
	select {
	case g.run <- struct{}{}:
		return release, nil
	default:
	}
	select {
	case g.wait <- struct{}{}:
	default:
		return nil, busy()
	}
	defer func() { <-g.wait }()
	t := time.NewTimer(g.maxWait)
	defer t.Stop()
	select {
	case g.run <- struct{}{}:
		return release, nil
	case <-t.C:
		return nil, busy()
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func busy() error {
	e := errs.New(errs.ImageBusy)
	e.RetryAfter = SlipBusyRetry
	return e
}

// CheckImage sniffs an uploaded file: only JPEG, PNG and WebP are slips,
// whatever the name or the type the client claimed; at most maxBytes (and
// never over limits.SlipBytes); its header must decode and its pixels stay under the
// limit. It answers the Upload to submit, with our content type and
// extension; SLIP_NO_FILE for an empty file, SLIP_INVALID_FILE for the
// rest.
func CheckImage(data []byte, maxBytes int) (Upload, error) {
	if maxBytes <= 0 || maxBytes > limits.SlipBytes {
		maxBytes = limits.SlipBytes
	}
	if len(data) == 0 {
		return Upload{}, errs.New(errs.SlipNoFile)
	}
	if len(data) > maxBytes {
		return Upload{}, errs.Newf(errs.SlipInvalidFile, "larger than %d MB", maxBytes>>20)
	}
	var up Upload
	switch {
	case bytes.HasPrefix(data, []byte{0xFF, 0xD8, 0xFF}):
		up = Upload{ContentType: "image/jpeg", Ext: "jpg"}
	case bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")):
		up = Upload{ContentType: "image/png", Ext: "png"}
	case len(data) > 12 && string(data[:4]) == "RIFF" && string(data[8:12]) == "WEBP":
		up = Upload{ContentType: "image/webp", Ext: "webp"}
	default:
		return Upload{}, errs.Newf(errs.SlipInvalidFile, "not a JPEG, PNG or WebP image")
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || "image/"+format != up.ContentType && !(format == "jpeg" && up.Ext == "jpg") {
		return Upload{}, errs.Newf(errs.SlipInvalidFile, "the image cannot be read")
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || int64(cfg.Width)*int64(cfg.Height) > limits.SlipPixels {
		return Upload{}, errs.Newf(errs.SlipInvalidFile, "the image is too large")
	}
	up.Data = data
	return up, nil
}

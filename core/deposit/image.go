package deposit

import (
	"bytes"
	"image"
	_ "image/jpeg" // decoders for DecodeConfig
	_ "image/png"

	_ "golang.org/x/image/webp"

	"ngern/core/errs"
)

// Upload limits: the size, and the pixels an image may have once decoded,
// so that a small file that decodes to a huge bitmap (a decode bomb) is
// refused before it is decoded.
const (
	MaxSlipBytes  = 10 << 20
	MaxSlipPixels = 25_000_000 // e.g. 5000 × 5000: 100 MB decoded
)

// CheckImage sniffs an uploaded file: only JPEG, PNG and WebP are slips,
// whatever the name or the type the client claimed; at most maxBytes (and
// never over 10 MB); its header must decode and its pixels stay under the
// limit. It answers the Upload to submit, with our content type and
// extension; SLIP_NO_FILE for an empty file, SLIP_INVALID_FILE for the
// rest.
func CheckImage(data []byte, maxBytes int) (Upload, error) {
	if maxBytes <= 0 || maxBytes > MaxSlipBytes {
		maxBytes = MaxSlipBytes
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
	if cfg.Width <= 0 || cfg.Height <= 0 || int64(cfg.Width)*int64(cfg.Height) > MaxSlipPixels {
		return Upload{}, errs.Newf(errs.SlipInvalidFile, "the image is too large")
	}
	up.Data = data
	return up, nil
}

package promo

import (
	"bytes"
	"context"
	"image"
	_ "image/gif" // banner formats
	_ "image/jpeg"
	_ "image/png"
	"io"
	"regexp"

	"ngern/core/errs"
	"ngern/core/objects"
)

// Banner pictures: what an operator may upload and how they are named.
const (
	// MaxBannerBytes bounds a banner picture (under the API's 1 MiB body
	// limit with the multipart framing).
	MaxBannerBytes = 900 << 10
	// maxBannerSide bounds each side in pixels, so that a small file cannot
	// ask members' phones to decode a huge picture.
	maxBannerSide = 4096
	bannerPrefix  = "banners/"
)

var bannerExt = map[string]string{"png": "image/png", "jpeg": "image/jpeg", "gif": "image/gif"}

// bannerNameRE is a banner's name as UploadBanner makes it.
var bannerNameRE = regexp.MustCompile(`^b-[A-Za-z0-9_-]{8,64}\.(png|jpeg|gif)$`)

// BannerPath is where the API serves a stored banner.
func BannerPath(name string) string { return "/api/promo/banners/" + name }

// UploadBanner stores a PNG, JPEG or GIF picture of at most MaxBannerBytes
// and 4096 pixels a side in the object store and returns its name (the
// picture's link is BannerPath(name)). Anything else answers
// INVALID_REQUEST on "file" (PAYLOAD_TOO_LARGE when too big) and stores
// nothing.
func (s *Service) UploadBanner(ctx context.Context, data []byte) (string, error) {
	if s.objects == nil {
		return "", errs.Newf(errs.InvalidRequest, "no object store")
	}
	if len(data) > MaxBannerBytes {
		return "", errs.New(errs.PayloadTooLarge)
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	ctype, ok := bannerExt[format]
	if err != nil || !ok {
		return "", errs.OnField(errs.InvalidRequest, "file")
	}
	if cfg.Width < 1 || cfg.Height < 1 || cfg.Width > maxBannerSide || cfg.Height > maxBannerSide {
		return "", errs.OnField(errs.InvalidRequest, "file")
	}
	name := "b-" + s.newID() + "." + format
	if !bannerNameRE.MatchString(name) {
		return "", errs.Newf(errs.InvalidRequest, "banner name")
	}
	if err := s.objects.Put(ctx, bannerPrefix+name, bytes.NewReader(data), int64(len(data)), ctype); err != nil {
		return "", err
	}
	return name, nil
}

// Banner opens a stored banner (NOT_FOUND for a name UploadBanner would
// not make or one not stored).
func (s *Service) Banner(ctx context.Context, name string) (io.ReadCloser, objects.Info, error) {
	if s.objects == nil || !bannerNameRE.MatchString(name) {
		return nil, objects.Info{}, errs.New(errs.NotFoundCode)
	}
	return s.objects.Get(ctx, bannerPrefix+name)
}

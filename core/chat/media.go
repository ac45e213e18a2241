package chat

import (
	"bytes"
	"context"
	"image"
	_ "image/gif" // decoders for DecodeConfig
	_ "image/jpeg"
	_ "image/png"
	"io"
	"regexp"
	"time"

	"ngern/core/errs"
	"ngern/core/limits"
	"ngern/core/objects"
)

// mediaName is the form of a stored media file's name.
var mediaName = regexp.MustCompile(`^[0-9a-f]{32}\.(png|jpg|gif|mp4|mov)$`)

// MediaPath is the API path that serves a room's media file.
func MediaPath(room, file string) string { return "/api/chat/media/" + room + "/" + file }

// MediaKind is what an upload endpoint accepts.
type MediaKind int

// Media kinds.
const (
	Image MediaKind = iota
	Video
)

// Sniff returns the stored extension and the content type of head (the
// file's first bytes), or false for a type the chat does not take: PNG,
// JPEG, GIF, MP4 and QuickTime only, whatever the client says.
func Sniff(head []byte) (ext, contentType string, kind MediaKind, ok bool) {
	switch {
	case bytes.HasPrefix(head, []byte("\x89PNG\r\n\x1a\n")):
		return "png", "image/png", Image, true
	case bytes.HasPrefix(head, []byte("\xff\xd8\xff")):
		return "jpg", "image/jpeg", Image, true
	case bytes.HasPrefix(head, []byte("GIF87a")), bytes.HasPrefix(head, []byte("GIF89a")):
		return "gif", "image/gif", Image, true
	case len(head) >= 12 && string(head[4:8]) == "ftyp":
		if string(head[8:12]) == "qt  " {
			return "mov", "video/quicktime", Video, true
		}
		return "mp4", "video/mp4", Video, true
	case len(head) >= 8 && (string(head[4:8]) == "moov" || string(head[4:8]) == "mdat" || string(head[4:8]) == "wide" || string(head[4:8]) == "free"):
		return "mov", "video/quicktime", Video, true
	}
	return "", "", 0, false
}

// Upload stores a file of the wanted kind for room and returns its path
// (CHAT_FILE_NOT_SUPPORTED for another type, CHAT_FILE_TOO_LARGE over
// limits.ChatImageMB for an image, limits.ChatVideoMB for a video). Uploads are limited per uploader.
func (s *Service) Upload(ctx context.Context, store objects.Store, w Who, room string, want MediaKind, r io.Reader, size int64) (string, error) {
	if !s.CanRead(w, room) {
		return "", errs.New(errs.NotFoundCode)
	}
	max := int64(limits.ChatImageBytes)
	if want == Video {
		max = limits.ChatVideoBytes
	}
	if size > max {
		return "", errs.Newf(errs.ChatFileTooLarge, "at most %d MB", max>>20)
	}
	if err := s.limit(ctx, "chat:upload:"+w.ID, s.cfg.UploadLimit, time.Minute); err != nil {
		return "", err
	}
	// The file is read whole (at most the limit plus one byte): an image's
	// header is checked before it is stored.
	data, err := io.ReadAll(io.LimitReader(r, max+1))
	if err != nil {
		return "", err
	}
	if int64(len(data)) > max {
		return "", errs.Newf(errs.ChatFileTooLarge, "at most %d MB", max>>20)
	}
	ext, ctype, kind, ok := Sniff(data[:min(len(data), 512)])
	if !ok || kind != want {
		return "", errs.New(errs.ChatFileNotSupported)
	}
	if kind == Image {
		cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
		if err != nil || cfg.Width <= 0 || cfg.Height <= 0 {
			return "", errs.New(errs.ChatFileNotSupported)
		}
		if int64(cfg.Width)*int64(cfg.Height) > limits.ChatImagePixels {
			return "", errs.Newf(errs.ChatFileTooLarge, "at most %d megapixels", limits.ChatImagePixels/1_000_000)
		}
	}
	if w.Kind == KindGuest && w.Addr != "" {
		// One hit per started megabyte of the address's hourly budget.
		for mb := 0; mb < (len(data)+(1<<20)-1)>>20; mb++ {
			if err := s.limit(ctx, "chat:guestupload:"+w.Addr, s.cfg.GuestUploadMBPerIP, time.Hour); err != nil {
				return "", err
			}
		}
	}
	file := randomHex(16) + "." + ext
	if err := store.Put(ctx, mediaFolder(room)+file, bytes.NewReader(data), int64(len(data)), ctype); err != nil {
		return "", err
	}
	return MediaPath(room, file), nil
}

// OpenMedia opens a room's media file for w: NOT_FOUND unless w may read
// the room and the file exists. A member may also read the room of a guest
// attached to them: the messages that moved from it keep their media paths.
func (s *Service) OpenMedia(ctx context.Context, store objects.Store, w Who, room, file string) (io.ReadCloser, objects.Info, error) {
	if !mediaName.MatchString(file) || !validRoom.MatchString(room) {
		return nil, objects.Info{}, errs.New(errs.NotFoundCode)
	}
	if !s.CanRead(w, room) {
		ok, err := s.wasGuestOf(ctx, w, room)
		if err != nil {
			return nil, objects.Info{}, err
		}
		if !ok {
			return nil, objects.Info{}, errs.New(errs.NotFoundCode)
		}
	}
	rc, info, err := store.Get(ctx, mediaFolder(room)+file)
	if err != nil {
		return nil, objects.Info{}, notFound(err)
	}
	return rc, info, nil
}

// mediaFolder is where a room's files are stored: chat/{room}/.
func mediaFolder(room string) string { return "chat/" + room + "/" }

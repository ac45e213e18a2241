package chat

import (
	"context"
	"encoding/json"
	"strings"

	"ngern/core/objects"
)

// purgeBatch guests are deleted per transaction.
const purgeBatch = 500

// PurgeGuests deletes the guests with no message for the retention (30
// days by default; a guest that never wrote counts from its creation, a
// guest attached to a member is only a dead token): their tokens, their
// conversations and messages, and the media files those messages sent
// (files uploaded but never sent stay in the object store). It returns how
// many guests it deleted. `ngern serve` runs it hourly; `ngern chat
// purge-guests` runs it once.
func (s *Service) PurgeGuests(ctx context.Context, files objects.Store) (int, error) {
	cutoff := s.now().UTC().Add(-s.cfg.GuestRetention)
	total := 0
	for {
		n, media, err := s.store.PurgeGuests(ctx, cutoff, purgeBatch)
		if err != nil {
			return total, err
		}
		total += n
		for _, raw := range media {
			var c Content
			if json.Unmarshal([]byte(raw), &c) != nil || c.Type != Media {
				continue
			}
			key, ok := strings.CutPrefix(c.Payload.FilePath, "/api/chat/media/")
			if !ok || files == nil || strings.Contains(key, "..") {
				continue
			}
			if err := files.Delete(ctx, "chat/"+key); err != nil {
				s.log.WarnContext(ctx, "purged guest's chat file not deleted", "key", key, "err", err)
			}
		}
		if n < purgeBatch {
			return total, nil
		}
	}
}

package chat

import (
	"context"

	"ngern/core/objects"
)

// purgeBatch guests are deleted per transaction.
const purgeBatch = 500

// PurgeGuests deletes the guests with no message for the retention (30
// days by default; a guest that never wrote counts from its creation):
// their tokens, their conversations and messages, and every file of their
// rooms (chat/{room}/), sent in a message or only uploaded. A guest attached
// to a member stays: its record lets the member read the media of the
// messages that moved (OpenMedia). It returns how many guests it deleted.
// `ngern serve` runs it hourly; `ngern chat purge-guests` runs it once.
func (s *Service) PurgeGuests(ctx context.Context, files objects.Store) (int, error) {
	cutoff := s.now().UTC().Add(-s.cfg.GuestRetention)
	total := 0
	for {
		ids, err := s.store.PurgeGuests(ctx, cutoff, purgeBatch)
		if err != nil {
			return total, err
		}
		total += len(ids)
		for _, id := range ids {
			room := s.Room(Who{Kind: KindGuest, ID: id})
			if files == nil || !validRoom.MatchString(room) {
				continue
			}
			if err := files.DeleteAll(ctx, mediaFolder(room)); err != nil {
				s.log.WarnContext(ctx, "purged guest's chat files not deleted", "room", room, "err", err)
			}
		}
		if len(ids) < purgeBatch {
			return total, nil
		}
	}
}

package chat

import (
	"context"
	"encoding/json"
	"regexp"
	"time"

	"ngern/core/errs"
)

func (s *Service) limit(ctx context.Context, key string, n int, window time.Duration) error {
	if n <= 0 || s.limiter == nil {
		return nil
	}
	ok, retry, err := s.limiter.Hit(ctx, key, n, window)
	if err != nil {
		return err
	}
	if !ok {
		return errs.Limited(errs.RequestLimit, retry)
	}
	return nil
}

// conversationOf is the identity of w's conversation.
func (s *Service) conversationOf(w Who) *Conversation {
	c := &Conversation{Room: s.Room(w)}
	if w.Kind == KindGuest {
		c.GuestID = w.ID
	} else {
		c.MemberID = w.ID
	}
	return c
}

var validRoom = regexp.MustCompile(`^[a-z0-9]{1,16}-g?[0-9a-f]{1,64}$`)

func decodeContent(m *Message) error { return json.Unmarshal([]byte(m.Raw), &m.Content) }

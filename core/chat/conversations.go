package chat

import (
	"context"
	"encoding/json"

	"ngern/core/errs"
	"ngern/core/limits"
)

// History returns a page of the caller's own room, oldest first: limit
// (1–50, default 10) messages after skipping the skip newest, older than
// the message before when it is set.
func (s *Service) History(ctx context.Context, w Who, limit, skip int, before string) ([]Message, error) {
	return s.history(ctx, s.Room(w), limit, skip, before)
}

func (s *Service) history(ctx context.Context, room string, limit, skip int, before string) ([]Message, error) {
	if limit == 0 {
		limit = limits.ChatHistoryPage
	}
	if limit < 0 || limit > MaxHistory {
		return nil, errs.OnField(errs.InvalidRequest, "limit")
	}
	if skip < 0 {
		return nil, errs.OnField(errs.InvalidRequest, "skip")
	}
	if len(before) > 64 {
		return nil, errs.OnField(errs.InvalidRequest, "before")
	}
	list, err := s.store.History(ctx, room, limit, skip, before)
	if errs.HasCode(err, errs.NoData) {
		return nil, errs.OnField(errs.InvalidRequest, "before")
	}
	if err != nil {
		return nil, err
	}
	for i := range list {
		if err := json.Unmarshal([]byte(list[i].Raw), &list[i].Content); err != nil {
			return nil, err
		}
	}
	return list, nil
}

// MarkRead records that the customer has read their room.
func (s *Service) MarkRead(ctx context.Context, w Who) error {
	return s.store.MarkRead(ctx, s.Room(w), true, s.now().UTC())
}

// Inbox lists conversations for the operators: those waiting longest
// first, then the most recent.
func (s *Service) Inbox(ctx context.Context, f InboxFilter) ([]Summary, error) {
	switch f.Status {
	case "":
		f.Status = Open
	case Open, Closed, "all":
	default:
		return nil, errs.OnField(errs.InvalidRequest, "status")
	}
	if f.Limit <= 0 || f.Limit > 200 {
		f.Limit = 100
	}
	return s.store.Inbox(ctx, f)
}

// Conversation returns a room's conversation for the operators (NOT_FOUND).
func (s *Service) Conversation(ctx context.Context, room string) (*Conversation, error) {
	c, err := s.store.Conversation(ctx, room)
	if errs.HasCode(err, errs.NoData) {
		return nil, errs.New(errs.NotFoundCode)
	}
	return c, err
}

// Messages returns a page of a room for an operator: the limit newest
// (after skip), or the limit older than the message before (the console's
// "older messages"). Reading the newest page sets the operators' read
// mark.
func (s *Service) Messages(ctx context.Context, room string, limit, skip int, before string) ([]Message, error) {
	if _, err := s.Conversation(ctx, room); err != nil {
		return nil, err
	}
	list, err := s.history(ctx, room, limit, skip, before)
	if err != nil {
		return nil, err
	}
	if skip == 0 && before == "" {
		if err := s.store.MarkRead(ctx, room, false, s.now().UTC()); err != nil {
			return nil, err
		}
	}
	return list, nil
}

// Assign gives a conversation to an operator.
func (s *Service) Assign(ctx context.Context, room, operator string) (*Conversation, error) {
	if err := notFound(s.store.Assign(ctx, room, operator)); err != nil {
		return nil, err
	}
	return s.Conversation(ctx, room)
}

// Close closes a conversation; the customer's next message opens it again.
func (s *Service) Close(ctx context.Context, room string) (*Conversation, error) {
	if err := notFound(s.store.SetStatus(ctx, room, Closed)); err != nil {
		return nil, err
	}
	return s.Conversation(ctx, room)
}

func notFound(err error) error {
	if errs.HasCode(err, errs.NoData) {
		return errs.New(errs.NotFoundCode)
	}
	return err
}

// CanRead reports whether w may read room: its own, or any for an operator.
func (s *Service) CanRead(w Who, room string) bool {
	return w.Kind == KindOperator || (w.ID != "" && room == s.Room(w))
}

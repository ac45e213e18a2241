package chat

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	"ngern/core/errs"
	"ngern/core/limits"
)

// Languages of canned replies: the console's languages.
var cannedLangs = map[string]bool{"th": true, "la": true, "en": true}

// CannedReplies lists the operators' canned replies of a language (th,
// la or en; "" every language), in their order.
func (s *Service) CannedReplies(ctx context.Context, lang string) ([]Canned, error) {
	if lang != "" && !cannedLangs[lang] {
		return nil, errs.OnField(errs.InvalidRequest, "lang")
	}
	return s.store.CannedReplies(ctx, lang)
}

func cannedInvalid(field, detail string) error {
	e := errs.Newf(errs.ChatCannedInvalid, "%s", detail)
	e.Field = field
	return e
}

// SaveCanned creates (c.ID empty) or updates a canned reply on behalf of an
// operator: a title of 1–40 characters, a text of 1–2000, a language of
// th, la or en, at most 50 per language (CHAT_CANNED_INVALID; NOT_FOUND
// for an unknown id). A new reply goes last unless it names a position.
func (s *Service) SaveCanned(ctx context.Context, operator string, c Canned) (*Canned, error) {
	c.Title, c.Body = strings.TrimSpace(c.Title), strings.TrimSpace(c.Body)
	switch {
	case !cannedLangs[c.Lang]:
		return nil, cannedInvalid("lang", "lang is th, la or en")
	case c.Title == "" || !printable(c.Title, limits.CannedTitle):
		return nil, cannedInvalid("title", fmt.Sprintf("a title has 1 to %d characters", limits.CannedTitle))
	case c.Body == "" || utf8.RuneCountInString(c.Body) > limits.ChatText:
		return nil, cannedInvalid("body", fmt.Sprintf("a text has 1 to %d characters", limits.ChatText))
	case c.Position < 0 || c.Position > 1000:
		return nil, cannedInvalid("position", "position is 0 to 1000")
	}
	list, err := s.store.CannedReplies(ctx, c.Lang)
	if err != nil {
		return nil, err
	}
	create := c.ID == ""
	now := s.now().UTC()
	c.UpdatedBy, c.UpdatedAt = operator, now
	if create {
		if len(list) >= MaxCanned {
			return nil, cannedInvalid("lang", "at most 50 canned replies per language")
		}
		c.ID, c.CreatedAt = randomHex(8), now
		if c.Position == 0 {
			for _, x := range list {
				c.Position = max(c.Position, x.Position)
			}
			c.Position++
		}
	} else {
		moved := true
		for _, x := range list {
			if x.ID == c.ID {
				moved = false
			}
		}
		if moved && len(list) >= MaxCanned {
			return nil, cannedInvalid("lang", "at most 50 canned replies per language")
		}
	}
	if err := notFound(s.store.SaveCanned(ctx, &c, create)); err != nil {
		return nil, err
	}
	return &c, nil
}

// DeleteCanned deletes a canned reply (NOT_FOUND).
func (s *Service) DeleteCanned(ctx context.Context, id string) error {
	return notFound(s.store.DeleteCanned(ctx, id))
}

package chat

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	"ngern/core/errs"
	"ngern/core/limits"
)

// Send stores a customer's message in their own room and delivers it.
// Customers send text, media (their own uploads) and postbacks, with the
// device token of their device (optional, at most 200 printable
// characters). Outside office hours the room gets the automatic reply (at
// most once an hour).
func (s *Service) Send(ctx context.Context, w Who, c Content, deviceToken string) (*Message, error) {
	if w.Kind != KindMember && w.Kind != KindGuest {
		return nil, errs.New(errs.ChatMessageInvalid)
	}
	room := s.Room(w)
	if err := s.validate(c, room, Customer); err != nil {
		return nil, err
	}
	if !printable(deviceToken, maxDeviceToken) {
		return nil, invalid("deviceToken has at most 200 printable characters")
	}
	if err := s.limit(ctx, "chat:send:"+w.ID, s.cfg.SendLimit, s.cfg.SendWindow); err != nil {
		return nil, err
	}
	if w.Kind == KindGuest && w.Addr != "" {
		if err := s.limit(ctx, "chat:guestsend:"+w.Addr, s.cfg.GuestSendPerIP, time.Hour); err != nil {
			return nil, err
		}
	}
	m, err := s.add(ctx, s.conversationOf(w), Customer, "", c, w.Session, deviceToken)
	if err != nil {
		return nil, err
	}
	s.autoReply(ctx, w, m.CreatedAt)
	return m, nil
}

func (s *Service) autoReply(ctx context.Context, w Who, at time.Time) {
	if s.cfg.AutoReply == "" || s.cfg.Hours.Open(at) {
		return
	}
	conv, err := s.store.Conversation(ctx, s.Room(w))
	if err != nil || (conv.AutoReplyAt != nil && at.Sub(*conv.AutoReplyAt) < autoReplyEvery) {
		return
	}
	if err := s.store.SetAutoReply(ctx, conv.Room, at); err != nil {
		s.log.WarnContext(ctx, "chat auto reply not recorded", "room", conv.Room, "err", err)
		return
	}
	if _, err := s.add(ctx, s.conversationOf(w), System, "", Content{Type: Text, Payload: Payload{Message: s.cfg.AutoReply}}, "", ""); err != nil {
		s.log.WarnContext(ctx, "chat auto reply not sent", "room", conv.Room, "err", err)
	}
}

// Reply stores an operator's message in an existing conversation and
// delivers it. Operators send every type but postback.
func (s *Service) Reply(ctx context.Context, operator, room string, c Content) (*Message, error) {
	conv, err := s.store.Conversation(ctx, room)
	if errs.HasCode(err, errs.NoData) {
		return nil, errs.New(errs.NotFoundCode)
	}
	if err != nil {
		return nil, err
	}
	if err := s.validate(c, room, Agent); err != nil {
		return nil, err
	}
	return s.add(ctx, conv, Agent, operator, c, "", "")
}

func (s *Service) add(ctx context.Context, conv *Conversation, from Sender, operator string, c Content, session, deviceToken string) (*Message, error) {
	raw, err := json.Marshal(c)
	if err != nil {
		return nil, err
	}
	m := &Message{ID: randomHex(12), Room: conv.Room, Sender: from, Operator: operator, Content: c, Raw: string(raw), CreatedAt: s.now().UTC(),
		SessionID: session, DeviceToken: deviceToken}
	if err := s.store.AddMessage(ctx, conv, m); err != nil {
		return nil, err
	}
	s.publish(ctx, m)
	return m, nil
}

func invalid(detail string) error { return errs.Newf(errs.ChatMessageInvalid, "%s", detail) }

// validate checks a message's content for a sender in room. Media must be
// a file uploaded to that room.
func (s *Service) validate(c Content, room string, from Sender) error {
	p := c.Payload
	var err error
	switch c.Type {
	case Text:
		if strings.TrimSpace(p.Message) == "" {
			err = invalid("a text message needs a message")
		}
	case Media:
		err = validateMedia(p, room)
	case Postback:
		err = validatePostback(p, from)
	case Buttons, QuickReplies, Generic:
		err = validateTemplate(c.Type, p, from)
	default:
		err = invalid("unknown message_type")
	}
	if err != nil {
		return err
	}
	if utf8.RuneCountInString(p.Message) > limits.ChatText {
		return invalid(fmt.Sprintf("a message has at most %d characters", limits.ChatText))
	}
	return nil
}

// validateMedia accepts only a file uploaded to this conversation, of the
// kind its name says.
func validateMedia(p Payload, room string) error {
	file, ok := strings.CutPrefix(p.FilePath, "/api/chat/media/"+room+"/")
	if !ok || !mediaName.MatchString(file) {
		return invalid("media must be a file uploaded to this conversation")
	}
	want := "image"
	if strings.HasSuffix(file, ".mp4") || strings.HasSuffix(file, ".mov") {
		want = "video"
	}
	if p.FileType != "" && p.FileType != want {
		return invalid("fileType does not match the file")
	}
	if utf8.RuneCountInString(p.Name) > 255 {
		return invalid("name is too long")
	}
	return nil
}

func validatePostback(p Payload, from Sender) error {
	if from != Customer {
		return invalid("only customers send postbacks")
	}
	if strings.TrimSpace(p.Payload) == "" && strings.TrimSpace(p.Title) == "" {
		return invalid("a postback needs a title or a payload")
	}
	return nil
}

// validateTemplate checks the staff-only buttons, quick replies and
// generic (cards) messages.
func validateTemplate(kind MessageType, p Payload, from Sender) error {
	if from == Customer {
		return invalid("customers send text, media and postbacks")
	}
	if err := checkButtons(append(append([]Button(nil), p.Buttons...), p.QuickReplies...)); err != nil {
		return err
	}
	switch {
	case kind == Buttons && (len(p.Buttons) == 0 || strings.TrimSpace(p.Message) == ""):
		return invalid("buttons need a message and at least one button")
	case kind == QuickReplies && (len(p.QuickReplies) == 0 || strings.TrimSpace(p.Message) == ""):
		return invalid("quick replies need a message and at least one reply")
	case kind == Generic && (len(p.Cards) == 0 || len(p.Cards) > maxCards):
		return invalid("a generic message needs 1 to 10 cards")
	}
	for _, card := range p.Cards {
		if strings.TrimSpace(card.Title) == "" || len(card.Title) > maxShortText || len(card.Subtitle) > maxShortText {
			return invalid("a card needs a title")
		}
		if card.ImageURL != "" && !safeURL(card.ImageURL) {
			return invalid("a card's image_url must be an https or media URL")
		}
		if err := checkButtons(card.Buttons); err != nil {
			return err
		}
	}
	return nil
}

func checkButtons(bs []Button) error {
	if len(bs) > maxButtons {
		return invalid("at most 10 buttons")
	}
	for _, b := range bs {
		if strings.TrimSpace(b.Title) == "" || len(b.Title) > maxShortText || len(b.Payload) > maxURL {
			return invalid("a button needs a title")
		}
		switch b.Type {
		case "", "postback", "call":
		case "web":
			if !safeURL(b.Payload) {
				return invalid("a web button's payload must be an https URL")
			}
		default:
			return invalid("a button's type is web, call, postback or empty")
		}
	}
	return nil
}

// safeURL accepts https links and the API's own media paths: never
// javascript: or data: links.
func safeURL(raw string) bool {
	if strings.HasPrefix(raw, "/api/chat/media/") {
		return !strings.Contains(raw, "..")
	}
	u, err := url.Parse(raw)
	return err == nil && u.Scheme == "https" && u.Host != ""
}

// printable reports whether v has at most max characters, none of them a
// control character.
func printable(v string, max int) bool {
	if utf8.RuneCountInString(v) > max || !utf8.ValidString(v) {
		return false
	}
	for _, r := range v {
		if r < 0x20 || r == 0x7f {
			return false
		}
	}
	return true
}

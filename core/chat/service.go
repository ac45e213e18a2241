package chat

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"image"
	_ "image/gif" // decoders for DecodeConfig
	_ "image/jpeg"
	_ "image/png"
	"io"
	"net/url"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"ngern/core/errs"
	"ngern/core/limits"
	"ngern/core/objects"
)

// guestIDPrefix starts every guest id, so that a room tells a guest from a
// member (member ids are hexadecimal).
const guestIDPrefix = "g"

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	return hex.EncodeToString(b)
}

func newSecret() string {
	b := make([]byte, 32) // 256 bits
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// HashSecret returns the stored form of a guest token or a ticket.
func HashSecret(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// NewGuest creates a guest and returns it with its token, which is shown
// once. New guests are limited per client address.
func (s *Service) NewGuest(ctx context.Context, clientIP string) (*Guest, string, error) {
	if err := s.limit(ctx, "chat:guest:"+clientIP, s.cfg.GuestLimit, s.cfg.GuestWindow); err != nil {
		return nil, "", err
	}
	token := newSecret()
	g := &Guest{ID: guestIDPrefix + randomHex(12), TokenHash: HashSecret(token), CreatedAt: s.now().UTC()}
	if err := s.store.CreateGuest(ctx, g); err != nil {
		return nil, "", err
	}
	return g, token, nil
}

// Guest resolves a guest token (GUEST_TOKEN_INVALID when unknown or when the
// guest was attached to a member).
func (s *Service) Guest(ctx context.Context, token string) (Who, error) {
	if token == "" || len(token) > 100 {
		return Who{}, errs.New(errs.GuestTokenInvalid)
	}
	g, err := s.store.GuestByTokenHash(ctx, HashSecret(token))
	if errs.HasCode(err, errs.NoData) || (err == nil && g.MemberID != "") {
		return Who{}, errs.New(errs.GuestTokenInvalid)
	}
	if err != nil {
		return Who{}, err
	}
	return Who{Kind: KindGuest, ID: g.ID}, nil
}

// AttachGuest gives a member the conversation they had as a guest: its
// messages move to the member's room and the guest token stops working.
// A token that is unknown or already attached changes nothing.
func (s *Service) AttachGuest(ctx context.Context, memberID, guestToken string) error {
	g, err := s.Guest(ctx, guestToken)
	if err != nil {
		return err
	}
	return s.store.AttachGuest(ctx, g.ID, memberID, s.Room(g), s.Room(Who{Kind: KindMember, ID: memberID}))
}

// NewTicket returns a single-use ticket, valid 60 s, that admits one
// websocket connection of w, and w's room (empty for an operator).
// Tickets are limited per holder (REQUEST_LIMIT).
func (s *Service) NewTicket(ctx context.Context, w Who) (ticket, room string, err error) {
	if w.Kind != KindOperator {
		room = s.Room(w)
	}
	if err := s.limit(ctx, "chat:ticket:"+w.Kind+":"+w.ID, s.cfg.TicketLimit, time.Minute); err != nil {
		return "", "", err
	}
	ticket = newSecret()
	now := s.now().UTC()
	t := &Ticket{Hash: HashSecret(ticket), Kind: w.Kind, Subject: w.ID, Room: room, Session: w.Session, ExpiresAt: now.Add(TicketTTL), CreatedAt: now}
	if err := s.store.CreateTicket(ctx, t); err != nil {
		return "", "", err
	}
	return ticket, room, nil
}

// UseTicket admits a connection: the ticket's holder, once
// (CHAT_TICKET_INVALID for a forged, used or expired ticket).
func (s *Service) UseTicket(ctx context.Context, ticket string) (*Ticket, error) {
	if ticket == "" || len(ticket) > 100 {
		return nil, errs.New(errs.ChatTicketInvalid)
	}
	t, err := s.store.UseTicket(ctx, HashSecret(ticket), s.now().UTC())
	if errs.HasCode(err, errs.NoData) {
		return nil, errs.New(errs.ChatTicketInvalid)
	}
	return t, err
}

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

// mediaName is the form of a stored media file's name.
var mediaName = regexp.MustCompile(`^[0-9a-f]{32}\.(png|jpg|gif|mp4|mov)$`)

// MediaPath is the API path that serves a room's media file.
func MediaPath(room, file string) string { return "/api/chat/media/" + room + "/" + file }

func invalid(detail string) error { return errs.Newf(errs.ChatMessageInvalid, "%s", detail) }

// validate checks a message's content for a sender in room. Media must be
// a file uploaded to that room.
func (s *Service) validate(c Content, room string, from Sender) error {
	p := c.Payload
	switch c.Type {
	case Text:
		if strings.TrimSpace(p.Message) == "" {
			return invalid("a text message needs a message")
		}
	case Media:
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
	case Postback:
		if from != Customer {
			return invalid("only customers send postbacks")
		}
		if strings.TrimSpace(p.Payload) == "" && strings.TrimSpace(p.Title) == "" {
			return invalid("a postback needs a title or a payload")
		}
	case Buttons, QuickReplies, Generic:
		if from == Customer {
			return invalid("customers send text, media and postbacks")
		}
		if err := checkButtons(append(append([]Button(nil), p.Buttons...), p.QuickReplies...)); err != nil {
			return err
		}
		switch {
		case c.Type == Buttons && (len(p.Buttons) == 0 || strings.TrimSpace(p.Message) == ""):
			return invalid("buttons need a message and at least one button")
		case c.Type == QuickReplies && (len(p.QuickReplies) == 0 || strings.TrimSpace(p.Message) == ""):
			return invalid("quick replies need a message and at least one reply")
		case c.Type == Generic && (len(p.Cards) == 0 || len(p.Cards) > maxCards):
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
	default:
		return invalid("unknown message_type")
	}
	if utf8.RuneCountInString(p.Message) > limits.ChatText {
		return invalid(fmt.Sprintf("a message has at most %d characters", limits.ChatText))
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

// History returns a page of the caller's own room, oldest first: limit
// (1–50, default 10) messages after skipping the skip newest, older than
// the message before when it is set.
func (s *Service) History(ctx context.Context, w Who, limit, skip int, before string) ([]Message, error) {
	return s.history(ctx, s.Room(w), limit, skip, before)
}

func (s *Service) history(ctx context.Context, room string, limit, skip int, before string) ([]Message, error) {
	if limit == 0 {
		limit = HistoryPage
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

// wasGuestOf reports whether room is the room of a guest attached to the
// member w.
func (s *Service) wasGuestOf(ctx context.Context, w Who, room string) (bool, error) {
	id, ok := strings.CutPrefix(room, s.cfg.Prefix+"-")
	if w.Kind != KindMember || w.ID == "" || !ok || !strings.HasPrefix(id, guestIDPrefix) {
		return false, nil
	}
	g, err := s.store.GuestByID(ctx, id)
	if errs.HasCode(err, errs.NoData) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return g.MemberID == w.ID, nil
}

// mediaFolder is where a room's files are stored: chat/{room}/.
func mediaFolder(room string) string { return "chat/" + room + "/" }

var validRoom = regexp.MustCompile(`^[a-z0-9]{1,16}-g?[0-9a-f]{1,64}$`)

func decodeContent(m *Message) error { return json.Unmarshal([]byte(m.Raw), &m.Content) }

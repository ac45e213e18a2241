// Package chat is support chat: conversations between a member or a guest
// and the operators, one room per customer ({PREFIX}-{memberId|guestId}),
// with guests, single-use websocket tickets, read marks, office hours and
// live delivery to every node through the event bus.
package chat

import (
	"context"
	"log/slog"
	"regexp"
	"strings"
	"time"

	"ngern/core/events"
)

// Limits of the chat (spec part 9).
const (
	MaxText        = 2000             // characters of a text message
	HistoryPage    = 10               // the widget's page
	MaxHistory     = 50               // largest history page the API answers
	TicketTTL      = 60 * time.Second // a websocket ticket's life
	MaxImage       = 10 << 20
	MaxVideo       = 20 << 20
	maxButtons     = 10
	maxCards       = 10
	maxShortText   = 640  // titles, subtitles, button payloads
	maxURL         = 2048 // links in buttons and cards
	autoReplyEvery = time.Hour
)

// Sender says who wrote a message: the customer (member or guest), an
// operator, or the system (the automatic reply outside office hours).
type Sender string

// Senders.
const (
	Customer Sender = "customer"
	Agent    Sender = "agent"
	System   Sender = "system"
)

// MessageType is the kind of a message (spec part 3).
type MessageType string

// Message types.
const (
	Text         MessageType = "text"
	Buttons      MessageType = "buttons"
	Media        MessageType = "media"
	QuickReplies MessageType = "quick_replies"
	Generic      MessageType = "generic"
	Postback     MessageType = "postback"
)

// Button is a button of a buttons or generic message, or a quick reply.
// Type is web (Payload is a URL), call (a phone number), postback (Payload
// is sent back as a postback message) or empty (the title is sent back as
// text).
type Button struct {
	Title   string `json:"title"`
	Type    string `json:"type,omitempty"`
	Payload string `json:"payload,omitempty"`
}

// Card is a card of a generic message.
type Card struct {
	ImageURL string   `json:"image_url,omitempty"`
	Title    string   `json:"title"`
	Subtitle string   `json:"subtitle,omitempty"`
	Buttons  []Button `json:"buttons,omitempty"`
}

// Payload is the content of a message; which fields apply depends on the
// type (spec part 3): text message; buttons message and buttons;
// quick_replies message and quick_replies; generic cards; media message,
// url, fileType, filePath, name; postback title and payload.
type Payload struct {
	Message      string   `json:"message,omitempty"`
	Buttons      []Button `json:"buttons,omitempty"`
	QuickReplies []Button `json:"quick_replies,omitempty"`
	Cards        []Card   `json:"cards,omitempty"`
	URL          string   `json:"url,omitempty"`
	FileType     string   `json:"fileType,omitempty"`
	FilePath     string   `json:"filePath,omitempty"`
	Name         string   `json:"name,omitempty"`
	Title        string   `json:"title,omitempty"`
	Payload      string   `json:"payload,omitempty"`
}

// Content is a message's type and payload.
type Content struct {
	Type    MessageType `json:"message_type"`
	Payload Payload     `json:"payload"`
}

// Message is one stored message of a room.
type Message struct {
	ID        string    `db:"id"`
	Room      string    `db:"room"`
	Sender    Sender    `db:"sender"`
	Operator  string    `db:"operator"` // the operator who wrote an agent message
	Content   Content   `db:"-"`
	Raw       string    `db:"content"` // Content as JSON, as stored
	CreatedAt time.Time `db:"created_at"`
}

// Conversation is the state of one room.
type Conversation struct {
	Room       string `db:"room"`
	MemberID   string `db:"member_id"`
	GuestID    string `db:"guest_id"`
	Status     string `db:"status"` // open | closed
	AssignedTo string `db:"assigned_to"`
	// WaitingSince is the first customer message no operator has answered
	// yet; nil when the customer is not waiting.
	WaitingSince   *time.Time `db:"waiting_since"`
	LastMessageAt  time.Time  `db:"last_message_at"`
	CustomerReadAt *time.Time `db:"customer_read_at"`
	OperatorReadAt *time.Time `db:"operator_read_at"`
	AutoReplyAt    *time.Time `db:"auto_reply_at"`
	CreatedAt      time.Time  `db:"created_at"`
}

// Conversation statuses.
const (
	Open   = "open"
	Closed = "closed"
)

// Summary is a conversation as the operators' inbox lists it.
type Summary struct {
	Conversation
	// Name and Phone are the member's; empty for a guest.
	Name   string `db:"name"`
	Phone  string `db:"phone"`
	Unread int    `db:"unread"` // customer messages after the operators' read mark
	// LastContent is the newest message's content as stored (JSON).
	LastContent string `db:"last_content"`
}

// Guest is a visitor who chats without an account. The token is a 256-bit
// secret; only its hash is stored.
type Guest struct {
	ID        string    `db:"id"`
	TokenHash string    `db:"token_hash"`
	MemberID  string    `db:"member_id"` // set once attached to a member
	CreatedAt time.Time `db:"created_at"`
}

// Who is the holder of a ticket or the author of a call: a member, a guest
// or an operator.
type Who struct {
	Kind string // member | guest | operator
	ID   string // member id, guest id or operator username
}

// Kinds of Who.
const (
	KindMember   = "member"
	KindGuest    = "guest"
	KindOperator = "operator"
)

// Ticket admits one websocket connection: single use, 60 s.
type Ticket struct {
	Hash      string     `db:"hash"`
	Kind      string     `db:"kind"`
	Subject   string     `db:"subject"`
	Room      string     `db:"room"` // empty for an operator: every room
	ExpiresAt time.Time  `db:"expires_at"`
	UsedAt    *time.Time `db:"used_at"`
	CreatedAt time.Time  `db:"created_at"`
}

// InboxFilter selects the inbox's conversations.
type InboxFilter struct {
	Status string // open (default) | closed | all
	Mine   string // only those assigned to this operator
	Limit  int
}

// Store keeps the chat.
type Store interface {
	CreateGuest(ctx context.Context, g *Guest) error
	// GuestByTokenHash answers NO_DATA for an unknown token.
	GuestByTokenHash(ctx context.Context, hash string) (*Guest, error)
	CreateTicket(ctx context.Context, t *Ticket) error
	// UseTicket marks the ticket used and returns it, if it exists, was not
	// used and has not expired at now; otherwise NO_DATA. Two concurrent
	// uses: one wins.
	UseTicket(ctx context.Context, hash string, now time.Time) (*Ticket, error)
	// AddMessage stores m and updates its conversation (created when
	// missing, with c's identity) in one transaction: a customer message
	// opens the conversation and starts its waiting time, an agent message
	// ends the waiting time.
	AddMessage(ctx context.Context, c *Conversation, m *Message) error
	// Message answers NO_DATA for an unknown id.
	Message(ctx context.Context, id string) (*Message, error)
	// History returns the room's messages oldest first: the limit newest
	// after skipping the skip newest.
	History(ctx context.Context, room string, limit, skip int) ([]Message, error)
	// Conversation answers NO_DATA for a room without one.
	Conversation(ctx context.Context, room string) (*Conversation, error)
	Inbox(ctx context.Context, f InboxFilter) ([]Summary, error)
	// MarkRead sets the customer's (customer true) or the operators' read
	// mark of the room; a room without a conversation is left alone.
	MarkRead(ctx context.Context, room string, customer bool, at time.Time) error
	// Assign and SetStatus answer NO_DATA for a room without a conversation.
	Assign(ctx context.Context, room, operator string) error
	SetStatus(ctx context.Context, room, status string) error
	// SetAutoReply records when the automatic reply was last sent.
	SetAutoReply(ctx context.Context, room string, at time.Time) error
	// AttachGuest moves the guest's conversation and messages from room
	// from to room to (the member's) and records the member on the guest.
	AttachGuest(ctx context.Context, guestID, memberID, from, to string) error
}

// Limiter counts events per key in a window (the account limiter).
type Limiter interface {
	Hit(ctx context.Context, key string, limit int, window time.Duration) (ok bool, retryAfter time.Duration, err error)
}

// OfficeHours are the hours operators answer, daily, in a time zone.
// Start == End means always open.
type OfficeHours struct {
	Start, End time.Duration // since midnight
	Location   *time.Location
}

// Open reports whether t falls within the hours.
func (h OfficeHours) Open(t time.Time) bool {
	if h.Start == h.End {
		return true
	}
	loc := h.Location
	if loc == nil {
		loc = time.UTC
	}
	lt := t.In(loc)
	since := time.Duration(lt.Hour())*time.Hour + time.Duration(lt.Minute())*time.Minute + time.Duration(lt.Second())*time.Second
	if h.Start < h.End {
		return since >= h.Start && since < h.End
	}
	return since >= h.Start || since < h.End // across midnight
}

// Config tunes the chat.
type Config struct {
	// Prefix starts every room name (GET /api/chat/config's PREFIX).
	Prefix string
	Hours  OfficeHours
	// AutoReply is sent (at most once an hour per room) to a customer who
	// writes outside office hours; empty: none.
	AutoReply string
	// SendLimit messages per SendWindow per sender; UploadLimit uploads.
	SendLimit   int
	SendWindow  time.Duration
	UploadLimit int
	// GuestLimit new guests per GuestWindow per client address.
	GuestLimit  int
	GuestWindow time.Duration
	// TicketLimit websocket tickets a minute per member, guest or operator
	// (a widget asks for one per (re)connection, every 5 s at most).
	TicketLimit int
}

// DefaultConfig returns the documented defaults.
func DefaultConfig() Config {
	return Config{
		Prefix:      "ngern",
		AutoReply:   "ขณะนี้อยู่นอกเวลาทำการ เจ้าหน้าที่จะตอบกลับโดยเร็วที่สุด / We are outside office hours; an operator will answer as soon as possible.",
		SendLimit:   20,
		SendWindow:  time.Minute,
		UploadLimit: 10,
		GuestLimit:  60,
		GuestWindow: time.Hour,
		TicketLimit: 30,
	}
}

// ValidPrefix is the form of a room prefix.
var ValidPrefix = regexp.MustCompile(`^[a-z0-9]{1,16}$`)

// Service is the chat.
type Service struct {
	store   Store
	limiter Limiter
	bus     events.Bus
	cfg     Config
	now     func() time.Time
	log     *slog.Logger
	hub     *Hub
}

// NewService returns the chat service. Start begins live delivery.
func NewService(store Store, limiter Limiter, bus events.Bus, cfg Config, now func() time.Time, log *slog.Logger) *Service {
	if log == nil {
		log = slog.Default()
	}
	return &Service{store: store, limiter: limiter, bus: bus, cfg: cfg, now: now, log: log, hub: newHub()}
}

// Prefix is the rooms' prefix.
func (s *Service) Prefix() string { return s.cfg.Prefix }

// Room returns the room of a member or guest.
func (s *Service) Room(w Who) string { return s.cfg.Prefix + "-" + w.ID }

// Item is a message as the API and the sockets send it (spec part 3's
// conversation item).
type Item struct {
	ID        string    `json:"_id"`
	Room      string    `json:"room"`
	Sender    Sender    `json:"sender"`
	Message   Content   `json:"message"`
	CreatedAt time.Time `json:"createdAt"`
	UserID    string    `json:"userId,omitempty"`
	GuestID   string    `json:"guestId,omitempty"`
}

// ItemOf returns the item of m.
func (s *Service) ItemOf(m Message) Item {
	it := Item{ID: m.ID, Room: m.Room, Sender: m.Sender, Message: m.Content, CreatedAt: m.CreatedAt.UTC()}
	if id, ok := strings.CutPrefix(m.Room, s.cfg.Prefix+"-"); ok {
		if strings.HasPrefix(id, guestIDPrefix) {
			it.GuestID = id
		} else {
			it.UserID = id
		}
	}
	return it
}

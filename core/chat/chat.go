// Package chat is support chat: conversations between a member or a guest
// and the operators, one room per customer ({PREFIX}-{memberId|guestId}),
// with guests, single-use websocket tickets, read marks, office hours and
// live delivery to every node through the event bus.
package chat

import (
	"log/slog"
	"regexp"
	"strings"
	"time"

	"ngern/core/events"
)

// Limits of the chat (spec part 9); those the apps see are in core/limits
// (the text, attachment and canned-reply sizes, the history page).
const (
	MaxHistory     = 50               // largest history page the API answers
	TicketTTL      = 60 * time.Second // a websocket ticket's life
	maxButtons     = 10
	maxCards       = 10
	maxShortText   = 640  // titles, subtitles, button payloads
	maxURL         = 2048 // links in buttons and cards
	autoReplyEvery = time.Hour
	maxDeviceToken = 200 // characters of a message's deviceToken
	// GuestRetention is how long a guest is kept after its last message
	// (or its creation, when it never wrote): PurgeGuests deletes it then.
	GuestRetention = 30 * 24 * time.Hour
	// MaxCanned canned replies per language; a title has at most
	// limits.CannedTitle characters, a text limits.ChatText.
	MaxCanned = 50
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
	// SessionID is the member's login session a customer message was sent
	// from (account.SessionID; empty for guests, operators and the
	// system); DeviceToken the device token the widget sent with it.
	SessionID   string `db:"session_id"`
	DeviceToken string `db:"device_token"`
	// Username and Name are the room's member's (phone and name), read
	// with the message; empty for a guest's room.
	Username string `db:"username"`
	Name     string `db:"name"`
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
	// Session is a member's login session (account.SessionID of the
	// bearer token); empty for guests and operators.
	Session string
	// Addr is the client address of a guest's request: guests' messages
	// and uploads are also budgeted per address (Config.GuestSendPerIP,
	// GuestUploadMBPerIP); empty: not known, not budgeted.
	Addr string
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
	Room      string     `db:"room"`       // empty for an operator: every room
	Session   string     `db:"session_id"` // a member's login session (Who.Session)
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
	// sessions are this node's member sockets by login session.
	sessions sessions
	// held counts this node's open sockets per member or guest.
	held held
}

// NewService returns the chat service. Start begins live delivery.
func NewService(store Store, limiter Limiter, bus events.Bus, cfg Config, now func() time.Time, log *slog.Logger) *Service {
	if log == nil {
		log = slog.Default()
	}
	if cfg.GuestRetention <= 0 {
		cfg.GuestRetention = GuestRetention
	}
	return &Service{store: store, limiter: limiter, bus: bus, cfg: cfg, now: now, log: log, hub: newHub()}
}

// Prefix is the rooms' prefix.
func (s *Service) Prefix() string { return s.cfg.Prefix }

// Room returns the room of a member or guest.
func (s *Service) Room(w Who) string { return s.cfg.Prefix + "-" + w.ID }

// Item is a message as the API and the sockets send it (spec part 3's
// conversation item: sender, message, createdAt, session_id, userId,
// guestId, username, name, deviceToken). userId or guestId names the
// room's customer; username and name are the member's phone and name
// (empty for a guest); session_id is the member's login session a customer
// message was sent from (account.SessionID, the id the console's sessions
// list shows) and deviceToken the device token the widget sent with it
// (both empty for operators' and system messages).
type Item struct {
	ID          string    `json:"_id"`
	Room        string    `json:"room"`
	Sender      Sender    `json:"sender"`
	Message     Content   `json:"message"`
	CreatedAt   time.Time `json:"createdAt"`
	SessionID   string    `json:"session_id"`
	UserID      string    `json:"userId,omitempty"`
	GuestID     string    `json:"guestId,omitempty"`
	Username    string    `json:"username"`
	Name        string    `json:"name"`
	DeviceToken string    `json:"deviceToken"`
}

// ItemOf returns the item of m.
func (s *Service) ItemOf(m Message) Item {
	it := Item{ID: m.ID, Room: m.Room, Sender: m.Sender, Message: m.Content, CreatedAt: m.CreatedAt.UTC(),
		SessionID: m.SessionID, Username: m.Username, Name: m.Name, DeviceToken: m.DeviceToken}
	if id, ok := strings.CutPrefix(m.Room, s.cfg.Prefix+"-"); ok {
		if strings.HasPrefix(id, guestIDPrefix) {
			it.GuestID = id
		} else {
			it.UserID = id
		}
	}
	return it
}

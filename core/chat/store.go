package chat

import (
	"context"
	"time"
)

// Store keeps the chat.
type Store interface {
	CreateGuest(ctx context.Context, g *Guest) error
	// GuestByTokenHash answers NO_DATA for an unknown token.
	GuestByTokenHash(ctx context.Context, hash string) (*Guest, error)
	// GuestByID answers NO_DATA for an unknown guest.
	GuestByID(ctx context.Context, id string) (*Guest, error)
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
	// after skipping the skip newest, and of those only messages older than
	// the message before when it is set (NO_DATA when before is not a
	// message of the room).
	History(ctx context.Context, room string, limit, skip int, before string) ([]Message, error)
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
	// The messages keep their media paths, which name the guest's room: the
	// guest's record is what lets the member read them (OpenMedia).
	AttachGuest(ctx context.Context, guestID, memberID, from, to string) error
	// PurgeGuests deletes at most limit guests not attached to a member,
	// created before cutoff, whose conversation (if any) has had no message
	// since cutoff, with their conversations and messages, in one
	// transaction. It returns the ids of the guests it deleted.
	PurgeGuests(ctx context.Context, cutoff time.Time, limit int) (ids []string, err error)

	// CannedReplies lists the canned replies of lang ("" every language),
	// by language and position.
	CannedReplies(ctx context.Context, lang string) ([]Canned, error)
	// SaveCanned inserts c (create true) or updates its lang, title, body,
	// position and updated fields (NO_DATA for an unknown id).
	SaveCanned(ctx context.Context, c *Canned, create bool) error
	// DeleteCanned answers NO_DATA for an unknown id.
	DeleteCanned(ctx context.Context, id string) error
}

// Canned is an operators' canned reply: a title shown on the inbox's chip
// and the text it puts in the composer, per console language.
type Canned struct {
	ID        string    `db:"id" json:"id"`
	Lang      string    `db:"lang" json:"lang"`
	Title     string    `db:"title" json:"title"`
	Body      string    `db:"body" json:"body"`
	Position  int       `db:"position" json:"position"`
	UpdatedBy string    `db:"updated_by" json:"updatedBy"`
	CreatedAt time.Time `db:"created_at" json:"createdAt"`
	UpdatedAt time.Time `db:"updated_at" json:"updatedAt"`
}

// Limiter counts events per key in a window (the account limiter).
type Limiter interface {
	Hit(ctx context.Context, key string, limit int, window time.Duration) (ok bool, retryAfter time.Duration, err error)
}

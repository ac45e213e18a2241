package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/jmoiron/sqlx"

	"ngern/core/chat"
	"ngern/core/errs"
)

// Chat implements chat.Store.
type Chat struct{ db *DB }

// NewChat returns the chat repository of db.
func NewChat(db *DB) *Chat { return &Chat{db: db} }

var _ chat.Store = (*Chat)(nil)

func noData(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return errs.New(errs.NoData)
	}
	return err
}

// CreateGuest stores a guest.
func (s *Chat) CreateGuest(ctx context.Context, g *chat.Guest) error {
	_, err := s.db.x.ExecContext(ctx, s.db.q(`INSERT INTO chat_guests (id, token_hash, member_id, created_at) VALUES (?, ?, ?, ?)`),
		g.ID, g.TokenHash, g.MemberID, utc(g.CreatedAt))
	return err
}

// GuestByTokenHash returns the guest of a token hash.
func (s *Chat) GuestByTokenHash(ctx context.Context, hash string) (*chat.Guest, error) {
	var g chat.Guest
	err := s.db.x.GetContext(ctx, &g, s.db.q(`SELECT id, token_hash, member_id, created_at FROM chat_guests WHERE token_hash = ?`), hash)
	if err != nil {
		return nil, noData(err)
	}
	return &g, nil
}

// GuestByID returns a guest.
func (s *Chat) GuestByID(ctx context.Context, id string) (*chat.Guest, error) {
	var g chat.Guest
	err := s.db.x.GetContext(ctx, &g, s.db.q(`SELECT id, token_hash, member_id, created_at FROM chat_guests WHERE id = ?`), id)
	if err != nil {
		return nil, noData(err)
	}
	return &g, nil
}

// CreateTicket stores a ticket, and drops tickets that expired more than
// an hour ago.
func (s *Chat) CreateTicket(ctx context.Context, t *chat.Ticket) error {
	return s.db.inTx(ctx, func(tx *sqlx.Tx) error {
		if _, err := tx.ExecContext(ctx, s.db.q(`DELETE FROM chat_tickets WHERE expires_at < ?`), utc(t.CreatedAt.Add(-time.Hour))); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, s.db.q(`INSERT INTO chat_tickets (hash, kind, subject, room, session_id, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`),
			t.Hash, t.Kind, t.Subject, t.Room, t.Session, utc(t.ExpiresAt), utc(t.CreatedAt))
		return err
	})
}

// UseTicket marks a live ticket used: the conditional update lets one of
// two concurrent uses win.
func (s *Chat) UseTicket(ctx context.Context, hash string, now time.Time) (*chat.Ticket, error) {
	var t chat.Ticket
	err := s.db.inTx(ctx, func(tx *sqlx.Tx) error {
		res, err := tx.ExecContext(ctx, s.db.q(`UPDATE chat_tickets SET used_at = ? WHERE hash = ? AND used_at IS NULL AND expires_at > ?`),
			utc(now), hash, utc(now))
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			if err == nil {
				err = errs.New(errs.NoData)
			}
			return err
		}
		return tx.GetContext(ctx, &t, s.db.q(`SELECT hash, kind, subject, room, session_id, expires_at, used_at, created_at FROM chat_tickets WHERE hash = ?`), hash)
	})
	if err != nil {
		return nil, err
	}
	return &t, nil
}

// ensureConversation creates c's conversation when it has none.
func (s *Chat) ensureConversation(ctx context.Context, tx *sqlx.Tx, c *chat.Conversation, at time.Time) error {
	_, err := tx.ExecContext(ctx, s.db.q(`INSERT INTO chat_conversations (room, member_id, guest_id, status, last_message_at, created_at)
		VALUES (?, ?, ?, 'open', ?, ?) ON CONFLICT (room) DO NOTHING`), c.Room, c.MemberID, c.GuestID, utc(at), utc(at))
	return err
}

// AddMessage stores a message and updates its conversation.
func (s *Chat) AddMessage(ctx context.Context, c *chat.Conversation, m *chat.Message) error {
	return s.db.inTx(ctx, func(tx *sqlx.Tx) error {
		at := utc(m.CreatedAt)
		if err := s.ensureConversation(ctx, tx, c, at); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, s.db.q(`INSERT INTO chat_messages (id, room, sender, operator, content, created_at, session_id, device_token)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`), m.ID, m.Room, m.Sender, m.Operator, m.Raw, at, m.SessionID, m.DeviceToken); err != nil {
			return err
		}
		var q string
		switch m.Sender {
		case chat.Customer:
			q = `UPDATE chat_conversations SET status = 'open', last_message_at = ?, waiting_since = COALESCE(waiting_since, ?) WHERE room = ?`
		case chat.Agent:
			q = `UPDATE chat_conversations SET last_message_at = ?, waiting_since = NULL, operator_read_at = ? WHERE room = ?`
		default:
			q = `UPDATE chat_conversations SET last_message_at = ?, auto_reply_at = COALESCE(auto_reply_at, ?) WHERE room = ?`
		}
		_, err := tx.ExecContext(ctx, s.db.q(q), at, at, m.Room)
		return err
	})
}

const messageColumns = `id, room, sender, operator, content, created_at, session_id, device_token`

// messageSelect reads messages (as x) with their room's member's phone and
// name (empty for a guest's room).
const messageSelect = `SELECT x.id, x.room, x.sender, x.operator, x.content, x.created_at, x.session_id, x.device_token,
	COALESCE(mb.phone, '') AS username, COALESCE(mb.name, '') AS name`

const messageMember = `LEFT JOIN chat_conversations c ON c.room = x.room
	LEFT JOIN members mb ON mb.id = c.member_id AND c.member_id <> ''`

// Message returns a message by id.
func (s *Chat) Message(ctx context.Context, id string) (*chat.Message, error) {
	var m chat.Message
	if err := s.db.x.GetContext(ctx, &m, s.db.q(messageSelect+` FROM chat_messages x `+messageMember+` WHERE x.id = ?`), id); err != nil {
		return nil, noData(err)
	}
	return &m, nil
}

// History returns a page of a room, oldest first; before (a message id of
// the room) keeps the messages older than it.
func (s *Chat) History(ctx context.Context, room string, limit, skip int, before string) ([]chat.Message, error) {
	where, args := `room = ?`, []any{room}
	if before != "" {
		var seq int64
		err := s.db.x.GetContext(ctx, &seq, s.db.q(`SELECT seq FROM chat_messages WHERE id = ? AND room = ?`), before, room)
		if err != nil {
			return nil, noData(err)
		}
		where += ` AND seq < ?`
		args = append(args, seq)
	}
	args = append(args, limit, skip)
	out := []chat.Message{}
	err := s.db.x.SelectContext(ctx, &out, s.db.q(messageSelect+` FROM (
		SELECT seq, `+messageColumns+` FROM chat_messages WHERE `+where+` ORDER BY seq DESC LIMIT ? OFFSET ?) x `+messageMember+`
		ORDER BY x.seq`), args...)
	return out, err
}

const conversationColumns = `c.room, c.member_id, c.guest_id, c.status, c.assigned_to, c.waiting_since, c.last_message_at,
	c.customer_read_at, c.operator_read_at, c.auto_reply_at, c.created_at`

// Conversation returns a room's conversation.
func (s *Chat) Conversation(ctx context.Context, room string) (*chat.Conversation, error) {
	var c chat.Conversation
	if err := s.db.x.GetContext(ctx, &c, s.db.q(`SELECT `+conversationColumns+` FROM chat_conversations c WHERE c.room = ?`), room); err != nil {
		return nil, noData(err)
	}
	return &c, nil
}

// Inbox lists conversations: waiting longest first, then most recent,
// with the member's name and phone and the unread count.
func (s *Chat) Inbox(ctx context.Context, f chat.InboxFilter) ([]chat.Summary, error) {
	where, args := `1 = 1`, []any{}
	if f.Status != "all" {
		where += ` AND c.status = ?`
		args = append(args, f.Status)
	}
	if f.Mine != "" {
		where += ` AND c.assigned_to = ?`
		args = append(args, f.Mine)
	}
	args = append(args, f.Limit)
	out := []chat.Summary{}
	err := s.db.x.SelectContext(ctx, &out, s.db.q(`SELECT `+conversationColumns+`,
		COALESCE(m.name, '') AS name, COALESCE(m.phone, '') AS phone,
		(SELECT COUNT(*) FROM chat_messages x WHERE x.room = c.room AND x.sender = 'customer'
			AND (c.operator_read_at IS NULL OR x.created_at > c.operator_read_at)) AS unread,
		COALESCE((SELECT x.content FROM chat_messages x WHERE x.room = c.room ORDER BY x.seq DESC LIMIT 1), '') AS last_content
		FROM chat_conversations c LEFT JOIN members m ON m.id = c.member_id AND c.member_id <> ''
		WHERE `+where+`
		ORDER BY CASE WHEN c.waiting_since IS NULL THEN 1 ELSE 0 END, c.waiting_since, c.last_message_at DESC
		LIMIT ?`), args...)
	return out, err
}

// MarkRead sets a read mark.
func (s *Chat) MarkRead(ctx context.Context, room string, customer bool, at time.Time) error {
	col := "operator_read_at"
	if customer {
		col = "customer_read_at"
	}
	_, err := s.db.x.ExecContext(ctx, s.db.q(`UPDATE chat_conversations SET `+col+` = ? WHERE room = ?`), utc(at), room)
	return err
}

func (s *Chat) updateOne(ctx context.Context, q string, args ...any) error {
	res, err := s.db.x.ExecContext(ctx, s.db.q(q), args...)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		if err == nil {
			err = errs.New(errs.NoData)
		}
		return err
	}
	return nil
}

// Assign gives a conversation to an operator.
func (s *Chat) Assign(ctx context.Context, room, operator string) error {
	return s.updateOne(ctx, `UPDATE chat_conversations SET assigned_to = ? WHERE room = ?`, operator, room)
}

// SetStatus opens or closes a conversation.
func (s *Chat) SetStatus(ctx context.Context, room, status string) error {
	return s.updateOne(ctx, `UPDATE chat_conversations SET status = ? WHERE room = ?`, status, room)
}

// SetAutoReply records the automatic reply's time.
func (s *Chat) SetAutoReply(ctx context.Context, room string, at time.Time) error {
	return s.updateOne(ctx, `UPDATE chat_conversations SET auto_reply_at = ? WHERE room = ?`, utc(at), room)
}

// AttachGuest moves a guest's conversation into a member's room.
func (s *Chat) AttachGuest(ctx context.Context, guestID, memberID, from, to string) error {
	return s.db.inTx(ctx, func(tx *sqlx.Tx) error {
		res, err := tx.ExecContext(ctx, s.db.q(`UPDATE chat_guests SET member_id = ? WHERE id = ? AND member_id = ''`), memberID, guestID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			if err == nil {
				err = errs.New(errs.GuestTokenInvalid)
			}
			return err
		}
		var g chat.Conversation
		err = tx.GetContext(ctx, &g, s.db.q(`SELECT `+conversationColumns+` FROM chat_conversations c WHERE c.room = ?`), from)
		if errors.Is(err, sql.ErrNoRows) {
			return nil // the guest never wrote
		}
		if err != nil {
			return err
		}
		if err := s.ensureConversation(ctx, tx, &chat.Conversation{Room: to, MemberID: memberID}, g.LastMessageAt); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, s.db.q(`UPDATE chat_messages SET room = ? WHERE room = ?`), to, from); err != nil {
			return err
		}
		// The member's conversation keeps the earlier waiting time and the
		// later last message.
		var m chat.Conversation
		if err := tx.GetContext(ctx, &m, s.db.q(`SELECT `+conversationColumns+` FROM chat_conversations c WHERE c.room = ?`), to); err != nil {
			return err
		}
		waiting, last := m.WaitingSince, m.LastMessageAt
		if g.WaitingSince != nil && (waiting == nil || g.WaitingSince.Before(*waiting)) {
			waiting = g.WaitingSince
		}
		if g.LastMessageAt.After(last) {
			last = g.LastMessageAt
		}
		var w any
		if waiting != nil {
			w = utc(*waiting)
		}
		if _, err := tx.ExecContext(ctx, s.db.q(`UPDATE chat_conversations SET waiting_since = ?, last_message_at = ?, status = 'open' WHERE room = ?`),
			w, utc(last), to); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, s.db.q(`DELETE FROM chat_conversations WHERE room = ?`), from)
		return err
	})
}

const cannedColumns = `id, lang, title, body, position, updated_by, created_at, updated_at`

// CannedReplies lists canned replies by language and position.
func (s *Chat) CannedReplies(ctx context.Context, lang string) ([]chat.Canned, error) {
	where, args := `1 = 1`, []any{}
	if lang != "" {
		where, args = `lang = ?`, append(args, lang)
	}
	out := []chat.Canned{}
	err := s.db.x.SelectContext(ctx, &out, s.db.q(`SELECT `+cannedColumns+` FROM chat_canned_replies WHERE `+where+`
		ORDER BY lang, position, created_at, id`), args...)
	return out, err
}

// SaveCanned inserts or updates a canned reply.
func (s *Chat) SaveCanned(ctx context.Context, c *chat.Canned, create bool) error {
	if create {
		_, err := s.db.x.ExecContext(ctx, s.db.q(`INSERT INTO chat_canned_replies (`+cannedColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`),
			c.ID, c.Lang, c.Title, c.Body, c.Position, c.UpdatedBy, utc(c.CreatedAt), utc(c.UpdatedAt))
		return err
	}
	if err := s.updateOne(ctx, `UPDATE chat_canned_replies SET lang = ?, title = ?, body = ?, position = ?, updated_by = ?, updated_at = ? WHERE id = ?`,
		c.Lang, c.Title, c.Body, c.Position, c.UpdatedBy, utc(c.UpdatedAt), c.ID); err != nil {
		return err
	}
	return s.db.x.GetContext(ctx, &c.CreatedAt, s.db.q(`SELECT created_at FROM chat_canned_replies WHERE id = ?`), c.ID)
}

// DeleteCanned deletes a canned reply.
func (s *Chat) DeleteCanned(ctx context.Context, id string) error {
	return s.updateOne(ctx, `DELETE FROM chat_canned_replies WHERE id = ?`, id)
}

// PurgeGuests deletes a batch of guests past the retention with their
// conversations and messages; guests attached to a member stay.
func (s *Chat) PurgeGuests(ctx context.Context, cutoff time.Time, limit int) ([]string, error) {
	var ids []string
	err := s.db.inTx(ctx, func(tx *sqlx.Tx) error {
		if err := tx.SelectContext(ctx, &ids, s.db.q(`SELECT g.id FROM chat_guests g
			WHERE g.member_id = '' AND g.created_at < ? AND NOT EXISTS (
				SELECT 1 FROM chat_conversations c WHERE c.guest_id = g.id AND c.last_message_at >= ?)
			ORDER BY g.created_at LIMIT ?`), utc(cutoff), utc(cutoff), limit); err != nil {
			return err
		}
		if len(ids) == 0 {
			return nil
		}
		for _, q := range []string{
			`DELETE FROM chat_messages WHERE room IN (SELECT room FROM chat_conversations WHERE guest_id IN (?))`,
			`DELETE FROM chat_conversations WHERE guest_id IN (?)`,
			`DELETE FROM chat_guests WHERE id IN (?)`,
		} {
			in, args, err := sqlx.In(q, ids)
			if err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, s.db.q(in), args...); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return ids, nil
}

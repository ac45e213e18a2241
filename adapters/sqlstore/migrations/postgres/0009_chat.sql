-- Support chat: guests, single-use websocket tickets, one conversation per
-- room ({PREFIX}-{memberId|guestId}) and its messages.
CREATE TABLE chat_guests (
    id         TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    member_id  TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE chat_tickets (
    hash       TEXT PRIMARY KEY,
    kind       TEXT NOT NULL CHECK (kind IN ('member', 'guest', 'operator')),
    subject    TEXT NOT NULL,
    room       TEXT NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    used_at    TIMESTAMPTZ,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX chat_tickets_expires_idx ON chat_tickets (expires_at);

CREATE TABLE chat_conversations (
    room             TEXT PRIMARY KEY,
    member_id        TEXT NOT NULL DEFAULT '',
    guest_id         TEXT NOT NULL DEFAULT '',
    status           TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
    assigned_to      TEXT NOT NULL DEFAULT '',
    waiting_since    TIMESTAMPTZ,
    last_message_at  TIMESTAMPTZ NOT NULL,
    customer_read_at TIMESTAMPTZ,
    operator_read_at TIMESTAMPTZ,
    auto_reply_at    TIMESTAMPTZ,
    created_at       TIMESTAMPTZ NOT NULL
);
CREATE INDEX chat_conversations_inbox_idx ON chat_conversations (status, waiting_since, last_message_at);

CREATE TABLE chat_messages (
    seq        BIGSERIAL PRIMARY KEY,
    id         TEXT NOT NULL UNIQUE,
    room       TEXT NOT NULL REFERENCES chat_conversations (room),
    sender     TEXT NOT NULL CHECK (sender IN ('customer', 'agent', 'system')),
    operator   TEXT NOT NULL DEFAULT '',
    content    TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX chat_messages_room_idx ON chat_messages (room, seq);

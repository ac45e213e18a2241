-- Support chat: guests, single-use websocket tickets, one conversation per
-- room ({PREFIX}-{memberId|guestId}) and its messages.
CREATE TABLE chat_guests (
    id         TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    member_id  TEXT NOT NULL DEFAULT '',
    created_at DATETIME NOT NULL
);

CREATE TABLE chat_tickets (
    hash       TEXT PRIMARY KEY,
    kind       TEXT NOT NULL CHECK (kind IN ('member', 'guest', 'operator')),
    subject    TEXT NOT NULL,
    room       TEXT NOT NULL,
    expires_at DATETIME NOT NULL,
    used_at    DATETIME,
    created_at DATETIME NOT NULL
);
CREATE INDEX chat_tickets_expires_idx ON chat_tickets (expires_at);

CREATE TABLE chat_conversations (
    room             TEXT PRIMARY KEY,
    member_id        TEXT NOT NULL DEFAULT '',
    guest_id         TEXT NOT NULL DEFAULT '',
    status           TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
    assigned_to      TEXT NOT NULL DEFAULT '',
    waiting_since    DATETIME,
    last_message_at  DATETIME NOT NULL,
    customer_read_at DATETIME,
    operator_read_at DATETIME,
    auto_reply_at    DATETIME,
    created_at       DATETIME NOT NULL
);
CREATE INDEX chat_conversations_inbox_idx ON chat_conversations (status, waiting_since, last_message_at);

CREATE TABLE chat_messages (
    seq        INTEGER PRIMARY KEY AUTOINCREMENT,
    id         TEXT NOT NULL UNIQUE,
    room       TEXT NOT NULL REFERENCES chat_conversations (room),
    sender     TEXT NOT NULL CHECK (sender IN ('customer', 'agent', 'system')),
    operator   TEXT NOT NULL DEFAULT '',
    content    TEXT NOT NULL,
    created_at DATETIME NOT NULL
);
CREATE INDEX chat_messages_room_idx ON chat_messages (room, seq);

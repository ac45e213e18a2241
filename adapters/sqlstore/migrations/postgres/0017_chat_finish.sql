-- Support chat, finished (issue 15):
-- * a message records the login session (account.SessionID) and the device
--   token it was sent from (the conversation item's session_id and
--   deviceToken); a ticket records the session it was issued to, so that the
--   socket closes when that session ends;
-- * operators' canned replies, per language, editable in the console
--   (seeded with the defaults that were console presets before);
-- * indexes for the guest retention (guests with no message for 30 days
--   are purged, core/chat.PurgeGuests).
ALTER TABLE chat_messages ADD COLUMN session_id TEXT NOT NULL DEFAULT '';
ALTER TABLE chat_messages ADD COLUMN device_token TEXT NOT NULL DEFAULT '';
ALTER TABLE chat_tickets ADD COLUMN session_id TEXT NOT NULL DEFAULT '';

CREATE TABLE chat_canned_replies (
    id         TEXT PRIMARY KEY,
    lang       TEXT NOT NULL CHECK (lang IN ('th', 'la', 'en')),
    title      TEXT NOT NULL,
    body       TEXT NOT NULL,
    position   INTEGER NOT NULL DEFAULT 0,
    updated_by TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX chat_canned_replies_lang_idx ON chat_canned_replies (lang, position);

INSERT INTO chat_canned_replies (id, lang, title, body, position, created_at, updated_at) VALUES
    ('seed-th-greeting', 'th', 'ทักทาย', 'สวัสดีค่ะ มีอะไรให้เราช่วยเหลือคะ', 1, '2026-11-23 00:00:00+00', '2026-11-23 00:00:00+00'),
    ('seed-th-checking', 'th', 'กำลังตรวจสอบ', 'ขอบคุณค่ะ เรากำลังตรวจสอบให้ กรุณารอสักครู่', 2, '2026-11-23 00:00:00+00', '2026-11-23 00:00:00+00'),
    ('seed-th-deposit', 'th', 'สลิปฝากเงิน', 'กรุณาส่งรูปสลิปการโอนเงิน เพื่อให้เราตรวจสอบยอดฝากของคุณ', 3, '2026-11-23 00:00:00+00', '2026-11-23 00:00:00+00'),
    ('seed-th-thanks', 'th', 'ขอบคุณ', 'ขอบคุณที่ติดต่อเรา มีอะไรให้ช่วยเหลือเพิ่มเติมไหมคะ', 4, '2026-11-23 00:00:00+00', '2026-11-23 00:00:00+00'),
    ('seed-la-greeting', 'la', 'ທັກທາຍ', 'ສະບາຍດີ ມີຫຍັງໃຫ້ພວກເຮົາຊ່ວຍບໍ່', 1, '2026-11-23 00:00:00+00', '2026-11-23 00:00:00+00'),
    ('seed-la-checking', 'la', 'ກຳລັງກວດສອບ', 'ຂອບໃຈ ພວກເຮົາກຳລັງກວດສອບໃຫ້ ກະລຸນາລໍຖ້າຈັກໜ້ອຍ', 2, '2026-11-23 00:00:00+00', '2026-11-23 00:00:00+00'),
    ('seed-la-deposit', 'la', 'ສະລິບຝາກເງິນ', 'ກະລຸນາສົ່ງຮູບສະລິບການໂອນເງິນ ເພື່ອໃຫ້ພວກເຮົາກວດສອບຍອດຝາກຂອງທ່ານ', 3, '2026-11-23 00:00:00+00', '2026-11-23 00:00:00+00'),
    ('seed-la-thanks', 'la', 'ຂອບໃຈ', 'ຂອບໃຈທີ່ຕິດຕໍ່ພວກເຮົາ ມີຫຍັງໃຫ້ຊ່ວຍເພີ່ມເຕີມບໍ່', 4, '2026-11-23 00:00:00+00', '2026-11-23 00:00:00+00'),
    ('seed-en-greeting', 'en', 'Greeting', 'Hello, how can we help you today?', 1, '2026-11-23 00:00:00+00', '2026-11-23 00:00:00+00'),
    ('seed-en-checking', 'en', 'Checking', 'Thank you, we are checking this for you now. Please wait a moment.', 2, '2026-11-23 00:00:00+00', '2026-11-23 00:00:00+00'),
    ('seed-en-deposit', 'en', 'Deposit slip', 'Please send us a picture of your transfer slip so that we can check your deposit.', 3, '2026-11-23 00:00:00+00', '2026-11-23 00:00:00+00'),
    ('seed-en-thanks', 'en', 'Thanks', 'Thank you for contacting us. Is there anything else we can help with?', 4, '2026-11-23 00:00:00+00', '2026-11-23 00:00:00+00');

CREATE INDEX chat_guests_created_idx ON chat_guests (created_at);
CREATE INDEX chat_conversations_guest_idx ON chat_conversations (guest_id);

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Image, Platform, Pressable, ScrollView, StyleSheet, View } from 'react-native';

import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';
import { colors, radius, spacing } from '@/components/ui/theme';

import {
  assign,
  chatTicket,
  closeConversation,
  fetchInbox,
  fetchMediaBlob,
  fetchMessages,
  inboxKey,
  messagesKey,
  reply,
  socketUrl,
  uploadReply,
  waitedMinutes,
  type ChatMessage,
  type Conversation,
  type MessagesPage,
} from '../api/chat';
import { CannedReplies } from '../components/canned-replies';
import { ChatComposer } from '../components/chat-composer';
import { Badge, ErrorLine, PageTitle, Row, when } from '../components/ui';
import { useOpT } from '../i18n';
import { useMe } from '../session';

const statuses = ['open', 'closed', 'all'] as const;

/** useLiveChat keeps the operator socket open (every room), rejoining every 5 s when it drops. */
function useLiveChat(onMessage: (m: ChatMessage) => void): boolean {
  const [live, setLive] = useState(false);
  const handler = useRef(onMessage);
  handler.current = onMessage;
  useEffect(() => {
    let socket: WebSocket | null = null;
    let stopped = false;
    let busy = false;
    const connect = async () => {
      if (busy || stopped || socket) return;
      busy = true;
      try {
        const { ticket } = await chatTicket();
        if (stopped) return;
        const s = new WebSocket(socketUrl(ticket));
        socket = s;
        s.onopen = () => setLive(true);
        s.onmessage = (ev) => {
          try {
            const f = JSON.parse(String(ev.data)) as { type?: string; data?: ChatMessage };
            if (f.type === 'messaging' && f.data) handler.current(f.data);
          } catch {
            // not a frame of ours
          }
        };
        s.onclose = () => {
          if (socket === s) socket = null;
          setLive(false);
        };
      } catch {
        setLive(false);
      } finally {
        busy = false;
      }
    };
    void connect();
    const timer = setInterval(() => void connect(), 5000);
    return () => {
      stopped = true;
      clearInterval(timer);
      socket?.close();
    };
  }, []);
  return live;
}

function MediaPreview({ path, fileType, name }: { path?: string; fileType?: string; name?: string }) {
  const { t } = useOpT();
  const [uri, setUri] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!path || Platform.OS !== 'web') return undefined;
    let url: string | null = null;
    let cancelled = false;
    fetchMediaBlob(path)
      .then((b) => {
        if (cancelled) return;
        url = URL.createObjectURL(b);
        setUri(url);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [path]);
  if (failed || !path) return <AppText variant="caption">{t('chat.mediaUnavailable')}</AppText>;
  if (!uri) return <AppText variant="caption">{t('chat.loadingMedia')}</AppText>;
  if (fileType === 'video') {
    return (
      <Pressable accessibilityRole="link" onPress={() => window.open(uri, '_blank', 'noopener')}>
        <AppText style={styles.link}>{t('chat.openVideo', { name: name ?? '' })}</AppText>
      </Pressable>
    );
  }
  return <Image source={{ uri }} style={styles.image} accessibilityLabel={name || t('chat.image')} />;
}

function messageText(m: Pick<ChatMessage, 'message'>, t: (k: string, o?: Record<string, unknown>) => string): string {
  const p = m.message.payload ?? {};
  switch (m.message.message_type) {
    case 'media':
      return t('chat.mediaPreview', { name: p.name ?? '' });
    case 'postback':
      return t('chat.postback', { title: p.title || p.payload || '' });
    case 'quick_replies':
      return `${p.message ?? ''}  [${(p.quick_replies ?? []).map((b) => b.title).join(' | ')}]`;
    case 'buttons':
      return `${p.message ?? ''}  [${(p.buttons ?? []).map((b) => b.title).join(' | ')}]`;
    case 'generic':
      return (p.cards ?? []).map((c) => c.title).join(' · ');
    default:
      return p.message ?? '';
  }
}

function customerName(c: Conversation, t: (k: string) => string): string {
  return c.memberId ? [c.name, c.phone].filter(Boolean).join(' ') || c.memberId : `${t('chat.guest')} ${c.guestId ?? ''}`;
}

/**
 * The support inbox: conversations waiting longest first with unread counts, and the open
 * conversation (the newest 50 messages, older pages on demand) with replies (text, canned
 * replies, quick replies, buttons, cards, pictures and videos), assign and close.
 * A socket of the operator receives every room's messages live.
 */
export default function ChatPage() {
  const { t } = useOpT();
  const me = useMe();
  const client = useQueryClient();
  const [status, setStatus] = useState<(typeof statuses)[number]>('open');
  const [mine, setMine] = useState(false);
  const [room, setRoom] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  // older holds the pages read back beyond the newest (oldest first), for the open room.
  const [older, setOlder] = useState<{ room: string; messages: ChatMessage[]; more: boolean } | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);

  const inbox = useQuery({ queryKey: inboxKey(status, mine), queryFn: () => fetchInbox(status, mine), refetchInterval: 60_000 });
  const convo = useQuery({ queryKey: messagesKey(room ?? ''), queryFn: () => fetchMessages(room!), enabled: !!room });

  const live = useLiveChat((m) => {
    client.invalidateQueries({ queryKey: ['operator', 'chat', 'inbox'] });
    client.setQueryData(messagesKey(m.room), (old: MessagesPage | undefined) =>
      old && !old.messages.some((x) => x._id === m._id) ? { ...old, messages: [...old.messages, m] } : old,
    );
  });

  const olderHere = older && older.room === room ? older : null;
  const shown = [...(olderHere?.messages ?? []), ...(convo.data?.messages ?? [])];
  const more = olderHere ? olderHere.more : !!convo.data?.more;
  const loadOlder = async () => {
    const first = shown[0];
    if (!room || !first || loadingOlder) return;
    setLoadingOlder(true);
    setError(null);
    try {
      const page = await fetchMessages(room, first._id);
      setOlder({ room, messages: [...page.messages, ...(olderHere?.messages ?? [])], more: page.more });
    } catch (err) {
      setError(err);
    } finally {
      setLoadingOlder(false);
    }
  };

  const list = inbox.data?.conversations ?? [];
  const current = convo.data?.conversation;
  const run = async (fn: () => Promise<unknown>) => {
    setError(null);
    setBusy(true);
    try {
      await fn();
      client.invalidateQueries({ queryKey: ['operator', 'chat'] });
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const send = async (message: ChatMessage['message']) => {
    if (!room) return false;
    let ok = false;
    await run(async () => {
      await reply(room, message);
      ok = true;
    });
    return ok;
  };
  const attach = () => {
    if (!room || Platform.OS !== 'web') return;
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = 'image/png,image/jpeg,image/gif,video/mp4,video/quicktime';
    input.onchange = () => {
      const f = input.files?.[0];
      if (!f) return;
      const kind = f.type.startsWith('video/') ? 'video' : 'image';
      void run(async () => {
        const { path } = await uploadReply(room, kind, f, f.name);
        await reply(room, { message_type: 'media', payload: { message: '', url: path, filePath: path, fileType: kind, name: f.name } });
      });
    };
    input.click();
  };

  return (
    <>
      <PageTitle right={<Badge label={live ? t('chat.live') : t('chat.offline')} tone={live ? 'good' : 'warn'} />}>{t('pages.chat')}</PageTitle>
      <Row>
        {statuses.map((s) => (
          <Button key={s} variant={s === status ? 'primary' : 'secondary'} title={t(`chat.status.${s}`)} onPress={() => setStatus(s)} />
        ))}
        <Button variant={mine ? 'primary' : 'secondary'} title={t('chat.mine')} onPress={() => setMine((v) => !v)} />
      </Row>
      <ErrorLine error={inbox.error ?? error} />
      <View style={styles.split}>
        <ScrollView style={styles.inbox} accessibilityLabel={t('chat.inbox')}>
          {list.length === 0 ? <AppText variant="caption">{t('chat.empty')}</AppText> : null}
          {list.map((c) => (
            <Pressable
              key={c.room}
              accessibilityRole="button"
              accessibilityLabel={customerName(c, t)}
              onPress={() => {
                setRoom(c.room);
                setOlder(null);
              }}
              style={[styles.entry, c.room === room && styles.entrySelected]}
            >
              <AppText bold numberOfLines={1}>
                {customerName(c, t)}
              </AppText>
              <Row>
                {c.unread ? <Badge label={t('chat.unread', { count: c.unread })} tone="bad" /> : null}
                {c.waitingSince ? <Badge label={t('chat.waiting', { minutes: waitedMinutes(c) })} tone="warn" /> : null}
                {c.assignedTo ? <Badge label={c.assignedTo} /> : null}
              </Row>
              {c.last ? (
                <AppText variant="caption" numberOfLines={1}>
                  {messageText({ message: c.last }, t)}
                </AppText>
              ) : null}
              <AppText variant="caption">{when(c.lastMessageAt)}</AppText>
            </Pressable>
          ))}
        </ScrollView>
        <View style={styles.pane}>
          {!room ? (
            <AppText variant="caption">{t('chat.pick')}</AppText>
          ) : (
            <>
              <Row>
                <AppText bold style={styles.flex}>
                  {current ? customerName(current, t) : room}
                </AppText>
                {current && current.assignedTo !== me.data?.username ? (
                  <Button variant="secondary" title={t('chat.assign')} disabled={busy} onPress={() => void run(() => assign(room))} />
                ) : null}
                {current?.status === 'open' ? (
                  <Button variant="secondary" title={t('chat.close')} disabled={busy} onPress={() => void run(() => closeConversation(room))} />
                ) : null}
              </Row>
              <ScrollView style={styles.messages} accessibilityLabel={t('chat.messages')}>
                {more ? (
                  <Button variant="secondary" title={loadingOlder ? t('chat.loadingOlder') : t('chat.older')} disabled={loadingOlder} onPress={() => void loadOlder()} />
                ) : null}
                {shown.map((m) => (
                  <View key={m._id} style={[styles.bubble, m.sender === 'customer' ? styles.customer : styles.agent]}>
                    {m.message.message_type === 'media' ? (
                      <MediaPreview path={m.message.payload.filePath} fileType={m.message.payload.fileType} name={m.message.payload.name} />
                    ) : (
                      <AppText selectable>{messageText(m, t)}</AppText>
                    )}
                    <AppText variant="caption">
                      {m.sender === 'customer' ? t('chat.customer') : m.sender === 'system' ? t('chat.system') : m.operator || t('chat.agent')} ·{' '}
                      {when(m.createdAt)}
                      {m.sender === 'customer' && m.session_id ? ` · ${t('chat.session', { id: m.session_id })}` : ''}
                      {m.sender !== 'customer' && current?.customerReadAt && current.customerReadAt >= m.createdAt ? ` · ${t('chat.seen')}` : ''}
                    </AppText>
                  </View>
                ))}
              </ScrollView>
              <CannedReplies onPick={setText} />
              <ChatComposer
                text={text}
                onTextChange={setText}
                busy={busy}
                onSend={send}
                attach={Platform.OS === 'web' ? <Button variant="secondary" title={t('chat.attach')} disabled={busy} onPress={attach} /> : null}
              />
            </>
          )}
        </View>
      </View>
    </>
  );
}

const styles = StyleSheet.create({
  split: { flexDirection: 'row', gap: spacing.md, minHeight: 480 },
  inbox: { flexBasis: 280, flexGrow: 0, maxHeight: 640 },
  entry: { padding: spacing.sm, borderRadius: radius.sm, borderWidth: 1, borderColor: colors.border, marginBottom: spacing.xs, gap: spacing.xs },
  entrySelected: { borderColor: colors.primary, backgroundColor: '#e8f4ee' },
  pane: { flex: 1, gap: spacing.sm },
  flex: { flex: 1 },
  messages: { maxHeight: 420, borderWidth: 1, borderColor: colors.border, borderRadius: radius.sm, padding: spacing.sm },
  bubble: { maxWidth: '80%', padding: spacing.sm, borderRadius: radius.md, marginVertical: spacing.xs, gap: 2 },
  customer: { alignSelf: 'flex-start', backgroundColor: colors.surface, borderWidth: 1, borderColor: colors.border },
  agent: { alignSelf: 'flex-end', backgroundColor: '#dff3e8' },
  image: { width: 200, height: 200, borderRadius: radius.sm },
  link: { color: colors.primary, textDecorationLine: 'underline' },
});

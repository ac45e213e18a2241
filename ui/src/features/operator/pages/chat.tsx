import { useState } from 'react';
import { Platform, StyleSheet, View } from 'react-native';

import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';
import { spacing } from '@/components/ui/theme';

import { assign } from '../api/assign-conversation';
import { closeConversation } from '../api/close-conversation';
import { useInbox } from '../api/get-chat-inbox';
import { fetchMessages, useMessages } from '../api/get-chat-messages';
import type { ChatMessage } from '../api/types';
import { CannedReplies } from '../components/canned-replies';
import { ChatComposer } from '../components/chat-composer';
import { InboxList } from '../components/chat/inbox-list';
import { MessageList } from '../components/chat/message-list';
import { customerName } from '../components/chat/message-text';
import { Badge, ErrorLine, PageTitle, Row } from '../components/ui';
import { useLiveChat } from '../hooks/use-live-chat';
import { useRoomActions } from '../hooks/use-room-actions';
import { useOpT } from '../i18n';
import { useMe } from '../session';

const statuses = ['open', 'closed', 'all'] as const;

/**
 * The support inbox: conversations waiting longest first with unread counts, and the open
 * conversation (the newest 50 messages, older pages on demand) with replies (text, canned
 * replies, quick replies, buttons, cards, pictures and videos), assign and close.
 * A socket of the operator receives every room's messages live.
 */
export default function ChatPage() {
  const { t } = useOpT();
  const me = useMe();
  const [status, setStatus] = useState<(typeof statuses)[number]>('open');
  const [mine, setMine] = useState(false);
  const [room, setRoom] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<unknown>(null);
  // older holds the pages read back beyond the newest (oldest first), for the open room.
  const [older, setOlder] = useState<{ room: string; messages: ChatMessage[]; more: boolean } | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);

  const inbox = useInbox(status, mine);
  const convo = useMessages(room);

  const live = useLiveChat();

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
  const { busy, run, send, attach } = useRoomActions(room, setError);

  return (
    <>
      <PageTitle right={<Badge label={live ? t('chat.live') : t('chat.offline')} tone={live ? 'good' : 'warn'} />}>
        {t('pages.chat')}
      </PageTitle>
      <Row>
        {statuses.map((s) => (
          <Button key={s} variant={s === status ? 'primary' : 'secondary'} title={t(`chat.status.${s}`)} onPress={() => setStatus(s)} />
        ))}
        <Button variant={mine ? 'primary' : 'secondary'} title={t('chat.mine')} onPress={() => setMine((v) => !v)} />
      </Row>
      <ErrorLine error={inbox.error ?? error} />
      <View style={styles.split}>
        <InboxList
          list={list}
          room={room}
          onPick={(r) => {
            setRoom(r);
            setOlder(null);
          }}
        />
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
                  <Button
                    variant="secondary"
                    title={t('chat.close')}
                    disabled={busy}
                    onPress={() => void run(() => closeConversation(room))}
                  />
                ) : null}
              </Row>
              <MessageList shown={shown} current={current} more={more} loadingOlder={loadingOlder} onOlder={() => void loadOlder()} />
              <CannedReplies onPick={setText} />
              <ChatComposer
                text={text}
                onTextChange={setText}
                busy={busy}
                onSend={send}
                attach={
                  Platform.OS === 'web' ? <Button variant="secondary" title={t('chat.attach')} disabled={busy} onPress={attach} /> : null
                }
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
  pane: { flex: 1, gap: spacing.sm },
  flex: { flex: 1 },
});

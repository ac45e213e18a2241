import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';

import { walletQueryKey } from '@/lib/query-keys';

import {
  fetchHistory,
  forgetGuest,
  getTicket,
  isGuestGone,
  markRead,
  resolveIdentity,
  sendMessage,
  socketUrl,
  uploadMedia,
  type Identity,
} from '../api/chat-api';
import { ChatConnection, type ConnectionState } from '../lib/chat-connection';
import { capText, chatLimits, confirmSent, mergeItems, serverCount, type ChatContent, type ChatItem } from '../lib/chat-rules';

/** PickedFile is a file chosen for sending: a web File, or a native asset. */
export type PickedFile = {
  name: string;
  size: number;
  kind: 'image' | 'video';
  blob: Blob | { uri: string; name: string; type: string };
  previewUri?: string;
};

type Local = ChatItem & { file?: PickedFile; path?: string };

let seq = 0;
const newLocalId = () => `local-${Date.now()}-${++seq}`;

/**
 * useChat runs the widget's conversation: identity (member or guest), the socket and its
 * rejoins, history pages, sending with local echo, media states, and debounced read marks.
 */
export function useChat(active: boolean) {
  const [items, setItems] = useState<Local[]>([]);
  const [connection, setConnection] = useState<ConnectionState>('disconnected');
  const [failed, setFailed] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [hasMore, setHasMore] = useState(true);
  const identity = useRef<Identity | null>(null);
  const itemsRef = useRef<Local[]>([]);
  itemsRef.current = items;
  const readTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const queryClient = useQueryClient();

  const update = useCallback((fn: (list: Local[]) => Local[]) => setItems((list) => fn(list)), []);

  const loadLatest = useCallback(async () => {
    const id = identity.current;
    if (!id) return;
    const page = await fetchHistory(id, chatLimits.historyPage, 0);
    update((list) => mergeItems(list, page));
    if (page.length < chatLimits.historyPage) setHasMore(false);
  }, [update]);

  useEffect(() => {
    if (!active) return undefined;
    let conn: ChatConnection | null = null;
    let cancelled = false;
    (async () => {
      try {
        identity.current = await resolveIdentity();
      } catch {
        if (!cancelled) setFailed(true);
        return;
      }
      if (cancelled) return;
      conn = new ChatConnection({
        ticket: async () => {
          try {
            return await getTicket(identity.current!);
          } catch (err) {
            if (!isGuestGone(err)) throw err;
            // The stored guest ended (e.g. it became a member): start a new one.
            forgetGuest();
            identity.current = await resolveIdentity();
            return getTicket(identity.current);
          }
        },
        open: (ticket) => new WebSocket(socketUrl(ticket)),
        onItem: (item) => update((list) => mergeItems(list, [item])),
        onState: (s) => {
          setConnection(s);
          if (s === 'joined') setFailed(false);
        },
        onJoined: () => {
          loadLatest().catch(() => undefined);
        },
        // The member's home changed on the server: the wallet (home) reads it again, with no polling.
        onBalances: () => {
          queryClient.invalidateQueries({ queryKey: walletQueryKey }).catch(() => undefined);
        },
        onFailure: () => setFailed(true),
      });
      conn.start();
    })();
    return () => {
      cancelled = true;
      conn?.stop();
    };
  }, [active, loadLatest, queryClient, update]);

  useEffect(
    () => () => {
      timers.current.forEach(clearTimeout);
      if (readTimer.current) clearTimeout(readTimer.current);
    },
    [],
  );

  /** markReadSoon sets the read mark 1 s after the last call. */
  const markReadSoon = useCallback(() => {
    if (readTimer.current) clearTimeout(readTimer.current);
    readTimer.current = setTimeout(() => {
      const id = identity.current;
      if (id) markRead(id).catch(() => undefined);
    }, chatLimits.readDebounceMs);
  }, []);

  const deliver = useCallback(
    async (localId: string, content: ChatContent) => {
      const id = identity.current;
      if (!id) throw new Error('no identity');
      const res = await sendMessage(id, content);
      update((list) => confirmSent(list, localId, res._id, res.createdAt));
    },
    [update],
  );

  const setState = useCallback(
    (localId: string, patch: Partial<Local>) => update((list) => list.map((x) => (x.localId === localId ? { ...x, ...patch } : x))),
    [update],
  );

  /** sendContent echoes a message at once and sends it 500 ms later; its createdAt is the server's. */
  const sendContent = useCallback(
    (content: ChatContent) => {
      const localId = newLocalId();
      update((list) => [...list, { localId, sender: 'customer', message: content, createdAt: new Date().toISOString(), state: 'sending' }]);
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        deliver(localId, content).catch(() => setState(localId, { state: 'failed' }));
      }, chatLimits.sendDelayMs);
      timers.current.add(timer);
    },
    [deliver, setState, update],
  );

  /** sendText sends a non-blank text, capped at chatLimits.maxText characters. */
  const sendText = useCallback(
    (raw: string) => {
      const text = capText(raw);
      if (text.trim()) sendContent({ message_type: 'text', payload: { message: text } });
    },
    [sendContent],
  );

  /** sendPostback answers a button or a quick reply of the support side. */
  const sendPostback = useCallback(
    (title: string, payload: string) => sendContent({ message_type: 'postback', payload: { title, payload } }),
    [sendContent],
  );

  const sendMedia = useCallback(
    async (localId: string, file: PickedFile, knownPath?: string) => {
      const id = identity.current;
      if (!id) return;
      let path = knownPath;
      try {
        if (!path) {
          setState(localId, { state: 'uploading_file' });
          path = (await uploadMedia(id, file.kind, file.blob, file.name)).path;
        }
        const content: ChatContent = {
          message_type: 'media',
          payload: { message: '', url: path, fileType: file.kind, filePath: path, name: file.name },
        };
        setState(localId, { state: 'sending', path, message: content });
        await deliver(localId, content);
      } catch {
        setState(localId, { state: 'failed', path });
      }
    },
    [deliver, setState],
  );

  /** attach sends a checked file: uploading_file → sending → succeed, or failed. */
  const attach = useCallback(
    (file: PickedFile) => {
      const localId = newLocalId();
      const message: ChatContent = {
        message_type: 'media',
        payload: { message: '', fileType: file.kind, name: file.name, url: file.previewUri },
      };
      update((list) => [
        ...list,
        { localId, sender: 'customer', message, createdAt: new Date().toISOString(), state: 'uploading_file', file },
      ]);
      void sendMedia(localId, file);
    },
    [sendMedia, update],
  );

  /** resend tries a failed message again (a media file from where it failed). */
  const resend = useCallback(
    (localId: string) => {
      const item = itemsRef.current.find((x) => x.localId === localId);
      if (!item || item.state !== 'failed') return;
      if (item.file) {
        void sendMedia(localId, item.file, item.path);
        return;
      }
      setState(localId, { state: 'sending' });
      deliver(localId, item.message).catch(() => setState(localId, { state: 'failed' }));
    },
    [deliver, sendMedia, setState],
  );

  const remove = useCallback((localId: string) => update((list) => list.filter((x) => x.localId !== localId)), [update]);

  /** loadOlder reads the previous 10 messages. */
  const loadOlder = useCallback(async () => {
    const id = identity.current;
    if (!id || loadingOlder || !hasMore) return;
    setLoadingOlder(true);
    try {
      const page = await fetchHistory(id, chatLimits.historyPage, serverCount(itemsRef.current));
      update((list) => mergeItems(list, page));
      if (page.length < chatLimits.historyPage) setHasMore(false);
    } catch {
      // The reader can scroll up again.
    } finally {
      setLoadingOlder(false);
    }
  }, [hasMore, loadingOlder, update]);

  /** refresh reads the history again from the newest page. */
  const refresh = useCallback(async () => {
    setHasMore(true);
    update((list) => list.filter((x) => !x._id));
    await loadLatest().catch(() => undefined);
  }, [loadLatest, update]);

  const mediaIdentity = () => identity.current;

  return {
    items,
    connection,
    failed,
    loadingOlder,
    hasMore,
    sendText,
    sendPostback,
    attach,
    resend,
    remove,
    loadOlder,
    refresh,
    markReadSoon,
    mediaIdentity,
  };
}

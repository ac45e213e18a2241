import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';

import { chatTicket, socketUrl } from '../api/chat-ticket';
import { chatKey } from '../api/get-chat-inbox';
import { messagesKey, type MessagesPage } from '../api/get-chat-messages';
import type { ChatMessage } from '../api/types';

/** rejoinMs is how long a dropped socket waits before it joins again. */
const rejoinMs = 5000;

/**
 * useLiveChat keeps the operator socket open (every room), rejoining every 5 s when it drops: a
 * message refreshes the inbox and joins its room's page when that is loaded. Answers whether the
 * socket is open.
 */
export function useLiveChat(): boolean {
  const client = useQueryClient();
  const onMessage = (m: ChatMessage) => {
    client.invalidateQueries({ queryKey: chatKey.inbox });
    client.setQueryData(messagesKey(m.room), (old: MessagesPage | undefined) =>
      old && !old.messages.some((x) => x._id === m._id) ? { ...old, messages: [...old.messages, m] } : old,
    );
  };
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
    const timer = setInterval(() => void connect(), rejoinMs);
    return () => {
      stopped = true;
      clearInterval(timer);
      socket?.close();
    };
  }, []);
  return live;
}

import { useState } from 'react';
import { Platform } from 'react-native';

import { reply, useRefreshChat } from '../api/send-chat-reply';
import type { ChatMessage } from '../api/types';
import { uploadReply } from '../api/upload-chat-media';

/**
 * useRoomActions runs the open room's actions (reply, assign, close, attach a picture or video)
 * one at a time: busy while one runs, its refusal to onError, the chat read again after each.
 */
export function useRoomActions(room: string | null, onError: (err: unknown) => void) {
  const refresh = useRefreshChat();
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<unknown>) => {
    onError(null);
    setBusy(true);
    try {
      await fn();
      refresh();
    } catch (err) {
      onError(err);
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
  return { busy, run, send, attach };
}

import { type Answer, opApi } from './client';

/** uploadReply stores a picture or video for a room; the reply that shows it follows (send-chat-reply). */
export function uploadReply(room: string, kind: 'image' | 'video', file: Blob, name: string) {
  const form = new FormData();
  form.append('file', file, name);
  return opApi.post<Answer<`/api/operator/chat/{room}/upload-${typeof kind}`, 'post'>>(
    `/api/operator/chat/${encodeURIComponent(room)}/upload-${kind}`,
    form,
    { upload: true },
  );
}

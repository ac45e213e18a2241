import { apiBaseUrl } from '@/lib/config';

import { type Answer, opApi } from './client';

/** chatTicket asks for a one-use ticket that opens the operator's chat socket. */
export function chatTicket() {
  return opApi.post<Answer<'/api/operator/chat/ticket', 'post'>>('/api/operator/chat/ticket');
}

export function socketUrl(ticket: string): string {
  let base = apiBaseUrl;
  if (!base && typeof window !== 'undefined' && window.location) base = window.location.origin;
  return `${base.replace(/^http/, 'ws')}/api/chat/ws?ticket=${encodeURIComponent(ticket)}`;
}

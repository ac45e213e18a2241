import { api } from '@/lib/api';

/** autoLogin asks for a short-lived link that opens the game logged in. */
export async function autoLogin(code: string, username: string): Promise<string> {
  const res = await api.get<{ link: string }>(`/api/autoLogin/${encodeURIComponent(code)}/${encodeURIComponent(username)}`);
  return res.link;
}

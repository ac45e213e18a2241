// POST /api/games/{provider}/{code}/launch: the URL of a seamless game's page for this member.
import { api } from '@/lib/api';
import type { components } from '@/lib/api-schema.generated';

export type GameLaunch = components['schemas']['GameLaunch'];

/** launchGame asks for a game's URL in the app's language; nothing moves until the member bets there. */
export async function launchGame(provider: string, code: string, lang: string): Promise<string> {
  const path = `/api/games/${encodeURIComponent(provider)}/${encodeURIComponent(code)}/launch?lang=${encodeURIComponent(lang)}`;
  const r = await api.post<GameLaunch>(path, {});
  return r.url;
}

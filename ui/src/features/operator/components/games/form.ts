// The game editor's form: what it shows of a game, its checks and what the server stores of it.
import type { GameBody, GameCategory } from '../../api/save-game';
import type { Game } from '../../api/types';

export type Form = Record<'name' | 'logo' | 'background' | 'category' | 'ftWalletSlot' | 'web' | 'android' | 'ios' | 'sort', string> & {
  active: boolean;
};

export const toForm = (g: Game): Form => ({
  name: g.name,
  logo: g.logo ?? '',
  background: g.background ?? '',
  category: g.category ?? '',
  ftWalletSlot: String(g.ftWalletSlot ?? ''),
  web: g.web ?? '',
  android: g.android ?? '',
  ios: g.ios ?? '',
  sort: String(g.sort ?? 0),
  active: !!g.active,
});

const linkOk = (v: string) => v === '' || /^(https?:\/\/|\/)[^\s]*$/i.test(v);

// The categories the server takes (GameCategory in the API document); the
// type check fails here if the document's list changes.
export const gameCategories: readonly GameCategory[] = ['slot', 'sport', 'lotto'];
const isCategory = (c: string): c is GameCategory => (gameCategories as readonly string[]).includes(c);

/** gameProblem checks the form; the answer is a console translation key or null. */
export function gameProblem(f: Form): string | null {
  if (!f.name.trim()) return 'games.errors.name';
  if (!isCategory(f.category)) return 'games.errors.category';
  const slot = Number(f.ftWalletSlot);
  if (f.ftWalletSlot.trim() === '' || !Number.isFinite(slot) || slot <= 0 || slot > 1000) return 'games.errors.slot';
  if (!/^-?\d+$/.test(f.sort.trim())) return 'games.errors.sort';
  if (![f.logo, f.background, f.web, f.android, f.ios].every(linkOk)) return 'games.errors.link';
  return null;
}

/** gameBody is what the server stores of a form gameProblem passed. */
export function gameBody(form: Form): GameBody {
  return {
    name: form.name.trim(),
    logo: form.logo,
    background: form.background,
    category: form.category as GameCategory, // one of gameCategories: gameProblem checked it
    ftWalletSlot: Number(form.ftWalletSlot),
    web: form.web || null,
    android: form.android || null,
    ios: form.ios || null,
    active: form.active,
    sort: Number(form.sort),
  };
}

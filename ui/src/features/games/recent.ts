// The lobby's recently played games, kept on the device only (docs/ui.md, "Game lobby").
import { readItem, storageKeys, writeItem } from '@/lib/storage';

/** recentLimit is how many recently played games the lobby remembers. */
export const recentLimit = 8;

/** readRecent returns the recently played game keys (provider/code), the latest first. */
export function readRecent(): string[] {
  try {
    const v: unknown = JSON.parse(readItem(storageKeys.recentGames) ?? '[]');
    return Array.isArray(v) ? v.filter((k): k is string => typeof k === 'string').slice(0, recentLimit) : [];
  } catch {
    return [];
  }
}

/** rememberPlayed puts a game first in the recently played list and returns the new list. */
export function rememberPlayed(key: string): string[] {
  const next = [key, ...readRecent().filter((k) => k !== key)].slice(0, recentLimit);
  writeItem(storageKeys.recentGames, JSON.stringify(next));
  return next;
}

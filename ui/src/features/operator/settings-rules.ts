// Checks of an edited setting before it is sent (the server checks again). Each answer is a
// console translation key, or null when the document is fine.

type Doc = Record<string, unknown>;

const isObj = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);
const isUrl = (v: unknown) => typeof v === 'string' && /^https?:\/\/[^\s]+$/i.test(v);
const amount = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : NaN);
const twoDecimals = (n: number) => Math.round(n * 100) === n * 100;

/** sameShape: every field of the current document is still there with the same kind of value. */
function sameShape(next: unknown, current: unknown): boolean {
  if (Array.isArray(current)) return Array.isArray(next);
  if (!isObj(current)) return typeof next === typeof current || current === null || next === null;
  if (!isObj(next)) return false;
  return Object.keys(current).every((k) => k in next && sameShape(next[k], current[k]));
}

export function parseSetting(text: string): { value?: unknown; error?: string } {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return { error: 'settings.errors.json' };
  }
}

export function validateSetting(name: string, next: unknown, current: unknown): string | null {
  if (current !== undefined && current !== null && !sameShape(next, current)) return 'settings.errors.shape';
  const d = isObj(next) ? next : {};
  switch (name) {
    case 'withdraw': {
      const min = amount(d.withdrawMin);
      const max = amount(d.withdrawMax);
      if (!(min > 0) || !(max >= min) || !twoDecimals(min) || !twoDecimals(max)) return 'settings.errors.withdraw';
      return null;
    }
    case 'withdrawApprovalThreshold': {
      const v = isObj(next) ? amount(d.amount) : amount(next);
      if (!(v > 0) || !twoDecimals(v)) return 'settings.errors.amount';
      return null;
    }
    case 'info': {
      const videos = isObj(d.howtoVideos) ? d.howtoVideos : {};
      if (Object.values(videos).some((v) => v !== null && v !== '' && !isUrl(v))) return 'settings.errors.url';
      if (d.website && !isUrl(d.website)) return 'settings.errors.url';
      return null;
    }
    case 'contact':
      if (d.lineLink && !isUrl(d.lineLink)) return 'settings.errors.url';
      if (d.lineQR && !isUrl(d.lineQR) && !String(d.lineQR).startsWith('/')) return 'settings.errors.url';
      return null;
    case 'conditions':
      return Array.isArray(d.conditions) && d.conditions.every((c) => typeof c === 'string') ? null : 'settings.errors.textList';
    case 'agreements':
      if (!Array.isArray(d.agreements) || !d.agreements.every((c) => typeof c === 'string')) return 'settings.errors.textList';
      return null;
    case 'notice':
      return typeof d.notice === 'string' ? null : 'settings.errors.text';
    case 'slip': {
      const size = amount(d.maxSizeMB);
      const hours = amount(d.uploadWithinHours);
      if (!(size > 0) || !(hours > 0)) return 'settings.errors.positive';
      return null;
    }
    case 'enableChatWidget':
      return typeof d.enableChatWidget === 'boolean' ? null : 'settings.errors.boolean';
    case 'active':
      return typeof d.terminated === 'boolean' ? null : 'settings.errors.boolean';
    default:
      return null;
  }
}

/** textSettings have member-facing text worth a preview in every language. */
export const textSettings = ['info', 'contact', 'conditions', 'agreements', 'notice', 'withdraw'] as const;

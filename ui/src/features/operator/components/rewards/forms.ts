// The rewards settings form: its fields as typed, the checks the server would refuse, and the body sent.
import type { RewardSettings } from '../../api/get-reward-settings';
import { bannersToText, textToBanners } from '../banner-editor';

export type Form = {
  active: boolean;
  period: string;
  rate: string;
  minNetLoss: string;
  maxPerPeriod: string;
  games: string;
  successPercent: string;
  failPercent: string;
  infoTh: string;
  infoLa: string;
  infoEn: string;
  banners: string;
};

export const toForm = (s: RewardSettings): Form => ({
  active: s.active,
  period: s.period,
  rate: String(s.rateBP / 100),
  minNetLoss: String(s.minNetLoss),
  maxPerPeriod: String(s.maxPerPeriod),
  games: (s.games ?? []).join(', '),
  successPercent: String(s.successPercent),
  failPercent: String(s.failPercent),
  infoTh: s.info?.th ?? '',
  infoLa: s.info?.la ?? '',
  infoEn: s.info?.en ?? '',
  banners: bannersToText(s.banners ?? []),
});

const isNum = (v: string) => v.trim() !== '' && Number.isFinite(Number(v));

/** formProblem checks what the server would refuse; the answer is a console translation key or null. */
export function formProblem(f: Form): string | null {
  if (![f.rate, f.minNetLoss, f.maxPerPeriod, f.successPercent, f.failPercent].every(isNum)) return 'rewards.errors.number';
  if (Number(f.rate) < 0 || Number(f.rate) > 100) return 'rewards.errors.rate';
  if (Number(f.failPercent) < 0 || Number(f.failPercent) > 100 || Number(f.successPercent) <= 100) return 'rewards.errors.percent';
  return null;
}

/** toSettings turns the form into the settings body (the rate in basis points). */
export function toSettings(f: Form): RewardSettings {
  const info: Record<string, string> = {};
  if (f.infoTh.trim()) info.th = f.infoTh;
  if (f.infoLa.trim()) info.la = f.infoLa;
  if (f.infoEn.trim()) info.en = f.infoEn;
  return {
    active: f.active,
    period: f.period as 'daily' | 'weekly',
    rateBP: Math.round(Number(f.rate) * 100),
    minNetLoss: Number(f.minNetLoss),
    maxPerPeriod: Number(f.maxPerPeriod),
    games: f.games
      .split(',')
      .map((g) => g.trim())
      .filter(Boolean),
    successPercent: Number(f.successPercent),
    failPercent: Number(f.failPercent),
    info,
    banners: textToBanners(f.banners),
  };
}

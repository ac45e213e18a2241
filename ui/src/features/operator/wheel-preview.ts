// The console's wheel preview and payout figures. The preview is an SVG text shown as an image
// (the console runs on the web only), so that the console does not share react-native-svg or the
// member wheel with the spin page: a module two lazy chunks share is hoisted into __common, which
// /login loads (docs/ui.md).

export type PrizeType = 'cash' | 'bonus' | 'coins' | 'nothing';

export type WheelSlice = {
  code: string;
  label: { th: string; la: string; en: string };
  bgColor: string;
  textColor: string;
  htmlDescription: string;
  weight: number;
  prize: { type: PrizeType; amount: number; coins: number; successPercent: number; percentFail: number };
};

export type Wheel = {
  id: string;
  name: string;
  active: boolean;
  cost: number;
  dailyLimit: number;
  dailyBudget: number;
  couponDays: number;
  slices: WheelSlice[];
  updatedAt?: string;
  updatedBy?: string;
  expectedPayout?: { baht: number; coins: number };
};

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const colour = (s: string) => (/^#[0-9a-fA-F]{6}$/.test(s) ? s : '#cccccc');

/** previewSvg draws the wheel as the member app does: slice 0 starts under the top pointer. */
export function previewSvg(slices: WheelSlice[], lang: 'th' | 'la' | 'en' = 'en'): string {
  const c = 100;
  const r = 96;
  const n = Math.max(1, slices.length);
  const step = (2 * Math.PI) / n;
  const parts = slices.map((s, i) => {
    const a0 = i * step - Math.PI / 2;
    const a1 = a0 + step;
    const p = (a: number) => `${(c + r * Math.cos(a)).toFixed(2)},${(c + r * Math.sin(a)).toFixed(2)}`;
    const large = step > Math.PI ? 1 : 0;
    const mid = ((i + 0.5) * 360) / n - 90;
    const label = escape((s.label[lang] || s.code).slice(0, 14));
    return (
      `<path d="M${c},${c} L${p(a0)} A${r},${r} 0 ${large} 1 ${p(a1)} Z" fill="${colour(s.bgColor)}" stroke="#fff" stroke-width="0.8"/>` +
      `<text x="${c + r * 0.62}" y="${c + 3}" fill="${colour(s.textColor)}" font-size="${n > 10 ? 7 : 9}" font-weight="bold" ` +
      `font-family="sans-serif" text-anchor="middle" transform="rotate(${mid.toFixed(2)} ${c} ${c})">${label}</text>`
    );
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 212" width="200" height="212">` +
    `<g transform="translate(0 12)"><circle cx="${c}" cy="${c}" r="${r + 3}" fill="#f4be2c"/>${parts.join('')}` +
    `<circle cx="${c}" cy="${c}" r="24" fill="#0f764d" stroke="#fff" stroke-width="3"/></g>` +
    `<polygon points="90,0 110,0 100,20" fill="#c62828" stroke="#fff" stroke-width="2"/></svg>`
  );
}

/** previewUri is previewSvg as an image address. */
export function previewUri(slices: WheelSlice[], lang: 'th' | 'la' | 'en' = 'en'): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(previewSvg(slices, lang))}`;
}

/** chance is each slice's probability from the weights (0 when all are 0). */
export function chance(slices: WheelSlice[]): number[] {
  const total = slices.reduce((sum, s) => sum + Math.max(0, s.weight || 0), 0);
  return slices.map((s) => (total > 0 ? Math.max(0, s.weight || 0) / total : 0));
}

/**
 * expectedPayout is what one spin pays on average from the weights (the server's figure, computed
 * again while editing): baht of cash and bonus prizes, and coins. The budget can only lower it.
 */
export function expectedPayout(slices: WheelSlice[]): { baht: number; coins: number } {
  const p = chance(slices);
  return slices.reduce(
    (sum, s, i) => ({
      baht: sum.baht + (s.prize.type === 'cash' || s.prize.type === 'bonus' ? p[i] * (s.prize.amount || 0) : 0),
      coins: sum.coins + (s.prize.type === 'coins' ? p[i] * (s.prize.coins || 0) : 0),
    }),
    { baht: 0, coins: 0 },
  );
}

/** newSlice is a blank slice for the editor. */
export function newSlice(n: number): WheelSlice {
  return {
    code: `SLICE${n}`,
    label: { th: `ช่อง ${n}`, la: `ຊ່ອງ ${n}`, en: `Slice ${n}` },
    bgColor: n % 2 ? '#2D3A8C' : '#F2C94C',
    textColor: n % 2 ? '#FFFFFF' : '#1A1A1A',
    htmlDescription: '',
    weight: 10,
    prize: { type: 'nothing', amount: 0, coins: 0, successPercent: 0, percentFail: 0 },
  };
}

import { chance, expectedPayout, newSlice, previewSvg, type WheelSlice } from './wheel-preview';

const slice = (code: string, weight: number, prize: Partial<WheelSlice['prize']>): WheelSlice => ({
  ...newSlice(1),
  code,
  weight,
  prize: { type: 'nothing', amount: 0, coins: 0, successPercent: 0, percentFail: 0, ...prize },
});

describe('wheel preview', () => {
  const slices = [
    slice('A', 1, { type: 'cash', amount: 100 }),
    slice('B', 2, { type: 'coins', coins: 3 }),
    slice('C', 1, { type: 'bonus', amount: 40 }),
    slice('D', 0, { type: 'cash', amount: 1000 }),
  ];

  it('computes each chance and the expected payout per spin from the weights', () => {
    expect(chance(slices)).toEqual([0.25, 0.5, 0.25, 0]);
    expect(expectedPayout(slices)).toEqual({ baht: 35, coins: 1.5 });
    expect(expectedPayout([slice('A', 0, { type: 'cash', amount: 5 })])).toEqual({ baht: 0, coins: 0 });
  });

  it('draws a path per slice and escapes the labels', () => {
    const s = slice('X', 1, {});
    s.label.en = '<b>&"x"';
    const svg = previewSvg([s, slice('Y', 1, {})], 'en');
    expect(svg.match(/<path /g)).toHaveLength(2);
    expect(svg).not.toContain('<b>');
    expect(svg).toContain('&#60;b&#62;&#38;&#34;x&#34;');
  });
});

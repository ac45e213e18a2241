import payloads from '../../../../core/deposit/testdata/promptpay-payloads.json';

import { cardLayout, emvFields, payeeOf, qrFileName, qrModules, thaiQrBlue, type Label, type Rect } from './qr-card';
import { cardPng, paintCard, saveQrCard, scale } from './save-qr.web';

// A QR as the server draws it (adapters/httpapi QRSVG): a 29-module square with two runs.
const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29" shape-rendering="crispEdges">' +
  '<rect width="29" height="29" fill="#fff"/><path fill="#000" d="M4 4h7v1h-7zM12 4h1v1h-1zM4 5h1v1h-1z"/></svg>';

const texts = (l: { ops: (Rect | Label)[] }) => l.ops.filter((o): o is Label => o.kind === 'text').map((o) => o.text);

describe('qrModules', () => {
  it('reads the runs of the server QR', () => {
    expect(qrModules(svg)).toEqual({
      size: 29,
      runs: [
        { x: 4, y: 4, w: 7 },
        { x: 12, y: 4, w: 1 },
        { x: 4, y: 5, w: 1 },
      ],
    });
  });

  it.each([
    ['no path', '<svg viewBox="0 0 29 29"></svg>'],
    ['not square', svg.replace('0 0 29 29', '0 0 29 30')],
    ['another drawing', svg.replace('M12 4h1v1h-1z', 'L3 3')],
    ['a run that does not close', svg.replace('M12 4h1v1h-1z', 'M12 4h2v1h-1z')],
    ['empty path', svg.replace(/d="[^"]*"/, 'd=""')],
  ])('refuses %s', (_name, bad) => {
    expect(() => qrModules(bad)).toThrow('not a QR drawn by the server');
  });
});

describe('payeeOf', () => {
  it.each([
    ['0812345678', 'xxx-xxx-5678'],
    ['66891234567', 'xxx-xxx-4567'],
  ])('a bank QR to the mobile number %s shows it masked: %s', (target, shown) => {
    const p = payloads.find((x) => x.target === target)!;
    expect(payeeOf(p.payload)).toEqual({ promptPay: shown });
  });

  it('a bank QR to a 13-digit id keeps its last four digits', () => {
    const p = payloads.find((x) => x.value === '1234567890123')!;
    expect(payeeOf(p.payload).promptPay).toBe('x-xxxx-xxxx0-12-3');
  });

  it("a gateway's QR names its merchant (tag 59)", () => {
    const name = 'NGERN CO LTD';
    const payload = `000201010212${'5802TH'}59${String(name.length).padStart(2, '0')}${name}6304ABCD`;
    expect(emvFields(payload).get('59')).toBe(name);
    expect(payeeOf(payload)).toEqual({ name });
  });

  it('a payload it cannot read names nobody', () => {
    expect(payeeOf('not a payload')).toEqual({});
  });
});

describe('cardLayout', () => {
  const qr = qrModules(svg);

  it('draws the Thai QR frame, the QR and the lines under it, in that order', () => {
    const card = cardLayout(qr, {
      payee: 'Somchai',
      promptPay: 'PromptPay ID xxx-xxx-5678',
      amount: 'Pay 100.37 baht',
      expires: 'Valid until 27/11/2026 15:04:05',
    });
    expect(card.width).toBe(480);
    const band = card.ops[0] as Rect;
    expect(band).toMatchObject({ kind: 'rect', x: 0, y: 0, w: 480, fill: thaiQrBlue });
    expect(texts(card)).toEqual([
      'THAI QR PAYMENT',
      'PromptPay',
      'Somchai',
      'PromptPay ID xxx-xxx-5678',
      'Pay 100.37 baht',
      'Valid until 27/11/2026 15:04:05',
    ]);
    // Lines go down the card and stay on it.
    const ys = card.ops.filter((o) => o.kind === 'text').map((o) => o.y);
    expect([...ys].sort((a, b) => a - b)).toEqual(ys);
    expect(ys[ys.length - 1]).toBeLessThan(card.height);
  });

  it('scales every module to whole pixels, centred, on a white square', () => {
    const card = cardLayout(qr, { amount: 'Pay 1.00 baht' });
    const dark = card.ops.filter((o): o is Rect => o.kind === 'rect' && o.fill === '#000000');
    const cell = Math.floor(336 / 29); // 11 px a module
    const side = cell * 29;
    const square = card.ops.find((o): o is Rect => o.kind === 'rect' && o.w === side && o.h === side)!;
    expect(square.fill).toBe('#ffffff');
    expect(square.x).toBe(Math.round((480 - side) / 2));
    expect(dark).toEqual([
      { kind: 'rect', x: square.x + 4 * cell, y: square.y + 4 * cell, w: 7 * cell, h: cell, fill: '#000000' },
      { kind: 'rect', x: square.x + 12 * cell, y: square.y + 4 * cell, w: cell, h: cell, fill: '#000000' },
      { kind: 'rect', x: square.x + 4 * cell, y: square.y + 5 * cell, w: cell, h: cell, fill: '#000000' },
    ]);
  });

  it('leaves out the lines it has nothing for (no payee, no expiry)', () => {
    const full = cardLayout(qr, { payee: 'A', amount: 'Pay 1.00 baht', expires: 'Valid until …' });
    const bare = cardLayout(qr, { amount: 'Pay 1.00 baht' });
    expect(texts(bare)).toEqual(['THAI QR PAYMENT', 'PromptPay', 'Pay 1.00 baht']);
    expect(bare.height).toBeLessThan(full.height);
  });
});

describe('qrFileName', () => {
  it.each([
    ['kbank', 'qr_123', 'qr-kbank-qr_123.png'],
    ['PAY TIMZ', 'a/b\\c..', 'qr-PAY_TIMZ-a_b_c_.png'],
    ['', '', 'qr-qr-qr.png'],
  ])('%s %s → %s', (bank, id, name) => {
    expect(qrFileName(bank, id)).toBe(name);
  });
});

// A 2D context that records what is painted.
function recorder() {
  const calls: { op: string; args: unknown[]; fillStyle?: string; font?: string }[] = [];
  const ctx: Record<string, unknown> = { fillStyle: '', strokeStyle: '', font: '', lineWidth: 1, textAlign: '', textBaseline: '' };
  for (const op of ['fillRect', 'fillText', 'beginPath', 'roundRect', 'fill', 'stroke', 'scale']) {
    ctx[op] = (...args: unknown[]) => calls.push({ op, args, fillStyle: ctx.fillStyle as string, font: ctx.font as string });
  }
  return { ctx: ctx as unknown as CanvasRenderingContext2D, calls };
}

describe('the PNG (web)', () => {
  const payload = payloads[0];
  const card = cardLayout(qrModules(svg), {
    payee: 'Somchai',
    promptPay: `PromptPay ID ${payeeOf(payload.payload).promptPay}`,
    amount: `Pay ${payload.amount} baht`,
  });

  it('paints every module and line of the card, the texts in the app font', () => {
    const { ctx, calls } = recorder();
    paintCard(ctx, card, (bold) => (bold ? 'Bold' : 'Regular'));
    const modules = calls.filter((c) => c.op === 'fillRect' && c.fillStyle === '#000000');
    expect(modules).toHaveLength(3);
    const written = calls.filter((c) => c.op === 'fillText');
    expect(written.map((c) => c.args[0])).toEqual([
      'THAI QR PAYMENT',
      'PromptPay',
      'Somchai',
      'PromptPay ID xxx-xxx-5678',
      'Pay 100.37 baht',
    ]);
    expect(written.find((c) => c.args[0] === 'Pay 100.37 baht')).toMatchObject({ fillStyle: thaiQrBlue, font: '700 30px Bold' });
    expect(calls.find((c) => c.op === 'roundRect')).toBeTruthy(); // the PromptPay mark's frame
  });

  it('makes a PNG twice the card size', async () => {
    const { ctx, calls } = recorder();
    const canvas = {
      width: 0,
      height: 0,
      getContext: () => ctx,
      toBlob: jest.fn((done: (b: Blob | null) => void, type: string) => done({ type } as Blob)),
    };
    Object.assign(globalThis, { document: { createElement: (tag: string) => (tag === 'canvas' ? canvas : null) } });
    try {
      const png = await cardPng(card, () => 'sans-serif');
      expect(png.type).toBe('image/png');
      expect([canvas.width, canvas.height]).toEqual([card.width * scale, card.height * scale]);
      expect(calls[0]).toMatchObject({ op: 'scale', args: [scale, scale] });
      expect(calls.filter((c) => c.op === 'fillText').map((c) => c.args[0])).toContain('Somchai');
    } finally {
      delete (globalThis as { document?: unknown }).document;
    }
  });

  it('downloads the PNG under its file name once the fonts are in', async () => {
    const { ctx } = recorder();
    const png = { type: 'image/png' } as Blob;
    const canvas = { width: 0, height: 0, getContext: () => ctx, toBlob: (done: (b: Blob | null) => void) => done(png) };
    const link = { href: '', download: '', click: jest.fn(), remove: jest.fn() };
    let fontsIn = false;
    const document = {
      fonts: { load: jest.fn(async (_font: string) => []), ready: Promise.resolve().then(() => (fontsIn = true)) },
      createElement: (tag: string) => (tag === 'canvas' ? (expect(fontsIn).toBe(true), canvas) : link),
      body: { appendChild: jest.fn() },
    };
    const urls = { createObjectURL: jest.fn(() => 'blob:qr'), revokeObjectURL: jest.fn() };
    const realURL = globalThis.URL;
    Object.assign(globalThis, { document, URL: urls });
    jest.useFakeTimers();
    try {
      await saveQrCard(card, 'qr-kbank-q1.png', (bold) => (bold ? 'B' : 'R'));
      // Each face the card draws is fetched first, once.
      expect(document.fonts.load.mock.calls.map((c) => c[0]).sort()).toEqual(['400 18px R', '700 22px B', '700 28px B', '700 30px B']);
      expect(urls.createObjectURL).toHaveBeenCalledWith(png);
      expect(link).toMatchObject({ href: 'blob:qr', download: 'qr-kbank-q1.png' });
      expect(link.click).toHaveBeenCalled();
      jest.runAllTimers();
      expect(urls.revokeObjectURL).toHaveBeenCalledWith('blob:qr');
    } finally {
      jest.useRealTimers();
      Object.assign(globalThis, { URL: realURL });
      delete (globalThis as { document?: unknown }).document;
    }
  });

  it('refuses when the browser gives no PNG', async () => {
    const { ctx } = recorder();
    const canvas = { width: 0, height: 0, getContext: () => ctx, toBlob: (done: (b: Blob | null) => void) => done(null) };
    Object.assign(globalThis, { document: { createElement: () => canvas } });
    try {
      await expect(cardPng(card, () => 'sans-serif')).rejects.toThrow('no PNG');
    } finally {
      delete (globalThis as { document?: unknown }).document;
    }
  });
});

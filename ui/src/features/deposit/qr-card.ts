// The picture "Save image" makes of a deposit QR: the Thai QR Payment frame (the dark blue
// "THAI QR PAYMENT" band and the PromptPay mark under it, drawn here as shapes and text: no logo
// file), the QR itself, the payee, the amount and the expiry. Banking apps read a PNG from the
// gallery, not the SVG the server draws, so the card is laid out here once, as plain drawing
// operations, and painted by a canvas on the web (save-qr.web.ts) and by react-native-svg on
// Android and iOS (save-qr.tsx).

/** thaiQrBlue is the Thai QR Payment band's dark blue. */
export const thaiQrBlue = '#0e3e68';

export type Rect = { kind: 'rect'; x: number; y: number; w: number; h: number; fill: string; radius?: number; stroke?: string };
export type Label = { kind: 'text'; x: number; y: number; text: string; size: number; bold: boolean; color: string };
/** Op is one drawing operation; text is centred on x, its middle on y. */
export type Op = Rect | Label;

export type CardLayout = { width: number; height: number; ops: Op[] };

/** QRModules are the dark modules of a QR: one run of `w` modules from (x, y) each, in a size × size square. */
export type QRModules = { size: number; runs: { x: number; y: number; w: number }[] };

/**
 * qrModules reads the server's QR SVG (adapters/httpapi QRSVG: a square viewBox of modules, the
 * quiet zone included, and one path of runs `M x y h w v1 h-w z`). Anything else is refused: the
 * picture is drawn from what the server encoded, never guessed.
 */
export function qrModules(svg: string): QRModules {
  const box = /viewBox="0 0 (\d+) (\d+)"/.exec(svg);
  const path = /<path[^>]*\sd="([^"]*)"/.exec(svg);
  if (!box || box[1] !== box[2] || !path) throw new Error('qr-card: not a QR drawn by the server');
  const size = Number(box[1]);
  const runs: QRModules['runs'] = [];
  const run = /M(\d+) (\d+)h(\d+)v1h-(\d+)z/g;
  let rest = path[1];
  let m: RegExpExecArray | null;
  while ((m = run.exec(path[1]))) {
    if (m[3] !== m[4]) throw new Error('qr-card: not a QR drawn by the server');
    runs.push({ x: Number(m[1]), y: Number(m[2]), w: Number(m[3]) });
    rest = rest.replace(m[0], '');
  }
  if (rest.trim() !== '' || runs.length === 0) throw new Error('qr-card: not a QR drawn by the server');
  return { size, runs };
}

/** emvFields reads the top-level tag-length-value fields of an EMVCo payload. */
export function emvFields(payload: string): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i + 4 <= payload.length;) {
    const tag = payload.slice(i, i + 2);
    const len = Number(payload.slice(i + 2, i + 4));
    if (!Number.isInteger(len) || i + 4 + len > payload.length) break;
    out.set(tag, payload.slice(i + 4, i + 4 + len));
    i += 4 + len;
  }
  return out;
}

/**
 * payeeOf reads who a Thai QR pays: the merchant name (tag 59) a gateway's QR carries, and the
 * PromptPay target of a bank QR (tag 29 or 30: a mobile number, a citizen or tax id, an
 * e-wallet id), shown masked but for its last digits, as the banks print it.
 */
export function payeeOf(payload: string): { name?: string; promptPay?: string } {
  const fields = emvFields(payload);
  const out: { name?: string; promptPay?: string } = {};
  const name = fields.get('59')?.trim();
  if (name) out.name = name;
  for (const tag of ['29', '30']) {
    const account = fields.get(tag);
    if (!account) continue;
    const sub = emvFields(account);
    const mobile = sub.get('01');
    const id = sub.get('02') ?? sub.get('03');
    if (mobile) out.promptPay = maskDigits('0' + mobile.replace(/^0066/, '').replace(/^0+/, ''), [3, 3, 4]);
    else if (id) out.promptPay = maskDigits(id, id.length === 13 ? [1, 4, 5, 2, 1] : [id.length]);
    if (out.promptPay) break;
  }
  return out;
}

/** maskDigits hides all but the last four digits and groups them: 0812345678 → xxx-xxx-5678. */
function maskDigits(digits: string, groups: number[]): string {
  const masked = digits.replace(/\d(?=\d{4})/g, 'x');
  const parts: string[] = [];
  let i = 0;
  for (const g of groups) {
    parts.push(masked.slice(i, i + g));
    i += g;
  }
  if (i < masked.length) parts.push(masked.slice(i));
  return parts.filter(Boolean).join('-');
}

/** CardTexts are the card's lines, already translated and filled. */
export type CardTexts = { payee?: string; promptPay?: string; amount: string; expires?: string };

const width = 480;
const pad = 24;
const band = 72;
const qrSide = 336;

/**
 * cardLayout lays the card out: the band, the PromptPay mark, the QR (its modules as rectangles,
 * whole pixels each, centred) and the texts under it. Everything is in CSS pixels; the painters
 * scale it.
 */
export function cardLayout(qr: QRModules, texts: CardTexts): CardLayout {
  const ops: Op[] = [];
  const text = (y: number, t: string, size: number, bold: boolean, color: string) =>
    ops.push({ kind: 'text', x: width / 2, y, text: t, size, bold, color });

  ops.push({ kind: 'rect', x: 0, y: 0, w: width, h: band, fill: thaiQrBlue });
  text(band / 2, 'THAI QR PAYMENT', 28, true, '#ffffff');
  // The PromptPay mark's place: a framed wordmark under the band.
  const markW = 208;
  const markH = 52;
  const markY = band + 16;
  ops.push({ kind: 'rect', x: (width - markW) / 2, y: markY, w: markW, h: markH, fill: '#ffffff', radius: 10, stroke: thaiQrBlue });
  text(markY + markH / 2, 'PromptPay', 28, true, thaiQrBlue);

  const qrY = markY + markH + 12;
  const cell = Math.max(1, Math.floor(qrSide / qr.size));
  const side = cell * qr.size;
  const qrX = Math.round((width - side) / 2);
  ops.push({ kind: 'rect', x: qrX, y: qrY, w: side, h: side, fill: '#ffffff' });
  for (const r of qr.runs) ops.push({ kind: 'rect', x: qrX + r.x * cell, y: qrY + r.y * cell, w: r.w * cell, h: cell, fill: '#000000' });

  let y = qrY + side + 8;
  const line = (t: string | undefined, size: number, bold: boolean, color: string) => {
    if (!t) return;
    text(y + size * 0.75, t, size, bold, color);
    y += size * 1.5;
  };
  line(texts.payee, 22, true, '#1a1a1a');
  line(texts.promptPay, 18, false, '#4a4a4a');
  line(texts.amount, 30, true, thaiQrBlue);
  line(texts.expires, 18, false, '#4a4a4a');
  return { width, height: Math.ceil(y + pad), ops };
}

/** qrFileName names the saved picture: the channel and the QR's id, safe as a file name. */
export function qrFileName(bankCode: string, qrcodeId: string): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 64) || 'qr';
  return `qr-${safe(bankCode)}-${safe(qrcodeId)}.png`;
}

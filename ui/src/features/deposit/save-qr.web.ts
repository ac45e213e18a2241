// Web: the card is painted on a canvas at twice its size and downloaded as a PNG.
import { downloadBlob } from '@/lib/download';

import type { CardLayout } from './qr-card';

/** scale makes the PNG sharp on phones' dense screens (960 px wide). */
export const scale = 2;

/** paintCard paints the card's operations on a 2D context (already scaled). */
export function paintCard(ctx: CanvasRenderingContext2D, card: CardLayout, font: (bold: boolean) => string): void {
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, card.width, card.height);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (const op of card.ops) {
    if (op.kind === 'rect') {
      ctx.fillStyle = op.fill;
      if (op.radius || op.stroke) {
        ctx.beginPath();
        ctx.roundRect(op.x, op.y, op.w, op.h, op.radius ?? 0);
        ctx.fill();
        if (op.stroke) {
          ctx.strokeStyle = op.stroke;
          ctx.lineWidth = 2;
          ctx.stroke();
        }
      } else {
        ctx.fillRect(op.x, op.y, op.w, op.h);
      }
    } else {
      ctx.fillStyle = op.color;
      ctx.font = `${op.bold ? 700 : 400} ${op.size}px ${font(op.bold)}`;
      ctx.fillText(op.text, op.x, op.y);
    }
  }
}

/** cardPng paints the card on a new canvas and answers its PNG. */
export function cardPng(card: CardLayout, font: (bold: boolean) => string): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = card.width * scale;
  canvas.height = card.height * scale;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('qr-card: no canvas'));
  ctx.scale(scale, scale);
  paintCard(ctx, card, font);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('qr-card: no PNG'))), 'image/png'),
  );
}

/**
 * saveQrCard downloads the card as fileName (a PNG). The web fonts are loaded first, so that
 * Thai and Lao text is drawn with them.
 */
export async function saveQrCard(card: CardLayout, fileName: string, font: (bold: boolean) => string): Promise<void> {
  // A face the page has not used yet (the bold one, say) is fetched before it is drawn.
  const faces = new Set(card.ops.flatMap((op) => (op.kind === 'text' ? [`${op.bold ? 700 : 400} ${op.size}px ${font(op.bold)}`] : [])));
  await Promise.all([...faces].map((f) => document.fonts?.load?.(f).catch(() => undefined)));
  await document.fonts?.ready;
  const blob = await cardPng(card, font);
  downloadBlob(fileName, blob);
}

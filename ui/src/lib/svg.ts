/**
 * svgDataUrl makes an image address of SVG markup (a QR the server drew). Shown through an
 * image, so nothing in the markup runs.
 */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

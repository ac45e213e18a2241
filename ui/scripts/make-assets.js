// Draws the app icon, adaptive icon, splash and favicon as plain PNG files using only
// Node's built-in zlib: a green field with a gold coin. Run: node scripts/make-assets.js
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

const GREEN = [15, 118, 77];
const GOLD = [244, 190, 44];
const GOLD_DARK = [196, 140, 20];

const crcTable = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

// pixel(x, y) returns [r, g, b, a].
function png(width, height, pixel) {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 4 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const [r, g, b, a] = pixel(x, y);
      const i = row + 1 + x * 4;
      raw[i] = r;
      raw[i + 1] = g;
      raw[i + 2] = b;
      raw[i + 3] = a;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// A coin centred at (cx, cy): gold disc, darker ring, and a vertical bar like a currency mark.
function coin(x, y, cx, cy, r) {
  const d = Math.hypot(x - cx, y - cy);
  if (d > r) return null;
  if (d > r * 0.86) return GOLD_DARK;
  const bar = Math.abs(x - cx) < r * 0.08 && Math.abs(y - cy) < r * 0.55;
  const ring = d > r * 0.42 && d < r * 0.52;
  return bar || ring ? GOLD_DARK : GOLD;
}

function image(width, height, { background, coinRatio }) {
  const cx = width / 2;
  const cy = height / 2;
  const r = Math.min(width, height) * coinRatio;
  return png(width, height, (x, y) => {
    const c = coin(x, y, cx, cy, r);
    if (c) return [...c, 255];
    return background ? [...background, 255] : [0, 0, 0, 0];
  });
}

const out = path.join(__dirname, '..', 'assets', 'images');
fs.mkdirSync(out, { recursive: true });
const files = {
  'icon.png': image(1024, 1024, { background: GREEN, coinRatio: 0.34 }),
  'adaptive-icon.png': image(1024, 1024, { background: null, coinRatio: 0.26 }),
  'splash.png': image(512, 512, { background: null, coinRatio: 0.4 }),
  'favicon.png': image(48, 48, { background: GREEN, coinRatio: 0.38 }),
};
for (const [name, data] of Object.entries(files)) {
  fs.writeFileSync(path.join(out, name), data);
  console.log(`${name}: ${data.length} bytes`);
}

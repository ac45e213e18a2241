// The brand assets: the hand-written SVG sources parse and use only the palette's colours, the
// made files are what scripts/brand-assets.js makes of them, the PNG files have the sizes the apps
// need, and the app config and the pictures tables point at files that exist.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

import palette from '../ui/palette.json';
import { brandFiles as nativeArt } from './brand-files';
import { brandFiles as webArt } from './brand-files.web';

const script = require('../../../scripts/brand-assets.js') as {
  generated: () => Record<string, string>;
  webFiles: () => Record<string, { file: string; text: string }>;
  webFilesSource: () => string;
  pictures: { file: string; width: number; height: number; svg: string; background?: string }[];
};
const appConfig = require('../../../app.config').default as (ctx: { config: object }) => Record<string, any>;

const ui = path.join(__dirname, '..', '..', '..');
const brand = path.join(ui, 'assets', 'brand');
const svgFiles = fs.readdirSync(brand).filter((f) => f.endsWith('.svg'));

/**
 * parseSvg checks that an SVG file is well-formed XML (every element closed in order, attributes
 * quoted, nothing outside the root) and returns the root element's attributes.
 */
function parseSvg(text: string): Record<string, string> {
  const body = text.replace(/<!--[\s\S]*?-->/g, '');
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  const stack: string[] = [];
  let root: Record<string, string> | null = null;
  let last = 0;
  for (let m = tag.exec(body); m; m = tag.exec(body)) {
    const between = body.slice(last, m.index);
    if (between.includes('<') || between.includes('>')) throw new Error(`malformed markup near ${JSON.stringify(between.slice(0, 40))}`);
    if (stack.length === 0 && between.trim()) throw new Error('text outside the root element');
    last = tag.lastIndex;
    const [, closing, name, attrs, selfClosing] = m;
    if (closing) {
      if (stack.pop() !== name) throw new Error(`</${name}> closes nothing open`);
      continue;
    }
    if (!root) {
      if (stack.length === 0 && root === null && name !== 'svg') throw new Error(`root element is <${name}>`);
      root = Object.fromEntries([...attrs.matchAll(/([\w:-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]]));
    } else if (stack.length === 0) {
      throw new Error('a second root element');
    }
    if (!selfClosing) stack.push(name);
  }
  if (stack.length) throw new Error(`<${stack.join('>, <')}> not closed`);
  if (body.slice(last).trim()) throw new Error('text after the root element');
  if (!root) throw new Error('no root element');
  return root;
}

/** pngHeader is a PNG file's width, height and colour type (6: with alpha). */
function pngHeader(file: string) {
  const data = fs.readFileSync(file);
  expect(data.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
  expect(data.toString('ascii', 12, 16)).toBe('IHDR');
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20), colourType: data[25], data };
}

/** topLeftPixel decodes the first pixel of an 8-bit RGBA or RGB PNG (first row, filter applied). */
function topLeftPixel(file: string): number[] {
  const { data, colourType } = pngHeader(file);
  const idat: Buffer[] = [];
  for (let at = 8; at < data.length;) {
    const len = data.readUInt32BE(at);
    if (data.toString('ascii', at + 4, at + 8) === 'IDAT') idat.push(data.subarray(at + 8, at + 8 + len));
    at += len + 12;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  // The first pixel of the first row: filters None, Sub and Paeth leave it as is, Up adds a zero
  // row above, Average adds half of nothing.
  expect([0, 1, 2, 3, 4]).toContain(raw[0]);
  return [...raw.subarray(1, colourType === 6 ? 5 : 4)];
}

const hex = (rgb: number[]) => '#' + rgb.map((v) => v.toString(16).padStart(2, '0')).join('');

describe('brand SVG files', () => {
  it('holds the sources and the made files', () => {
    expect(svgFiles.sort()).toEqual(['hero.svg', 'lockup-light.svg', 'lockup.svg', 'logo.svg', 'splash.svg', 'wordmark.svg']);
  });

  it.each(svgFiles)('%s parses, with its size and view box', (file) => {
    const root = parseSvg(fs.readFileSync(path.join(brand, file), 'utf8'));
    expect(root.xmlns).toBe('http://www.w3.org/2000/svg');
    expect(Number(root.width)).toBeGreaterThan(0);
    expect(Number(root.height)).toBeGreaterThan(0);
    const [, , w, h] = root.viewBox.split(/\s+/).map(Number);
    // The drawing's proportions are the file's: nothing is stretched.
    expect(w / h).toBeCloseTo(Number(root.width) / Number(root.height), 5);
  });

  it('parseSvg refuses broken markup', () => {
    expect(() => parseSvg('<svg><g></svg>')).toThrow();
    expect(() => parseSvg('<svg width=10></svg>')).toThrow();
    expect(() => parseSvg('<svg></svg><svg></svg>')).toThrow();
    expect(() => parseSvg('<g></g>')).toThrow();
  });

  it.each(svgFiles)('%s draws only in the palette colours', (file) => {
    const text = fs.readFileSync(path.join(brand, file), 'utf8');
    const used = [...text.matchAll(/#[0-9a-fA-F]{3,8}\b/g)].map((m) => m[0].toLowerCase());
    expect(used.length).toBeGreaterThan(0);
    const allowed = new Set(Object.values(palette));
    expect(used.filter((c) => !allowed.has(c))).toEqual([]);
  });

  it.each(Object.keys(script.generated()))('%s is what scripts/brand-assets.js makes (npm run brand)', (file) => {
    expect(fs.readFileSync(path.join(brand, file), 'utf8')).toBe(script.generated()[file]);
  });

  it('the web shows content-hashed copies in public/brand, and their addresses are made (npm run brand)', () => {
    const files = script.webFiles();
    expect(fs.readdirSync(path.join(ui, 'public', 'brand')).sort()).toEqual(
      Object.values(files)
        .map((f) => f.file)
        .sort(),
    );
    for (const f of Object.values(files)) expect(fs.readFileSync(path.join(ui, 'public', 'brand', f.file), 'utf8')).toBe(f.text);
    expect(fs.readFileSync(path.join(__dirname, 'brand-files.web.ts'), 'utf8')).toBe(script.webFilesSource());
    for (const [name, art] of Object.entries(webArt)) expect(art.source).toBe(`/brand/${files[name].file}`);
  });

  it('the web and native picture sets give each drawing its own size', () => {
    const files: Record<string, string> = { logo: 'logo.svg', lockup: 'lockup.svg', lockupLight: 'lockup-light.svg', hero: 'hero.svg' };
    for (const set of [nativeArt, webArt]) {
      expect(Object.keys(set)).toEqual(Object.keys(files));
      for (const [name, art] of Object.entries(set)) {
        const root = parseSvg(fs.readFileSync(path.join(brand, files[name]), 'utf8'));
        expect([name, art.width, art.height]).toEqual([name, Number(root.width), Number(root.height)]);
      }
    }
  });
});

describe('brand PNG files', () => {
  it.each(script.pictures.map((p) => [path.relative(ui, p.file), p] as const))('%s has its size', (_name, p) => {
    const png = pngHeader(p.file);
    expect([png.width, png.height]).toEqual([p.width, p.height]);
    // Transparent where the script gives no background (the adaptive icon's foreground above all);
    // the icon is opaque, in the palette's green.
    if (!p.background) expect(png.colourType).toBe(6);
    const corner = topLeftPixel(p.file);
    if (p.background) expect(hex(corner.slice(0, 3))).toBe(p.background);
    else expect(corner[3]).toBe(0);
  });

  it('makes the app icons the stores need', () => {
    const sizes = Object.fromEntries(script.pictures.map((p) => [path.relative(ui, p.file), `${p.width}x${p.height}`]));
    expect(sizes).toMatchObject({
      'assets/images/icon.png': '1024x1024',
      'assets/images/adaptive-icon.png': '1024x1024',
      'assets/images/favicon.png': '48x48',
    });
  });

  it('the native copies are three times the drawings', () => {
    for (const [name, p] of Object.entries(nativeArt)) {
      const file = path.join(brand, 'png', `${name.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())}.png`);
      const png = pngHeader(file);
      expect([name, png.width, png.height]).toEqual([name, p.width * 3, p.height * 3]);
    }
  });
});

describe('app config', () => {
  const config = appConfig({ config: {} });
  const exists = (rel: string) => fs.existsSync(path.join(ui, rel));
  const splash = config.plugins.find((p: unknown) => Array.isArray(p) && p[0] === 'expo-splash-screen')[1];

  it('points at the made icon, adaptive icon, favicon and splash', () => {
    expect(config.icon).toBe('./assets/images/icon.png');
    expect(config.android.adaptiveIcon.foregroundImage).toBe('./assets/images/adaptive-icon.png');
    expect(config.web.favicon).toBe('./assets/images/favicon.png');
    expect(splash.image).toBe('./assets/images/splash.png');
    for (const file of [config.icon, config.android.adaptiveIcon.foregroundImage, config.web.favicon, splash.image])
      expect(exists(file)).toBe(true);
  });

  it('takes its backgrounds from the palette', () => {
    expect(config.android.adaptiveIcon.backgroundColor).toBe(palette.primary);
    expect(splash.backgroundColor).toBe(palette.primary);
    expect(config.web.themeColor).toBe(palette.primary);
  });
});

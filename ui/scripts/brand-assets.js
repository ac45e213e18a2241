// Makes every brand picture from the hand-written SVG sources in assets/brand (logo.svg,
// wordmark.svg, hero.svg): the lock-ups (mark + wordmark, for light and for dark backgrounds), the
// splash picture, and the PNG files the apps need: icon, Android adaptive-icon foreground, splash,
// favicon, and the PNG copies the native apps show (their Image cannot draw SVG). The PNGs are
// drawn by Chromium (playwright-core, the e2e workspace's), so they are the SVGs as a browser draws
// them. Run from ui/: npm run brand (CHROME_PATH picks the browser, /usr/bin/chromium by default).
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const brand = path.join(__dirname, '..', 'assets', 'brand');
const publicBrand = path.join(__dirname, '..', 'public', 'brand');
const webFilesModule = path.join(__dirname, '..', 'src', 'components', 'brand', 'brand-files.web.ts');
const images = path.join(__dirname, '..', 'assets', 'images');

const colors = require('../src/components/ui/palette.json');

/** The wordmark's ink (primaryDark), and the ink it takes on a dark background (onPrimary). */
const ink = colors.primaryDark;
const inkOnDark = colors.onPrimary;
/** The app icon's background: the primary green (also the adaptive icon's and the splash's). */
const iconBackground = colors.primary;

const source = (name) => fs.readFileSync(path.join(brand, name), 'utf8');

/** inner is an SVG file's drawing without its root element and comments. */
function inner(svg) {
  const body = svg
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/^\s*<svg[^>]*>/, '')
    .replace(/<\/svg>\s*$/, '');
  return body
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
}

/** viewBox of an SVG file's root element. */
function viewBox(svg) {
  return /viewBox="([^"]+)"/.exec(svg)[1];
}

const header = (w, h, note) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">\n` +
  `<!-- Made by ui/scripts/brand-assets.js from logo.svg and wordmark.svg: ${note}. Do not edit. -->\n`;

/**
 * lockup is the horizontal lock-up: the mark, then the wordmark (in the given ink), the wordmark's
 * x-height centred on the coin.
 */
function lockup(wordInk, note) {
  const logo = source('logo.svg');
  const word = source('wordmark.svg');
  return (
    header(232, 70, note) +
    `<svg x="0" y="2" width="64" height="64" viewBox="${viewBox(logo)}">\n${inner(logo)}\n</svg>\n` +
    `<svg x="74" y="14" width="158" height="58" viewBox="${viewBox(word)}">\n${inner(word).replaceAll(ink, wordInk)}\n</svg>\n` +
    '</svg>\n'
  );
}

/** splash is the mark above the wordmark in white, for the green splash screen. */
function splash() {
  const logo = source('logo.svg');
  const word = source('wordmark.svg');
  return (
    header(200, 200, 'the splash picture (on the primary green)') +
    `<svg x="36" y="4" width="128" height="128" viewBox="${viewBox(logo)}">\n${inner(logo)}\n</svg>\n` +
    `<svg x="21" y="140" width="158" height="58" viewBox="${viewBox(word)}">\n${inner(word).replaceAll(ink, inkOnDark)}\n</svg>\n` +
    '</svg>\n'
  );
}

/** generated are the SVG files this script writes into assets/brand (name → text). */
function generated() {
  return {
    'lockup.svg': lockup(ink, 'the lock-up for light backgrounds'),
    'lockup-light.svg': lockup(inkOnDark, 'the lock-up for dark backgrounds (white wordmark)'),
    'splash.svg': splash(),
  };
}

/**
 * webFiles are the SVG files the web pages show, copied into public/brand under a content-hashed
 * name (the server serves name.<hex>.ext as immutable) so that the page's script holds a short
 * address rather than an asset module per picture (/login's first load is within 200 kB by a
 * few hundred bytes): name in the app → { file: public file name, text }, after generated().
 */
function webFiles(made = generated()) {
  const names = { logo: 'logo.svg', lockup: 'lockup.svg', lockupLight: 'lockup-light.svg', hero: 'hero.svg' };
  return Object.fromEntries(
    Object.entries(names).map(([name, file]) => {
      const text = made[file] ?? source(file);
      const hash = crypto.createHash('sha256').update(text).digest('hex').slice(0, 10);
      return [name, { file: file.replace(/\.svg$/, `.${hash}.svg`), text }];
    }),
  );
}

/** webFilesSource is brand-files.web.ts: each web picture's address and size (one object: one module export). */
function webFilesSource(files = webFiles()) {
  const size = (text) => /<svg[^>]* width="(\d+)" height="(\d+)"/.exec(text).slice(1, 3).map(Number);
  return (
    '// Made by scripts/brand-assets.js (npm run brand): the brand pictures on the web, copies in\n' +
    '// public/brand under content-hashed names, and their sizes. Do not edit.\n' +
    'export const brandFiles = {\n' +
    Object.entries(files)
      .map(([name, f]) => {
        const [w, h] = size(f.text);
        return `  ${name}: { source: '/brand/${f.file}', width: ${w}, height: ${h} },\n`;
      })
      .join('') +
    '};\n'
  );
}

/**
 * pictures are the PNG files: where, size, source and background (none: transparent). The
 * adaptive icon's foreground keeps the mark inside the 66 % safe circle Android never crops
 * (1024 × 66 / 108 = 626 px); the icon's mark fills 62 %.
 */
const pictures = [
  { file: path.join(images, 'icon.png'), width: 1024, height: 1024, svg: 'logo.svg', size: 640, background: iconBackground },
  { file: path.join(images, 'adaptive-icon.png'), width: 1024, height: 1024, svg: 'logo.svg', size: 600 },
  { file: path.join(images, 'splash.png'), width: 1024, height: 1024, svg: 'splash.svg' },
  { file: path.join(images, 'favicon.png'), width: 48, height: 48, svg: 'logo.svg', size: 48 },
  // Native copies at three times their drawn size (the mark's 64 × 64, the lock-up's 232 × 70, the hero's 240 × 160).
  { file: path.join(brand, 'png', 'logo.png'), width: 192, height: 192, svg: 'logo.svg', size: 192 },
  { file: path.join(brand, 'png', 'lockup.png'), width: 696, height: 210, svg: 'lockup.svg' },
  { file: path.join(brand, 'png', 'lockup-light.png'), width: 696, height: 210, svg: 'lockup-light.svg' },
  { file: path.join(brand, 'png', 'hero.png'), width: 720, height: 480, svg: 'hero.svg' },
];

async function main() {
  for (const [name, text] of Object.entries(generated())) {
    fs.writeFileSync(path.join(brand, name), text);
    console.log(`assets/brand/${name}`);
  }
  fs.rmSync(publicBrand, { recursive: true, force: true });
  fs.mkdirSync(publicBrand, { recursive: true });
  const files = webFiles();
  for (const f of Object.values(files)) fs.writeFileSync(path.join(publicBrand, f.file), f.text);
  fs.writeFileSync(webFilesModule, webFilesSource(files));
  console.log(
    `public/brand: ${Object.values(files)
      .map((f) => f.file)
      .join(', ')}`,
  );
  fs.mkdirSync(path.join(brand, 'png'), { recursive: true });
  const { chromium } = require('playwright-core');
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    for (const p of pictures) {
      await page.setViewportSize({ width: Math.max(p.width, 200), height: Math.max(p.height, 200) });
      // The drawing fills the picture, or is a square of `size` in its middle (the icons).
      const [w, h] = p.size ? [p.size, p.size] : [p.width, p.height];
      const svg = source(p.svg).replace(/<svg([^>]*?) width="[^"]*" height="[^"]*"/, `<svg$1 width="${w}" height="${h}"`);
      await page.setContent(
        `<html><body style="margin:0;background:transparent"><div id="p" style="width:${p.width}px;height:${p.height}px;` +
          `display:flex;align-items:center;justify-content:center;background:${p.background ?? 'transparent'}">` +
          `${svg}</div></body></html>`,
      );
      await page.locator('#p').screenshot({ path: p.file, omitBackground: !p.background });
      console.log(`${path.relative(path.join(__dirname, '..'), p.file)}: ${p.width} × ${p.height}`);
    }
  } finally {
    await browser.close();
  }
}

module.exports = { generated, webFiles, webFilesSource, pictures, ink, inkOnDark, iconBackground };

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

#!/usr/bin/env node
// Per-language pre-rendering: `expo export` renders every page in the build's default language
// (Thai, or Lao in the Laos build). This exports the app once more for each other language with
// NGERN_RENDER_LOCALE set, which only the pre-rendering reads (metro.config.js bundles that
// language into the render; src/lib/page-locale.ts), and copies those pages into
// dist/_lang/<locale>/. A copied page loads the main export's bundles: Metro does not split and
// shake a second export of the same code into the same bytes (its chunk and file names differ),
// so each file a page names under /_expo/static/ is replaced by the main export's page's file of
// the same name, in the same order (the pages of one route name the same chunks); a page whose
// chunk names differ from the main page's fails the build. The server
// answers a page from _lang/<locale>/ when the visitor's language (the app's cookie, else
// Accept-Language) is that one (adapters/httpapi/web.go), so the first paint is in that
// language; the app hydrates in the document's language (src/i18n). Each language's pages also
// preload that language's translation chunk, which the app waits for before it hydrates.
// Run after the main export and before compile-hints/preload-layouts (npm run build does).
//   node scripts/prerender-languages.js [dist]
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const { scriptsOf } = require('./check-budget');

const LOCALES = ['th', 'la', 'en'];
const LANG_DIR = '_lang';
const WEB = '/_expo/static/js/web/';

/** otherLocales are the languages a build pre-renders besides its default one. */
function otherLocales(laos) {
  return LOCALES.filter((l) => l !== (laos ? 'la' : 'th'));
}

function htmlFiles(dir, rel = '') {
  return fs.readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((e) => {
    const r = path.join(rel, e.name);
    if (e.isDirectory()) return ['_expo', 'assets', LANG_DIR].includes(e.name) ? [] : htmlFiles(dir, r);
    return e.name.endsWith('.html') ? [r] : [];
  });
}

/** localeChunk is the URL of the chunk that carries a language's translations (src/i18n loads it). */
function localeChunk(dist, locale) {
  const names = fs.readdirSync(path.join(dist, WEB)).filter((n) => new RegExp(`^${locale}-[0-9a-f]+\\.js$`).test(n));
  if (names.length !== 1) throw new Error(`expected one ${locale} translation chunk in ${WEB}, found ${names.length}`);
  return WEB + names[0];
}

/**
 * copyPages copies every page of one language's export into dist/_lang/<locale>/, adding a
 * preload of the language's chunk (if any: the build's default language is bundled), after
 * checking that every file the page names is in dist; returns the pages copied.
 */
const STATIC = /\/_expo\/static\/[^"'\s>]+/g;
const chunkName = (url) => url.replace(/[-.][0-9a-f]{8,}(\.\w+)$/, '$1');

/**
 * mainBundles replaces the files a language's page names under /_expo/static/ by those the main
 * export's page of the same path names, matched by name and order; throws when they differ.
 */
function mainBundles(html, main, where) {
  const ours = html.match(STATIC) ?? [];
  const theirs = main.match(STATIC) ?? [];
  if (ours.map(chunkName).join() !== theirs.map(chunkName).join()) {
    throw new Error(
      `${where}: its chunks (${ours.map(chunkName).join(', ')}) are not the main page's (${theirs.map(chunkName).join(', ')})`,
    );
  }
  let i = 0;
  return html.replace(STATIC, () => theirs[i++]);
}

function copyPages(from, dist, locale, chunk) {
  const pages = htmlFiles(from);
  if (pages.length === 0) throw new Error(`${from} has no pages`);
  for (const rel of pages) {
    const mainPage = path.join(dist, rel);
    if (!fs.existsSync(mainPage)) throw new Error(`${locale} ${rel}: the main export has no such page`);
    let html = mainBundles(fs.readFileSync(path.join(from, rel), 'utf8'), fs.readFileSync(mainPage, 'utf8'), `${locale} ${rel}`);
    const missing = scriptsOf(html).filter((url) => url.startsWith('/') && !fs.existsSync(path.join(dist, url)));
    if (missing.length > 0) throw new Error(`${locale} ${rel} names files that are not in ${dist}: ${missing.join(', ')}`);
    if (chunk && !html.includes(chunk)) html = html.replace('</head>', `<link rel="preload" as="script" href="${chunk}"/></head>`);
    const to = path.join(dist, LANG_DIR, locale, rel);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.writeFileSync(to, html);
  }
  return pages.length;
}

function main() {
  const dist = path.resolve(process.argv[2] || path.join(__dirname, '..', 'dist'));
  const ui = path.join(__dirname, '..');
  const laos = process.env.NGERN_LAOS === '1' || process.env.EXPO_PUBLIC_NGERN_LAOS === '1';
  // The languages to render (all the others by default; --only la re-renders one).
  const only = process.argv.indexOf('--only');
  const locales = only > 0 ? [process.argv[only + 1]] : otherLocales(laos);
  if (only < 0) fs.rmSync(path.join(dist, LANG_DIR), { recursive: true, force: true });
  for (const locale of locales) {
    const out = path.join(ui, `dist-${locale}`);
    fs.rmSync(out, { recursive: true, force: true });
    // The same flags as the main export (package.json). With --clear too: Metro's cache does not
    // key every transform on every setting (a kept cache turned the async routes off).
    execFileSync('npx', ['expo', 'export', '-p', 'web', '--output-dir', out, '--clear'], {
      cwd: ui,
      stdio: 'inherit',
      env: { ...process.env, NGERN_RENDER_LOCALE: locale, EXPO_UNSTABLE_METRO_OPTIMIZE_GRAPH: '1', EXPO_UNSTABLE_TREE_SHAKING: '1' },
    });
    const count = copyPages(out, dist, locale, localeChunk(dist, locale));
    fs.rmSync(out, { recursive: true, force: true });
    console.log(`${locale}: ${count} pages pre-rendered into ${LANG_DIR}/${locale}/`);
  }
}

if (require.main === module) main();

module.exports = { otherLocales, copyPages, localeChunk, htmlFiles, mainBundles };

#!/usr/bin/env node
// Per-language pre-rendering: `expo export` renders every page in the build's default language
// (Thai, or Lao in the Laos build). This exports the app once more for each other language with
// NGERN_RENDER_LOCALE set, which only the pre-rendering reads (metro.config.js bundles that
// language into the render; src/lib/page-locale.ts), and copies those pages into
// dist/_lang/<locale>/. The browser bundles of every export are the same bytes, which this
// checks: each script, preload and stylesheet a copied page names must be in dist. The server
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
function copyPages(from, dist, locale, chunk) {
  const pages = htmlFiles(from);
  if (pages.length === 0) throw new Error(`${from} has no pages`);
  for (const rel of pages) {
    let html = fs.readFileSync(path.join(from, rel), 'utf8');
    const missing = scriptsOf(html).filter((url) => url.startsWith('/') && !fs.existsSync(path.join(dist, url)));
    if (missing.length > 0) {
      throw new Error(`${locale} ${rel} names files the main export does not have (the bundles differ): ${missing.join(', ')}`);
    }
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
  fs.rmSync(path.join(dist, LANG_DIR), { recursive: true, force: true });
  for (const locale of otherLocales(laos)) {
    const out = path.join(ui, `dist-${locale}`);
    fs.rmSync(out, { recursive: true, force: true });
    // The same flags as the main export (package.json), without --clear: Metro's cache is warm.
    execFileSync('npx', ['expo', 'export', '-p', 'web', '--output-dir', out], {
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

module.exports = { otherLocales, copyPages, localeChunk, htmlFiles };

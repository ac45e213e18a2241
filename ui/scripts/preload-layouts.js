#!/usr/bin/env node
// Layout preloads: expo-router loads every `_layout` chunk of the app when it starts (it builds
// the whole route tree), but a pre-rendered page lists only its own layouts; the others were
// fetched after the framework had run, a second network round trip before the page could start
// (/login waited for the member and console layouts, /user/home for the public and console
// ones). This adds a `<link rel="preload" as="script">` for each layout chunk a page does not
// already load, so the browser fetches them with the rest. Run after `expo export` (npm run build
// does); idempotent. The layouts are small (≈ 0.3–3.7 kB each); check-budget.js counts the preloads.
//   node scripts/preload-layouts.js [dist]
const fs = require('fs');
const path = require('path');

const WEB = '/_expo/static/js/web/';
const LAYOUT = /^_layout-[0-9a-f]+\.js$/;

function htmlFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === '_expo' || e.name === 'assets' ? [] : htmlFiles(p);
    return e.name.endsWith('.html') ? [p] : [];
  });
}

/** addLayoutPreloads adds the missing layout preloads to every page of dist; returns the count. */
function addLayoutPreloads(dist) {
  const dir = path.join(dist, WEB);
  if (!fs.existsSync(dir)) throw new Error(`${dir} is missing: export the web app first`);
  const layouts = fs
    .readdirSync(dir)
    .filter((n) => LAYOUT.test(n))
    .sort()
    .map((n) => WEB + n);
  let added = 0;
  for (const file of htmlFiles(dist)) {
    const html = fs.readFileSync(file, 'utf8');
    const missing = layouts.filter((url) => !html.includes(url));
    if (missing.length === 0 || !html.includes('</head>')) continue;
    const links = missing.map((url) => `<link rel="preload" as="script" href="${url}"/>`).join('');
    fs.writeFileSync(file, html.replace('</head>', `${links}</head>`));
    added += missing.length;
  }
  return added;
}

if (require.main === module) {
  const dist = path.resolve(process.argv[2] || path.join(__dirname, '..', 'dist'));
  console.log(`layout preloads added: ${addLayoutPreloads(dist)}`);
}

module.exports = { addLayoutPreloads };

#!/usr/bin/env node
// Bundle budget: the JavaScript a first visit to /login downloads, compressed as the server sends
// it, must stay within the budget. It reads the pre-rendered login page of the web build, takes
// every script it loads (script src and modulepreload links), compresses each with brotli at the
// server's level (what every current browser gets) and gzip (shown for older clients), and fails
// when the brotli sum is over the budget.
//
//   node scripts/check-budget.js [dist] [--page login.html] [--budget-kb 200]
//
// The budget is the 200 kB target (DEFAULT_BUDGET_KB); `npm run budget` (and so `make test` and
// `make test-budget`) enforces it (docs/performance.md).
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');

const DEFAULT_BUDGET_KB = 200;

/** scriptsOf lists the same-origin script URLs an HTML page loads, in document order. */
function scriptsOf(html) {
  const urls = [];
  const tag = /<(script|link)\b([^>]*)>/gi;
  let m;
  while ((m = tag.exec(html))) {
    const attrs = m[2];
    const attr = (name) => {
      const a = new RegExp(`\\b${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(attrs);
      return a ? (a[2] ?? a[3] ?? a[4]) : null;
    };
    if (m[1].toLowerCase() === 'script') {
      const src = attr('src');
      if (src) urls.push(src);
    } else {
      const rel = (attr('rel') || '').toLowerCase();
      const as = (attr('as') || '').toLowerCase();
      const href = attr('href');
      if (href && (rel === 'modulepreload' || (rel === 'preload' && as === 'script'))) urls.push(href);
    }
  }
  return [...new Set(urls)];
}

/** measure returns the raw, brotli and gzip sizes of each script of the page. */
function measure(dist, page) {
  const file = path.join(dist, page);
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: build the web app first (npm --workspace ui run build)`);
  const html = fs.readFileSync(file, 'utf8');
  const urls = scriptsOf(html);
  if (urls.length === 0) throw new Error(`${page} loads no script: is it the pre-rendered page of an Expo web build?`);
  return urls.map((url) => {
    if (/^(https?:)?\/\//i.test(url)) throw new Error(`${page} loads a script from another origin: ${url}`);
    const body = fs.readFileSync(path.join(dist, decodeURIComponent(url.split(/[?#]/)[0])));
    const br = zlib.brotliCompressSync(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }).length;
    const gz = zlib.gzipSync(body, { level: 9 }).length;
    return { url, raw: body.length, br, gz };
  });
}

function check(dist, page, budgetKB) {
  const rows = measure(dist, page);
  const sum = (k) => rows.reduce((n, r) => n + r[k], 0);
  const total = { raw: sum('raw'), br: sum('br'), gz: sum('gz') };
  const budget = budgetKB * 1000;
  return { rows, total, budget, ok: total.br <= budget };
}

function main(argv) {
  const args = argv.slice(2);
  const opt = (name, def) => {
    const i = args.indexOf(name);
    if (i < 0) return def;
    const [, value] = args.splice(i, 2);
    return value;
  };
  const page = opt('--page', 'login.html');
  const budgetKB = Number(opt('--budget-kb', DEFAULT_BUDGET_KB));
  const dist = path.resolve(args[0] || path.join(__dirname, '..', 'dist'));
  const { rows, total, budget, ok } = check(dist, page, budgetKB);
  const kb = (n) => (n / 1000).toFixed(1).padStart(8);
  console.log(`first-load JavaScript of ${page} (kB = 1000 bytes)`);
  console.log(`${'raw'.padStart(8)} ${'brotli'.padStart(8)} ${'gzip'.padStart(8)}  script`);
  for (const r of rows) console.log(`${kb(r.raw)} ${kb(r.br)} ${kb(r.gz)}  ${r.url}`);
  console.log(`${kb(total.raw)} ${kb(total.br)} ${kb(total.gz)}  total (budget ${budgetKB} kB brotli, target ${DEFAULT_BUDGET_KB} kB)`);
  if (!ok) {
    console.error(`over budget: ${page} loads ${kb(total.br).trim()} kB of JavaScript with brotli, budget ${budgetKB} kB`);
    return 1;
  }
  return 0;
}

module.exports = { scriptsOf, measure, check };

if (require.main === module) {
  try {
    process.exitCode = main(process.argv);
  } catch (err) {
    console.error(err.message);
    process.exitCode = 1;
  }
}

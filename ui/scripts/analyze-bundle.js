#!/usr/bin/env node
// Bundle analysis: what each package costs in the scripts the pre-rendered login page loads.
// Needs a web export with source maps (npm --workspace ui run analyze makes one in dist-analyze).
//   node scripts/analyze-bundle.js [dist-analyze] [--page login.html] [--top 25]
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const { explore } = require('source-map-explorer');

const { scriptsOf } = require('./check-budget');

function owner(source) {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (m) {
    // expo-router carries its own copy of react-navigation: show it apart.
    if (m[1] === 'expo-router' && source.includes('/build/react-navigation/')) return 'expo-router (react-navigation copy)';
    return m[1];
  }
  if (source.includes('src/i18n/locales/')) return 'app: translations';
  if (source.includes('src/')) return 'app: code';
  return source; // [unmapped], [no source]…
}

async function main() {
  const args = process.argv.slice(2);
  const opt = (name, def) => {
    const i = args.indexOf(name);
    return i < 0 ? def : args.splice(i, 2)[1];
  };
  const page = opt('--page', 'login.html');
  const top = Number(opt('--top', 25));
  const dist = path.resolve(args[0] || path.join(__dirname, '..', 'dist-analyze'));
  const urls = scriptsOf(fs.readFileSync(path.join(dist, page), 'utf8'));
  const perPackage = new Map();
  let total = 0;
  console.log(`scripts of ${page}: minified, brotli`);
  for (const url of urls) {
    const file = path.join(dist, url);
    const body = fs.readFileSync(file);
    const br = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    console.log(`${(body.length / 1000).toFixed(1).padStart(8)} ${(br / 1000).toFixed(1).padStart(7)}  ${url}`);
    if (!fs.existsSync(`${file}.map`)) throw new Error(`${file}.map is missing: export with --source-maps`);
    const res = await explore({ code: file, map: `${file}.map` }, { noBorderChecks: true });
    for (const [source, { size }] of Object.entries(res.bundles[0].files)) {
      const key = owner(source);
      perPackage.set(key, (perPackage.get(key) ?? 0) + size);
      total += size;
    }
  }
  console.log(`\ntop ${top} by minified bytes (share of ${(total / 1000).toFixed(0)} kB)`);
  [...perPackage.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .forEach(([name, size]) =>
      console.log(`${(size / 1000).toFixed(1).padStart(8)} kB ${((100 * size) / total).toFixed(1).padStart(5)} %  ${name}`),
    );
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});

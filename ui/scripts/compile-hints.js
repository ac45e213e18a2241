#!/usr/bin/env node
// Explicit compile hints: marks the web export's framework and shared chunks (`entry-*.js`,
// `__common-*.js`: almost all of their functions run while a page starts) with V8's magic
// comment `//# allFunctionsCalledOnLoad`, so that Chromium compiles their functions while it
// streams the script, on a background thread, instead of one by one on the main thread when
// each is first called (https://v8.dev/blog/explicit-compile-hints). Other browsers ignore the
// comment. Run after `expo export` (npm run build does); idempotent. The file names keep their
// content hashes: the same export always gets the same bytes.
//   node scripts/compile-hints.js [dist]
const fs = require('fs');
const path = require('path');

const HINT = '//# allFunctionsCalledOnLoad\n';
const CHUNK = /^(entry|__common)-[0-9a-f]+\.js$/;

/** addHints marks the chunks of dist and returns the names of the files it changed. */
function addHints(dist) {
  const dir = path.join(dist, '_expo', 'static', 'js', 'web');
  if (!fs.existsSync(dir)) throw new Error(`${dir} is missing: export the web app first`);
  const changed = [];
  for (const name of fs.readdirSync(dir).sort()) {
    if (!CHUNK.test(name)) continue;
    const file = path.join(dir, name);
    const src = fs.readFileSync(file, 'utf8');
    if (src.startsWith(HINT)) continue;
    fs.writeFileSync(file, HINT + src);
    changed.push(name);
  }
  return changed;
}

if (require.main === module) {
  const dist = path.resolve(process.argv[2] || path.join(__dirname, '..', 'dist'));
  const changed = addHints(dist);
  console.log(`compile hints: ${changed.length ? changed.join(', ') : 'none added'}`);
}

module.exports = { addHints, HINT };

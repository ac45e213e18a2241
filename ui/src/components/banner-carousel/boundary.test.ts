// The carousel is shared by the bonus page and the invite and cashback flows, so it must reach
// them as a chunk of its own (a dynamic import): imported by both, it would be hoisted into the
// shared chunk that /login loads. Only type imports may name it statically.
import fs from 'node:fs';
import path from 'node:path';

const src = path.resolve(__dirname, '..', '..');
const here = __dirname;

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('banner carousel boundary', () => {
  it('is imported only by dynamic import() (or for its types)', () => {
    const offenders = files(src)
      .filter((f) => !f.startsWith(here + path.sep))
      .filter((f) => /^\s*(import|export)(?!\s+type\b)[^;]*from ['"][^'"]*components\/banner-carousel/m.test(fs.readFileSync(f, 'utf8')));
    expect(offenders.map((f) => path.relative(src, f))).toEqual([]);
  });
});

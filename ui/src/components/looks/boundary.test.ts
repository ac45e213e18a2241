// The looks (bank badges, skeletons, the project's pictures) are shown by many routes, so they must
// reach them as a chunk of their own: components/looks/index.tsx imports looks.tsx dynamically. A
// static import of a look's module from a route's code would hoist it into the shared chunk that
// /login loads (the skeleton's Animated alone is ~28 kB brotli). Only looks.tsx and the tests may
// import them; types are free.
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

const looks =
  /^\s*(import|export)(?!\s+type\b)[^;]*from ['"][^'"]*(components\/bank-badge|components\/bank-colors|components\/ui\/skeleton|lib\/pictures|components\/looks\/looks|\.\/looks)['"]/m;

describe('looks boundary', () => {
  it('is imported statically by looks.tsx alone (or for its types)', () => {
    const offenders = files(src)
      .filter((f) => f !== path.join(here, 'looks.tsx'))
      .filter((f) => looks.test(fs.readFileSync(f, 'utf8')));
    expect(offenders.map((f) => path.relative(src, f))).toEqual([]);
  });

  it('is loaded by a dynamic import in the loader', () => {
    expect(fs.readFileSync(path.join(here, 'index.tsx'), 'utf8')).toMatch(/lazy\(\(\) => import\('\.\/looks'\)\)/);
  });
});

// The console must stay out of the member app's first load: only the operator routes (which
// load it lazily) may name features/operator.
import fs from 'node:fs';
import path from 'node:path';

const src = path.resolve(__dirname, '..', '..');
const allowed = [path.join(src, 'features', 'operator'), path.join(src, 'app', 'operator')];

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });
}

describe('console boundary', () => {
  it('no member or shared code imports the console', () => {
    const offenders = files(src)
      .filter((f) => !allowed.some((a) => f.startsWith(a + path.sep)))
      .filter((f) => /from ['"][^'"]*features\/operator|import\(['"][^'"]*features\/operator/.test(fs.readFileSync(f, 'utf8')));
    expect(offenders.map((f) => path.relative(src, f))).toEqual([]);
  });

  it('operator routes reach the console only through the lazy loader', () => {
    const routes = files(path.join(src, 'app', 'operator'));
    expect(routes.length).toBeGreaterThan(10);
    for (const f of routes) {
      const imports = [...fs.readFileSync(f, 'utf8').matchAll(/from ['"]([^'"]*features\/operator[^'"]*)['"]/g)].map((m) => m[1]);
      expect([path.relative(src, f), imports]).toEqual([path.relative(src, f), imports.length ? ['@/features/operator/lazy'] : []]);
    }
  });
});

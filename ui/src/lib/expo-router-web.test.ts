// The web build resolves the app's `expo-router` imports to expo-router-web.ts (metro.config.js):
// every name a screen imports must be exported there, or it would be undefined on the web only.
import fs from 'fs';
import path from 'path';

const src = path.join(__dirname, '..');
const slim = fs.readFileSync(path.join(__dirname, 'expo-router-web.ts'), 'utf8');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const exported = new Set(
  [...slim.matchAll(/export (?:type )?\{([^}]*)\}/g)].flatMap((m) =>
    m[1].split(',').map((n) =>
      n
        .trim()
        .split(/\s+as\s+/)
        .pop()!,
    ),
  ),
);

describe('expo-router on the web', () => {
  const imports = sourceFiles(src).flatMap((file) =>
    [...fs.readFileSync(file, 'utf8').matchAll(/import\s+(type\s+)?(\{[^}]*\}|\*\s+as\s+\w+|\w+)\s+from\s+'expo-router'/g)].map((m) => ({
      file: path.relative(src, file),
      clause: m[2],
    })),
  );

  it('finds the app imports', () => {
    expect(imports.length).toBeGreaterThan(5);
  });

  it('exports every name the app imports from expo-router', () => {
    const missing = imports.flatMap(({ file, clause }) => {
      if (!clause.startsWith('{')) return [`${file}: ${clause} (only named imports are supported)`];
      return clause
        .slice(1, -1)
        .split(',')
        .map(
          (n) =>
            n
              .trim()
              .replace(/^type\s+/, '')
              .split(/\s+as\s+/)[0],
        )
        .filter((n) => n && !exported.has(n))
        .map((n) => `${file}: ${n}`);
    });
    expect(missing).toEqual([]);
  });
});

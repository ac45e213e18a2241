// The web build swaps some expo-router internals and react-native-web's index for the files in
// this folder (metro.config.js). These tests fail when an upgrade or an app change makes a
// replacement wrong, instead of letting the web build break at run time or grow silently.
const fs = require('fs');
const path = require('path');

const ui = path.join(__dirname, '..');
const routerBuild = path.dirname(require.resolve('expo-router/build/ExpoRoot.js'));
const { shims: everyBundle, browserShims } = require('./expo-router/shims');

const shims = { ...everyBundle, ...browserShims };

/** exportedNames lists the names a CommonJS file assigns to `exports.X`. */
function exportedNames(file) {
  const src = fs.readFileSync(file, 'utf8');
  return [...new Set([...src.matchAll(/\bexports\.(\w+)\s*=/g)].map((m) => m[1]))].filter((n) => n !== '__esModule');
}

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('expo-router replacements', () => {
  // The React Navigation index replacement keeps only the names read (its own test below).
  const whole = Object.entries(shims).filter(
    ([original]) => !['react-navigation/native/index.js', 'react-navigation/routers/index.js'].includes(original),
  );
  it.each(whole)('%s still exists and %s exports all its names', (original, shim) => {
    const file = path.join(routerBuild, original);
    expect(fs.existsSync(file)).toBe(true);
    const replacement = require(path.join(__dirname, 'expo-router', shim));
    const missing = exportedNames(file).filter((name) => !(name in replacement));
    expect(missing).toEqual([]);
  });

  it("the only <Head> is the root layout's constant title (the browser bundle leaves Head out)", () => {
    const users = sourceFiles(path.join(ui, 'src')).filter((f) => /from 'expo-router\/head'/.test(fs.readFileSync(f, 'utf8')));
    expect(users.map((f) => path.relative(ui, f))).toEqual([path.join('src', 'app', '_layout.tsx')]);
    const heads = [...fs.readFileSync(users[0], 'utf8').matchAll(/<Head>([\s\S]*?)<\/Head>/g)].map((m) => m[1].replace(/\s+/g, ''));
    expect(heads).toEqual(['<title>Ngern</title>']);
  });

  it('the React Navigation index replacement has every name the start-up code reads, from the module that defines it', () => {
    const nativeIndex = path.join(routerBuild, 'react-navigation/native/index.js');
    const replacement = fs.readFileSync(path.join(__dirname, 'expo-router/react-navigation-native.js'), 'utf8');
    const provided = new Map([...replacement.matchAll(/^  (\w+): \['([^']+)', '(\w+)'\],$/gm)].map((m) => [m[1], [m[2], m[3]]]));
    for (const [name, [file, original]] of provided) {
      expect([name, fs.readFileSync(path.join(routerBuild, file), 'utf8')]).toEqual([
        name,
        expect.stringMatching(new RegExp(`exports\\.${original} =`)),
      ]);
      expect(replacement).toContain(`case '${file}':\n      return require('expo-router/build/${file.replace(/\.js$/, '')}');`);
    }
    const read = new Set();
    for (const file of startupFiles()) {
      if (file.startsWith(path.dirname(nativeIndex) + path.sep)) continue;
      const src = fs.readFileSync(file, 'utf8');
      for (const m of src.matchAll(/(\w+) = (?:__importStar\()?require\("([^"]+)"\)/g)) {
        if (!m[2].startsWith('.') || resolveRel(file, m[2]) !== nativeIndex) continue;
        for (const use of src.matchAll(new RegExp(`\\b${m[1]}\\.(\\w+)`, 'g'))) read.add(use[1]);
      }
    }
    expect(read.size).toBeGreaterThan(10);
    expect([...read].filter((n) => !provided.has(n))).toEqual([]);
  });

  it('the routers index replacement has every router name the start-up code reads', () => {
    const routersIndex = path.join(routerBuild, 'react-navigation/routers/index.js');
    const coreIndex = path.join(routerBuild, 'react-navigation/core/index.js');
    const routerNames = new Set(exportedNames(routersIndex));
    expect(routerNames).toContain('TabRouter');
    const replacement = require('./expo-router/react-navigation-routers');
    const src = fs.readFileSync(path.join(__dirname, 'expo-router/react-navigation-routers.js'), 'utf8');
    for (const m of src.matchAll(/^  (\w+): \['([^']+)', '([\w*]+)'\],$/gm)) {
      const file = path.join(routerBuild, m[2]);
      expect(fs.existsSync(file)).toBe(true);
      if (m[3] !== '*')
        expect([m[1], fs.readFileSync(file, 'utf8')]).toEqual([m[1], expect.stringMatching(new RegExp(`exports\\.${m[3]} =`))]);
    }
    // Names read from the routers index, or from React Navigation's core index (which
    // re-exports it), by any file the start-up code reaches, also through the modules the React
    // Navigation index replacement loads.
    const nativeShim = fs.readFileSync(path.join(__dirname, 'expo-router/react-navigation-native.js'), 'utf8');
    const viaNative = [...nativeShim.matchAll(/^  \w+: \['([^']+)', '\w+'\],$/gm)].map((m) => m[1]);
    expect(viaNative.length).toBeGreaterThan(10);
    const read = new Set();
    for (const file of startupFiles(viaNative)) {
      const src = fs.readFileSync(file, 'utf8');
      for (const m of src.matchAll(/(\w+) = (?:__importStar\()?require\("([^"]+)"\)/g)) {
        if (!m[2].startsWith('.') || ![routersIndex, coreIndex].includes(resolveRel(file, m[2]))) continue;
        for (const use of src.matchAll(new RegExp(`\\b${m[1]}\\.(\\w+)`, 'g'))) if (routerNames.has(use[1])) read.add(use[1]);
      }
    }
    expect(read).toContain('CommonActions');
    expect([...read].filter((n) => !(n in replacement))).toEqual([]);
    expect(typeof replacement.StackRouter).toBe('function');
    expect(typeof replacement.CommonActions.navigate).toBe('function');
  });

  it('the sitemap stays off', () => {
    expect(fs.readFileSync(path.join(ui, 'app.config.ts'), 'utf8')).toMatch(/\['expo-router', \{[^\]]*\bsitemap: false/);
  });

  it('the app lays out routes with Slot only (no Stack, Tabs, NativeTabs or Link)', () => {
    const used = sourceFiles(path.join(ui, 'src')).flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(/from 'expo-router(\/[\w/-]+)?'/g)]
        .map((m) => m[1] ?? '')
        .filter(
          (sub) =>
            !['', '/head', '/html', '/build/views/Navigator', '/build/link/Redirect', '/build/imperative-api'].includes(sub) &&
            !sub.startsWith('/build/hooks/'),
        )
        .map((sub) => `${path.relative(ui, file)}: expo-router${sub}`),
    );
    expect(used).toEqual([]);
    const slim = fs.readFileSync(path.join(ui, 'src/lib/expo-router-web.ts'), 'utf8');
    expect(slim).not.toMatch(/\b(Stack|Tabs|NativeTabs|Link|Sitemap)\b/);
  });
});

describe('react-native for CommonJS libraries', () => {
  const rnwIndex = fs.readFileSync(require.resolve('react-native-web/dist/index.js'), 'utf8');
  const rnwExports = [...rnwIndex.matchAll(/export \{ default as (\w+) \} from '\.\/([\w/]+)'/g)].map((m) => ({ name: m[1], from: m[2] }));
  const shim = fs.readFileSync(path.join(__dirname, 'react-native/index.js'), 'utf8');
  const kept = [...shim.matchAll(/export \{ default as (\w+) \} from 'react-native-web\/dist\/([\w/]+)'/g)].map((m) => ({
    name: m[1],
    from: m[2],
  }));
  const leftOutSrc = fs.readFileSync(path.join(__dirname, 'react-native/left-out.js'), 'utf8');
  const leftOut = [...leftOutSrc.match(/leftOut = \[([^\]]*)\]/)[1].matchAll(/'(\w+)'/g)].map((m) => m[1]);
  const declared = [...shim.matchAll(/export const (\w+) = unavailable\('(\w+)'\)/g)].map((m) => m[1]);

  it('covers every react-native-web export exactly once, from the same module', () => {
    expect(rnwExports.length).toBeGreaterThan(50);
    expect([...kept.map((k) => k.name), ...leftOut].sort()).toEqual(rnwExports.map((e) => e.name).sort());
    for (const k of kept) expect(rnwExports.find((e) => e.name === k.name).from).toBe(k.from);
    expect(declared.sort()).toEqual([...leftOut].sort());
  });
});

function resolveRel(from, spec) {
  const base = path.resolve(path.dirname(from), spec);
  return [`${base}.web.js`, `${base}.js`, path.join(base, 'index.web.js'), path.join(base, 'index.js'), base].find(
    (c) => fs.existsSync(c) && fs.statSync(c).isFile(),
  );
}

/** startupFiles follows expo-router's requires from its entry and the app's imports, through the replacements. */
function startupFiles(moreRoots = []) {
  const skip = new Set(Object.keys(shims).map((k) => path.join(routerBuild, k)));
  const roots = [
    'qualified-entry.js',
    'renderRootComponent.js',
    'views/Navigator.js',
    'link/Redirect.js',
    'imperative-api.js',
    'head/index.js',
    'hooks/index.js',
    ...moreRoots,
  ].map((f) => path.join(routerBuild, f));
  const seen = new Set(roots);
  const queue = [...roots];
  while (queue.length) {
    const file = queue.shift();
    // Development-only branches (`if (process.env.NODE_ENV === 'development') require(…)`) are
    // dropped from the production build; so are their requires here.
    const src = fs.readFileSync(file, 'utf8').replace(/if \(process\.env\.NODE_ENV === 'development'\) \{[\s\S]*?\n {8}\}/g, '');
    for (const m of src.matchAll(/require\("(\.[^"]+)"\)/g)) {
      const dep = resolveRel(file, m[1]);
      if (dep && !skip.has(dep) && !seen.has(dep)) {
        seen.add(dep);
        queue.push(dep);
      }
    }
  }
  return [...seen];
}

function packageFiles() {
  const packages = [
    'expo-asset/build',
    'expo-constants/build',
    'expo-font/build',
    'expo-linking/build',
    'expo-splash-screen/build',
    'expo-status-bar/build',
  ];
  const more = packages.flatMap((p) => {
    const dir = path.dirname(require.resolve(`${p.split('/')[0]}/package.json`));
    const walk = (d) =>
      fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => {
        const f = path.join(d, e.name);
        if (e.isDirectory()) return walk(f);
        return /\.js$/.test(e.name) && !/\.(native|ios|android)\.js$/.test(e.name) ? [f] : [];
      });
    const build = path.join(dir, 'build');
    return fs.existsSync(build) ? walk(build) : [];
  });
  return more;
}

describe('react-native for CommonJS libraries (reads)', () => {
  const leftOutSrc = fs.readFileSync(path.join(__dirname, 'react-native/left-out.js'), 'utf8');
  const leftOut = [...leftOutSrc.match(/leftOut = \[([^\]]*)\]/)[1].matchAll(/'(\w+)'/g)].map((m) => m[1]);
  // The CommonJS files of the web first load that read react-native: expo-router's start-up code
  // (followed from its entry, through the replacements above) and the expo packages the app loads.
  function commonJSFiles() {
    return [...startupFiles(), ...packageFiles()].filter((f) => /require\(["']react-native["']\)/.test(fs.readFileSync(f, 'utf8')));
  }

  it('no CommonJS library of the web build reads a left-out export', () => {
    const files = commonJSFiles();
    expect(files.length).toBeGreaterThan(5);
    const reads = files.flatMap((file) => {
      const src = fs.readFileSync(file, 'utf8');
      const binding =
        /(?:const|var|let)\s+(\w+)\s*=\s*(?:__importStar\(|__importDefault\(|_interopRequireWildcard\()?require\(["']react-native["']\)/.exec(
          src,
        );
      const destructured = /(?:const|var|let)\s*\{([^}]*)\}\s*=\s*require\(["']react-native["']\)/.exec(src);
      const names = [
        ...(binding ? [...src.matchAll(new RegExp(`\\b${binding[1]}\\.(\\w+)`, 'g'))].map((m) => m[1]) : []),
        ...(destructured ? destructured[1].split(',').map((n) => n.trim().split(/\s*:\s*/)[0]) : []),
      ];
      return names.filter((n) => leftOut.includes(n)).map((n) => `${path.relative(ui, file)}: ${n}`);
    });
    expect(reads).toEqual([]);
  });
});

describe('@tanstack/react-query on the web', () => {
  const shim = fs.readFileSync(path.join(__dirname, 'tanstack-react-query.js'), 'utf8');
  const exported = new Set([...shim.matchAll(/^export \{([^}]*)\}/gm)].flatMap((m) => m[1].split(',').map((n) => n.trim())));

  it('exports every name the app imports from @tanstack/react-query, from the module that defines it', () => {
    const missing = sourceFiles(path.join(ui, 'src')).flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'@tanstack\/react-query'/g)]
        .filter((m) => !m[1])
        .flatMap((m) => m[2].split(',').map((n) => n.trim()))
        .filter((n) => n && !n.startsWith('type ') && !exported.has(n.split(/\s+as\s+/)[0]))
        .map((n) => `${path.relative(ui, file)}: ${n}`),
    );
    expect(missing).toEqual([]);
  });

  it('exports each name from the module that defines it, and the core replacement has what those modules import', () => {
    const core = fs.readFileSync(path.join(__dirname, 'tanstack-query-core.js'), 'utf8');
    const coreNames = new Set([...core.matchAll(/^export \{([^}]*)\}/gm)].flatMap((m) => m[1].split(',').map((n) => n.trim())));
    const real = jest.requireActual('@tanstack/react-query');
    const reactQuery = path.dirname(require.resolve('@tanstack/react-query/package.json'));
    const seen = new Set();
    const queue = [...shim.matchAll(/from '@tanstack\/react-query\/(build\/modern\/[\w.-]+)'/g)].map((m) => path.join(reactQuery, m[1]));
    while (queue.length) {
      const file = queue.shift();
      if (seen.has(file)) continue;
      seen.add(file);
      const src = fs.readFileSync(file, 'utf8');
      for (const m of src.matchAll(/import \{([^}]*)\} from "@tanstack\/query-core"/g)) {
        for (const n of m[1].split(',').map((x) => x.trim()))
          expect([path.basename(file), n, coreNames.has(n)]).toEqual([path.basename(file), n, true]);
      }
      for (const m of src.matchAll(/from "(\.\/[\w.-]+)"/g)) queue.push(path.join(path.dirname(file), m[1]));
    }
    expect(seen.size).toBeGreaterThan(5);
    for (const m of `${shim}\n${core}`.matchAll(/^export \{([^}]*)\} from '(@tanstack\/[^']+)'/gm)) {
      const [, pkg, ...rest] = m[2].split('/');
      const file = path.join(path.dirname(require.resolve(`@tanstack/${pkg}/package.json`)), ...rest);
      const src = fs.readFileSync(file, 'utf8');
      for (const name of m[1].split(',').map((n) => n.trim())) {
        expect(src).toMatch(new RegExp(`export \\{[^}]*\\b${name}\\b`));
        expect(real[name]).toBeDefined();
      }
    }
  });
});

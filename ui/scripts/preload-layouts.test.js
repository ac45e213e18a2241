const fs = require('fs');
const os = require('os');
const path = require('path');

const { scriptsOf } = require('./check-budget');
const { addLayoutPreloads } = require('./preload-layouts');

describe('addLayoutPreloads', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'layouts-'));
  const web = path.join(dist, '_expo', 'static', 'js', 'web');
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));
  fs.mkdirSync(web, { recursive: true });
  fs.mkdirSync(path.join(dist, 'user'));
  for (const n of ['_layout-aa.js', '_layout-bb.js', '_layout-cc.js', 'login-dd.js', 'entry-ee.js'])
    fs.writeFileSync(path.join(web, n), 'x');
  const page = (layouts) =>
    `<html><head><title>t</title></head><body>${layouts.map((l) => `<script src="/_expo/static/js/web/${l}" defer></script>`).join('')}</body></html>`;
  fs.writeFileSync(path.join(dist, 'login.html'), page(['_layout-aa.js', '_layout-bb.js', 'login-dd.js', 'entry-ee.js']));
  fs.writeFileSync(path.join(dist, 'user', 'home.html'), page(['_layout-aa.js', 'entry-ee.js']));
  const read = (f) => fs.readFileSync(path.join(dist, f), 'utf8');

  it('preloads, in each page, the layouts it does not load yet', () => {
    expect(addLayoutPreloads(dist)).toBe(3);
    expect(scriptsOf(read('login.html'))).toEqual([
      '/_expo/static/js/web/_layout-cc.js',
      '/_expo/static/js/web/_layout-aa.js',
      '/_expo/static/js/web/_layout-bb.js',
      '/_expo/static/js/web/login-dd.js',
      '/_expo/static/js/web/entry-ee.js',
    ]);
    expect(read('user/home.html')).toContain(
      '<link rel="preload" as="script" href="/_expo/static/js/web/_layout-bb.js"/><link rel="preload" as="script" href="/_expo/static/js/web/_layout-cc.js"/></head>',
    );
  });

  it('is idempotent', () => {
    const before = read('login.html');
    expect(addLayoutPreloads(dist)).toBe(0);
    expect(read('login.html')).toBe(before);
  });
});

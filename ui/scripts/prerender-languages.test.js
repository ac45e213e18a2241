const fs = require('fs');
const os = require('os');
const path = require('path');

const { copyPages, localeChunk, mainBundles, otherLocales } = require('./prerender-languages');

describe('prerender-languages', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'languages-'));
  const dist = path.join(root, 'dist');
  const from = path.join(root, 'dist-en');
  const web = path.join(dist, '_expo', 'static', 'js', 'web');
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  fs.mkdirSync(web, { recursive: true });
  fs.mkdirSync(path.join(from, 'user'), { recursive: true });
  for (const n of ['entry-aa.js', 'en-bb.js', 'la-cc.js']) fs.writeFileSync(path.join(web, n), 'x');
  const page = (text, scripts) =>
    `<html lang="en"><head><title>t</title></head><body>${text}${scripts.map((s) => `<script src="/_expo/static/js/web/${s}" defer></script>`).join('')}</body></html>`;
  const read = (f) => fs.readFileSync(path.join(dist, f), 'utf8');

  it('renders the two languages a build does not bundle', () => {
    expect(otherLocales(false)).toEqual(['la', 'en']);
    expect(otherLocales(true)).toEqual(['th', 'en']);
  });

  it("finds a language's translation chunk", () => {
    expect(localeChunk(dist, 'en')).toBe('/_expo/static/js/web/en-bb.js');
    expect(() => localeChunk(dist, 'th')).toThrow(/one th translation chunk/);
  });

  it("copies every page under _lang/<locale>/ with a preload of the language's chunk", () => {
    fs.mkdirSync(path.join(dist, 'user'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'login.html'), page('เข้าสู่ระบบ', ['entry-aa.js']));
    fs.writeFileSync(path.join(dist, 'user', 'home.html'), page('', ['entry-aa.js']));
    fs.writeFileSync(path.join(from, 'login.html'), page('Log in', ['entry-aa.js']));
    fs.writeFileSync(path.join(from, 'user', 'home.html'), page('', ['entry-aa.js']));
    expect(copyPages(from, dist, 'en', '/_expo/static/js/web/en-bb.js')).toBe(2);
    expect(read('_lang/en/login.html')).toContain('Log in');
    expect(read('_lang/en/login.html')).toContain('<link rel="preload" as="script" href="/_expo/static/js/web/en-bb.js"/></head>');
    expect(read('_lang/en/user/home.html')).toContain('en-bb.js');
  });

  it("names the main export's bundles, by name and order", () => {
    const main = page('x', ['_layout-0123456789.js', '_layout-1123456789.js', 'login-2123456789.js', 'entry-3123456789.js']);
    const ours = page('y', ['_layout-aaaaaaaaaa.js', '_layout-bbbbbbbbbb.js', 'login-cccccccccc.js', 'entry-dddddddddd.js']);
    expect(mainBundles(ours, main, 'en login.html')).toBe(
      page('y', ['_layout-0123456789.js', '_layout-1123456789.js', 'login-2123456789.js', 'entry-3123456789.js']),
    );
  });

  it("fails when a page's chunks are not the main page's", () => {
    const main = page('x', ['_layout-0123456789.js', 'login-2123456789.js', 'entry-3123456789.js']);
    expect(() => mainBundles(page('y', ['entry-dddddddddd.js']), main, 'en login.html')).toThrow(/en login.html: its chunks/);
  });

  it('fails when a page names a file that is not in the build', () => {
    fs.writeFileSync(path.join(dist, 'login.html'), page('เข้าสู่ระบบ', ['entry-ffffffffff.js']));
    fs.writeFileSync(path.join(from, 'login.html'), page('Log in', ['entry-eeeeeeeeee.js']));
    expect(() => copyPages(from, dist, 'en', null)).toThrow(/not in .*entry-ffffffffff\.js/);
  });
});

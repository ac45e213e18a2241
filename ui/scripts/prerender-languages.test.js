const fs = require('fs');
const os = require('os');
const path = require('path');

const { copyPages, localeChunk, otherLocales } = require('./prerender-languages');

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
    fs.writeFileSync(path.join(from, 'login.html'), page('Log in', ['entry-aa.js']));
    fs.writeFileSync(path.join(from, 'user', 'home.html'), page('', ['entry-aa.js']));
    expect(copyPages(from, dist, 'en', '/_expo/static/js/web/en-bb.js')).toBe(2);
    expect(read('_lang/en/login.html')).toContain('Log in');
    expect(read('_lang/en/login.html')).toContain('<link rel="preload" as="script" href="/_expo/static/js/web/en-bb.js"/></head>');
    expect(read('_lang/en/user/home.html')).toContain('en-bb.js');
  });

  it('fails when a page names a bundle the main export does not have', () => {
    fs.writeFileSync(path.join(from, 'login.html'), page('Log in', ['entry-ff.js']));
    expect(() => copyPages(from, dist, 'en', null)).toThrow(/entry-ff\.js/);
  });
});

// The web loads its fonts without expo-font: the pre-rendered head declares the default
// language's (+html.tsx, fontFaceCSS) and fonts.web.ts adds another script's on a switch.
import { fontFaceCSS, fontFiles, fontScript } from './font-files.web';

describe('web font files', () => {
  it.each([
    ['th', 'thai'],
    ['en', 'thai'],
    ['la', 'lao'],
  ])('%s uses the %s script', (locale, script) => {
    expect(fontScript(locale)).toBe(script);
    const families = Object.keys(fontFiles(locale));
    expect(families).toHaveLength(2);
    for (const f of families) expect(f).toMatch(script === 'lao' ? /^NotoSansLao_/ : /^NotoSansThai_/);
  });

  it('declares each font of the script with swap, as WOFF2', () => {
    const css = fontFaceCSS('th');
    expect(css.match(/@font-face/g)).toHaveLength(2);
    expect(css).toContain('font-family:"NotoSansThai_400Regular"');
    expect(css).toContain('font-family:"NotoSansThai_700Bold"');
    expect(css).toContain('format("woff2");font-display:swap');
    expect(css).not.toContain('Lao');
  });
});

describe('loadFonts', () => {
  const added: { family: string; source: string; loaded: boolean }[] = [];
  beforeEach(() => {
    added.length = 0;
    jest.resetModules();
    (globalThis as any).FontFace = class {
      loaded = false;
      constructor(
        public family: string,
        public source: string,
      ) {}
      load() {
        this.loaded = true;
        return Promise.resolve(this);
      }
    };
    (globalThis as any).document = { documentElement: { lang: 'th' }, fonts: { add: (f: any) => added.push(f) } };
  });
  afterEach(() => {
    delete (globalThis as any).FontFace;
    delete (globalThis as any).document;
  });

  it('adds and loads another script once; the default script is in the page already', () => {
    const { loadFonts } = require('./fonts.web');
    loadFonts('th');
    loadFonts('en');
    expect(added).toEqual([]);
    loadFonts('la');
    loadFonts('la');
    expect(added.map((f) => f.family).sort()).toEqual(['NotoSansLao_400Regular', 'NotoSansLao_700Bold']);
    expect(added.every((f) => f.loaded && /format\("woff2"\)$/.test(f.source))).toBe(true);
  });

  it("takes the page's language from the document: a page pre-rendered in Lao has the Lao fonts", () => {
    (globalThis as any).document.documentElement.lang = 'lo';
    const { loadFonts } = require('./fonts.web');
    loadFonts('la');
    expect(added).toEqual([]);
    loadFonts('en');
    expect(added.map((f) => f.family).sort()).toEqual(['NotoSansThai_400Regular', 'NotoSansThai_700Bold']);
  });
});

// Makes the web fonts: WOFF2 subsets of the Noto Sans Thai and Noto Sans Lao files that the
// native apps load as TTF. Each subset keeps one script plus Latin, digits and punctuation, so a
// Thai or English page loads only the Thai files and a Lao page only the Lao ones.
// Run after upgrading @expo-google-fonts: `npm --workspace ui run fonts`; commit the output.
const fs = require('fs');
const path = require('path');
const subsetFont = require('subset-font');

const range = (from, to) => {
  let s = '';
  for (let c = from; c <= to; c++) s += String.fromCodePoint(c);
  return s;
};

// Latin (ASCII and Latin-1), general punctuation, currency signs and the dotted circle that
// shaping uses for a mark standing alone.
const common = range(0x20, 0x7e) + range(0xa0, 0xff) + range(0x2010, 0x2027) + range(0x2030, 0x203a) + '\u20ac\u2122\u2212\u25cc';

const scripts = {
  thai: { pkg: 'noto-sans-thai', family: 'NotoSansThai', text: common + range(0x0e00, 0x0e7f) },
  lao: { pkg: 'noto-sans-lao', family: 'NotoSansLao', text: common + range(0x0e80, 0x0eff) + '\u20ad' },
};
const weights = ['400Regular', '700Bold'];

async function main() {
  const out = path.join(__dirname, '..', 'assets', 'fonts');
  fs.mkdirSync(out, { recursive: true });
  for (const { pkg, family, text } of Object.values(scripts)) {
    for (const weight of weights) {
      const name = `${family}_${weight}`;
      const src = require.resolve(`@expo-google-fonts/${pkg}/${weight}/${name}.ttf`);
      const ttf = fs.readFileSync(src);
      const woff2 = await subsetFont(ttf, text, { targetFormat: 'woff2' });
      fs.writeFileSync(path.join(out, `${name}.woff2`), woff2);
      console.log(`${name}.woff2: ${woff2.length} bytes (TTF ${ttf.length})`);
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

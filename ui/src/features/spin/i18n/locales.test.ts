import en from './en.json';
import la from './la.json';
import th from './th.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.entries(tree).reduce<Record<string, string>>((out, [key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flatten(value, path));
    return out;
  }, {});
}

// Thai and Lao have one plural form (_other); English has _one and _other.
const base = (key: string) => key.replace(/_(one|other)$/, '');
const variables = (text: string) => [...new Set((text.match(/{{\s*\w+\s*}}/g) ?? []).map((v) => v.replace(/\s/g, '')))].sort();

describe('spin page locales', () => {
  const all = { th: flatten(th), la: flatten(la), en: flatten(en) };
  const reference = [...new Set(Object.keys(all.en).map(base))].sort();

  it.each(['th', 'la'] as const)('%s has every spin page key of en and no other', (lng) => {
    expect([...new Set(Object.keys(all[lng]).map(base))].sort()).toEqual(reference);
  });

  it.each(['th', 'la'] as const)('%s uses the same variables as en', (lng) => {
    for (const [key, text] of Object.entries(all[lng])) {
      const enText = all.en[key] ?? all.en[`${base(key)}_other`];
      expect([key, variables(text)]).toEqual([key, variables(enText)]);
    }
  });

  it.each(['th', 'la', 'en'] as const)('%s has no empty text', (lng) => {
    for (const [key, text] of Object.entries(all[lng])) expect([key, text.trim().length > 0]).toEqual([key, true]);
  });
});

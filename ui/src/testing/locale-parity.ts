// The standard parity tests of a lazily loaded i18n namespace's th, la and en tables. Call it from
// the namespace's own test file: describeLocaleParity('console', { th, la, en }).
//
// English is the reference. Thai and Lao have a single plural form, so where English has
// `key_one` and `key_other` they have `key_other` only (a `_one` there is never used by i18next).

type Tree = { [key: string]: string | Tree };
export type LocaleTables = { th: object; la: object; en: object };

/** flattenLocale turns nested strings into "a.b.c" → text. */
export function flattenLocale(tree: object, prefix = ''): Record<string, string> {
  return Object.entries(tree as Tree).reduce<Record<string, string>>((out, [key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flattenLocale(value, path));
    return out;
  }, {});
}

const variables = (text: string) => [...new Set((text.match(/{{\s*\w+\s*}}/g) ?? []).map((v) => v.replace(/\s/g, '')))].sort();

/** describeLocaleParity declares the parity tests of one namespace's three tables. */
export function describeLocaleParity(name: string, tables: LocaleTables): void {
  describe(`${name} locales`, () => {
    const all = { th: flattenLocale(tables.th), la: flattenLocale(tables.la), en: flattenLocale(tables.en) };
    const enKeys = Object.keys(all.en).sort();
    // What Thai and Lao must have: every English key but the _one forms.
    const oneForm = /_one$/;
    const expected = enKeys.filter((k) => !oneForm.test(k));

    it('en has a _other form for every _one', () => {
      expect(enKeys.filter((k) => oneForm.test(k) && !Object.hasOwn(all.en, k.replace(oneForm, '_other')))).toEqual([]);
    });

    it.each(['th', 'la'] as const)('%s has every key of en (plurals as _other only) and no other', (lng) => {
      const keys = Object.keys(all[lng]).sort();
      expect({ missing: expected.filter((k) => !Object.hasOwn(all[lng], k)), extra: keys.filter((k) => !expected.includes(k)) }).toEqual({
        missing: [],
        extra: [],
      });
    });

    it.each(['th', 'la'] as const)('%s uses the same {{variables}} as en', (lng) => {
      const mismatched = Object.entries(all[lng])
        .filter(([key]) => Object.hasOwn(all.en, key))
        .filter(([key, text]) => variables(text).join() !== variables(all.en[key]).join())
        .map(([key]) => key);
      expect(mismatched).toEqual([]);
    });

    it.each(['th', 'la', 'en'] as const)('%s has no empty text', (lng) => {
      expect(
        Object.entries(all[lng])
          .filter(([, text]) => text.trim() === '')
          .map(([key]) => key),
      ).toEqual([]);
    });
  });
}

// WCAG 2.5.3 (label in name): a control whose accessible name differs from its visible text must
// start with that text, so that a voice user who says what they see reaches it. The console's
// buttons that add the row's subject to their name (title={t('x')} accessibilityLabel={t('xNamed',
// …)}) are found in its source, and each pair is checked in th, la and en.
import fs from 'node:fs';
import path from 'node:path';

import en from './en.json';
import la from './la.json';
import th from './th.json';

const consoleDir = path.resolve(__dirname, '..');

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return /\.tsx$/.test(e.name) && !/\.test\.tsx$/.test(e.name) ? [p] : [];
  });
}

/** namedPairs are the [visible, accessible] keys of the console's controls that carry both. */
function namedPairs(): [string, string][] {
  const pair = /title=\{t\('([\w.]+)'\)\}\s*accessibilityLabel=\{t\('([\w.]+)'/g;
  return files(consoleDir).flatMap((f) => [...fs.readFileSync(f, 'utf8').matchAll(pair)].map((m): [string, string] => [m[1], m[2]]));
}

function text(locale: unknown, key: string): string {
  const value = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], locale);
  if (typeof value !== 'string') throw new Error(`no text ${key}`);
  return value;
}

describe('console names start with the visible label', () => {
  const pairs = namedPairs();

  it('finds the named controls in the source', () => {
    expect(pairs).toEqual(
      expect.arrayContaining([
        ['promotions.forfeit', 'promotions.forfeitNamed'],
        ['promotions.release', 'promotions.releaseNamed'],
        ['slips.approve', 'slips.approveNamed'],
      ]),
    );
  });

  it.each([
    ['th', th],
    ['la', la],
    ['en', en],
  ])('in %s', (_lang, locale) => {
    const offenders = pairs
      .map(([visible, named]) => ({ visible: text(locale, visible), named: text(locale, named) }))
      .filter(({ visible, named }) => !named.toLocaleLowerCase().startsWith(visible.toLocaleLowerCase()));
    expect(offenders).toEqual([]);
  });
});

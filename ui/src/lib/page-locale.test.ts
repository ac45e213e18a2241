import { localeOfTag, pageLocale } from './page-locale';

describe('localeOfTag', () => {
  it.each([
    ['th', 'th'],
    ['lo', 'la'],
    ['la', 'la'],
    ['en', 'en'],
    ['fr', 'th'],
    ['', 'th'],
    [undefined, 'th'],
  ])('%s is %s', (tag, locale) => {
    expect(localeOfTag(tag)).toBe(locale);
  });

  it('is the default language outside a pre-rendered page', () => {
    expect(pageLocale).toBe('th');
  });
});

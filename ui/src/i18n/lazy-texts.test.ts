import i18n from '@/i18n';
import en from '@/i18n/locales/en.json';

import { addLazyTexts } from './lazy-texts';

describe('addLazyTexts', () => {
  it("adds a feature's texts to the languages already loaded", () => {
    addLazyTexts({ th: { lazyProbe: { title: 'หัวข้อ' } } });
    expect(i18n.t('lazyProbe.title', { lng: 'th' })).toBe('หัวข้อ');
  });

  it('joins a language loaded after the feature, never before it', () => {
    i18n.removeResourceBundle('en', 'translation');
    addLazyTexts({ en: { lazyProbe: { title: 'Title' } } });
    // Not loaded yet: nothing is added, so i18next still fetches the language's own texts.
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
    i18n.addResourceBundle('en', 'translation', en);
    i18n.emit('loaded', { en: ['translation'] });
    expect(i18n.t('lazyProbe.title', { lng: 'en' })).toBe('Title');
    expect(i18n.t('login.title', { lng: 'en' })).toBe(en.login.title);
  });
});

import i18n from '@/i18n';
import en from '@/i18n/locales/en.json';

import { addStatementTexts } from '.';

describe("the statement's texts", () => {
  it('are read through the default namespace', () => {
    expect(i18n.t('statement.title', { lng: 'th' })).toBe('รายการเดินบัญชี');
  });

  it('join a language loaded after the feature, never before it', () => {
    i18n.removeResourceBundle('en', 'translation');
    addStatementTexts('en'); // not loaded yet: adds nothing, so the language still reads as not loaded
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
    i18n.addResourceBundle('en', 'translation', en);
    i18n.emit('loaded', { en: ['translation'] });
    expect(i18n.t('statement.title', { lng: 'en' })).toBe('Statement');
    expect(i18n.t('login.title', { lng: 'en' })).toBe(en.login.title);
  });
});

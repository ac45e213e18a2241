import i18n from '@/i18n';
import en from '@/i18n/locales/en.json';

import { addLazyTexts, textsChunk } from './lazy-texts';

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

describe('textsChunk', () => {
  it('loads the texts once, adds them and marks its promise fulfilled', async () => {
    const load = jest.fn(() => Promise.resolve({ default: { th: { chunkProbe: { title: 'บท' } } } }));
    const ensure = textsChunk(load);
    const first = ensure();
    expect(first.status).toBeUndefined();
    await first;
    expect(first.status).toBe('fulfilled');
    expect(ensure()).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
    expect(i18n.t('chunkProbe.title', { lng: 'th' })).toBe('บท');
  });

  it('forgets a failed load, so that a retry loads again', async () => {
    const load = jest
      .fn<Promise<{ default: Record<string, object> }>, []>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValueOnce({ default: { th: { retryProbe: { title: 'ใหม่' } } } });
    const ensure = textsChunk(load);
    await expect(ensure()).rejects.toThrow('chunk failed');
    await ensure();
    expect(load).toHaveBeenCalledTimes(2);
    expect(i18n.t('retryProbe.title', { lng: 'th' })).toBe('ใหม่');
  });
});

import { screen } from '@testing-library/react-native';

import i18n from '@/i18n';
import { mockApi, renderWithProviders } from '@/testing/render';

import { ContactInfo } from './contact-info';

describe('ContactInfo', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it("shows the server's app version", async () => {
    mockApi({
      'GET /api/lookup/contact': { body: { contactText: 'Call us', lineLink: '', lineName: '', lineQR: '' } },
      'GET /api/lookup/limits': { body: { appVersion: '9.8.7', transferMin: 1, giftLinkMin: 2, qr: [] } },
    });
    renderWithProviders(<ContactInfo />);
    expect(await screen.findByText('Version 9.8.7')).toBeTruthy();
    expect(screen.getByText('Call us')).toBeTruthy();
  });
});

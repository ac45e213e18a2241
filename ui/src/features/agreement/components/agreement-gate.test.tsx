import { fireEvent, screen, waitFor } from '@testing-library/react-native';

import i18n from '@/i18n';
import { storageKeys, writeItem } from '@/lib/storage';
import { mockApi, renderWithProviders } from '@/testing/render';

import { AgreementGate } from './agreement-gate';

const agreements = { 'GET /api/lookup/agreements': { body: { version: '3', agreements: ['<p>Play fair</p>'] } } };

describe('AgreementGate', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it.each(['th', 'la', 'en'])('opens the accepted agreement again from its button (%s)', async (lng) => {
    await i18n.changeLanguage(lng);
    writeItem(storageKeys.rememberAgreement, '3');
    mockApi(agreements);
    renderWithProviders(<AgreementGate button />);
    const open = await screen.findByRole('button', { name: i18n.t('agreement.title') });
    expect(screen.queryByText('Play fair')).toBeNull();
    fireEvent.press(open);
    expect(await screen.findByText('Play fair')).toBeTruthy();
    fireEvent.press(screen.getByRole('button', { name: i18n.t('agreement.accept') }));
    await waitFor(() => expect(screen.queryByText('Play fair')).toBeNull());
  });

  it('shows no button without it', async () => {
    writeItem(storageKeys.rememberAgreement, '3');
    mockApi(agreements);
    renderWithProviders(<AgreementGate />);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Terms of service' })).toBeNull());
  });
});

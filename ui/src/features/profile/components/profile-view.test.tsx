import { screen, waitFor } from '@testing-library/react-native';

import i18n from '@/i18n';
import { mockApi, renderWithProviders } from '@/testing/render';

import { ProfileView } from './profile-view';

const banks = {
  'GET /api/lookup/banks': {
    body: [
      { code: 'KBANK', nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank', englishOnly: false },
      { code: 'KTB', nameTH: 'ธนาคารกรุงไทย', nameEN: 'Krungthai Bank', englishOnly: true },
    ],
  },
};

const profile = (bankCode: string, bankAccountName: string) => ({
  'GET /api/account/profile': {
    body: {
      profile: {
        _id: '0123456789abcdef01234567',
        memberCode: '7K3MQ9XA',
        name: 'Somchai',
        username: '0812345678',
        createdAt: '2026-11-22T02:00:00Z',
      },
      bankAccount: { bankCode, bankAccountName, bankAccountNo: '1234567890', bank: { code: bankCode, nameTH: bankCode } },
    },
  },
});

describe('ProfileView member code', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('shows the short member code, never the long member id', async () => {
    mockApi({ ...banks, ...profile('KBANK', 'SOMCHAI JAIDEE') });
    renderWithProviders(<ProfileView />);
    expect(await screen.findByText('7K3MQ9XA')).toBeTruthy();
    expect(screen.getByText('Member code')).toBeTruthy();
    expect(screen.queryByText('0123456789abcdef01234567')).toBeNull();
  });
});

describe('ProfileView bank name prompt', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it.each([
    ['an English-only bank with a Thai name prompts', 'KTB', 'สมชาย ใจดี', true],
    ['an English-only bank with an English name does not', 'KTB', 'SOMCHAI JAIDEE', false],
    ['another bank with a Thai name does not', 'KBANK', 'สมชาย ใจดี', false],
  ])('%s', async (_, bankCode, name, prompts) => {
    mockApi({ ...banks, ...profile(bankCode, name) });
    renderWithProviders(<ProfileView />);
    expect(await screen.findByText('Somchai')).toBeTruthy();
    if (prompts) {
      expect(await screen.findByText('Please enter the name in English letters only')).toBeTruthy();
      expect(screen.getAllByText('Edit account holder name').length).toBe(2); // the button and the open dialog's title
    } else {
      await waitFor(() => expect(screen.queryByText('Please enter the name in English letters only')).toBeNull());
    }
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react-native';

import i18n from '@/i18n';
import { setOperatorToken } from '@/lib/operator-token';
import { mockApi, renderWithProviders } from '@/testing/render';

import type { OperatorBank } from '../api/types';
import SettingsPage from './settings';
import { bankProblem } from '../components/settings/banks';

const directory: OperatorBank[] = [
  { code: 'BBL', nameTH: 'ธนาคารกรุงเทพ', nameEN: 'Bangkok Bank', englishOnly: true, active: true, sort: 1 },
  { code: 'KBANK', nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank', englishOnly: false, active: true, sort: 2 },
  { code: 'GSB', nameTH: 'ธนาคารออมสิน', nameEN: 'Government Savings Bank', englishOnly: false, active: false, sort: 3 },
];

function api(role: string) {
  const banks = structuredClone(directory);
  return mockApi({
    'GET /api/operator/me': { body: { username: 'op', role } },
    'GET /api/operator/settings': {
      body: { settings: [{ name: 'notice', value: { notice: 'hi' }, editableBy: ['owner', 'finance', 'support'] }] },
    },
    'GET /api/operator/banks': () => ({ body: { banks } }),
    'PUT /api/operator/banks/KBANK': (body) => {
      Object.assign(banks[1], body);
      return { body: { bank: banks[1] } };
    },
  });
}

const rowOf = async (name: string) => within(await screen.findByLabelText(name));

describe('settings: banks', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    setOperatorToken('OPT');
  });

  it('lets the owner switch a bank to English-only names and saves that bank alone', async () => {
    const calls = api('owner');
    renderWithProviders(<SettingsPage />);
    const kbank = await rowOf('Kasikornbank');
    const save = kbank.getByRole('button', { name: 'Save KBANK' });
    expect(save.props.accessibilityState.disabled).toBe(true);

    fireEvent.press(kbank.getByRole('checkbox', { name: 'English-only account name' }));
    fireEvent.changeText(kbank.getByLabelText('Order'), '0');
    fireEvent.press(kbank.getByRole('button', { name: 'Save KBANK' }));

    expect(await screen.findByText('KBANK saved.')).toBeTruthy();
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts).toEqual([
      expect.objectContaining({ path: '/api/operator/banks/KBANK', body: { englishOnly: true, active: true, sort: 0 } }),
    ]);
    // The list is read again after the save.
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/operator/banks' && c.method === 'GET').length).toBeGreaterThan(1));
    expect((await rowOf('Government Savings Bank')).getByRole('checkbox', { name: 'Active' }).props.accessibilityState.checked).toBe(false);
  });

  it('refuses a bad order and switching off the last active bank before sending', async () => {
    const calls = api('owner');
    renderWithProviders(<SettingsPage />);
    const kbank = await rowOf('Kasikornbank');
    fireEvent.changeText(kbank.getByLabelText('Order'), '-1');
    expect(kbank.getByText('The order is a whole number, 0 or more.')).toBeTruthy();
    expect(kbank.getByRole('button', { name: 'Save KBANK' }).props.accessibilityState.disabled).toBe(true);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    expect(bankProblem('BBL', { englishOnly: true, active: false, sort: '1' }, [directory[0], { ...directory[1], active: false }])).toBe(
      'settings.banks.errors.lastActive',
    );
    expect(bankProblem('BBL', { englishOnly: true, active: false, sort: '1' }, directory)).toBeNull();
  });

  it.each(['finance', 'support'])('is hidden from %s and its list is not asked for', async (role) => {
    const calls = api(role);
    renderWithProviders(<SettingsPage />);
    // The setting's Save button shows once the role is known.
    expect(await screen.findByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.queryByLabelText('Kasikornbank')).toBeNull();
    expect(calls.some((c) => c.path === '/api/operator/banks')).toBe(false);
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react-native';

import i18n from '@/i18n';
import { setOperatorToken } from '@/lib/operator-token';
import { mockApi, renderWithProviders } from '@/testing/render';

import SettingsPage from './settings';

const settings = {
  settings: [
    { name: 'active', value: { terminated: false }, editableBy: ['owner'] },
    { name: 'notice', value: { notice: 'Old notice %percentFail%' }, editableBy: ['owner', 'support'] },
    { name: 'withdraw', value: { withdrawMin: 100, withdrawMax: 50000 }, editableBy: ['owner', 'finance'] },
  ],
};

function api(role: string) {
  const stored = structuredClone(settings);
  return mockApi({
    'GET /api/operator/me': { body: { username: 'op', role } },
    'GET /api/operator/settings': () => ({ body: stored }),
    'PUT /api/operator/settings/notice': (body) => {
      stored.settings[1].value = body;
      return { body };
    },
  });
}

describe('settings page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    setOperatorToken('OPT');
  });

  it('opens on a harmless setting, previews member text in th, la and en, and saves', async () => {
    const calls = api('support');
    renderWithProviders(<SettingsPage />);
    // The service switch is listed last and is not what the page opens on.
    expect(await screen.findByText('Editable by')).toBeTruthy();
    const field = screen.getByLabelText('Value (JSON)');
    expect(JSON.parse(field.props.value)).toEqual({ notice: 'Old notice %percentFail%' });

    fireEvent.changeText(field, '{"notice": "Withdrawals pause tonight. Fail rate %percentFail%"}');
    for (const lng of ['Thai', 'Lao', 'English']) expect(screen.getByLabelText(`Preview in ${lng}`)).toBeTruthy();
    expect(screen.getAllByText('Withdrawals pause tonight. Fail rate 10')).toHaveLength(3);

    fireEvent.press(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved. Members see the new value now.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ notice: 'Withdrawals pause tonight. Fail rate %percentFail%' });
  });

  it('refuses a broken document before sending it', async () => {
    const calls = api('owner');
    renderWithProviders(<SettingsPage />);
    fireEvent.changeText(await screen.findByLabelText('Value (JSON)'), '{"notice": ');
    expect(screen.getByText('This is not valid JSON.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' }).props.accessibilityState.disabled).toBe(true);
    fireEvent.press(screen.getByRole('tab', { name: /Withdraw limits/ }));
    fireEvent.changeText(await screen.findByLabelText('Value (JSON)'), '{"withdrawMin": 500, "withdrawMax": 100}');
    expect(screen.getByText(/The minimum must be above zero and not above the maximum/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('shows settings the role cannot change as read only', async () => {
    api('support');
    renderWithProviders(<SettingsPage />);
    fireEvent.press(await screen.findByRole('tab', { name: /Withdraw limits/ }));
    await waitFor(() => expect(screen.getByText('Your role can read this setting but not change it.')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

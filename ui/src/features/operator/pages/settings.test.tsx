import { fireEvent, screen, waitFor } from '@testing-library/react-native';

import i18n from '@/i18n';
import { setOperatorToken } from '@/lib/operator-token';
import { mockApi, renderWithProviders } from '@/testing/render';

import SettingsPage from './settings';

const settings = {
  settings: [
    { name: 'active', value: { terminated: false }, editableBy: ['owner'] },
    {
      name: 'notice',
      value: { th: { notice: 'ประกาศเดิม %percentFail%' }, la: null, en: { notice: 'Old notice %percentFail%' } },
      editableBy: ['owner', 'support'],
      missing: ['la'],
    },
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
      stored.settings[1].missing = Object.keys(body).filter((l) => body[l] === null);
      return { body };
    },
  });
}

describe('settings page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    setOperatorToken('OPT');
  });

  it('edits a text in th, la and en side by side, marks the missing translation and previews each', async () => {
    const calls = api('support');
    renderWithProviders(<SettingsPage />);
    // The service switch is listed last and is not what the page opens on.
    expect(await screen.findByText('Editable by')).toBeTruthy();
    expect(screen.getByText('Missing: Lao')).toBeTruthy(); // in the list of settings
    expect(JSON.parse(screen.getByLabelText('Thai (JSON)').props.value)).toEqual({ notice: 'ประกาศเดิม %percentFail%' });
    expect(screen.getByLabelText('Lao (JSON)').props.value).toBe('');
    expect(screen.getByText('Not translated')).toBeTruthy();
    // The missing Lao text is previewed as the Thai one members will read.
    expect(screen.getByText('Not translated: members see the Thai text.')).toBeTruthy();
    expect(screen.getAllByText('ประกาศเดิม 10')).toHaveLength(2);

    fireEvent.changeText(screen.getByLabelText('Lao (JSON)'), '{"notice": "ແຈ້ງການ %percentFail%"}');
    fireEvent.changeText(screen.getByLabelText('English (JSON)'), '{"notice": "Withdrawals pause tonight. Fail rate %percentFail%"}');
    for (const lng of ['Thai', 'Lao', 'English']) expect(screen.getByLabelText(`Preview in ${lng}`)).toBeTruthy();
    expect(screen.getByText('ແຈ້ງການ 10')).toBeTruthy();
    expect(screen.getByText('Withdrawals pause tonight. Fail rate 10')).toBeTruthy();
    expect(screen.queryByText('Not translated')).toBeNull();

    fireEvent.press(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved. Members see the new value now.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      th: { notice: 'ประกาศเดิม %percentFail%' },
      la: { notice: 'ແຈ້ງການ %percentFail%' },
      en: { notice: 'Withdrawals pause tonight. Fail rate %percentFail%' },
    });
    await waitFor(() => expect(screen.queryByText('Missing: Lao')).toBeNull());
  });

  it('sends an emptied translation as missing and refuses an empty Thai text', async () => {
    const calls = api('owner');
    renderWithProviders(<SettingsPage />);
    fireEvent.changeText(await screen.findByLabelText('Thai (JSON)'), '');
    expect(screen.getByText('The Thai text is required: the other languages fall back to it.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' }).props.accessibilityState.disabled).toBe(true);
    fireEvent.press(screen.getByRole('button', { name: 'Undo changes' }));
    fireEvent.changeText(screen.getByLabelText('English (JSON)'), '');
    fireEvent.press(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ th: { notice: 'ประกาศเดิม %percentFail%' }, la: null, en: null }),
    );
  });

  it('refuses a broken document before sending it', async () => {
    const calls = api('owner');
    renderWithProviders(<SettingsPage />);
    fireEvent.changeText(await screen.findByLabelText('English (JSON)'), '{"notice": ');
    expect(screen.getByText('This is not valid JSON.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' }).props.accessibilityState.disabled).toBe(true);
    fireEvent.changeText(screen.getByLabelText('English (JSON)'), '{"text": "no notice field"}');
    expect(screen.getByText('Keep every field of the setting, with the same kind of value.')).toBeTruthy();
    fireEvent.press(screen.getByRole('tab', { name: /Withdraw limits/ }));
    fireEvent.changeText(await screen.findByLabelText('Value (JSON)'), '{"withdrawMin": 500, "withdrawMax": 100}');
    expect(screen.getByText(/A minimum must not be above its maximum/)).toBeTruthy();
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

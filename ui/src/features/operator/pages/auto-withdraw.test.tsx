import { fireEvent, screen, waitFor } from '@testing-library/react-native';

import i18n from '@/i18n';
import { setOperatorToken } from '@/lib/operator-token';
import { mockApi, renderWithProviders } from '@/testing/render';

import AutoWithdrawPage from './auto-withdraw';

const rules = {
  enabled: false,
  maxAmount: 1000,
  maxDayTotal: 3000,
  maxDayCount: 3,
  minAccountAgeDays: 7,
  requireNoBonus: true,
  minDepositPercent: 100,
};

function api(role: string, put?: () => { status?: number; body: unknown }) {
  return mockApi({
    'GET /api/operator/me': { body: { username: 'op', role } },
    'GET /api/operator/settings': {
      body: {
        settings: [
          { name: 'autoWithdraw', value: rules, editableBy: ['owner'] },
          { name: 'withdrawApprovalThreshold', value: { amount: 20000 }, editableBy: ['owner'] },
        ],
      },
    },
    'GET /api/operator/changes': { body: { changes: [] } },
    'PUT /api/operator/settings/autoWithdraw':
      put ?? (() => ({ status: 202, body: { message: 'SECOND_APPROVAL_REQUIRED', change: { id: 'c1' } } })),
  });
}

describe('auto-approval page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    setOperatorToken('OPT');
  });

  it('an owner switches the rules on; the change waits for a second owner', async () => {
    const calls = api('owner');
    renderWithProviders(<AutoWithdrawPage />);
    expect(await screen.findByText(/The four-eyes threshold \(20,000\.00\) always caps the amount/)).toBeTruthy();
    expect(screen.getByLabelText('Largest withdrawal (baht)').props.value).toBe('1000');
    const save = screen.getByRole('button', { name: 'Save the rules' });
    expect(save.props.accessibilityState.disabled).toBe(true);

    fireEvent.press(screen.getByRole('checkbox', { name: 'Approve withdrawals by these rules' }));
    fireEvent.changeText(screen.getByLabelText('Deposits since the last withdrawal, at least this % of the amount'), '50');
    fireEvent.press(screen.getByRole('button', { name: 'Save the rules' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ ...rules, enabled: true, minDepositPercent: 50 }));
    expect(await screen.findByText(/^Proposed: a second owner must approve it/)).toBeTruthy();
  });

  it.each([
    ['an amount above the total per day', 'Largest withdrawal (baht)', '3000.01', 'Must not be above the total per day.'],
    ['an amount above the four-eyes threshold', 'Largest total per member per day (baht)', '50000', null],
    ['three decimals', 'Largest withdrawal (baht)', '10.005', 'Enter an amount above 0 with at most two decimals.'],
    ['no withdrawal a day', 'Most withdrawals per member per day', '0', 'Enter a whole number of at least 1.'],
    ['a fraction of a day', 'Account at least this many days old', '1.5', 'Enter a whole number of at least 0.'],
  ])('refuses %s before sending', async (_name, label, value, message) => {
    api('owner');
    renderWithProviders(<AutoWithdrawPage />);
    fireEvent.changeText(await screen.findByLabelText(label), value);
    if (message === null) {
      // A large daily total is fine; a per-withdrawal maximum above the threshold is not.
      expect(screen.getByRole('button', { name: 'Save the rules' }).props.accessibilityState.disabled).toBe(false);
      fireEvent.changeText(screen.getByLabelText('Largest withdrawal (baht)'), '20000.01');
      expect(screen.getByText('Must not be above the four-eyes threshold (20,000.00).')).toBeTruthy();
    } else {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: 'Save the rules' }).props.accessibilityState.disabled).toBe(true);
  });

  it("shows the server's refusal of maxAmount under its field", async () => {
    api('owner', () => ({ status: 400, body: { message: 'INVALID_REQUEST', field: 'maxAmount' } }));
    renderWithProviders(<AutoWithdrawPage />);
    fireEvent.press(await screen.findByRole('checkbox', { name: 'Approve withdrawals by these rules' }));
    fireEvent.press(screen.getByRole('button', { name: 'Save the rules' }));
    expect(await screen.findByText('Must not be above the four-eyes threshold (20,000.00).')).toBeTruthy();
  });

  it('is read-only for another role', async () => {
    api('finance');
    renderWithProviders(<AutoWithdrawPage />);
    expect(await screen.findByText('Only owners change these rules.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save the rules' })).toBeNull();
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react-native';

import i18n from '@/i18n';
import { setOperatorToken } from '@/lib/operator-token';
import { mockApi, renderWithProviders } from '@/testing/render';

import WithdrawalsPage from './withdrawals';

jest.mock('@/lib/clipboard', () => ({ copyText: jest.fn(async () => true) }));

const big = {
  id: 'w1',
  memberId: 'm1',
  phone: '0812345678',
  name: 'Demo Player',
  bankCode: 'KBANK',
  bankAccountNo: '1234567890',
  bankAccountName: 'DEMO PLAYER',
  amount: 25000,
  status: 'PENDING',
  createdAt: '2026-11-22T02:00:00Z',
  approvals: 0,
  approvedBy: [] as string[],
};

const settings = { settings: [{ name: 'withdrawApprovalThreshold', value: { amount: 20000 }, editableBy: ['owner', 'finance'] }] };

describe('withdrawals: four-eyes', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    setOperatorToken('OPT');
  });

  it('first approval waits for a second operator; the same operator cannot approve twice', async () => {
    let current = { ...big };
    const calls = mockApi({
      'GET /api/operator/me': { body: { username: 'alice', role: 'finance' } },
      'GET /api/operator/settings': { body: settings },
      'GET /api/operator/withdrawals': () => ({ body: { withdrawals: [current] } }),
      'POST /api/operator/withdrawals/w1/approve': () => {
        current = { ...big, approvals: 1, approvedBy: ['alice'] };
        return { body: { message: 'SECOND_APPROVAL_REQUIRED', withdrawal: current } };
      },
    });
    renderWithProviders(<WithdrawalsPage />);
    expect(await screen.findByText(/above 20,000\.00 need two approvals/)).toBeTruthy();
    expect(await screen.findByText('Two approvals needed')).toBeTruthy();

    fireEvent.press(screen.getByRole('button', { name: 'Approve 25,000.00 for Demo Player' }));
    // Nothing is paid before the operator confirms.
    expect(
      screen.getByText("Pay 25,000.00 to Demo Player, KBANK 123-456-7890 DEMO PLAYER? The money leaves for the member's bank account."),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.press(screen.getByRole('button', { name: 'Approve withdrawal' }));
    expect(await screen.findByText(/First approval recorded for Demo Player \(25,000\.00\)/)).toBeTruthy();
    expect(await screen.findByText('Waiting for a second approval')).toBeTruthy();
    expect(screen.getByText('Approved by alice')).toBeTruthy();
    const again = screen.getByRole('button', { name: 'Approve 25,000.00 for Demo Player' });
    expect(again.props.accessibilityState.disabled).toBe(true);
    expect(screen.getByText('You approved')).toBeTruthy();
    const approve = calls.filter((c) => c.method === 'POST');
    expect(approve).toHaveLength(1);
    expect(approve[0].headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(approve[0].headers.Authorization).toBe('Bearer OPT');
  });

  it('with automatic payouts an approval says the payout is on its way', async () => {
    const small = { ...big, amount: 500 };
    mockApi({
      'GET /api/operator/me': { body: { username: 'alice', role: 'finance' } },
      'GET /api/operator/settings': { body: settings },
      'GET /api/operator/withdrawals': { body: { withdrawals: [small] } },
      'POST /api/operator/withdrawals/w1/approve': {
        body: { message: 'SUCCESS', withdrawal: { ...small, status: 'APPROVED', payoutId: 'p1', payoutStatus: 'SUBMITTED' } },
      },
    });
    renderWithProviders(<WithdrawalsPage />);
    fireEvent.press(await screen.findByRole('button', { name: 'Approve 500.00 for Demo Player' }));
    fireEvent.press(screen.getByRole('button', { name: 'Approve withdrawal' }));
    expect(
      await screen.findByText("Approved: Demo Player, 500.00. The payout to the member's bank account is on its way (see Payouts)."),
    ).toBeTruthy();
  });

  it('a second operator pays it; SAME_APPROVER from the server is shown as text', async () => {
    let current = { ...big, approvals: 1, approvedBy: ['alice'] };
    let answer: { status?: number; body: unknown } = { status: 409, body: { message: 'SAME_APPROVER' } };
    mockApi({
      'GET /api/operator/me': { body: { username: 'bob', role: 'owner' } },
      'GET /api/operator/settings': { body: settings },
      'GET /api/operator/withdrawals': () => ({ body: { withdrawals: current.status === 'PENDING' ? [current] : [] } }),
      'POST /api/operator/withdrawals/w1/approve': () => answer,
    });
    renderWithProviders(<WithdrawalsPage />);
    const button = await screen.findByRole('button', { name: 'Approve 25,000.00 for Demo Player' });
    expect(button.props.accessibilityState.disabled).toBe(false);
    fireEvent.press(button);
    fireEvent.press(screen.getByRole('button', { name: 'Approve withdrawal' }));
    const same = i18n.t('operator:errors.SAME_APPROVER');
    expect(await screen.findByText(same)).toBeTruthy();

    current = { ...current, approvals: 2, approvedBy: ['alice', 'bob'], status: 'APPROVED' };
    answer = { body: { message: 'SUCCESS', withdrawal: current } };
    fireEvent.press(screen.getByRole('button', { name: 'Approve 25,000.00 for Demo Player' }));
    fireEvent.press(screen.getByRole('button', { name: 'Approve withdrawal' }));
    expect(await screen.findByText('Approved and paid: Demo Player, 25,000.00.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve 25,000.00 for Demo Player' })).toBeNull());
  });

  it('rejecting needs a reason, which is sent', async () => {
    const calls = mockApi({
      'GET /api/operator/me': { body: { username: 'alice', role: 'finance' } },
      'GET /api/operator/settings': { body: settings },
      'GET /api/operator/withdrawals': { body: { withdrawals: [big] } },
      'POST /api/operator/withdrawals/w1/reject': { body: { withdrawal: { ...big, status: 'REJECTED' } } },
    });
    renderWithProviders(<WithdrawalsPage />);
    fireEvent.press(await screen.findByRole('button', { name: 'Reject 25,000.00 for Demo Player' }));
    const confirm = await screen.findByRole('button', { name: 'Reject withdrawal' });
    expect(confirm.props.accessibilityState.disabled).toBe(true);
    fireEvent.changeText(screen.getByLabelText('Reason'), 'Bank account name does not match');
    fireEvent.press(screen.getByRole('button', { name: 'Reject withdrawal' }));
    expect(await screen.findByText(/Rejected: Demo Player, 25,000\.00/)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Bank account name does not match' });
  });
});

describe('withdrawals: copy and history', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    setOperatorToken('OPT');
  });

  it('copies the account number and lists the processed withdrawals by status', async () => {
    const decided = { ...big, decidedAt: '2026-11-22T03:00:00Z', decidedBy: 'bob' };
    const calls = mockApi({
      'GET /api/operator/me': { body: { username: 'bob', role: 'owner' } },
      'GET /api/operator/settings': { body: settings },
      'GET /api/operator/withdrawals': { body: { withdrawals: [big] } },
      'GET /api/operator/withdrawals?status=APPROVED': { body: { withdrawals: [{ ...decided, status: 'APPROVED' }] } },
      'GET /api/operator/withdrawals?status=REJECTED': {
        body: { withdrawals: [{ ...decided, id: 'w2', status: 'REJECTED', reason: 'name mismatch' }] },
      },
    });
    renderWithProviders(<WithdrawalsPage />);
    fireEvent.press(await screen.findByRole('button', { name: 'Copy account number 1234567890' }));
    await waitFor(() => expect(jest.requireMock('@/lib/clipboard').copyText).toHaveBeenCalledWith('1234567890'));
    expect(await screen.findByText('Copied: 1234567890')).toBeTruthy();

    fireEvent.press(screen.getByRole('button', { name: 'Processed withdrawals' }));
    expect(await screen.findByText('Approved', { exact: true })).toBeTruthy();
    fireEvent.press(screen.getByRole('button', { name: 'Rejected' }));
    expect(await screen.findByText('bob · name mismatch')).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(
      expect.arrayContaining(['/api/operator/withdrawals?status=APPROVED', '/api/operator/withdrawals?status=REJECTED']),
    );
  });
});

describe('withdrawals: the auto-approval rules', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    setOperatorToken('OPT');
  });

  it('the queue says which rule queued a withdrawal, the history that the rules approved one', async () => {
    const at = '2026-11-22T02:00:00Z';
    mockApi({
      'GET /api/operator/me': { body: { username: 'bob', role: 'finance' } },
      'GET /api/operator/settings': { body: settings },
      'GET /api/operator/withdrawals': {
        body: {
          withdrawals: [
            { ...big, auto: { approved: false, rule: 'DAY_TOTAL', at } },
            { ...big, id: 'w3', phone: '0899999999', name: 'Old Request' },
          ],
        },
      },
      'GET /api/operator/withdrawals?status=APPROVED': {
        body: {
          withdrawals: [
            {
              ...big,
              id: 'w2',
              amount: 500,
              status: 'APPROVED',
              decidedAt: at,
              decidedBy: 'system:auto',
              auto: { approved: true, rule: 'ALL_PASSED', at },
            },
          ],
        },
      },
    });
    renderWithProviders(<WithdrawalsPage />);
    expect(await screen.findByText('Queued: over the per-day total')).toBeTruthy();
    expect(screen.getByText('Auto-approval')).toBeTruthy();
    expect(screen.getAllByText('—').length).toBeGreaterThan(0); // requested while the rules were off

    fireEvent.press(screen.getByRole('button', { name: 'Processed withdrawals' }));
    expect(await screen.findByText('Auto-approved: all rules passed')).toBeTruthy();
    expect(screen.getByText('system:auto')).toBeTruthy();
  });
});

import { fireEvent, screen } from '@testing-library/react-native';

import i18n from '@/i18n';
import { mockApi, renderWithProviders } from '@/testing/render';

import { RecentWithdrawals } from './recent-withdrawals';

const item = (id: string, progress: string, reason: string | null = null, amount = 500) => ({
  _id: id,
  amount,
  progress,
  reason,
  createdAt: '2026-11-22T02:00:00Z',
  decidedAt: progress === 'PENDING' ? null : '2026-11-22T02:05:00Z',
});

const answer = (withdrawals: unknown[]) => ({ 'GET /api/wallet/withdrawals': { body: { withdrawals } } });

describe('RecentWithdrawals', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('asks for the member’s last five withdrawals', async () => {
    const calls = mockApi(answer([]));
    renderWithProviders(<RecentWithdrawals />);
    expect(await screen.findByText('No withdrawals yet')).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/wallet/withdrawals?limit=5']);
  });

  it.each([
    ['PENDING', null, 'Requested, waiting for approval'],
    ['PAYING', null, 'Approved, being paid'],
    ['APPROVED', null, 'Paid'],
    ['FAILED', 'account closed', 'Payment failed, the money is back in your wallet'],
    ['REJECTED', 'name mismatch', 'Rejected, the money is back in your wallet'],
  ])('shows %s as “%s”', async (progress, reason, text) => {
    mockApi(answer([item('w1', progress, reason, 1234.5)]));
    renderWithProviders(<RecentWithdrawals />);
    expect(await screen.findByText(text as string)).toBeTruthy();
    expect(screen.getByText('1,234.50 THB')).toBeTruthy();
    if (reason) expect(screen.getByText(`Reason: ${reason}`)).toBeTruthy();
    else expect(screen.queryByText(/^Reason:/)).toBeNull();
  });

  it('lists several, newest first as the server answers', async () => {
    mockApi(answer([item('w2', 'PENDING'), item('w1', 'APPROVED')]));
    renderWithProviders(<RecentWithdrawals />);
    await screen.findByText('Paid');
    const ids = screen.getAllByTestId(/^withdrawal-/).map((n) => n.props.testID);
    expect(ids).toEqual(['withdrawal-w2', 'withdrawal-w1']);
  });

  it('speaks Thai', async () => {
    await i18n.changeLanguage('th');
    mockApi(answer([item('w1', 'REJECTED', 'ชื่อไม่ตรง')]));
    renderWithProviders(<RecentWithdrawals />);
    expect(await screen.findByText('ไม่อนุมัติ เงินคืนเข้ากระเป๋าแล้ว')).toBeTruthy();
    expect(screen.getByText('รายการถอนล่าสุด')).toBeTruthy();
  });

  it('says when the list could not load, and retries', async () => {
    let fail = true;
    mockApi({
      'GET /api/wallet/withdrawals': () =>
        fail ? { status: 500, body: { message: 'INTERNAL' } } : { body: { withdrawals: [item('w1', 'APPROVED')] } },
    });
    renderWithProviders(<RecentWithdrawals />);
    expect(await screen.findByText('Could not load your withdrawals')).toBeTruthy();
    fail = false;
    fireEvent.press(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Paid')).toBeTruthy();
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react-native';

import i18n from '@/i18n';
import { mockApi, renderWithProviders } from '@/testing/render';

import type { Coupon } from '../api/spin';
import { CouponTable } from './coupon-table';

const coupon = (n: number, status: Coupon['status'] = 'OPEN'): Coupon => ({
  coupon: `c${n}`,
  prize: {
    name: 'Demo wheel',
    slice: {
      code: `CASH${n}`,
      label: `Cash ${n}`,
      labels: { th: `เงินสด ${n}`, la: `ເງິນສົດ ${n}`, en: `Cash ${n}` },
      bgColor: '#000000',
      textColor: '#FFFFFF',
      htmlDescription: '',
      prize: { type: 'cash', amount: n, coins: 0 },
    },
  },
  type: 'cash',
  amount: n,
  coins: 0,
  status,
  createdAt: '2026-11-23T01:00:00Z',
  expiresAt: '2026-11-30T01:00:00Z',
  claimedAt: null,
});

describe('CouponTable', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('shows 3 coupons a page and the status of those not open', async () => {
    mockApi({ 'GET /api/spinwheel/coupon': { body: { result: [coupon(1), coupon(2, 'CLAIMED'), coupon(3, 'EXPIRED'), coupon(4)] } } });
    renderWithProviders(<CouponTable />);
    expect(await screen.findByText('Cash 1')).toBeTruthy();
    expect(screen.getByText('Claimed')).toBeTruthy();
    expect(screen.getByText('Expired')).toBeTruthy();
    expect(screen.queryByText('Cash 4')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Claim' })).toHaveLength(1);
    fireEvent.press(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Cash 4')).toBeTruthy();
  });

  it('claims once however often confirm is pressed, 500 ms after the last press', async () => {
    const calls = mockApi({
      'GET /api/spinwheel/coupon': { body: { result: [coupon(1)] } },
      'POST /api/spinwheel/coupon/claim': { body: { success: true, result: coupon(1, 'CLAIMED'), error: null } },
    });
    renderWithProviders(<CouponTable />);
    fireEvent.press(await screen.findByRole('button', { name: 'Claim' }));
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    fireEvent.press(confirm);
    fireEvent.press(confirm);
    fireEvent.press(confirm);
    await new Promise((r) => setTimeout(r, 300));
    expect(calls.filter((c) => c.path === '/api/spinwheel/coupon/claim')).toHaveLength(0);
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/spinwheel/coupon/claim')).toHaveLength(1));
    expect(calls.find((c) => c.path === '/api/spinwheel/coupon/claim')?.body).toEqual({ coupon: 'c1' });
    expect(await screen.findByText('Your prize has been added')).toBeTruthy();
  });

  it('shows a refused claim in the spin error group', async () => {
    mockApi({
      'GET /api/spinwheel/coupon': { body: { result: [coupon(1)] } },
      'POST /api/spinwheel/coupon/claim': { status: 400, body: { message: 'COUPON_EXPIRED' } },
    });
    renderWithProviders(<CouponTable />);
    fireEvent.press(await screen.findByRole('button', { name: 'Claim' }));
    fireEvent.press(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('This coupon has expired.')).toBeTruthy();
  });
});

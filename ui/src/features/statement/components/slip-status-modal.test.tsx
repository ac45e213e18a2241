import { fireEvent, screen, waitFor } from '@testing-library/react-native';

import i18n from '@/i18n';
import { mockApi, renderWithProviders } from '@/testing/render';

import type { Slip } from '../api/get-slips';

import { SlipStatusModal } from './slip-status-modal';

jest.mock('@/lib/open-link', () => ({
  openLink: jest.fn(async () => undefined),
  openLinkFrom: jest.fn(async (get: () => Promise<string>) => {
    await get();
  }),
}));

const slip = (n: number, over: Partial<Slip> = {}): Slip => ({
  createdAt: '2026-11-22T02:00:00Z',
  amount: 100,
  status: 'SUCCESS',
  note: null,
  link: `/api/statement/slip/reference/r${n}`,
  reference: `r${n}`,
  ...over,
});

describe('SlipStatusModal', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('lists slips with time, amount, status and translated reason, 10 a page', async () => {
    const calls = mockApi({
      'POST /api/statement/slip': {
        body: {
          total: 3,
          slips: [
            slip(1, { amount: 250.5 }),
            slip(2, { status: 'FAILED', note: 'SLIP_REFNO_DUPLICATED' }),
            slip(3, { status: 'PENDING', note: 'UNSTABLE_REFNO_ON_SLIP', amount: 0 }),
          ],
        },
      },
    });
    renderWithProviders(<SlipStatusModal visible onClose={jest.fn()} />);
    expect(await screen.findByText('250.50')).toBeTruthy();
    expect(calls[0].body).toEqual({ page: 1, limit: 10 });
    expect(screen.getByText('Success')).toBeTruthy();
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(screen.getByText('Duplicate slip')).toBeTruthy();
    expect(screen.getByText('Processing')).toBeTruthy();
    expect(screen.getByText('The reference number on the slip cannot be read')).toBeTruthy();
    expect(screen.getAllByText('22/11/2026 09:00:00')).toHaveLength(3);
  });

  it('refreshes and opens the image through a signed link', async () => {
    const calls = mockApi({
      'POST /api/statement/slip': { body: { total: 1, slips: [slip(7)] } },
      'GET /api/statement/slip/reference/r7': { body: { url: '/api/slip-image/r7?exp=1&sig=x', expiresIn: 300 } },
    });
    renderWithProviders(<SlipStatusModal visible onClose={jest.fn()} />);
    fireEvent.press(await screen.findByRole('button', { name: 'View the slip received 22/11/2026 09:00:00' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/statement/slip/reference/r7')).toBe(true));
    fireEvent.press(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/statement/slip')).toHaveLength(2));
  });

  it('shows nothing but the empty text when loading fails (swallowed)', async () => {
    mockApi({ 'POST /api/statement/slip': { status: 500, body: { message: 'INTERNAL_SERVER_ERROR' } } });
    renderWithProviders(<SlipStatusModal visible onClose={jest.fn()} />);
    expect(await screen.findByText('You have not uploaded any slip yet.')).toBeTruthy();
  });

  it('does not load while closed', () => {
    const calls = mockApi({});
    renderWithProviders(<SlipStatusModal visible={false} onClose={jest.fn()} />);
    expect(calls).toHaveLength(0);
  });
});

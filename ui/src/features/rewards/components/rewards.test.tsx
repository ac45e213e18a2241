import { fireEvent, screen, waitFor } from '@testing-library/react-native';

import i18n from '@/i18n';
import { mockApi, renderWithProviders } from '@/testing/render';

import { inviteLink } from '../api/rewards';

import { InviteReceive } from './invite-receive';
import { RewardFlow } from './reward-flow';

jest.mock('@/lib/clipboard', () => ({ copyText: jest.fn(async () => true) }));
const clipboard = jest.requireMock('@/lib/clipboard') as { copyText: jest.Mock };

const check = (over: object = {}) => ({
  result: true,
  bonus: false,
  info: '<p>10% back every day</p>',
  refundAmount: 30,
  refundBalance: 12.5,
  refundSuccess: 200,
  refundFail: 10,
  active: true,
  ...over,
});

const refundApi = (over: object = {}, extra: object = {}) => ({
  'GET /api/refund/banners?lang=en': { body: [] },
  'GET /api/refund/check?lang=en': { body: check(over) },
  'POST /api/refund': {
    body: { total: 11, refunds: [{ refundAmount: 30, status: 'PENDING', period: 'day:2026-11-22', createdAt: '2026-11-22T17:05:00Z' }] },
  },
  ...extra,
});

describe('rewards', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('builds the invite link from the origin and the code', () => {
    expect(inviteLink('https://ngern.example/', 'PRabc')).toBe('https://ngern.example/register?code=PRabc');
  });

  it('opens the invite modal directly without banners: link, short code, copy, invitees 10 a page', async () => {
    const calls = mockApi({
      'GET /api/invite/banners?lang=en': { body: [] },
      'POST /api/invite': {
        body: {
          total: 1,
          code: 'PR7K3MQ9XA',
          invites: [{ from: { name: 'Noi' }, amount: 5, createdAt: '2026-11-22T02:00:00Z' }],
        },
      },
    });
    renderWithProviders(<RewardFlow program="invite" onClose={jest.fn()} onChanged={jest.fn()} />);
    expect(await screen.findByText('Noi')).toBeTruthy();
    expect(screen.getByText('5.00')).toBeTruthy();
    expect(screen.getByText('22/11/2026 09:00:00')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/invite')?.body).toEqual({ page: 1, limit: 10 });
    const link = screen.getByTestId('invite-link');
    expect(link.props.children).toMatch(/\/register\?code=PR7K3MQ9XA$/);
    expect(screen.getByTestId('invite-code').props.children).toBe('PR7K3MQ9XA');
    fireEvent.press(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(clipboard.copyText).toHaveBeenCalledWith(link.props.children));
    expect(await screen.findByText(`Copied: ${link.props.children}`)).toBeTruthy();
    clipboard.copyText.mockResolvedValueOnce(false);
    fireEvent.press(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Failed to copy')).toBeTruthy();
  });

  it('shows the banner carousel first when there are banners', async () => {
    mockApi(refundApi({}, { 'GET /api/refund/banners?lang=en': { body: [{ image: '', html: '<p>Cashback week</p>' }] } }));
    renderWithProviders(<RewardFlow program="refund" onClose={jest.fn()} onChanged={jest.fn()} />);
    expect(await screen.findByText('Cashback week')).toBeTruthy();
    expect(screen.queryByText('Cashback waiting')).toBeNull();
    fireEvent.press(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Cashback waiting')).toBeTruthy();
  });

  it('refund: receive, then add to the wallet after a confirmation with the percentages', async () => {
    const onChanged = jest.fn();
    const calls = mockApi(
      refundApi(
        {},
        {
          'GET /api/refund/receive': { body: { message: 'SUCCESS', amount: 30 } },
          'GET /api/refund/addWallet': { body: { message: 'REFUND_SUCCESS', amount: 12.5 } },
        },
      ),
    );
    renderWithProviders(<RewardFlow program="refund" onClose={jest.fn()} onChanged={onChanged} />);
    expect(await screen.findByText('10% back every day')).toBeTruthy();
    expect(screen.getByTestId('refund-pending').props.children).toBe('30.00');
    fireEvent.press(screen.getByRole('button', { name: 'Receive cashback' }));
    expect(await screen.findByText('Received 30.00')).toBeTruthy();
    fireEvent.press(screen.getByRole('button', { name: 'Add to wallet' }));
    expect(await screen.findByText(/reach 200% .* below 10%/)).toBeTruthy();
    fireEvent.press(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The refund has been received')).toBeTruthy();
    expect(onChanged).toHaveBeenCalled();
    const receive = calls.find((c) => c.path === '/api/refund/receive');
    expect(receive?.headers['Idempotency-Key']).toBeTruthy();
  });

  it('refund: receive and add are disabled while a bonus is held', async () => {
    mockApi(refundApi({ bonus: true }));
    renderWithProviders(<RewardFlow program="refund" onClose={jest.fn()} onChanged={jest.fn()} />);
    expect(await screen.findByText('You hold a bonus: finish it before receiving cashback.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Receive cashback' }).props.accessibilityState.disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Add to wallet' }).props.accessibilityState.disabled).toBe(true);
  });

  it('invite receive asks first and shows the server error in a red toast', async () => {
    const onReceived = jest.fn();
    const onClose = jest.fn();
    mockApi({ 'GET /api/invite/receive': { status: 400, body: { message: 'INVITE_COLLECT' } } });
    renderWithProviders(<InviteReceive success={300} fail={20} onReceived={onReceived} onClose={onClose} />);
    expect(screen.getByText(/reach 300% .* below 20%/)).toBeTruthy();
    fireEvent.press(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The invite bonus has been collected')).toBeTruthy();
    expect(onReceived).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react-native';

import i18n from '@/i18n';
import { setOperatorToken } from '@/lib/operator-token';
import { mockApi, renderWithProviders } from '@/testing/render';

import type { ReviewSlip } from '../api/deposits';

import DepositsPage from './deposits';
import SlipsPage from './slips';

const slip: ReviewSlip = {
  id: 's1',
  createdAt: '2026-11-22T02:00:00Z',
  status: 'PENDING',
  note: 'UNSTABLE_REFNO_ON_SLIP',
  amount: 0,
  sendingBank: '',
  transRef: '',
  sender: { bankCode: '', accountNo: '', name: '' },
  receiver: { bankCode: '', accountNo: '', name: '' },
  transferredAt: null,
  decidedBy: '',
  decidedAt: null,
  member: {
    id: 'm1',
    phone: '0812345678',
    name: 'Demo Player',
    bankCode: 'KBANK',
    bankAccountNo: '1234567890',
    bankAccountName: 'DEMO PLAYER',
  },
  imageUrl: '/api/slip-image/s1?exp=1&sig=x',
  ocr: null,
  feedRef: '',
};

const reasons = ['INVALID_SLIP', 'SLIP_REFNO_DUPLICATED', 'NOT_MATCH'];

describe('slips review', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    setOperatorToken('OPT');
  });

  it('shows the image beside the member bank data and approves with the amount', async () => {
    let queue = [slip];
    const calls = mockApi({
      'GET /api/operator/slips': () => ({ body: { slips: queue, reasons } }),
      'POST /api/operator/slips/s1/approve': () => {
        queue = [];
        return { body: { message: 'SUCCESS' } };
      },
    });
    renderWithProviders(<SlipsPage />);
    expect(await screen.findByLabelText('Slip image of Demo Player 0812345678')).toBeTruthy();
    expect(screen.getByText('KBANK 1234567890 DEMO PLAYER')).toBeTruthy();
    expect(screen.getByText('The reference number on the slip cannot be read')).toBeTruthy();
    const approve = screen.getByRole('button', { name: 'Approve and credit the slip of Demo Player 0812345678' });
    expect(approve.props.accessibilityState.disabled).toBe(true);
    fireEvent.press(screen.getByRole('button', { name: 'Zoom in on the slip' }));
    expect(screen.getByRole('button', { name: 'Zoom out' })).toBeTruthy();
    fireEvent.changeText(screen.getByLabelText('Amount on the slip of Demo Player 0812345678'), '150.25');
    fireEvent.press(screen.getByRole('button', { name: 'Approve and credit the slip of Demo Player 0812345678' }));
    expect(await screen.findByText('Slip of Demo Player 0812345678 approved: 150.25 credited.')).toBeTruthy();
    const sent = calls.find((c) => c.path === '/api/operator/slips/s1/approve');
    expect(sent?.body).toEqual({ amount: '150.25' });
    expect(sent?.headers['Idempotency-Key']).toBeTruthy();
    await waitFor(() => expect(screen.getByText('No slip is waiting for review.')).toBeTruthy());
  });

  it('names the bank notification that credited the transfer of a FEED_CREDITED slip', async () => {
    const fed: ReviewSlip = { ...slip, note: 'FEED_CREDITED', amount: 150, feedRef: 'feed:KB-1' };
    mockApi({ 'GET /api/operator/slips': { body: { slips: [fed], reasons } } });
    renderWithProviders(<SlipsPage />);
    expect(await screen.findByText('A bank notification credited this transfer already')).toBeTruthy();
    expect(screen.getByText('Bank notification that credited it')).toBeTruthy();
    expect(screen.getByText('feed:KB-1')).toBeTruthy();
  });

  it('rejects with a reason of the slip table and shows a refusal', async () => {
    const calls = mockApi({
      'GET /api/operator/slips': { body: { slips: [slip], reasons } },
      'POST /api/operator/slips/s1/reject': { status: 404, body: { message: 'NO_DATA' } },
    });
    renderWithProviders(<SlipsPage />);
    const reject = await screen.findByRole('button', { name: 'Reject the slip of Demo Player 0812345678' });
    expect(reject.props.accessibilityState.disabled).toBe(true);
    fireEvent.press(screen.getByRole('radio', { name: 'Duplicate slip · SLIP_REFNO_DUPLICATED' }));
    fireEvent.press(screen.getByRole('button', { name: 'Reject the slip of Demo Player 0812345678' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/operator/slips/s1/reject')?.body).toEqual({ reason: 'SLIP_REFNO_DUPLICATED' }),
    );
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});

describe('deposits', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    setOperatorToken('OPT');
  });

  it('lists credits; an owner proposes receiving accounts, which wait for a second owner', async () => {
    const calls = mockApi({
      'GET /api/operator/me': { body: { username: 'boss', role: 'owner' } },
      'GET /api/operator/deposits?page=1': {
        body: {
          deposits: [
            {
              id: 'j1',
              method: 'slip',
              ref: '004:REF1',
              memberId: 'm1',
              phone: '0812345678',
              name: 'Demo',
              amount: 250.5,
              by: '',
              createdAt: '2026-11-22T02:00:00Z',
            },
          ],
          unconfirmedVouchers: [],
        },
      },
      'GET /api/operator/settings': {
        body: { settings: [{ name: 'deposit', value: { banks: [], wallets: [], isManual: false }, editableBy: ['owner'] }] },
      },
      'PUT /api/operator/settings/deposit': {
        status: 202,
        body: {
          message: 'SECOND_APPROVAL_REQUIRED',
          change: {
            id: 'c1',
            kind: 'setting',
            target: 'deposit',
            summary: {},
            proposedBy: 'boss',
            proposedAt: '2026-11-22T02:00:00Z',
            status: 'PENDING',
          },
        },
      },
    });
    renderWithProviders(<DepositsPage />);
    expect(await screen.findByText('250.50')).toBeTruthy();
    expect(screen.getByText('Automatic')).toBeTruthy();
    fireEvent.press(await screen.findByRole('button', { name: 'Add bank account' }));
    fireEvent.changeText(screen.getByLabelText('Account number'), '1112223334');
    fireEvent.changeText(screen.getByLabelText('Account name'), 'NGERN CO');
    fireEvent.press(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Proposed: a second owner must approve it on the Pending changes page')).toBeTruthy();
    expect(screen.queryByText('Receiving accounts saved.')).toBeNull();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      banks: [{ bankCode: 'KBANK', bankAccountNo: '1112223334', bankAccountName: 'NGERN CO', mode: 'slip' }],
      wallets: [],
      isManual: false,
    });
  });
});

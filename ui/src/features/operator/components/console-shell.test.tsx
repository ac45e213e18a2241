import { act, fireEvent, screen, waitFor } from '@testing-library/react-native';

import i18n from '@/i18n';
import { clearOperatorToken, getOperatorToken, setOperatorToken } from '@/lib/operator-token';
import { getToken } from '@/lib/storage';
import { mockApi, renderWithProviders } from '@/testing/render';

import { setTabChannel, type Channel } from '../session-share';
import { ConsoleShell } from './console-shell';

let mockPath = '/operator';
const mockRouter = { replace: jest.fn(), push: jest.fn(), back: jest.fn() };
jest.mock('expo-router', () => ({
  useRouter: () => mockRouter,
  usePathname: () => mockPath,
  useLocalSearchParams: () => ({}),
  Redirect: () => null,
  Slot: () => null,
}));

const enrolment = {
  secret: 'JBSWY3DPEHPK3PXP',
  uri: 'otpauth://totp/Ngern:alice?secret=JBSWY3DPEHPK3PXP',
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
};

function page() {
  return <ConsoleShell>{null}</ConsoleShell>;
}

describe('console sign-in', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    clearOperatorToken();
    mockPath = '/operator';
    mockRouter.replace.mockClear();
  });

  it('enrols on the first sign-in: QR and secret, then the code', async () => {
    const calls = mockApi({
      'POST /api/operator/login': (body) =>
        body.totp
          ? { body: { token: 'OPT', operator: { username: 'alice', role: 'finance' } } }
          : { status: 401, body: { message: 'TOTP_REQUIRED', enrolment } },
    });
    renderWithProviders(page());
    fireEvent.changeText(screen.getByLabelText('Username'), 'alice');
    fireEvent.changeText(screen.getByLabelText('Password'), 'pw-123456789');
    fireEvent.press(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Set up your authenticator')).toBeTruthy();
    expect(screen.getByTestId('totp-secret').props.children).toBe(enrolment.secret);
    expect(screen.getByLabelText('QR code for the authenticator app')).toBeTruthy();

    fireEvent.changeText(screen.getByLabelText('Authenticator code'), '12a34');
    fireEvent.press(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The code has 6 digits.')).toBeTruthy();
    expect(calls).toHaveLength(1);

    fireEvent.changeText(screen.getByLabelText('Authenticator code'), '123456');
    fireEvent.press(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(getOperatorToken()).toBe('OPT'));
    expect(calls.map((c) => c.body)).toEqual([
      { username: 'alice', password: 'pw-123456789', totp: '' },
      { username: 'alice', password: 'pw-123456789', totp: '123456' },
    ]);
    // The member token is a different thing and is left alone.
    expect(getToken()).toBeNull();
    expect(mockRouter.replace).toHaveBeenCalledWith('/operator/dashboard');
    expect(await screen.findByText('alice')).toBeTruthy();
    expect(screen.getByText('Finance')).toBeTruthy();
  });

  it('shows a refused code as text and asks again', async () => {
    mockApi({
      'POST /api/operator/login': (body) =>
        body.totp ? { status: 401, body: { message: 'TOTP_INVALID' } } : { status: 401, body: { message: 'TOTP_REQUIRED' } },
    });
    renderWithProviders(page());
    fireEvent.changeText(screen.getByLabelText('Username'), 'bob');
    fireEvent.changeText(screen.getByLabelText('Password'), 'pw');
    fireEvent.press(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter the 6-digit code from the authenticator app of bob.')).toBeTruthy();
    expect(screen.queryByText('Set up your authenticator')).toBeNull();
    fireEvent.changeText(screen.getByLabelText('Authenticator code'), '000000');
    fireEvent.press(screen.getByRole('button', { name: 'Sign in' }));
    const shown = i18n.t('operator:errors.TOTP_INVALID');
    expect(await screen.findByText(shown)).toBeTruthy();
    expect(getOperatorToken()).toBeNull();
    expect(screen.getByLabelText('Authenticator code').props.value).toBe('');
  });

  it('says username, not phone number, on a wrong password', async () => {
    mockApi({ 'POST /api/operator/login': { status: 401, body: { message: 'WRONG_CREDENTIAL' } } });
    renderWithProviders(page());
    fireEvent.changeText(screen.getByLabelText('Username'), 'bob');
    fireEvent.changeText(screen.getByLabelText('Password'), 'nope');
    fireEvent.press(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Incorrect username or password')).toBeTruthy();
  });

  it('an ended session goes back to the sign-in and says why', async () => {
    setOperatorToken('OLD');
    mockApi({ 'GET /api/operator/me': { status: 401, body: { message: 'invalid-token' } } });
    renderWithProviders(page());
    expect(await screen.findByText(/Your session has ended/)).toBeTruthy();
    expect(getOperatorToken()).toBeNull();
  });

  it('signs out: the server session ends and the token is gone', async () => {
    setOperatorToken('OPT');
    const calls = mockApi({
      'GET /api/operator/me': { body: { username: 'alice', role: 'owner' } },
      'POST /api/operator/logout': { body: { message: 'OK' } },
    });
    renderWithProviders(page());
    fireEvent.press(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Operator sign-in')).toBeTruthy();
    expect(getOperatorToken()).toBeNull();
    expect(calls.find((c) => c.path.endsWith('/logout'))?.headers.Authorization).toBe('Bearer OPT');
  });

  it('a limited sign-in says when the operator may try again', async () => {
    mockApi({ 'POST /api/operator/login': { status: 429, body: { message: 'REQUEST_LIMIT' }, headers: { 'Retry-After': '540' } } });
    renderWithProviders(page());
    fireEvent.changeText(screen.getByLabelText('Username'), 'bob');
    fireEvent.changeText(screen.getByLabelText('Password'), 'pw');
    fireEvent.press(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Too many requests. Try again in 9 minutes')).toBeTruthy();
    await i18n.changeLanguage('th');
    expect(await screen.findByText(i18n.t('common.retryIn', { count: 9 }))).toBeTruthy();
  });
});

describe('role-based navigation', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    setOperatorToken('OPT');
  });

  it.each([
    [
      'owner',
      [
        'Dashboard',
        'Members',
        'Support chat',
        'Withdrawals',
        'Payouts',
        'Slips review',
        'Deposits',
        'Adjustments',
        'Settings',
        'Auto-approval',
        'Games',
        'Reconciliation',
        'Aggregators',
        'Rounds',
        'Game catalogue',
        'Reports',
        'Promotions',
        'Cashback & invite',
        'Spin wheel',
        'Audit log',
        'Operators',
        'Pending changes',
      ],
    ],
    [
      'finance',
      [
        'Dashboard',
        'Members',
        'Withdrawals',
        'Payouts',
        'Slips review',
        'Deposits',
        'Adjustments',
        'Settings',
        'Reconciliation',
        'Aggregators',
        'Rounds',
        'Reports',
        'Promotions',
        'Cashback & invite',
        'Spin wheel',
      ],
    ],
    [
      'support',
      ['Dashboard', 'Members', 'Support chat', 'Settings', 'Aggregators', 'Rounds', 'Promotions', 'Cashback & invite', 'Spin wheel'],
    ],
  ])('%s sees its pages only', async (role, want) => {
    mockPath = '/operator/dashboard';
    mockApi({ 'GET /api/operator/me': { body: { username: 'x', role } } });
    renderWithProviders(page());
    await screen.findByRole('button', { name: 'Sign out' });
    expect(screen.getAllByRole('link')).toHaveLength(want.length);
    for (const w of want) expect(screen.getByRole('link', { name: w })).toBeTruthy();
  });

  it('a page the role lacks is not shown, even by its address', async () => {
    mockPath = '/operator/withdrawals';
    mockApi({ 'GET /api/operator/me': { body: { username: 'sue', role: 'support' } } });
    renderWithProviders(<ConsoleShell>{<SecretPage />}</ConsoleShell>);
    expect(await screen.findByText('This page is not available for your role')).toBeTruthy();
    expect(screen.queryByText('withdrawal queue')).toBeNull();
  });
});

function SecretPage() {
  const { Text } = jest.requireActual('react-native');
  return <Text>withdrawal queue</Text>;
}

describe('console tabs of one browser', () => {
  // The other tab: a channel of the test, which the console's channel reaches and hears.
  let console_: Channel | null = null;
  const other = { heard: [] as unknown[], onmessage: (_m: unknown) => {} };
  const say = (data: unknown) => console_?.onmessage?.({ data });

  beforeEach(async () => {
    await i18n.changeLanguage('en');
    clearOperatorToken();
    other.heard = [];
    other.onmessage = () => {};
    setTabChannel(() => {
      console_ = {
        onmessage: null,
        postMessage: (m) => {
          other.heard.push(m);
          other.onmessage(m);
        },
        close: () => (console_ = null),
      };
      return console_;
    });
  });
  afterEach(() => setTabChannel(() => null));

  it('a new tab takes the sign-in of the tab already signed in', async () => {
    other.onmessage = (m) => (m as { type: string }).type === 'ask' && say({ type: 'token', token: 'SHARED' });
    const calls = mockApi({ 'GET /api/operator/me': { body: { username: 'alice', role: 'owner' } } });
    renderWithProviders(page());
    expect(await screen.findByTestId('operator-name')).toBeTruthy();
    expect(screen.queryByText('Operator sign-in')).toBeNull();
    expect(getOperatorToken()).toBe('SHARED');
    expect(calls[0].headers.Authorization).toBe('Bearer SHARED');
    expect(other.heard).toEqual([{ type: 'ask' }]);
  });

  it('with no tab signed in, the sign-in shows once nobody answered', async () => {
    renderWithProviders(page());
    expect(screen.queryByText('Operator sign-in')).toBeNull(); // asking
    expect(await screen.findByText('Operator sign-in')).toBeTruthy();
    expect(other.heard).toEqual([{ type: 'ask' }]);
  });

  it('a sign-out in another tab signs this one out', async () => {
    setOperatorToken('OPT');
    mockApi({ 'GET /api/operator/me': { body: { username: 'alice', role: 'owner' } } });
    renderWithProviders(page());
    expect(await screen.findByTestId('operator-name')).toBeTruthy();
    act(() => say({ type: 'signed-out', expired: false }));
    expect(await screen.findByText('Operator sign-in')).toBeTruthy();
    expect(getOperatorToken()).toBeNull();
  });

  it('signing out here tells the other tabs', async () => {
    setOperatorToken('OPT');
    mockApi({
      'GET /api/operator/me': { body: { username: 'alice', role: 'owner' } },
      'POST /api/operator/logout': { body: { message: 'OK' } },
    });
    renderWithProviders(page());
    fireEvent.press(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Operator sign-in')).toBeTruthy();
    expect(other.heard).toContainEqual({ type: 'signed-out', expired: false });
  });
});

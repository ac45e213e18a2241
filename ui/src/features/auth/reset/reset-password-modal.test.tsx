import { fireEvent, screen, waitFor } from '@testing-library/react-native';

import i18n from '@/i18n';
import { mockApi, renderWithProviders } from '@/testing/render';

import { ResetPasswordModal } from './reset-password-modal';

const limits = { 'GET /api/lookup/limits': { body: { appVersion: '1', transferMin: 1, giftLinkMin: 2, passwordMin: 8, qr: [] } } };
const sent = { 'POST /api/account/password/reset/otp': { body: { otpRef: 'ABCD', otpToken: 'TOK', code: 'OTP_SENT' } } };

function render(onDone = jest.fn(), onClose = jest.fn()) {
  renderWithProviders(<ResetPasswordModal phone="0812345678" onClose={onClose} onDone={onDone} />);
  return { onDone, onClose };
}

async function toSecondStep() {
  fireEvent.press(screen.getByRole('button', { name: 'Send code' }));
  expect(await screen.findByText('If 0812345678 is registered, a code is on its way (ref ABCD).')).toBeTruthy();
}

describe('ResetPasswordModal', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('sends the code to the phone typed on /login', async () => {
    const calls = mockApi({ ...limits, ...sent });
    render();
    expect(screen.getByLabelText('Phone number').props.value).toBe('0812345678');
    await toSecondStep();
    expect(calls.find((c) => c.path === '/api/account/password/reset/otp')?.body).toEqual({ phone: '0812345678' });
  });

  it('shows the minimum before submit and refuses a short password without calling', async () => {
    const calls = mockApi({ ...limits, ...sent });
    render();
    await toSecondStep();
    expect(await screen.findByText('The password needs at least 8 characters')).toBeTruthy();
    fireEvent.changeText(screen.getByLabelText('Code from the SMS'), '123456');
    fireEvent.changeText(screen.getByLabelText('New password'), 'short');
    fireEvent.changeText(screen.getByLabelText('Confirm new password'), 'short');
    fireEvent.press(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/account/password/reset')).toBe(false);
  });

  it('has the show-password toggle', async () => {
    mockApi({ ...limits, ...sent });
    render();
    await toSecondStep();
    expect(screen.getAllByRole('button', { name: 'Show password' }).length).toBeGreaterThan(0);
  });

  it('translates a wrong code', async () => {
    mockApi({ ...limits, ...sent, 'POST /api/account/password/reset': { status: 400, body: { message: 'OTP_CODE_INVALID' } } });
    const { onDone } = render();
    await toSecondStep();
    fireEvent.changeText(screen.getByLabelText('Code from the SMS'), '000000');
    fireEvent.changeText(screen.getByLabelText('New password'), 'a-new-secret');
    fireEvent.changeText(screen.getByLabelText('Confirm new password'), 'a-new-secret');
    fireEvent.press(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('The OTP code is incorrect')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('resets and hands back the translated confirmation', async () => {
    const calls = mockApi({ ...limits, ...sent, 'POST /api/account/password/reset': { body: { message: 'SUCCESS' } } });
    const { onDone } = render();
    await toSecondStep();
    fireEvent.changeText(screen.getByLabelText('Code from the SMS'), '123456');
    fireEvent.changeText(screen.getByLabelText('New password'), 'a-new-secret');
    fireEvent.changeText(screen.getByLabelText('Confirm new password'), 'a-new-secret');
    fireEvent.press(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(expect.stringContaining('Your password was changed')));
    expect(calls.find((c) => c.path === '/api/account/password/reset')?.body).toEqual({
      phone: '0812345678',
      otpToken: 'TOK',
      code: '123456',
      password: 'a-new-secret',
    });
  });
});

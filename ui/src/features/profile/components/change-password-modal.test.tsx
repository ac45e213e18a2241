import { fireEvent, screen } from '@testing-library/react-native';

import i18n from '@/i18n';
import { mockApi, renderWithProviders } from '@/testing/render';

import { ChangePasswordModal } from './change-password-modal';

describe('ChangePasswordModal', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  const fill = (oldPassword: string, newPassword: string, confirm: string) => {
    fireEvent.changeText(screen.getByLabelText('Current password'), oldPassword);
    fireEvent.changeText(screen.getByLabelText('New password'), newPassword);
    fireEvent.changeText(screen.getByLabelText('Confirm new password'), confirm);
    fireEvent.press(screen.getByRole('button', { name: 'Save' }));
  };

  it('does nothing while a field is empty and checks the confirmation', () => {
    const calls = mockApi({});
    renderWithProviders(<ChangePasswordModal visible onClose={jest.fn()} />);
    fill('old', 'new-password', '');
    const changes = () => calls.filter((c) => c.path === '/api/account/changepwd');
    expect(changes()).toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();
    fill('old', 'new-password', 'other');
    expect(screen.getByText('The new passwords are not the same')).toBeTruthy();
    expect(changes()).toHaveLength(0);
  });

  it('states the minimum from the limits lookup and refuses a shorter new password', async () => {
    const calls = mockApi({
      'GET /api/lookup/limits': { body: { appVersion: '1', transferMin: 1, giftLinkMin: 2, passwordMin: 9, qr: [] } },
    });
    renderWithProviders(<ChangePasswordModal visible onClose={jest.fn()} />);
    expect(await screen.findByText('The password needs at least 9 characters')).toBeTruthy();
    fill('old', 'abcdefgh', 'abcdefgh');
    expect(screen.getByRole('alert').props.children).toBe('The password needs at least 9 characters');
    expect(calls.some((c) => c.path === '/api/account/changepwd')).toBe(false);
  });

  it('shows the translated server error', async () => {
    mockApi({ 'PUT /api/account/changepwd': { status: 400, body: { message: 'WRONG_PASSWORD' } } });
    renderWithProviders(<ChangePasswordModal visible onClose={jest.fn()} />);
    fill('old', 'new-password', 'new-password');
    expect(await screen.findByText('The password is incorrect')).toBeTruthy();
  });

  it('saves and closes on success', async () => {
    const onClose = jest.fn();
    const calls = mockApi({ 'PUT /api/account/changepwd': { body: { message: 'SUCCESS' } } });
    renderWithProviders(<ChangePasswordModal visible onClose={onClose} />);
    fill('old', 'new-password', 'new-password');
    expect(await screen.findByText('Your password has been changed')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/account/changepwd')?.body).toEqual({ oldPassword: 'old', newPassword: 'new-password' });
    expect(onClose).toHaveBeenCalled();
  });
});

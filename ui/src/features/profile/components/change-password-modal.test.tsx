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
    expect(calls).toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();
    fill('old', 'new-password', 'other');
    expect(screen.getByText('The new passwords are not the same')).toBeTruthy();
    expect(calls).toHaveLength(0);
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
    expect(calls[0].body).toEqual({ oldPassword: 'old', newPassword: 'new-password' });
    expect(onClose).toHaveBeenCalled();
  });
});

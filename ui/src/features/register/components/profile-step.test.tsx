import { fireEvent, screen, waitFor } from '@testing-library/react-native';

import i18n from '@/i18n';
import { mockApi, renderWithProviders } from '@/testing/render';

import { ProfileStep } from './profile-step';

// passwordMin is the limits lookup's; 9 proves the texts take it from there, not from a literal.
const limits = { 'GET /api/lookup/limits': { body: { appVersion: '1', transferMin: 1, giftLinkMin: 2, passwordMin: 9, qr: [] } } };
const sources = { 'GET /api/lookup/sources': { body: [] } };

function render() {
  return renderWithProviders(
    <ProfileStep phone="0812345678" initial={null} storedInviteCode={null} onValidated={jest.fn()} onBack={jest.fn()} />,
  );
}

describe('ProfileStep password rule', () => {
  it.each(['th', 'la', 'en'])('states the minimum before Next and refuses a short password inline (%s)', async (lng) => {
    await i18n.changeLanguage(lng);
    const calls = mockApi({ ...limits, ...sources });
    render();
    const rule = i18n.t('errorMsg.PASSWORD_TOO_SHORT', { min: 9 });
    expect(rule).toContain('9');
    expect(await screen.findByText(rule)).toBeTruthy();
    fireEvent.changeText(screen.getByLabelText(i18n.t('register.name')), 'Somchai');
    fireEvent.changeText(screen.getByLabelText(i18n.t('register.password')), 'abcdefgh');
    fireEvent.changeText(screen.getByLabelText(i18n.t('register.confirmPassword')), 'abcdefgh');
    fireEvent.press(screen.getByRole('button', { name: i18n.t('common.next') }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('alert').props.children).toBe(rule);
    expect(calls.some((c) => c.path === '/api/account/validate')).toBe(false);
  });

  it("fills the server's PASSWORD_TOO_SHORT with the minimum", async () => {
    await i18n.changeLanguage('en');
    mockApi({
      ...limits,
      ...sources,
      'POST /api/account/validate': { status: 400, body: { message: 'PASSWORD_TOO_SHORT', field: 'password' } },
    });
    render();
    await waitFor(() => expect(screen.getByText('The password needs at least 9 characters')).toBeTruthy());
    fireEvent.changeText(screen.getByLabelText('Name'), 'Somchai');
    fireEvent.changeText(screen.getByLabelText('Password'), 'abcdefghij');
    fireEvent.changeText(screen.getByLabelText('Confirm password'), 'abcdefghij');
    fireEvent.press(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getAllByText('The password needs at least 9 characters').length).toBe(2));
  });
});

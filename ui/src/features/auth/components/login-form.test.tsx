import { fireEvent, screen, waitFor } from '@testing-library/react-native';

import i18n from '@/i18n';
import { clearToken, getToken } from '@/lib/storage';
import { mockApi, renderWithProviders, routerMock } from '@/testing/render';

import { LoginForm } from './login-form';

describe('LoginForm', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    clearToken();
    routerMock().replace.mockClear();
  });

  it('does nothing while a field is empty', () => {
    const calls = mockApi({});
    renderWithProviders(<LoginForm />);
    fireEvent.press(screen.getByRole('button', { name: 'Log in' }));
    fireEvent.changeText(screen.getByLabelText('Phone number'), '0812345678');
    fireEvent.press(screen.getByRole('button', { name: 'Log in' }));
    expect(calls).toHaveLength(0);
  });

  it('shows the translated error, which clears on typing', async () => {
    mockApi({ 'POST /api/login': { status: 400, body: { message: 'WRONG_CREDENTIAL' } } });
    renderWithProviders(<LoginForm />);
    fireEvent.changeText(screen.getByLabelText('Phone number'), '0812345678');
    fireEvent.changeText(screen.getByLabelText('Password'), 'nope');
    fireEvent.press(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Incorrect phone number or password')).toBeTruthy();
    fireEvent.changeText(screen.getByLabelText('Password'), 'nope2');
    expect(screen.queryByText('Incorrect phone number or password')).toBeNull();
    expect(getToken()).toBeNull();
  });

  it('says how long to wait when the tries are used up', async () => {
    mockApi({
      'POST /api/login': { status: 429, body: { message: 'REQUEST_LIMIT' }, headers: { 'Retry-After': '601' } },
    });
    renderWithProviders(<LoginForm />);
    fireEvent.changeText(screen.getByLabelText('Phone number'), '0812345678');
    fireEvent.changeText(screen.getByLabelText('Password'), 'nope');
    fireEvent.press(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Too many requests. Try again in 11 minutes')).toBeTruthy();
  });

  it('logs in, keeps the token and goes to /user', async () => {
    const calls = mockApi({ 'POST /api/login': { body: { token: 'T1' } } });
    renderWithProviders(<LoginForm />);
    fireEvent.changeText(screen.getByLabelText('Phone number'), '0812345678');
    fireEvent.changeText(screen.getByLabelText('Password'), 'password1');
    fireEvent.press(screen.getByRole('checkbox', { name: 'Remember me' }));
    expect(screen.getByRole('checkbox', { name: 'Remember me' }).props.accessibilityState.checked).toBe(true);
    fireEvent.press(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(routerMock().replace).toHaveBeenCalledWith('/user'));
    expect(calls[0].body).toEqual({ username: '0812345678', password: 'password1' });
    expect(getToken()).toBe('T1');
  });

  it('switches the language from the switcher', () => {
    mockApi({});
    renderWithProviders(<LoginForm />);
    fireEvent.press(screen.getByRole('button', { name: 'Change language to ไทย' }));
    expect(i18n.language).toBe('th');
    expect(screen.getByLabelText('เบอร์โทรศัพท์')).toBeTruthy();
  });
});

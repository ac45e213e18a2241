import { act, fireEvent, screen, waitFor } from '@testing-library/react-native';

import i18n from '@/i18n';
import { readItem, storageKeys, writeItem } from '@/lib/storage';
import { mockApi, renderWithProviders, routerMock } from '@/testing/render';

import { RegisterFlow } from './register-flow';

const lookups = {
  'GET /api/lookup/sources': { body: [{ code: 'FACEBOOK', description: 'Facebook' }] },
  'GET /api/lookup/banks': {
    body: [
      { code: 'KBANK', nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank', englishOnly: false },
      { code: 'KTB', nameTH: 'ธนาคารกรุงไทย', nameEN: 'Krungthai', englishOnly: true },
    ],
  },
};

async function fillPhone(phone = '0812345678') {
  fireEvent.changeText(await screen.findByLabelText('Phone number'), phone);
  fireEvent.press(screen.getByRole('button', { name: 'Next' }));
}

async function fillProfile() {
  fireEvent.changeText(await screen.findByLabelText('Name'), 'Somchai');
  fireEvent.changeText(screen.getByLabelText('Password'), 'password1');
  fireEvent.changeText(screen.getByLabelText('Confirm password'), 'password1');
  fireEvent.press(screen.getByRole('button', { name: 'Next' }));
}

async function chooseBank(label: string) {
  fireEvent.press(await screen.findByRole('combobox', { name: 'Bank' }));
  fireEvent.press(await screen.findByRole('button', { name: label }));
}

describe('RegisterFlow', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    routerMock().replace.mockClear();
  });

  it('runs phone → OTP (with reference) → profile → bank and leaves for /login 2 s after success', async () => {
    const calls = mockApi({
      ...lookups,
      'GET /api/lookup/registerOTP': { body: { registerOTP: true } },
      'POST /api/otp/send': { body: { otpRef: 'ABCD', otpToken: 'tok', code: 'OTP_SENT' } },
      'POST /api/otp/verify': (b) =>
        b.otpCode === '123456' ? { body: { code: 'OTP_CODE_VALID' } } : { status: 400, body: { message: 'OTP_CODE_INVALID' } },
      'POST /api/account/validate': { body: { message: 'OK' } },
      'POST /api/account': { status: 201, body: { message: 'SUCCESS' } },
    });
    writeItem(storageKeys.code, 'PR42');
    renderWithProviders(<RegisterFlow storedInviteCode="PR42" />);
    expect(await screen.findByText('Step 1 of 4')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/lookup/registerOTP')).toBe(true));

    await fillPhone();
    expect(await screen.findByText('Reference: ABCD')).toBeTruthy();
    expect(screen.getByText('Step 2 of 4')).toBeTruthy();

    fireEvent.changeText(screen.getByLabelText('OTP code'), '000000');
    fireEvent.press(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The OTP code is incorrect')).toBeTruthy();
    fireEvent.changeText(screen.getByLabelText('OTP code'), '123456');
    fireEvent.press(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Step 3 of 4')).toBeTruthy();
    const invite = screen.getByLabelText('Inviter code');
    expect(invite.props.value).toBe('PR42');
    expect(invite.props.editable).toBe(false);
    await fillProfile();

    expect(await screen.findByText('Step 4 of 4')).toBeTruthy();
    const validate = calls.find((c) => c.path === '/api/account/validate');
    expect(validate?.body).toEqual({
      name: 'Somchai',
      username: '0812345678',
      password: 'password1',
      sourceCode: '',
      inviteCode: 'PR42',
      bankCode: '',
      bankAccountName: '',
      bankAccountNo: '',
    });

    await chooseBank('Kasikornbank');
    fireEvent.changeText(screen.getByLabelText('Bank account number'), '123-456-7890');
    fireEvent.changeText(screen.getByLabelText('Account first name'), 'somchai');
    fireEvent.changeText(screen.getByLabelText('Account last name'), 'jaidee');
    expect(screen.getByLabelText('Account first name').props.value).toBe('SOMCHAI');
    expect(screen.queryByRole('combobox', { name: 'Currency' })).toBeNull();

    jest.useFakeTimers();
    try {
      fireEvent.press(screen.getByRole('button', { name: 'Register' }));
      expect(await screen.findByText('Registration complete. Please log in.')).toBeTruthy();
      const create = calls.find((c) => c.method === 'POST' && c.path === '/api/account');
      expect(create?.body).toEqual({
        name: 'Somchai',
        username: '0812345678',
        password: 'password1',
        sourceCode: '',
        inviteCode: 'PR42',
        bankCode: 'KBANK',
        bankAccountName: 'SOMCHAI JAIDEE',
        bankAccountNo: '1234567890',
        currency: 'BAHT',
        otpToken: 'tok',
      });
      expect(routerMock().replace).not.toHaveBeenCalled();
      act(() => jest.advanceTimersByTime(2000));
      expect(routerMock().replace).toHaveBeenCalledWith('/login');
      expect(readItem(storageKeys.code)).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('skips the OTP step when the registerOTP lookup says it is off', async () => {
    const calls = mockApi({ ...lookups, 'GET /api/lookup/registerOTP': { body: { registerOTP: false } } });
    renderWithProviders(<RegisterFlow storedInviteCode={null} />);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/lookup/registerOTP')).toBe(true));
    await fillPhone();
    expect(await screen.findByText('Step 2 of 3')).toBeTruthy();
    expect(screen.getByLabelText('Name')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/otp/send')).toBe(false);
    expect(screen.getByLabelText('Inviter code').props.editable).toBe(true);
  });

  it('sends the stored otpToken again after going back, skips the OTP step and registers with it', async () => {
    const calls = mockApi({
      ...lookups,
      'GET /api/lookup/registerOTP': { body: { registerOTP: true } },
      'POST /api/otp/send': (b) =>
        b.otpToken === 'tok'
          ? { body: { otpRef: 'ABCD', otpToken: 'tok', code: 'OTP_VERIFIED' } }
          : { body: { otpRef: 'ABCD', otpToken: 'tok', code: 'OTP_SENT' } },
      'POST /api/otp/verify': { body: { code: 'OTP_CODE_VALID' } },
      'POST /api/account/validate': { body: { message: 'OK' } },
      'POST /api/account': { status: 201, body: { message: 'SUCCESS' } },
    });
    renderWithProviders(<RegisterFlow storedInviteCode={null} />);
    await screen.findByText('Step 1 of 4');
    await fillPhone();
    fireEvent.changeText(await screen.findByLabelText('OTP code'), '123456');
    fireEvent.press(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByLabelText('Name')).toBeTruthy();
    fireEvent.press(screen.getByRole('button', { name: 'Back' }));
    await fillPhone();
    expect(await screen.findByLabelText('Name')).toBeTruthy();
    const sends = calls.filter((c) => c.path === '/api/otp/send').map((c) => c.body);
    expect(sends).toEqual([{ phoneNumber: '0812345678' }, { phoneNumber: '0812345678', otpToken: 'tok' }]);
    expect(screen.queryByLabelText('OTP code')).toBeNull();

    await fillProfile();
    await chooseBank('Kasikornbank');
    fireEvent.changeText(screen.getByLabelText('Bank account number'), '1234567890');
    fireEvent.changeText(screen.getByLabelText('Account first name'), 'somchai');
    fireEvent.changeText(screen.getByLabelText('Account last name'), 'jaidee');
    fireEvent.press(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/account')).toBe(true));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/account')?.body.otpToken).toBe('tok');
  });

  it('skips the OTP step when send answers OTP_VERIFIED', async () => {
    mockApi({
      ...lookups,
      'GET /api/lookup/registerOTP': { body: { registerOTP: true } },
      'POST /api/otp/send': { body: { otpRef: '', otpToken: '', code: 'OTP_VERIFIED' } },
    });
    renderWithProviders(<RegisterFlow storedInviteCode={null} />);
    await screen.findByText('Step 1 of 4');
    await fillPhone();
    expect(await screen.findByLabelText('Name')).toBeTruthy();
    expect(screen.queryByLabelText('OTP code')).toBeNull();
    // The skipped OTP step counts as done: the total stays the same on every step.
    expect(screen.getByText('Step 3 of 4')).toBeTruthy();
  });

  it('rejects a phone number that is not 10 digits', async () => {
    const calls = mockApi({ ...lookups, 'GET /api/lookup/registerOTP': { body: { registerOTP: true } } });
    renderWithProviders(<RegisterFlow storedInviteCode={null} />);
    await fillPhone('081234567');
    expect(await screen.findByText('The phone number must support 10 digits')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/otp/send')).toBe(false);
  });

  it("shows 'Passwords don't match' and a 4 s toast for a validate error", async () => {
    mockApi({
      ...lookups,
      'GET /api/lookup/registerOTP': { body: { registerOTP: false } },
      'POST /api/account/validate': { status: 409, body: { message: 'EXISTING_USER' } },
    });
    renderWithProviders(<RegisterFlow storedInviteCode={null} />);
    await screen.findByText('Step 1 of 3');
    await fillPhone();
    fireEvent.changeText(await screen.findByLabelText('Name'), 'Somchai');
    fireEvent.changeText(screen.getByLabelText('Password'), 'password1');
    fireEvent.changeText(screen.getByLabelText('Confirm password'), 'password2');
    fireEvent.press(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText("Passwords don't match")).toBeTruthy();

    fireEvent.changeText(screen.getByLabelText('Confirm password'), 'password1');
    jest.useFakeTimers();
    try {
      fireEvent.press(screen.getByRole('button', { name: 'Next' }));
      expect(await screen.findByText('This phone number is already registered')).toBeTruthy();
      act(() => jest.advanceTimersByTime(3999));
      expect(screen.queryByText('This phone number is already registered')).toBeTruthy();
      act(() => jest.advanceTimersByTime(1));
      expect(screen.queryByText('This phone number is already registered')).toBeNull();
    } finally {
      jest.useRealTimers();
    }
    expect(screen.getByText('Step 2 of 3')).toBeTruthy();
  });

  it('asks for English names for KTB', async () => {
    const calls = mockApi({
      ...lookups,
      'GET /api/lookup/registerOTP': { body: { registerOTP: false } },
      'POST /api/account/validate': { body: { message: 'OK' } },
    });
    renderWithProviders(<RegisterFlow storedInviteCode={null} />);
    await screen.findByText('Step 1 of 3');
    await fillPhone();
    await fillProfile();
    await chooseBank('Krungthai');
    fireEvent.changeText(screen.getByLabelText('Bank account number'), '1234567890');
    fireEvent.changeText(screen.getByLabelText('Account first name'), 'สมชาย');
    fireEvent.changeText(screen.getByLabelText('Account last name'), 'JAIDEE');
    fireEvent.press(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Bank account name must be in English only')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/account')).toBe(false);
  });
});

import { fireEvent, render, screen } from '@testing-library/react-native';

import i18n from '@/i18n';

import { TextField } from './text-field';

describe('TextField', () => {
  it.each([
    ['en', 'Show password', 'Hide password'],
    ['th', 'แสดงรหัสผ่าน', 'ซ่อนรหัสผ่าน'],
    ['la', 'ສະແດງລະຫັດຜ່ານ', 'ເຊື່ອງລະຫັດຜ່ານ'],
  ])('shows and hides a password on request (%s)', async (lng, show, hide) => {
    await i18n.changeLanguage(lng);
    render(<TextField label="Password" value="secret-123" secureTextEntry />);
    expect(screen.getByLabelText('Password').props.secureTextEntry).toBe(true);
    fireEvent.press(screen.getByRole('button', { name: show }));
    expect(screen.getByLabelText('Password').props.secureTextEntry).toBe(false);
    fireEvent.press(screen.getByRole('button', { name: hide }));
    expect(screen.getByLabelText('Password').props.secureTextEntry).toBe(true);
  });

  it('has no toggle on other fields', () => {
    render(<TextField label="Name" value="" />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

import { fireEvent, render, screen } from '@testing-library/react-native';
import { Text } from 'react-native';

import i18n from '@/i18n';
import { renderWithProviders } from '@/testing/render';

import { lazyWithRetry } from './lazy-boundary';

function Deposit({ amount, onClose }: { amount: number; onClose: () => void }) {
  return <Text onPress={onClose}>Deposit {amount}</Text>;
}

/** loader fails its first load (a lost connection) and succeeds afterwards. */
function loader() {
  let calls = 0;
  const load = jest.fn(() => (++calls === 1 ? Promise.reject(new Error('Loading chunk failed')) : Promise.resolve({ default: Deposit })));
  return load;
}

describe('lazyWithRetry', () => {
  let errorSpy: jest.SpyInstance;
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    // React logs the caught load error.
    errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => errorSpy.mockRestore());

  it('shows a translated error with retry in place of a failed load, and loads again on retry', async () => {
    const load = loader();
    const Lazy = lazyWithRetry(load);
    render(
      <>
        <Text>Rest of the app</Text>
        <Lazy amount={5} onClose={jest.fn()} />
      </>,
    );
    expect(await screen.findByText('This part of the app could not be loaded. Check your connection and try again.')).toBeTruthy();
    expect(screen.getByText('Rest of the app')).toBeTruthy();
    fireEvent.press(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Deposit 5')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Rest of the app')).toBeTruthy();
  });

  it('shows the error of a modal in a modal that closes like it (th)', async () => {
    await i18n.changeLanguage('th');
    const onClose = jest.fn();
    const Lazy = lazyWithRetry(loader(), { modal: true });
    renderWithProviders(<Lazy amount={5} onClose={onClose} />);
    expect(await screen.findByText('โหลดส่วนนี้ของแอปไม่สำเร็จ กรุณาตรวจสอบการเชื่อมต่อแล้วลองอีกครั้ง')).toBeTruthy();
    fireEvent.press(screen.getByRole('button', { name: 'ปิด' }));
    expect(onClose).toHaveBeenCalled();
  });
});

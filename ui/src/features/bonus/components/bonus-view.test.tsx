import { act, fireEvent, screen, waitFor } from '@testing-library/react-native';

import i18n from '@/i18n';
import { labelHasShownText } from '@/testing/label-in-name';
import { mockApi, renderWithProviders } from '@/testing/render';

import type { Bonus } from '../api/bonus';

import { BonusView } from './bonus-view';

const welcome: Bonus = {
  _id: 'WELCOME',
  code: 'WELCOME',
  name: 'Welcome bonus',
  type: 'limit',
  maxReceived: 1,
  percentFail: 10,
  successPercent: 300,
  amount: 100,
  percent: 0,
  cap: 0,
  minDeposit: 0,
  firstDepositOfDay: false,
  banners: [
    { image: 'https://img.example/1.png', html: '<p>First banner</p>' },
    { image: 'https://img.example/2.png', html: '<p>Second banner</p>' },
  ],
  receivedOut: false,
  userBonus: null,
};
const daily: Bonus = {
  ...welcome,
  _id: 'DAILY',
  code: 'DAILY',
  name: 'Daily bonus',
  type: 'day',
  amount: 20,
  banners: [],
  receivedOut: true,
  userBonus: { _id: 'm:DAILY', isActive: false, received: [{ updatedAt: new Date().toISOString() }] },
};

// The operator's notice (the notice lookup), asked in the member's language.
const operatorNotice = {
  'GET /api/lookup/notice?lang=en': { body: { notice: 'Operator: below %percentFail%% the bonus ends' } },
  'GET /api/lookup/notice?lang=th': { body: { notice: 'ผู้ให้บริการ: ต่ำกว่า %percentFail%% โบนัสสิ้นสุด' } },
};
const inactive = { 'GET /api/bonus/check/active': { body: { status: false, type: null } }, ...operatorNotice };

describe('BonusView', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('shows the shape of the cards while the bonuses load, then the cards', async () => {
    mockApi({ ...inactive, 'GET /api/bonus': { body: { bonuses: [daily] } } });
    renderWithProviders(<BonusView />);
    expect(screen.getByTestId('bonus-skeleton')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Bonus Daily bonus, Received, Daily bonus · 20.00 THB' })).toBeTruthy();
    expect(screen.queryByTestId('bonus-skeleton')).toBeNull();
  });

  it('shows available, received and current cards; receiving fills %percentFail% and sends a key', async () => {
    let received = false;
    const calls = mockApi({
      ...inactive,
      'GET /api/bonus': () => ({
        body: {
          bonuses: [
            received
              ? { ...welcome, userBonus: { _id: 'm:WELCOME', isActive: true, received: [{ updatedAt: new Date().toISOString() }] } }
              : welcome,
            daily,
          ],
        },
      }),
      'GET /api/bonus/activate/WELCOME': () => {
        received = true;
        return { body: { message: 'SUCCESS' } };
      },
    });
    renderWithProviders(<BonusView />);
    // Each card is named by what it shows, in its order (label in name, WCAG 2.5.3).
    const card = await screen.findByRole('button', { name: 'Bonus Welcome bonus, One-time bonus · 100.00 THB' });
    expect(screen.getByRole('button', { name: 'Bonus Daily bonus, Received, Daily bonus · 20.00 THB' })).toBeDisabled();
    for (const button of screen.getAllByRole('button', { name: /^Bonus / })) expect(labelHasShownText(button)).toBe(true);
    // The daily bonus has no banner: the project's bonus picture, not a blank block; the welcome bonus shows its own.
    expect(screen.getAllByTestId('art-bonus', { includeHiddenElements: true })).toHaveLength(1);
    fireEvent.press(card);
    // The carousel of the bonus's banners (components/banner-carousel tests its paging).
    expect(await screen.findByText('First banner')).toBeTruthy();
    expect(screen.getByText('1 of 2')).toBeTruthy();
    // The operator's notice in the member's language, not a bundled text.
    expect(await screen.findByText('Operator: below 10% the bonus ends')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/lookup/notice?lang=en')).toBe(true);
    fireEvent.press(screen.getByRole('button', { name: 'Receive bonus' }));
    expect(await screen.findByText('The bonus has been added to your wallet')).toBeTruthy();
    const call = calls.find((c) => c.path === '/api/bonus/activate/WELCOME')!;
    expect(call.headers['Idempotency-Key']).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Bonus Welcome bonus, Active, One-time bonus · 100.00 THB' })).toBeTruthy();
  });

  it("asks the operator's notice again in the new language after a switch", async () => {
    mockApi({ ...inactive, 'GET /api/bonus': { body: { bonuses: [welcome] } } });
    renderWithProviders(<BonusView />);
    fireEvent.press(await screen.findByRole('button', { name: /^Bonus Welcome bonus,/ }));
    expect(await screen.findByText('Operator: below 10% the bonus ends')).toBeTruthy();
    await act(() => i18n.changeLanguage('th'));
    expect(await screen.findByText('ผู้ให้บริการ: ต่ำกว่า 10% โบนัสสิ้นสุด')).toBeTruthy();
  });

  it('shows a refused receipt as a red toast in the language', async () => {
    mockApi({
      ...inactive,
      'GET /api/bonus': { body: { bonuses: [welcome] } },
      'GET /api/bonus/activate/WELCOME': { status: 409, body: { message: 'BONUS_ALREADY_ACTIVE' } },
    });
    await i18n.changeLanguage('th');
    renderWithProviders(<BonusView />);
    fireEvent.press(await screen.findByRole('button', { name: /^โบนัส Welcome bonus,/ }));
    fireEvent.press(screen.getByRole('button', { name: 'รับโบนัส' }));
    expect(await screen.findByText(i18n.t('errorMsg.BONUS_ALREADY_ACTIVE'))).toBeTruthy();
  });

  it('searches a promotion code in upper case: searching, not found, found and received', async () => {
    const calls = mockApi({
      ...inactive,
      'GET /api/bonus': { body: { bonuses: [] } },
      'GET /api/promotion/find/NOPE': { status: 404, body: { message: 'NO_PROMOTION' } },
      'GET /api/promotion/find/NGERN50': { body: { code: 'NGERN50', description: '<p>Fifty for you</p>', amount: 50, percentFail: 10 } },
      'GET /api/promotion/activate/NGERN50': { body: { message: 'SUCCESS' } },
    });
    renderWithProviders(<BonusView />);
    expect(await screen.findByText('There are no bonuses right now.')).toBeTruthy();
    fireEvent.press(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('Please enter a promotion code')).toBeTruthy();
    fireEvent.changeText(screen.getByLabelText('Promotion code'), 'nope');
    fireEvent.press(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Promotion not found')).toBeTruthy();
    fireEvent.changeText(screen.getByLabelText('Promotion code'), 'ngern50');
    expect(screen.getByLabelText('Promotion code').props.value).toBe('NGERN50');
    fireEvent.press(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Promotion NGERN50: 50.00 THB')).toBeTruthy();
    expect(screen.getByText('Fifty for you')).toBeTruthy();
    expect(await screen.findByText('Operator: below 10% the bonus ends')).toBeTruthy();
    fireEvent.press(screen.getByRole('button', { name: 'Receive bonus' }));
    expect(await screen.findByText('The promotion has been added to your wallet')).toBeTruthy();
    expect(calls.map((c) => c.path)).toContain('/api/promotion/activate/NGERN50');
  });

  it('shows the active bonus with its progress and cancels after confirming', async () => {
    let active = true;
    const calls = mockApi({
      'GET /api/bonus/check/active': () => ({ body: active ? { status: true, type: 'limit' } : { status: false, type: null } }),
      'GET /api/bonus/check/minimum': { body: { status: true, minimum: 20, target: 600, progress: 200, base: 200, percentFail: 10 } },
      'GET /api/bonus': { body: { bonuses: [] } },
      'GET /api/bonus/clear': () => {
        active = false;
        return { body: { message: 'BONUS_CLEAR' } };
      },
    });
    renderWithProviders(<BonusView />);
    expect(await screen.findByText('One-time bonus')).toBeTruthy();
    expect(
      await screen.findByText(/brings the bonus balance to 600.00 THB \(now 200.00 THB; deposits and other credits do not count\)/),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Promotion code')).toBeNull();
    fireEvent.press(screen.getByRole('button', { name: 'Cancel bonus' }));
    expect(calls.some((c) => c.path === '/api/bonus/clear')).toBe(false);
    fireEvent.press(screen.getByRole('button', { name: 'Yes, cancel the bonus' }));
    expect(await screen.findByText('The bonus has been cancelled')).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('Promotion code')).toBeTruthy());
  });

  it.each(['th', 'la', 'en'])('the cancel dialog keeps the bonus with a translated button (%s)', async (lng) => {
    await i18n.changeLanguage(lng);
    mockApi({
      'GET /api/bonus/check/active': { body: { status: true, type: 'limit' } },
      'GET /api/bonus/check/minimum': { body: { status: true, minimum: 5, target: 100, progress: 50, base: 50, percentFail: 10 } },
      'GET /api/bonus': { body: { bonuses: [] } },
    });
    renderWithProviders(<BonusView />);
    fireEvent.press(await screen.findByRole('button', { name: i18n.t('cancel', { ns: 'bonus' }) }));
    const keep = i18n.t('common.cancel');
    expect(keep).not.toBe('common.cancel');
    expect(screen.getByRole('button', { name: keep })).toBeTruthy();
    expect(screen.queryByText('common.cancel')).toBeNull();
  });

  it('shows a refused cancel in an error alert', async () => {
    mockApi({
      'GET /api/bonus/check/active': { body: { status: true, type: 'promotion' } },
      'GET /api/bonus/check/minimum': { body: { status: true, minimum: 5, target: 100, progress: 50, base: 50, percentFail: 10 } },
      'GET /api/bonus': { body: { bonuses: [] } },
      'GET /api/bonus/clear': { status: 404, body: { message: 'NO_DATA' } },
    });
    renderWithProviders(<BonusView />);
    fireEvent.press(await screen.findByRole('button', { name: 'Cancel bonus' }));
    fireEvent.press(screen.getByRole('button', { name: 'Yes, cancel the bonus' }));
    expect(await screen.findByText(i18n.t('errorMsg.NO_DATA'))).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
  });
});

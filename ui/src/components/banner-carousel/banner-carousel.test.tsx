import { fireEvent, render, screen } from '@testing-library/react-native';
import { Image } from 'react-native';

import i18n from '@/i18n';

import { BannerCarousel, type CarouselBanner } from './banner-carousel';

const three: CarouselBanner[] = [
  { image: 'https://img.example/1.png', html: '<p>First banner</p>' },
  { image: '', html: '<p>Second banner</p>' },
  { image: '/api/promo/banners/3.png', html: '' },
];

describe('BannerCarousel', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('shows nothing without banners', () => {
    const { toJSON } = render(<BannerCarousel banners={[]} />);
    expect(toJSON()).toBeNull();
  });

  it('shows a single banner without previous and next', () => {
    render(<BannerCarousel banners={three.slice(0, 1)} />);
    expect(screen.getByText('First banner')).toBeTruthy();
    expect(screen.UNSAFE_getByType(Image).props.source).toEqual({ uri: 'https://img.example/1.png' });
    expect(screen.queryByRole('button', { name: 'Next banner' })).toBeNull();
    expect(screen.queryByText('1 of 1')).toBeNull();
  });

  it('pages one banner at a time, each with its picture or html only when it has one', () => {
    render(<BannerCarousel banners={three} />);
    const previous = () => screen.getByRole('button', { name: 'Previous banner' });
    const next = () => screen.getByRole('button', { name: 'Next banner' });

    expect(screen.getByText('1 of 3')).toBeTruthy();
    expect(previous()).toBeDisabled();
    fireEvent.press(next());

    expect(screen.getByText('2 of 3')).toBeTruthy();
    expect(screen.getByText('Second banner')).toBeTruthy();
    expect(screen.queryByText('First banner')).toBeNull();
    expect(screen.UNSAFE_queryAllByType(Image)).toHaveLength(0);
    fireEvent.press(next());

    expect(screen.getByText('3 of 3')).toBeTruthy();
    expect(next()).toBeDisabled();
    // A server path: absolute on native, as it is on the web (the tests run the web's empty base).
    expect(screen.UNSAFE_getByType(Image).props.source.uri).toMatch(/\/api\/promo\/banners\/3\.png$/);
    fireEvent.press(previous());
    fireEvent.press(previous());

    expect(screen.getByText('1 of 3')).toBeTruthy();
    expect(screen.getByText('First banner')).toBeTruthy();
  });

  it('stays on the last banner when the list gets shorter', () => {
    const { rerender } = render(<BannerCarousel banners={three} />);
    fireEvent.press(screen.getByRole('button', { name: 'Next banner' }));
    fireEvent.press(screen.getByRole('button', { name: 'Next banner' }));
    rerender(<BannerCarousel banners={three.slice(0, 2)} />);
    expect(screen.getByText('2 of 2')).toBeTruthy();
    expect(screen.getByText('Second banner')).toBeTruthy();
  });

  it.each([
    ['th', 'แบนเนอร์ถัดไป', '1 จาก 3'],
    ['la', 'ແບນເນີຖັດໄປ', '1 ຈາກ 3'],
    ['en', 'Next banner', '1 of 3'],
  ])('speaks %s', async (lng, next, position) => {
    await i18n.changeLanguage(lng);
    render(<BannerCarousel banners={three} />);
    expect(screen.getByRole('button', { name: next })).toBeTruthy();
    expect(screen.getByText(position)).toBeTruthy();
  });
});

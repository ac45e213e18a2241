import { act, render, screen } from '@testing-library/react-native';

import i18n from '@/i18n';

import { BrandPicture as WebBrandPicture } from './brand-picture.web';
import { Hero } from './hero';

describe('Hero', () => {
  afterAll(() => act(() => i18n.changeLanguage('th')));

  test.each([
    ['th', 'เงิน', 'เงินและเกมของคุณ ในกระเป๋าเดียว'],
    ['la', 'ເງິນ', 'ເງິນ ແລະ ເກມຂອງທ່ານ ໃນກະເປົາດຽວ'],
    ['en', 'Ngern', 'Your money and your games in one wallet'],
  ])('shows the lock-up named by the app, the tagline and the picture (%s)', async (lng, name, tagline) => {
    await act(() => i18n.changeLanguage(lng));
    render(<Hero />);
    expect(screen.getByLabelText(name)).toBeTruthy();
    expect(screen.getByTestId('brand-lockup')).toBeTruthy();
    expect(screen.getByText(tagline)).toBeTruthy();
    // The picture is decoration: hidden from assistive technology.
    expect(screen.getByTestId('brand-hero', { includeHiddenElements: true }).props['aria-hidden']).toBe(true);
  });
});

/** img is what the web BrandPicture renders: one host element and its attributes. */
function img(element: React.ReactElement) {
  const tree = render(element).toJSON();
  if (!tree || Array.isArray(tree)) throw new Error('not one element');
  return tree;
}

describe('BrandPicture on the web', () => {
  it('is an <img> with its width and height (no layout shift, no script to draw it)', () => {
    const tree = img(<WebBrandPicture name="hero" height={80} />);
    expect(tree.type).toBe('img');
    expect(tree.props).toMatchObject({ width: 120, height: 80, alt: '' });
  });

  it('keeps the drawing’s proportions and carries its name', () => {
    expect(img(<WebBrandPicture name="lockup" height={28} alt="Ngern" />).props).toMatchObject({ width: 93, height: 28, alt: 'Ngern' });
  });
});

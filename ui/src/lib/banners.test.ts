import { bannersFor } from './banners';

describe('bannersFor', () => {
  const banners = [
    { image: 'all.png', html: '' },
    { lang: 'th', image: 'th.png', html: '' },
    { lang: 'en', image: 'en.png', html: '' },
    { image: 'all-2.png', html: '' },
  ];
  it.each([
    ['th', ['all.png', 'th.png', 'all-2.png']],
    ['la', ['all.png', 'th.png', 'all-2.png']], // none in Lao: the Thai ones stand in
    ['en', ['all.png', 'en.png', 'all-2.png']],
  ])('%s keeps its own (else the Thai) and every language’s banners in order', (lng, images) => {
    expect(bannersFor(banners, lng).map((b) => b.image)).toEqual(images);
  });
});

it('keeps only the every-language banners when there is none in the language nor in Thai', () => {
  expect(
    bannersFor(
      [
        { image: 'all.png', html: '' },
        { lang: 'en', image: 'en.png', html: '' },
      ],
      'la',
    ).map((b) => b.image),
  ).toEqual(['all.png']);
});

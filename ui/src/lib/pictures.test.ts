import { bonusPicture, gamePicture } from './pictures';

const url = (p: string) => `https://api.example${p}`;

describe('gamePicture', () => {
  it('shows a game its own picture when it has one', () => {
    expect(gamePicture({ code: 'SIAMSLOT', category: 'slot' }, '/img/s.png', url)).toEqual({ uri: 'https://api.example/img/s.png' });
  });

  it('gives each demo game its own art when it has no picture', () => {
    const codes = ['SIAMSLOT', 'NAGAGOLD', 'ELEPHANT', 'MEKONG', 'MUAYBET', 'KICKOFF', 'HUAYTHAI', 'LAOLOTTO'];
    const pictures = codes.map((code) => gamePicture({ code }, '', url));
    expect(new Set(pictures).size).toBe(codes.length);
    expect(pictures).not.toContainEqual(gamePicture({ code: 'OTHER' }, '', url));
  });

  it.each([
    ['slot', 'SIAMSLOT'],
    ['sport', 'KICKOFF'],
    ['lotto', 'HUAYTHAI'],
  ])('gives another %s game without a picture the %s art', (category, demo) => {
    expect(gamePicture({ code: 'x-1', category }, null, url)).toBe(gamePicture({ code: demo }, null, url));
  });

  it('gives a casino game without a picture the default, not a bonus picture', () => {
    const casino = gamePicture({ code: 'x-2', category: 'casino' }, undefined, url);
    expect(casino).toBe(gamePicture({ code: 'x-3' }, '', url));
    expect(casino).not.toBe(bonusPicture);
    expect(casino).toBeTruthy();
  });
});

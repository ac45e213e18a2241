import { frictionEasing, sliceUnderPointer, targetRotation, wheelSize } from './wheel-math';

describe('wheel math', () => {
  it.each([2, 3, 6, 7, 12])('lands on every slice of a %d-slice wheel, 2 or 3 turns ahead', (count) => {
    for (let index = 0; index < count; index++) {
      for (const current of [0, 17.5, 359, 1234.5]) {
        for (const turns of [2, 3]) {
          for (const offset of [-0.5, 0, 0.3]) {
            const to = targetRotation(current, index, count, turns, offset);
            expect(sliceUnderPointer(to, count)).toBe(index);
            expect(to - current).toBeGreaterThanOrEqual(turns * 360);
            expect(to - current).toBeLessThan((turns + 1) * 360);
          }
        }
      }
    }
  });

  it('slows down with friction and arrives exactly at the end', () => {
    const ease = frictionEasing(4500);
    expect(ease(0)).toBe(0);
    expect(ease(1)).toBe(1);
    const first = ease(0.1) - ease(0);
    const last = ease(1) - ease(0.9);
    expect(first).toBeGreaterThan(last * 5);
    for (let x = 0.05; x <= 1; x += 0.05) expect(ease(x)).toBeGreaterThan(ease(x - 0.05));
  });

  it('is at most 350 px or 85 % of the width', () => {
    expect(wheelSize(1200)).toBe(350);
    expect(wheelSize(360)).toBe(306);
  });
});

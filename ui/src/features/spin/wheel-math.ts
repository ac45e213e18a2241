// The wheel's geometry and motion (spec part 9: 2 or 3 extra turns, friction 0.991, about 4 to 5 s).
// Slice i spans [i·step, (i+1)·step) degrees clockwise from the pointer at the top when the wheel's
// rotation is 0.

export const friction = 0.991;
export const frameMs = 1000 / 60;

/** extraTurns is 2 or 3 full turns before the wheel settles. */
export function extraTurns(random: () => number = Math.random): number {
  return random() < 0.5 ? 2 : 3;
}

/** spinDuration is 4 to 5 s. */
export function spinDuration(random: () => number = Math.random): number {
  return 4000 + Math.round(random() * 1000);
}

/** sliceUnderPointer is the index of the slice under the top pointer at a rotation (degrees). */
export function sliceUnderPointer(rotation: number, count: number): number {
  const step = 360 / count;
  const at = (((-rotation % 360) + 360) % 360) / step;
  return Math.floor(at) % count;
}

/**
 * targetRotation is the rotation (degrees, always ahead of current) at which slice index is under
 * the pointer after turns extra full turns; offset (-0.5 to 0.5) places the pointer within the slice
 * (0: its centre), kept off the edges.
 */
export function targetRotation(current: number, index: number, count: number, turns: number, offset = 0): number {
  const step = 360 / count;
  const within = Math.max(-0.35, Math.min(0.35, offset));
  const rest = (((-(index + 0.5 + within) * step) % 360) + 360) % 360;
  const now = ((current % 360) + 360) % 360;
  const ahead = (rest - now + 360) % 360;
  return current + turns * 360 + ahead;
}

/**
 * frictionEasing is the progress (0 to 1) of a wheel slowed by friction each frame: the angle
 * travelled after k frames is proportional to 1 − friction^k, normalised so that the wheel arrives
 * exactly at its target at the end of the duration.
 */
export function frictionEasing(durationMs: number, f = friction): (x: number) => number {
  const frames = durationMs / frameMs;
  const end = 1 - Math.pow(f, frames);
  return (x: number) => (x >= 1 ? 1 : (1 - Math.pow(f, x * frames)) / end);
}

/** wheelSize is 350 px, or 85 % of the window width when that is smaller. */
export function wheelSize(windowWidth: number): number {
  return Math.floor(Math.min(350, windowWidth * 0.85));
}

/** slicePath is the SVG path of slice i of count on a wheel of radius r centred at (c, c). */
export function slicePath(i: number, count: number, c: number, r: number): string {
  const step = (2 * Math.PI) / count;
  const a0 = i * step - Math.PI / 2;
  const a1 = a0 + step;
  const x0 = c + r * Math.cos(a0);
  const y0 = c + r * Math.sin(a0);
  const x1 = c + r * Math.cos(a1);
  const y1 = c + r * Math.sin(a1);
  const large = step > Math.PI ? 1 : 0;
  return `M${c},${c} L${x0.toFixed(3)},${y0.toFixed(3)} A${r},${r} 0 ${large} 1 ${x1.toFixed(3)},${y1.toFixed(3)} Z`;
}

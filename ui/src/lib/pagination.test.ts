import { pageCount, pageWindow } from './pagination';

describe('pageWindow', () => {
  it('shows 3 pages before and 1 after the current one', () => {
    expect(pageWindow(5, 10)).toEqual([2, 3, 4, 5, 6]);
    expect(pageWindow(10, 10)).toEqual([7, 8, 9, 10]);
  });
  it('stays within the first and the last page', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2]);
    expect(pageWindow(2, 10)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(12, 10)).toEqual([7, 8, 9, 10]);
  });
});

describe('pageCount', () => {
  it('rounds up and is at least 1', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });
});

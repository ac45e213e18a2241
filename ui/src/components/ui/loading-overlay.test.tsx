import { act, renderHook } from '@testing-library/react-native';

import { useDelayedFlag } from './loading-overlay';

describe('useDelayedFlag', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('turns on only after 200 ms and off at once', () => {
    const { result, rerender } = renderHook(({ flag }: { flag: boolean }) => useDelayedFlag(flag), { initialProps: { flag: true } });
    act(() => jest.advanceTimersByTime(199));
    expect(result.current).toBe(false);
    act(() => jest.advanceTimersByTime(1));
    expect(result.current).toBe(true);
    rerender({ flag: false });
    expect(result.current).toBe(false);
  });

  it('never shows for a call shorter than 200 ms', () => {
    const { result, rerender } = renderHook(({ flag }: { flag: boolean }) => useDelayedFlag(flag), { initialProps: { flag: true } });
    act(() => jest.advanceTimersByTime(150));
    rerender({ flag: false });
    act(() => jest.advanceTimersByTime(500));
    expect(result.current).toBe(false);
  });
});

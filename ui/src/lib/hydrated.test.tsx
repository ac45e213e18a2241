import { act, render, screen } from '@testing-library/react-native';
import { Text } from 'react-native';

import { useAfterPaint, useHydrated } from './hydrated';

// The order matters: the module remembers that the app has hydrated once.
describe('useHydrated', () => {
  const renders: string[] = [];
  function Spy() {
    const hydrated = useHydrated();
    renders.push(hydrated ? 'ready' : 'hydrating');
    return <Text>{hydrated ? 'ready' : 'hydrating'}</Text>;
  }
  beforeEach(() => renders.splice(0));

  it('is false on the first render of the app (the hydrating one), then true', async () => {
    render(<Spy />);
    await act(async () => undefined);
    expect(renders[0]).toBe('hydrating');
    expect(renders.at(-1)).toBe('ready');
    expect(screen.getByText('ready')).toBeTruthy();
  });

  it('is true at once on any later mount', async () => {
    render(<Spy />);
    await act(async () => undefined);
    expect(renders).toEqual(['ready']);
  });
});

describe('useAfterPaint', () => {
  function Spy({ ready }: { ready?: boolean }) {
    return <Text>{useAfterPaint(ready) ? 'painted' : 'first'}</Text>;
  }

  it('is false at the first render, then true once a frame has been painted', async () => {
    jest.useFakeTimers();
    try {
      render(<Spy />);
      expect(screen.getByText('first')).toBeTruthy();
      await act(async () => jest.advanceTimersByTime(100));
      expect(screen.getByText('painted')).toBeTruthy();
    } finally {
      jest.useRealTimers();
    }
  });

  it('waits until ready', async () => {
    jest.useFakeTimers();
    try {
      const view = render(<Spy ready={false} />);
      await act(async () => jest.advanceTimersByTime(100));
      expect(screen.getByText('first')).toBeTruthy();
      view.rerender(<Spy ready />);
      expect(screen.getByText('first')).toBeTruthy();
      await act(async () => jest.advanceTimersByTime(100));
      expect(screen.getByText('painted')).toBeTruthy();
    } finally {
      jest.useRealTimers();
    }
  });
});

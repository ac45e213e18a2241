import { act, render, screen } from '@testing-library/react-native';
import { Text } from 'react-native';

import { useHydrated } from './hydrated';

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

// The web Skeleton (skeleton.tsx; jest resolves the native one by default): a CSS pulse, none under
// reduced motion.
import { render, screen } from '@testing-library/react-native';
import { StyleSheet } from 'react-native';

// The explicit file: jest would resolve skeleton.native.tsx.
const { Skeleton } = jest.requireActual<typeof import('./skeleton')>('./skeleton.tsx');

function prefersReduced(reduced: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({ matches: reduced && query.includes('prefers-reduced-motion: reduce') }),
  });
}

describe('Skeleton on the web', () => {
  it.each([
    ['pulses', false, 'infinite'],
    ['stands still when the browser asks for less motion', true, undefined],
  ])('%s', (_name, reduced, iterations) => {
    prefersReduced(reduced);
    render(<Skeleton blocks={[{ height: 40 }, { height: 20 }]} />);
    const style = StyleSheet.flatten(screen.getByTestId('skeleton').props.style) as Record<string, unknown>;
    expect(style.animationIterationCount).toBe(iterations);
    expect(screen.getByTestId('skeleton').props.children).toHaveLength(2);
  });
});

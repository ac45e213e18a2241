import { act, render, screen } from '@testing-library/react-native';
import { AccessibilityInfo, Animated } from 'react-native';

import i18n from '@/i18n';

import { Skeleton } from './skeleton';

function motion(reduced: boolean) {
  jest.spyOn(AccessibilityInfo, 'isReduceMotionEnabled').mockResolvedValue(reduced);
  return jest.spyOn(Animated, 'loop');
}

describe('Skeleton', () => {
  beforeEach(() => act(() => i18n.changeLanguage('en')));
  afterEach(() => jest.restoreAllMocks());

  it('draws its blocks and is heard as loading', async () => {
    motion(false);
    render(<Skeleton blocks={[{ height: 40 }, { height: 20, width: 120 }, { height: 32, round: true }]} />);
    await act(async () => undefined);
    const skeleton = screen.getByLabelText('Loading…');
    expect(skeleton.props.testID).toBe('skeleton');
    expect(skeleton.props.children).toHaveLength(3);
  });

  it.each([
    ['pulses', false, 1],
    ['stands still when the system asks for less motion', true, 0],
  ])('%s', async (_name, reduced, pulses) => {
    const loop = motion(reduced);
    render(<Skeleton blocks={[{ height: 40 }]} />);
    await act(async () => undefined);
    expect(loop).toHaveBeenCalledTimes(pulses);
    if (reduced) expect(screen.getByTestId('skeleton')).toHaveStyle({ opacity: 1 });
  });
});

import { render, screen } from '@testing-library/react-native';

import { BottomMenu } from './bottom-menu';

jest.mock('react-native-safe-area-context', () => ({ useSafeAreaInsets: () => ({ top: 0, bottom: 0, left: 0, right: 0 }) }));

describe('BottomMenu', () => {
  it('shows an icon with every item, hidden from screen readers, and keeps the labels as names', () => {
    const keys = ['profile', 'conditions', 'home', 'statement', 'contact', 'login', 'register', 'howto'];
    render(
      <BottomMenu
        label="Main menu"
        items={keys.map((key) => ({ key, label: `Item ${key}`, onPress: jest.fn(), active: key === 'home' }))}
      />,
    );
    for (const key of keys) {
      expect(screen.getByTestId(`menu-icon-${key}`, { includeHiddenElements: true })).toBeTruthy();
      expect(screen.getByRole('link', { name: `Item ${key}` })).toBeTruthy();
    }
  });
});

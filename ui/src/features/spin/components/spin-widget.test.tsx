import { fireEvent, screen } from '@testing-library/react-native';
import { Pressable, Text } from 'react-native';

import i18n from '@/i18n';
import { mockApi, renderWithProviders, routerMock } from '@/testing/render';

import { SpinWidget, type SpinTile } from './spin-widget';

const renderTile = (tile: SpinTile) => (
  <Pressable key={tile.key} accessibilityRole="button" accessibilityLabel={tile.label} onPress={tile.onPress}>
    <Text>{tile.caption}</Text>
  </Pressable>
);

describe('SpinWidget', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('opens the spin page with the coin count while a wheel is active', async () => {
    mockApi({ 'GET /api/spinwheel/active': { body: { isActive: true } } });
    const refresh = jest.fn();
    renderWithProviders(<SpinWidget coin={4} onRefreshAll={refresh} renderTile={renderTile} />);
    fireEvent.press(await screen.findByRole('button', { name: 'Spin wheel' }));
    expect(routerMock().push).toHaveBeenCalledWith('/user/spin');
    expect(screen.getByText('4 coins')).toBeTruthy();
    expect(refresh).not.toHaveBeenCalled();
  });

  it('refreshes all instead while no wheel is active', async () => {
    mockApi({ 'GET /api/spinwheel/active': { body: { isActive: false } } });
    const refresh = jest.fn();
    renderWithProviders(<SpinWidget coin={1} onRefreshAll={refresh} renderTile={renderTile} />);
    fireEvent.press(await screen.findByRole('button', { name: 'Refresh all' }));
    expect(refresh).toHaveBeenCalled();
    expect(screen.getByText('1 coins')).toBeTruthy();
  });
});

import { act, fireEvent, screen, waitFor } from '@testing-library/react-native';

import i18n from '@/i18n';
import { mockApi, renderWithProviders } from '@/testing/render';

import { ChatWidget } from './chat-widget';

// The panel's chunk, as the bundler would load it.
jest.mock('./load-chat-panel', () => {
  const React = jest.requireActual('react');
  const { Text } = jest.requireActual('react-native');
  const mod = { default: () => React.createElement(Text, null, 'the chat panel') };
  return { loadChatPanel: () => Promise.resolve(mod) };
});

describe('ChatWidget', () => {
  beforeEach(() => {
    i18n.changeLanguage('en');
    jest.useFakeTimers();
  });
  afterEach(() => {
    // The button's turn animation and the panel's prefetch end inside the test.
    act(() => jest.runOnlyPendingTimers());
    jest.useRealTimers();
  });

  it('is hidden while enableChatWidget is off', async () => {
    const calls = mockApi({ 'GET /api/lookup/enableChatWidget': { body: { enableChatWidget: false } } });
    renderWithProviders(<ChatWidget />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByLabelText('Open the chat')).toBeNull();
  });

  it('shows the invite bubble, and opens and closes the panel', async () => {
    mockApi({ 'GET /api/lookup/enableChatWidget': { body: { enableChatWidget: true } } });
    renderWithProviders(<ChatWidget />);
    const fab = await screen.findByLabelText('Open the chat');
    expect(screen.getByText('Need help? Chat with us')).toBeTruthy();
    await act(async () => {
      fireEvent.press(fab);
    });
    expect(await screen.findByText('the chat panel')).toBeTruthy();
    expect(screen.queryByText('Need help? Chat with us')).toBeNull();
    fireEvent.press(screen.getByLabelText('Close the chat'));
    expect(screen.queryByText('the chat panel')).toBeNull();
  });
});

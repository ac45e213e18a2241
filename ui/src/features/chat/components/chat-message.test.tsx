import { fireEvent, render, screen } from '@testing-library/react-native';

import i18n from '@/i18n';
import { openLink } from '@/lib/open-link';

import { ChatMessage } from './chat-message';

jest.mock('@/lib/open-link', () => ({ openLink: jest.fn(async () => undefined) }));

const item = (message_type: string, payload: object) => ({
  _id: 'm1',
  sender: 'agent',
  message: { message_type, payload },
  createdAt: '2026-01-01T00:00:00Z',
});

// The console composes buttons and cards (docs/ui.md, support chat); the widget shows them and
// answers a tap as the button's type says.
describe('ChatMessage: buttons and cards from the console', () => {
  beforeEach(() => {
    i18n.changeLanguage('en');
    (openLink as jest.Mock).mockClear();
  });

  const renderItem = (it: ReturnType<typeof item>) => {
    const onPostback = jest.fn();
    const onText = jest.fn();
    render(<ChatMessage item={it} identity={null} onPostback={onPostback} onText={onText} onResend={jest.fn()} onRemove={jest.fn()} />);
    return { onPostback, onText };
  };

  it('buttons: a postback answers with its payload, a web button opens its link, a call button dials, a plain one sends its title', () => {
    const { onPostback, onText } = renderItem(
      item('buttons', {
        message: 'How would you like to deposit?',
        buttons: [
          { title: 'QR', type: 'postback', payload: 'DEPOSIT_QR' },
          { title: 'Guide', type: 'web', payload: 'https://ngern.example/how-to' },
          { title: 'Call us', type: 'call', payload: '+66 2 123 4567' },
          { title: 'Later' },
        ],
      }),
    );
    expect(screen.getByText('How would you like to deposit?')).toBeTruthy();
    fireEvent.press(screen.getByRole('button', { name: 'QR' }));
    expect(onPostback).toHaveBeenCalledWith('QR', 'DEPOSIT_QR');
    fireEvent.press(screen.getByRole('button', { name: 'Guide' }));
    expect(openLink).toHaveBeenCalledWith('https://ngern.example/how-to');
    fireEvent.press(screen.getByRole('button', { name: 'Call us' }));
    expect(openLink).toHaveBeenCalledWith('tel:+6621234567');
    fireEvent.press(screen.getByRole('button', { name: 'Later' }));
    expect(onText).toHaveBeenCalledWith('Later');
  });

  it('cards: image, title, subtitle and their buttons', () => {
    const { onPostback } = renderItem(
      item('generic', {
        cards: [
          {
            image_url: 'https://ngern.example/promo.png',
            title: 'Welcome bonus',
            subtitle: '100% on the first deposit',
            buttons: [{ title: 'Claim', type: 'postback', payload: 'CLAIM_WELCOME' }],
          },
          { title: 'Cashback', subtitle: '5% every week' },
        ],
      }),
    );
    expect(screen.getByText('Welcome bonus')).toBeTruthy();
    expect(screen.getByText('100% on the first deposit')).toBeTruthy();
    expect(screen.getByText('Cashback')).toBeTruthy();
    expect(screen.getByLabelText('Welcome bonus').props.source).toEqual({ uri: 'https://ngern.example/promo.png' });
    fireEvent.press(screen.getByRole('button', { name: 'Claim' }));
    expect(onPostback).toHaveBeenCalledWith('Claim', 'CLAIM_WELCOME');
  });

  it('quick replies are buttons too', () => {
    const { onPostback } = renderItem(
      item('quick_replies', { message: 'Pick one', quick_replies: [{ title: 'Yes', type: 'postback', payload: 'Yes' }] }),
    );
    fireEvent.press(screen.getByRole('button', { name: 'Yes' }));
    expect(onPostback).toHaveBeenCalledWith('Yes', 'Yes');
  });
});

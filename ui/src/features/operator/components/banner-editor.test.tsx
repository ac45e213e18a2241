import { fireEvent, screen } from '@testing-library/react-native';
import { useState } from 'react';
import { Platform } from 'react-native';

import i18n from '@/i18n';
import { setOperatorToken } from '@/lib/operator-token';
import { mockApi, renderWithProviders } from '@/testing/render';

import { uploadBanner } from '../api/upload-banner';
import { BannerEditor, bannersToText, textToBanners, withPicture } from './banner-editor';

/** Editor is a page's form holding the banners text. */
function Editor({ initial, onText }: { initial: string; onText?: (text: string) => void }) {
  const [text, setText] = useState(initial);
  return (
    <BannerEditor
      value={text}
      onChange={(v) => {
        setText(v);
        onText?.(v);
      }}
    />
  );
}

/** chooseFile makes the console's file chooser (a web <input type=file>) answer a file when clicked. */
function chooseFile(file: File | null) {
  const os = Platform.OS;
  Platform.OS = 'web';
  const input: { type?: string; accept?: string; files?: File[]; onchange?: () => void; click: () => void } = {
    click: () => {
      input.files = file ? [file] : [];
      input.onchange?.();
    },
  };
  (globalThis as { document?: unknown }).document = { createElement: () => input };
  return {
    input,
    restore: () => {
      Platform.OS = os;
      delete (globalThis as { document?: unknown }).document;
    },
  };
}

describe('banner text', () => {
  it.each([
    [
      'a language prefix and a "|" inside the html',
      'th:https://img/a.png | <b>a|b</b>',
      [{ lang: 'th', image: 'https://img/a.png', html: '<b>a|b</b>' }],
    ],
    ['empty lines dropped, spaces trimmed', '\n  https://img/b.png |  hi \n\n', [{ image: 'https://img/b.png', html: 'hi' }]],
    ['a picture without html', '/api/promo/banners/b-1.png | ', [{ image: '/api/promo/banners/b-1.png', html: '' }]],
    ['nothing', '', []],
  ])('reads %s, and writes it back', (_name, text, banners) => {
    expect(textToBanners(text)).toEqual(banners);
    expect(textToBanners(bannersToText(banners))).toEqual(banners);
  });

  it.each([
    ['an empty field', '', '/p.png | '],
    ['after the others', 'a.png | x\n', 'a.png | x\n/p.png | '],
  ])('adds an uploaded picture to %s', (_name, text, want) => {
    expect(withPicture(text, '/p.png')).toBe(want);
  });
});

describe('BannerEditor', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    setOperatorToken('OPT');
  });

  it('posts the picture as multipart with the operator token and answers its link', async () => {
    const calls = mockApi({ 'POST /api/operator/banners': { body: { message: 'SUCCESS', image: '/api/promo/banners/b-1.png' } } });
    const file = new Blob(['png-bytes'], { type: 'image/png' });
    await expect(uploadBanner(file, 'a.png')).resolves.toEqual({ message: 'SUCCESS', image: '/api/promo/banners/b-1.png' });
    expect(calls[0].path).toBe('/api/operator/banners');
    expect(calls[0].headers.Authorization).toBe('Bearer OPT');
    expect(calls[0].headers['Content-Type']).toBeUndefined();
  });

  it('edits the banners one a line under its label, with the help', () => {
    const onText = jest.fn();
    renderWithProviders(<Editor initial="a.png | x" onText={onText} />);
    expect(screen.getByText(/One banner a line/)).toBeTruthy();
    fireEvent.changeText(screen.getByLabelText('Banners'), 'a.png | x\nth:b.png | y');
    expect(onText).toHaveBeenLastCalledWith('a.png | x\nth:b.png | y');
  });

  it('uploads a chosen picture and adds its link as a new line after what was typed meanwhile', async () => {
    const calls = mockApi({ 'POST /api/operator/banners': () => ({ body: { message: 'SUCCESS', image: '/api/promo/banners/b-2.png' } }) });
    const chooser = chooseFile(new File(['gif'], 'b.gif', { type: 'image/gif' }));
    try {
      renderWithProviders(<Editor initial="a.png | x" />);
      fireEvent.press(screen.getByRole('button', { name: /Upload a banner picture/ }));
      expect(chooser.input.accept).toBe('image/png,image/jpeg,image/gif');
      fireEvent.changeText(screen.getByLabelText('Banners'), 'a.png | x\nc.png | typed');
      expect(await screen.findByDisplayValue('a.png | x\nc.png | typed\n/api/promo/banners/b-2.png | ')).toBeTruthy();
      expect(calls).toHaveLength(1);
      expect(calls[0].path).toBe('/api/operator/banners');
    } finally {
      chooser.restore();
    }
  });

  it('shows a refused upload with the field the server named, and leaves the text', async () => {
    mockApi({ 'POST /api/operator/banners': { status: 400, body: { message: 'INVALID_REQUEST', field: 'file' } } });
    const chooser = chooseFile(new File(['x'], 'x.png', { type: 'image/png' }));
    try {
      renderWithProviders(<Editor initial="a.png | x" />);
      fireEvent.press(screen.getByRole('button', { name: /Upload a banner picture/ }));
      expect(await screen.findByRole('alert')).toHaveTextContent(/\(file\)$/);
      expect(screen.getByDisplayValue('a.png | x')).toBeTruthy();
    } finally {
      chooser.restore();
    }
  });

  it('does nothing when no file is chosen', () => {
    const calls = mockApi({});
    const chooser = chooseFile(null);
    try {
      renderWithProviders(<Editor initial="" />);
      fireEvent.press(screen.getByRole('button', { name: /Upload a banner picture/ }));
      expect(calls).toHaveLength(0);
    } finally {
      chooser.restore();
    }
  });
});

describe('BannerPreview', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('previews the banners of each language side by side and marks the one without its own', async () => {
    renderWithProviders(
      <Editor
        initial={
          'https://img.example/all.png | <p>Everyone</p>\nth:https://img.example/th.png | <p>ไทย</p>\nen:https://img.example/en.png | <p>English</p>'
        }
      />,
    );
    const column = (language: string) => screen.getByLabelText(`Preview in ${language}`);
    expect(await screen.findAllByText('Everyone')).toHaveLength(3);
    expect(screen.getAllByText('ไทย')).toHaveLength(2); // Thai, and Lao where it stands in
    expect(screen.getAllByText('English')).toHaveLength(2); // the English badge and banner
    expect(screen.getAllByText('Not translated')).toHaveLength(1);
    expect(column('Lao')).toBeTruthy();
    fireEvent.changeText(
      screen.getByLabelText('Banners'),
      'la:https://img.example/la.png | <p>ລາວ</p>\nth:https://img.example/th.png | <p>ไทย</p>',
    );
    expect(await screen.findByText('ລາວ')).toBeTruthy();
    expect(screen.queryByText('Not translated')).toBeTruthy(); // English now: the Thai ones stand in
    expect(screen.getAllByText('ไทย')).toHaveLength(2);
  });
});

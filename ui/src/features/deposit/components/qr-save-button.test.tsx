// Android and iOS: the card drawn with react-native-svg, and its PNG written to the cache and
// added to the photo library (the file system and the library are mocked: jest has no device).
import { render } from '@testing-library/react-native';
import { Rect, Text } from 'react-native-svg';

import payloads from '../../../../../core/deposit/testdata/promptpay-payloads.json';
import { cardLayout, payeeOf, qrModules } from '../qr-card';

import { CardSvg, savePng } from './qr-save-button';

const mockFiles: { uri: string; created?: unknown; written?: [string, unknown] }[] = [];
jest.mock('expo-file-system', () => ({
  Paths: { cache: { uri: 'file:///cache/' } },
  File: jest.fn().mockImplementation((dir: { uri: string }, name: string) => {
    const f = {
      uri: dir.uri + name,
      create: (o: unknown) => (f.created = o),
      write: (content: string, o: unknown) => (f.written = [content, o]),
    } as {
      uri: string;
      created?: unknown;
      written?: [string, unknown];
      create: (o: unknown) => void;
      write: (c: string, o: unknown) => void;
    };
    mockFiles.push(f);
    return f;
  }),
}));
const mockLibrary = { granted: true, saved: [] as string[], asked: [] as unknown[][] };
jest.mock('expo-media-library/legacy', () => ({
  requestPermissionsAsync: jest.fn(async (...args: unknown[]) => {
    mockLibrary.asked.push(args);
    return { granted: mockLibrary.granted };
  }),
  saveToLibraryAsync: jest.fn(async (uri: string) => {
    mockLibrary.saved.push(uri);
  }),
}));

const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><rect width="29" height="29" fill="#fff"/>' +
  '<path fill="#000" d="M4 4h7v1h-7zM12 4h1v1h-1z"/></svg>';

describe('saving the QR card on Android and iOS', () => {
  beforeEach(() => {
    mockFiles.length = 0;
    mockLibrary.granted = true;
    mockLibrary.saved = [];
    mockLibrary.asked = [];
  });

  it('writes the PNG to the cache and adds it to the photo library, asking for write access to pictures only', async () => {
    expect(await savePng('iVBORw0KGgo=', 'qr-kbank-q1.png')).toBe('saved');
    expect(mockLibrary.asked).toEqual([[true, ['photo']]]);
    expect(mockFiles).toHaveLength(1);
    expect(mockFiles[0]).toMatchObject({
      uri: 'file:///cache/qr-kbank-q1.png',
      created: { overwrite: true },
      written: ['iVBORw0KGgo=', { encoding: 'base64' }],
    });
    expect(mockLibrary.saved).toEqual(['file:///cache/qr-kbank-q1.png']);
  });

  it('writes nothing when the member refuses access', async () => {
    mockLibrary.granted = false;
    expect(await savePng('iVBORw0KGgo=', 'qr.png')).toBe('denied');
    expect(mockFiles).toHaveLength(0);
    expect(mockLibrary.saved).toEqual([]);
  });

  it('draws the card: the band, the modules and the lines with the amount and the payee', () => {
    const p = payloads[0];
    const card = cardLayout(qrModules(svg), {
      payee: 'สมชาย',
      promptPay: `พร้อมเพย์ ${payeeOf(p.payload).promptPay}`,
      amount: `ชำระ ${p.amount} บาท`,
    });
    const view = render(<CardSvg card={card} font={(bold) => (bold ? 'NotoSansThai_700Bold' : 'NotoSansThai_400Regular')} />);
    const texts = view.UNSAFE_getAllByType(Text).map((t) => t.props.children);
    expect(texts).toEqual(['THAI QR PAYMENT', 'PromptPay', 'สมชาย', 'พร้อมเพย์ xxx-xxx-5678', 'ชำระ 100.37 บาท']);
    const amount = view.UNSAFE_getAllByType(Text).find((t) => t.props.children === 'ชำระ 100.37 บาท')!;
    expect(amount.props).toMatchObject({ fontFamily: 'NotoSansThai_700Bold', textAnchor: 'middle', fill: '#0e3e68' });
    const dark = view.UNSAFE_getAllByType(Rect).filter((r) => r.props.fill === '#000000');
    expect(dark).toHaveLength(2);
  });
});

import { act, fireEvent, screen, waitFor } from '@testing-library/react-native';
import { Platform } from 'react-native';

import i18n from '@/i18n';
import { clearToken, removeItem, storageKeys, writeItem } from '@/lib/storage';
import { mockApi, renderWithProviders } from '@/testing/render';

import { assetFile } from '../lib/native-file';
import ChatPanel from './chat-panel';

// The native photo library, mocked: each test says what the user picks.
const mockLaunch = jest.fn();
jest.mock('expo-image-picker', () => ({
  launchImageLibraryAsync: (...args: unknown[]) => mockLaunch(...args),
  UIImagePickerPreferredAssetRepresentationMode: { Compatible: 'compatible' },
}));

class FakeWebSocket {
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  constructor(public url: string) {
    setTimeout(() => this.onopen?.({}), 0);
  }
  send(d: string) {
    const f = JSON.parse(d);
    if (f.type === 'join') setTimeout(() => this.onmessage?.({ data: JSON.stringify({ type: 'joined', data: { room: f.room } }) }), 0);
  }
  close() {}
}

const path = '/api/chat/media/ngern-gabc/0123456789abcdef0123456789abcdef.jpg';

describe('chat attachments on the native apps', () => {
  let appended: { field: string; value: any; name?: string }[];
  beforeEach(() => {
    i18n.changeLanguage('en');
    (global as any).WebSocket = FakeWebSocket;
    clearToken();
    removeItem(storageKeys.guestId);
    writeItem(storageKeys.guestId, JSON.stringify({ guestId: 'gabc', guestToken: 'secret-token' }));
    mockLaunch.mockReset();
    appended = [];
    jest.spyOn(FormData.prototype, 'append').mockImplementation(function (field: string, value: any, name?: string) {
      appended.push({ field, value, name });
    });
  });
  afterEach(() => jest.restoreAllMocks());

  const open = async () => {
    const calls = mockApi({
      'POST /api/chat/ticket': { body: { ticket: 't1', room: 'ngern-gabc' } },
      'POST /api/chat/history': { body: [] },
      'POST /api/chat/upload-image': { body: { path } },
      'POST /api/chat/send-message': { body: { createdAt: '2026-01-01T03:04:05Z', _id: 'x1' } },
    });
    renderWithProviders(<ChatPanel onClose={() => undefined} />);
    return calls;
  };

  it('runs on a native platform in this suite', () => {
    expect(Platform.OS).not.toBe('web');
  });

  it('the paperclip opens the photo library; the picked picture is uploaded and sent as media', async () => {
    mockLaunch.mockResolvedValue({
      canceled: false,
      assets: [{ uri: 'file:///cache/ImagePicker/4F2A', fileName: null, mimeType: 'image/jpeg', fileSize: 2048, type: 'image' }],
    });
    const calls = await open();
    fireEvent.press(await screen.findByRole('button', { name: 'Attach a picture or a video' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/chat/send-message')).toBe(true));
    expect(mockLaunch).toHaveBeenCalledWith(expect.objectContaining({ mediaTypes: ['images', 'videos'], allowsMultipleSelection: false }));
    const upload = calls.find((c) => c.path === '/api/chat/upload-image')!;
    expect(upload.headers['X-Guest-Token']).toBe('secret-token');
    expect(appended).toEqual([
      { field: 'file', value: { uri: 'file:///cache/ImagePicker/4F2A', name: '4F2A.jpg', type: 'image/jpeg' }, name: '4F2A.jpg' },
    ]);
    const sent = calls.find((c) => c.path === '/api/chat/send-message')!;
    expect(sent.body.message).toEqual({
      message_type: 'media',
      payload: { message: '', url: path, fileType: 'image', filePath: path, name: '4F2A.jpg' },
    });
  });

  it('a picture over 10 MB is refused before any upload', async () => {
    mockLaunch.mockResolvedValue({
      canceled: false,
      assets: [{ uri: 'file:///big.png', fileName: 'big.png', mimeType: 'image/png', fileSize: 11 * 1024 * 1024 }],
    });
    const calls = await open();
    fireEvent.press(await screen.findByRole('button', { name: 'Attach a picture or a video' }));
    expect(await screen.findByText('The file is too large. Please select file no larger than 10 MB.')).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/api/chat/upload'))).toBe(false);
  });

  it('a file of another type is not supported; a cancelled pick does nothing', async () => {
    mockLaunch.mockResolvedValueOnce({ canceled: true, assets: null });
    mockLaunch.mockResolvedValueOnce({
      canceled: false,
      assets: [{ uri: 'file:///x/clip', fileName: 'clip.webm', mimeType: 'video/webm', fileSize: 10 }],
    });
    const calls = await open();
    const clip = await screen.findByRole('button', { name: 'Attach a picture or a video' });
    await act(async () => fireEvent.press(clip));
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.press(clip);
    expect(await screen.findByText('File is not supported')).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/api/chat/upload'))).toBe(false);
  });

  it('says so when the photo library cannot be opened', async () => {
    mockLaunch.mockRejectedValue(new Error('permission denied'));
    await open();
    fireEvent.press(await screen.findByRole('button', { name: 'Attach a picture or a video' }));
    expect(await screen.findByText('Your photos could not be opened.')).toBeTruthy();
  });
});

describe('assetFile', () => {
  it.each([
    [
      'own name kept',
      { uri: 'file:///a/IMG_1.JPG', fileName: 'IMG_1.JPG', mimeType: 'image/jpeg', fileSize: 5 },
      { name: 'IMG_1.JPG', type: 'image/jpeg', size: 5 },
    ],
    [
      'name from the uri, extension from the type',
      { uri: 'content://media/external/video/77', mimeType: 'video/mp4' },
      { name: '77.mp4', type: 'video/mp4', size: 0 },
    ],
    [
      'quicktime',
      { uri: 'file:///v/clip', fileName: 'clip', mimeType: 'video/quicktime' },
      { name: 'clip.mov', type: 'video/quicktime', size: 0 },
    ],
    ['type from the extension', { uri: 'file:///p/pic.gif' }, { name: 'pic.gif', type: 'image/gif', size: 0 }],
    ['unknown stays unsupported', { uri: 'file:///p/doc', mimeType: 'application/pdf' }, { name: 'doc', type: 'application/pdf', size: 0 }],
  ])('%s', (_name, asset, want) => {
    expect(assetFile(asset)).toEqual({ uri: asset.uri, ...want });
  });
});

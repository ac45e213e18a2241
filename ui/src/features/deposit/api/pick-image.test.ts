import { pickImage } from './pick-image';

// The native slip picker with the photo library mocked (the web build uses pick-image.web.ts).
const mockLaunch = jest.fn();
jest.mock('expo-image-picker', () => ({
  launchImageLibraryAsync: (...args: unknown[]) => mockLaunch(...args),
  UIImagePickerPreferredAssetRepresentationMode: { Compatible: 'compatible' },
}));

describe('pickImage (native)', () => {
  beforeEach(() => mockLaunch.mockReset());

  it('opens the photo library for one picture and returns a FormData file with a preview', async () => {
    mockLaunch.mockResolvedValue({
      canceled: false,
      assets: [{ uri: 'file:///cache/IMG_7.jpg', fileName: 'IMG_7.jpg', mimeType: 'image/jpeg' }],
    });
    await expect(pickImage()).resolves.toEqual({
      file: { uri: 'file:///cache/IMG_7.jpg', name: 'IMG_7.jpg', type: 'image/jpeg' },
      name: 'IMG_7.jpg',
      previewUrl: 'file:///cache/IMG_7.jpg',
    });
    expect(mockLaunch).toHaveBeenCalledWith(expect.objectContaining({ mediaTypes: ['images'], allowsMultipleSelection: false }));
  });

  it.each([
    ['png', 'image/png', 'slip.png'],
    ['webp', 'image/webp', 'slip.webp'],
    ['unknown type', undefined, 'slip.jpg'],
  ])('names an asset without a file name (%s)', async (_n, mimeType, name) => {
    mockLaunch.mockResolvedValue({ canceled: false, assets: [{ uri: 'content://media/1', fileName: null, mimeType }] });
    const got = await pickImage();
    expect(got?.name).toBe(name);
    expect((got?.file as unknown as { type: string }).type).toBe(mimeType ?? 'image/jpeg');
  });

  it('returns null when the user cancels', async () => {
    mockLaunch.mockResolvedValue({ canceled: true, assets: null });
    await expect(pickImage()).resolves.toBeNull();
  });
});

// Choosing a slip image on the native apps: one picture from the system photo library (no
// camera; the system picker needs no photo permission). HEIC pictures come back as JPEG, which
// the server takes (it sniffs JPEG, PNG and WebP). The file is React Native's FormData file
// ({uri, name, type}); the preview is the asset's own uri. The web build takes pick-image.web.ts.
import * as ImagePicker from 'expo-image-picker';

export type PickedImage = { file: Blob; name: string; previewUrl: string };

const extByType: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

export async function pickImage(): Promise<PickedImage | null> {
  const res = await ImagePicker.launchImageLibraryAsync({
    mediaTypes: ['images'],
    allowsMultipleSelection: false,
    allowsEditing: false,
    exif: false,
    quality: 0.9,
    preferredAssetRepresentationMode: ImagePicker.UIImagePickerPreferredAssetRepresentationMode.Compatible,
  });
  const a = res.canceled ? null : res.assets?.[0];
  if (!a) return null;
  const type = (a.mimeType ?? '').toLowerCase() || 'image/jpeg';
  const name = (a.fileName ?? '').trim() || `slip.${extByType[type] ?? 'jpg'}`;
  // React Native's FormData sends {uri, name, type} as a file part.
  const file = { uri: a.uri, name, type } as unknown as Blob;
  return { file, name, previewUrl: a.uri };
}

export function releasePreview(_url: string): void {}

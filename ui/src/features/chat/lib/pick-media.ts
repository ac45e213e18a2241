// The native apps' picker: one picture or video from the photo library (docs/ui.md, chat). The
// web build takes pick-media.web.ts instead, so that expo-image-picker never joins a web bundle.
import * as ImagePicker from 'expo-image-picker';

import { assetFile, type NativeFile } from './native-file';

/**
 * pickNativeMedia opens the photo library for one picture or video and returns it, or null
 * when the user cancelled. HEIC pictures and HEVC videos come back in compatible forms (JPEG,
 * H.264), which the server accepts. The system picker needs no photo permission.
 */
export async function pickNativeMedia(): Promise<NativeFile | null> {
  const res = await ImagePicker.launchImageLibraryAsync({
    mediaTypes: ['images', 'videos'],
    allowsMultipleSelection: false,
    allowsEditing: false,
    exif: false,
    quality: 0.8,
    preferredAssetRepresentationMode: ImagePicker.UIImagePickerPreferredAssetRepresentationMode.Compatible,
  });
  if (res.canceled || !res.assets?.length) return null;
  return assetFile(res.assets[0]);
}

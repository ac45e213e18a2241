// The web has no photo-library picker: the chat panel opens a file input instead
// (pick-media.ts is the native apps' picker).
import type { NativeFile } from './native-file';

/** pickNativeMedia is never called on the web. */
export async function pickNativeMedia(): Promise<NativeFile | null> {
  throw new Error('the web picks files with an input');
}

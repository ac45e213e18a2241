// Attachments from the phone's photo library: naming a picked asset for the upload. The picker
// itself is in pick-media.ts (the native apps) and pick-media.web.ts (never called: the
// web keeps its file input), so that expo-image-picker never joins a web bundle, /login's least.

/** NativeAsset is the part of an expo-image-picker asset the chat uses. */
export type NativeAsset = { uri: string; fileName?: string | null; fileSize?: number; mimeType?: string; type?: string | null };

/** NativeFile is a picked asset as the upload sends it (React Native's FormData file). */
export type NativeFile = { uri: string; name: string; type: string; size: number };

const extByType: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
};

const typeByExt: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
};

function extension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * assetFile names a picked asset for the upload: its own file name, else the last part of its
 * uri, and when that has no extension one from its MIME type (Android often gives no name).
 * A file whose type cannot be told keeps a name without extension, which the chat's rules
 * refuse ('File is not supported'), as on the web. The size is 0 when the platform did not
 * say: the server still enforces the limits.
 */
export function assetFile(a: NativeAsset): NativeFile {
  let name = (a.fileName ?? '').trim() || decodeURIComponent(a.uri.split(/[/?#]/).filter(Boolean).pop() ?? '');
  const mime = (a.mimeType ?? '').toLowerCase();
  if (!typeByExt[extension(name)] && extByType[mime]) name = `${name || 'attachment'}.${extByType[mime]}`;
  const type = mime || typeByExt[extension(name)] || 'application/octet-stream';
  return { uri: a.uri, name, type, size: a.fileSize ?? 0 };
}

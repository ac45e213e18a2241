// Choosing a slip image on native builds is not available yet: the web app uploads slips.
export type PickedImage = { file: Blob; name: string; previewUrl: string };

export const canPickImage = false;

export async function pickImage(): Promise<PickedImage | null> {
  return null;
}

export function releasePreview(_url: string): void {}

// Choosing a slip image on the web: a hidden file input, images only (the server sniffs the
// content anyway), and an object URL for the preview.
export type PickedImage = { file: Blob; name: string; previewUrl: string };

export function pickImage(): Promise<PickedImage | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = 'image/jpeg,image/png,image/webp';
    input.style.display = 'none';
    input.onchange = () => {
      const file = input.files?.[0];
      input.remove();
      resolve(file ? { file, name: file.name || 'slip', previewUrl: URL.createObjectURL(file) } : null);
    };
    document.body.appendChild(input);
    input.click();
  });
}

export function releasePreview(url: string): void {
  URL.revokeObjectURL(url);
}

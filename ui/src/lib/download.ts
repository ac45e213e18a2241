/**
 * downloadBlob saves a file the page made (a CSV, a PNG) through the browser's download, on the
 * web only; elsewhere it does nothing (native code saves through its own libraries).
 */
export function downloadBlob(fileName: string, blob: Blob): void {
  if (typeof document === 'undefined' || typeof URL === 'undefined' || !URL.createObjectURL) return;
  const url = URL.createObjectURL(blob);
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName;
    document.body.appendChild(a);
    a.click();
    a.remove();
  } finally {
    // The download has its own copy once clicked.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}

// Native clipboard through expo-clipboard (the web build uses clipboard.web.ts).
import * as Clipboard from 'expo-clipboard';

/** copyText puts text on the clipboard and tells whether it worked. */
export async function copyText(text: string): Promise<boolean> {
  try {
    return (await Clipboard.setStringAsync(text)) !== false;
  } catch {
    return false;
  }
}

import { Platform, type TextStyle } from 'react-native';

import { fontFamily } from '@/lib/fonts';

import { useOpT } from '../i18n';

/**
 * useEditorFont is the style of the console's editors and code views: the bundled Thai and Lao
 * fonts (an operator's Thai or Lao text stays readable on a machine without those system fonts);
 * mono puts a monospace font first, for the glyphs it has (the web takes each glyph from the
 * first font of the stack that has it).
 */
export function useEditorFont(mono = false): TextStyle {
  const { i18n } = useOpT();
  const family = fontFamily(i18n.language, false);
  if (mono && Platform.OS === 'web') return { fontFamily: `ui-monospace, Menlo, Consolas, ${family}` };
  return { fontFamily: family };
}

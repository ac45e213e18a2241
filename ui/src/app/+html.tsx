import { ScrollViewStyleReset } from 'expo-router/html';
import type { PropsWithChildren } from 'react';

import { colors } from '@/components/ui/theme';
import { defaultLocale, documentLang } from '@/i18n';

/**
 * The HTML around every pre-rendered web page (static output; never used on native). The
 * document language is the build's default, as the pre-rendered text is; the app changes it
 * when the member picks another language. The title is set in _layout.tsx (expo-router/head).
 */
export default function Root({ children }: PropsWithChildren) {
  return (
    <html lang={documentLang(defaultLocale)}>
      <head>
        <meta charSet="utf-8" />
        <meta httpEquiv="X-UA-Compatible" content="IE=edge" />
        <meta name="viewport" content="width=device-width, initial-scale=1, shrink-to-fit=no" />
        <meta name="theme-color" content={colors.primary} />
        <ScrollViewStyleReset />
      </head>
      <body>{children}</body>
    </html>
  );
}

import { ScrollViewStyleReset } from 'expo-router/html';
import type { PropsWithChildren } from 'react';

import { colors } from '@/components/ui/theme';
import { documentLang } from '@/i18n';
import { defaultLocale } from '@/lib/config';
import { earlyWalletScript } from '@/lib/early-wallet-script';
import { fontFaceCSS, fontFiles } from '@/lib/font-files.web';

/**
 * The HTML around every pre-rendered web page (static output; never used on native). The
 * document language is the build's default, as the pre-rendered text is; the app changes it
 * when the member picks another language. The title is set in _layout.tsx (expo-router/head).
 * The head declares and preloads the default language's fonts (src/lib/fonts.web.ts loads
 * another script's when the member switches), and on the home paths starts the member's
 * GET /api/wallet before any bundle loads (src/lib/early-wallet-script.ts).
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
        <script dangerouslySetInnerHTML={{ __html: earlyWalletScript }} />
        <style id="ngern-fonts" dangerouslySetInnerHTML={{ __html: fontFaceCSS(defaultLocale) }} />
        {Object.values(fontFiles(defaultLocale)).map((href) => (
          <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="" />
        ))}
      </head>
      <body>{children}</body>
    </html>
  );
}

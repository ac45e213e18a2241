import { ScrollViewStyleReset } from 'expo-router/html';
import type { PropsWithChildren } from 'react';

import { colors } from '@/components/ui/theme';
import { documentLang } from '@/i18n';
import { earlyWalletScript } from '@/lib/early-wallet-script';
import { fontFaceCSS, fontFiles } from '@/lib/font-files.web';
import { pageLocale } from '@/lib/page-locale';

/**
 * The HTML around every pre-rendered web page (static output; never used on native). The
 * document language is the one the page is rendered in (the build's default, or another one
 * when scripts/prerender-languages.js renders the pages again in it; src/lib/page-locale.ts);
 * the browser's first render reads it back to hydrate in that language, and the app changes it
 * when the member picks another language. The title is set in _layout.tsx (expo-router/head).
 * The head declares and preloads the page language's fonts (src/lib/fonts.web.ts loads
 * another script's when the member switches), and on the home paths starts the member's
 * GET /api/wallet before any bundle loads (src/lib/early-wallet-script.ts).
 */
export default function Root({ children }: PropsWithChildren) {
  return (
    <html lang={documentLang(pageLocale)}>
      <head>
        <meta charSet="utf-8" />
        <meta httpEquiv="X-UA-Compatible" content="IE=edge" />
        <meta name="viewport" content="width=device-width, initial-scale=1, shrink-to-fit=no" />
        <meta name="theme-color" content={colors.primary} />
        <ScrollViewStyleReset />
        <script dangerouslySetInnerHTML={{ __html: earlyWalletScript }} />
        <style id="ngern-fonts" dangerouslySetInnerHTML={{ __html: fontFaceCSS(pageLocale) }} />
        {Object.values(fontFiles(pageLocale)).map((href) => (
          <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="" />
        ))}
      </head>
      <body>{children}</body>
    </html>
  );
}

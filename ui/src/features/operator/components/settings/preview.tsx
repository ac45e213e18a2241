import { HtmlContent } from '@/components/html-content';
import { AppText } from '@/components/ui/text';
import { useWalletFixedT } from '@/i18n/wallet';
import { formatNumber } from '@/lib/format';

import { useOpT } from '../../i18n';
import { howtoVideoPrefix } from '../../settings-schema.generated';

/** Preview shows the text as the member app frames it in one language. */
export function Preview({ name, value, lng }: { name: string; value: unknown; lng: string }) {
  const { t } = useOpT();
  // The member texts it frames include the wallet's (withdraw.limits), which come by their own chunk.
  const mt = useWalletFixedT(lng);
  const d = (value ?? {}) as Record<string, unknown>;
  switch (name) {
    case 'conditions':
      return (
        <>
          <AppText variant="heading">{mt('conditions.title')}</AppText>
          {(d.conditions as string[]).length ? (
            (d.conditions as string[]).map((h, i) => <HtmlContent key={i} html={h} />)
          ) : (
            <AppText>{mt('conditions.empty')}</AppText>
          )}
        </>
      );
    case 'agreements':
      return (
        <>
          <AppText variant="heading">{mt('agreement.title')}</AppText>
          {(d.agreements as string[]).map((h, i) => (
            <HtmlContent key={i} html={h} />
          ))}
          <AppText bold>{mt('agreement.accept')}</AppText>
        </>
      );
    case 'contact':
      return (
        <>
          <AppText variant="heading">{mt('contact.title')}</AppText>
          <AppText>{String(d.contactText ?? '')}</AppText>
          <AppText>{mt('contact.chatApp', { name: d.lineName ?? '' })}</AppText>
        </>
      );
    case 'notice':
      return <AppText>{String(d.notice ?? '').replace(/%percentFail%/g, '10')}</AppText>;
    case 'withdraw':
      return (
        <AppText>
          {mt('withdraw.limits', {
            min: formatNumber(d.withdrawMin as number | undefined),
            max: formatNumber(d.withdrawMax as number | undefined),
          })}
        </AppText>
      );
    case 'info': {
      // A video left null or empty is served as the server's bundled one (core/settings/howto.go,
      // BundledHowtoVideo): the preview names that file and says it is the bundled video.
      const videos = (d.howtoVideos ?? {}) as Record<string, string | null>;
      const titles = (d.howtoTitles ?? {}) as Record<string, string>;
      return (
        <>
          <AppText variant="heading">{mt('howto.title')}</AppText>
          {Object.entries(videos).map(([k, url]) => (
            <AppText
              key={k}
            >{`${titles[k] || k}: ${url || t('settings.bundledVideo', { path: `${howtoVideoPrefix}${lng}/${k}.mp4` })}`}</AppText>
          ))}
        </>
      );
    }
    default:
      return null;
  }
}

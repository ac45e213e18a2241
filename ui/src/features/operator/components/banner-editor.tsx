// The banner editor of the promotions page (a bonus's banners) and of the rewards page (the
// cashback and invite programs' banners): one banner a line, and a picture upload that adds a line.
import { useRef } from 'react';
import { Platform, StyleSheet, View } from 'react-native';

import { HtmlContent } from '@/components/html-content';
import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';
import { colors, radius, spacing } from '@/components/ui/theme';
import { locales } from '@/i18n';
import { bannersFor } from '@/lib/banners';

import { useUploadBanner, type OpBanner } from '../api/upload-banner';
import { useOpT } from '../i18n';

import { Badge, ErrorLine, Row } from './ui';

/** bannersToText writes banners one a line: "image URL | html" (an optional "th:" … prefix keeps one to a language). */
export function bannersToText(banners: OpBanner[]): string {
  return banners.map((b) => `${b.lang ? `${b.lang}:` : ''}${b.image} | ${b.html}`).join('\n');
}

/** textToBanners reads what bannersToText writes; empty lines are dropped, a "|" in the html stays. */
export function textToBanners(text: string): OpBanner[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const m = /^(th|la|en):(.*)$/.exec(line);
      const rest = m ? m[2] : line;
      const [image, ...html] = rest.split('|');
      return { ...(m ? { lang: m[1] } : {}), image: image.trim(), html: html.join('|').trim() };
    });
}

/** withPicture adds a banner line for an uploaded picture (its html left to write) after the others. */
export function withPicture(text: string, image: string): string {
  return [text.trim(), `${image} | `].filter(Boolean).join('\n');
}

/** pickPicture opens the browser's file chooser (the console is web only) and gives the chosen file. */
function pickPicture(onFile: (file: File) => void) {
  if (Platform.OS !== 'web' || typeof document === 'undefined') return;
  const input = document.createElement('input');
  input.type = 'file';
  input.accept = 'image/png,image/jpeg,image/gif';
  input.onchange = () => {
    const file = input.files?.[0];
    if (file) onFile(file);
  };
  input.click();
}

type Props = {
  /** value is the banners as text, one a line (bannersToText). */
  value: string;
  onChange: (text: string) => void;
};

/**
 * BannerEditor is the banners field (one a line, as bannersToText writes them) with its help and
 * "Upload a banner picture", which stores the picture (POST /api/operator/banners) and adds its
 * link as a new line; a refused upload shows under the button.
 */
export function BannerEditor({ value, onChange }: Props) {
  const { t } = useOpT();
  // The upload answers later: its line goes after what is in the field then, not when it started.
  const latest = useRef(value);
  latest.current = value;
  const upload = useUploadBanner((image) => onChange(withPicture(latest.current, image)));
  return (
    <>
      <TextField label={t('bannerEditor.label')} value={value} onChangeText={onChange} multiline autoCapitalize="none" />
      <AppText variant="caption">{t('bannerEditor.help')}</AppText>
      <Row>
        <Button
          variant="secondary"
          title={t('bannerEditor.upload')}
          loading={upload.isPending}
          onPress={() => pickPicture((f) => upload.mutate(f))}
        />
      </Row>
      <ErrorLine error={upload.error} />
      <BannerPreview banners={textToBanners(value)} />
    </>
  );
}

/**
 * BannerPreview shows, side by side, the banners members see in each language; a language without
 * banners of its own is marked and shows the Thai ones that stand in (bannersFor).
 */
function BannerPreview({ banners }: { banners: OpBanner[] }) {
  const { t } = useOpT();
  if (!banners.length) return null;
  return (
    <Row style={styles.columns}>
      {locales.map((lng) => {
        const language = t(`languages.${lng}`);
        const missing = lng !== 'th' && !banners.some((b) => b.lang === lng) && banners.some((b) => b.lang === 'th');
        return (
          <View key={lng} style={styles.column} accessibilityLabel={t('settings.previewIn', { language })}>
            <Row>
              <Badge label={language} />
              {missing ? <Badge label={t('settings.missing')} tone="warn" /> : null}
            </Row>
            {bannersFor(banners, lng).map((b, i) => (
              <View key={i} style={styles.banner}>
                <AppText variant="caption">{b.image.split('/').pop()}</AppText>
                {b.html ? <HtmlContent html={b.html} /> : null}
              </View>
            ))}
          </View>
        );
      })}
    </Row>
  );
}

const styles = StyleSheet.create({
  columns: { alignItems: 'flex-start' },
  column: { flex: 1, minWidth: 180, gap: spacing.xs },
  banner: { padding: spacing.xs, borderWidth: 1, borderColor: colors.border, borderRadius: radius.sm },
});

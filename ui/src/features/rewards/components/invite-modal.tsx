import { useState } from 'react';
import { useWalletT } from '@/i18n/wallet';
import { Platform, Share, StyleSheet, View } from 'react-native';

import { Button } from '@/components/ui/button';
import { AppModal } from '@/components/ui/modal';
import { AppText } from '@/components/ui/text';
import { colors, radius, spacing } from '@/components/ui/theme';
import { useToast } from '@/components/ui/toast';
import { copyText } from '@/lib/clipboard';
import { apiBaseUrl } from '@/lib/config';

import { inviteLink, useInvites } from '../api/rewards';
import { useRewardsT } from '../i18n';

import { RewardTable } from './reward-table';

/** origin is where the member app is served: the page's origin on web, the API's otherwise. */
function origin(): string {
  if (Platform.OS === 'web' && typeof window !== 'undefined') return window.location.origin;
  return apiBaseUrl;
}

/** canShare is true where the platform has a share sheet (native, or a browser with Web Share). */
function canShare(): boolean {
  if (Platform.OS !== 'web') return true;
  return typeof navigator !== 'undefined' && typeof (navigator as { share?: unknown }).share === 'function';
}

/**
 * InviteModal shows the member's invite link with copy (the spec's copied and failed messages)
 * and share where there is a share sheet, and the friends who registered with it, 10 a page.
 * A failed load of the list is swallowed (spec part 8).
 */
export function InviteModal({ onClose }: { onClose: () => void }) {
  const { t } = useRewardsT();
  const { t: tApp } = useWalletT();
  const toast = useToast();
  const [page, setPage] = useState(1);
  const invites = useInvites(page);
  const code = invites.data?.code;
  const link = code ? inviteLink(origin(), code) : '';

  const copy = async () => {
    const ok = await copyText(link);
    // The app's copy texts: "Copied: <text>" and "Failed to copy".
    toast(ok ? tApp('game.copied', { text: link }) : tApp('game.copyFailed'), ok ? 'success' : 'error');
  };
  const share = async () => {
    try {
      await Share.share({ message: t('shareMessage', { link }), url: link });
    } catch {
      // The member closed the sheet, or the browser refused: nothing to say.
    }
  };

  return (
    <AppModal visible title={t('inviteTitle')} onClose={onClose}>
      <AppText>{t('inviteIntro')}</AppText>
      <View style={styles.linkBox}>
        <AppText variant="label">{t('inviteLink')}</AppText>
        <AppText selectable testID="invite-link" style={styles.link}>
          {link}
        </AppText>
        <AppText variant="label">{t('inviteCode')}</AppText>
        <AppText selectable testID="invite-code" style={styles.link}>
          {code ?? ''}
        </AppText>
        <View style={styles.buttons}>
          <Button title={t('copy')} disabled={!link} onPress={copy} />
          {canShare() ? <Button title={t('share')} variant="secondary" disabled={!link} onPress={share} /> : null}
        </View>
      </View>
      <AppText variant="label">{t('invitees')}</AppText>
      <RewardTable
        columns={{ first: t('from'), amount: t('amount'), createdAt: t('createdAt') }}
        rows={(invites.isError ? [] : (invites.data?.invites ?? [])).map((r, i) => ({
          key: `${r.createdAt}-${i}`,
          first: r.from.name,
          amount: r.amount,
          createdAt: r.createdAt,
        }))}
        total={invites.isError ? 0 : (invites.data?.total ?? 0)}
        page={page}
        stale={invites.isPlaceholderData}
        empty={t('noInvitees')}
        onPage={setPage}
      />
    </AppModal>
  );
}

const styles = StyleSheet.create({
  linkBox: { gap: spacing.xs, padding: spacing.md, borderRadius: radius.md, backgroundColor: colors.surface },
  link: { fontFamily: Platform.select({ web: 'monospace', default: undefined }) },
  buttons: { flexDirection: 'row', gap: spacing.sm, flexWrap: 'wrap' },
});

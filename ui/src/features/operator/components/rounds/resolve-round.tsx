import { useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';

import { type Resolution, useResolveSeamlessRound } from '../../api/resolve-seamless-round';
import type { SeamlessRound } from '../../api/types';
import { ConfirmDialog } from '../confirm-dialog';
import { Card, ErrorLine, money, Row } from '../ui';
import { useOpT } from '../../i18n';

type Props = { round: SeamlessRound; isOwner: boolean };

/**
 * ResolveRound closes a stuck round by hand, after a confirmation: refund its bets or close it as
 * lost, with a reason the audit log keeps. A refund above the approval threshold is the owners'.
 */
export function ResolveRound({ round, isOwner }: Props) {
  const { t } = useOpT();
  const [how, setHow] = useState<Resolution>('refund');
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const resolve = useResolveSeamlessRound((a) =>
    setDone(a.duplicate ? t('rounds.already') : t(`rounds.done.${how}`, { amount: money(a.refunded), wallet: money(a.wallet) })),
  );
  const refundBlocked = round.ownerOnly && !isOwner;
  const ask = () => {
    setDone(null);
    if (!reason.trim()) return setInvalid(t('rounds.reasonRequired'));
    if (how === 'refund' && refundBlocked) return setInvalid(t('rounds.ownerOnly'));
    setInvalid(null);
    setConfirming(true);
  };
  return (
    <Card title={t('rounds.resolve')}>
      <AppText variant="caption">{t('rounds.resolveHelp')}</AppText>
      {refundBlocked ? <AppText variant="caption">{t('rounds.ownerOnly')}</AppText> : null}
      <Row style={styles.form}>
        <View style={styles.field}>
          <Select
            label={t('rounds.resolution')}
            value={how}
            onChange={(v) => setHow(v === 'lost' ? 'lost' : 'refund')}
            options={[
              { value: 'refund', label: t('rounds.refund', { amount: money(round.stake) }) },
              { value: 'lost', label: t('rounds.lost') },
            ]}
          />
        </View>
        <View style={styles.reason}>
          <TextField label={t('rounds.reason')} value={reason} onChangeText={setReason} maxLength={500} />
        </View>
        <Button title={t('rounds.resolveButton')} variant="danger" onPress={ask} loading={resolve.isPending} />
      </Row>
      {invalid ? <AppText variant="error">{invalid}</AppText> : null}
      {done ? <AppText>{done}</AppText> : null}
      <ErrorLine error={resolve.error} />
      <ConfirmDialog
        visible={confirming}
        title={t('rounds.confirmTitle')}
        text={t(`rounds.confirm.${how}`, { round: round.round, amount: money(round.stake), member: round.memberId })}
        confirm={t('rounds.resolveButton')}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          resolve.mutate({ provider: round.provider, round: round.round, resolution: how, reason: reason.trim() });
        }}
      />
    </Card>
  );
}

const styles = StyleSheet.create({
  form: { alignItems: 'flex-end', flexWrap: 'wrap' },
  field: { minWidth: 200 },
  reason: { minWidth: 280, flexGrow: 1 },
});

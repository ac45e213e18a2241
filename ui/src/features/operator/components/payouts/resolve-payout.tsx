import { useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';

import { useResolvePayout } from '../../api/resolve-payout';
import type { Payout } from '../../api/types';
import { useOpT } from '../../i18n';
import { ConfirmDialog } from '../confirm-dialog';
import { Card, ErrorLine, money, Row } from '../ui';

type Props = { payout: Payout; isOwner: boolean; onDone: () => void };

/**
 * ResolvePayout settles a payout whose outcome is unknown, after a confirmation: paid (the hold
 * becomes the debit) or failed (the money returns to the member's wallet), with the evidence the
 * operator read at the bank, which the audit log keeps. Above the approval threshold it is the owners'.
 */
export function ResolvePayout({ payout, isOwner, onDone }: Props) {
  const { t } = useOpT();
  const [outcome, setOutcome] = useState<'PAID' | 'FAILED'>('PAID');
  const [evidence, setEvidence] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const resolve = useResolvePayout(() => onDone());
  const blocked = payout.ownerOnly && !isOwner;
  const ask = () => {
    if (!evidence.trim()) return setInvalid(t('payouts.evidenceRequired'));
    if (blocked) return setInvalid(t('payouts.ownerOnly'));
    setInvalid(null);
    setConfirming(true);
  };
  return (
    <Card title={t('payouts.resolveTitle', { id: payout.id })}>
      <AppText variant="caption">{t('payouts.resolveHelp')}</AppText>
      {blocked ? <AppText variant="caption">{t('payouts.ownerOnly')}</AppText> : null}
      <Row style={styles.form}>
        <View style={styles.field}>
          <Select
            label={t('payouts.outcome')}
            value={outcome}
            onChange={(v) => setOutcome(v === 'FAILED' ? 'FAILED' : 'PAID')}
            options={[
              { value: 'PAID', label: t('payouts.outcomes.PAID') },
              { value: 'FAILED', label: t('payouts.outcomes.FAILED') },
            ]}
          />
        </View>
        <View style={styles.evidence}>
          <TextField label={t('payouts.evidence')} value={evidence} onChangeText={setEvidence} maxLength={500} />
        </View>
        <Button title={t('payouts.resolve')} variant="danger" onPress={ask} loading={resolve.isPending} />
      </Row>
      {invalid ? <AppText variant="error">{invalid}</AppText> : null}
      <ErrorLine error={resolve.error} />
      <ConfirmDialog
        visible={confirming}
        title={t('payouts.confirmTitle')}
        text={t(`payouts.confirm.${outcome}`, { amount: money(payout.amount), member: payout.memberId })}
        confirm={t('payouts.resolve')}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          resolve.mutate({ id: payout.id, status: outcome, evidence: evidence.trim() });
        }}
      />
    </Card>
  );
}

const styles = StyleSheet.create({
  form: { alignItems: 'flex-end', flexWrap: 'wrap' },
  field: { minWidth: 200 },
  evidence: { minWidth: 280, flexGrow: 1 },
});

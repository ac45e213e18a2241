import { useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';

import { useCoinGrants } from '../../api/get-coin-grants';
import { useGrantCoins } from '../../api/grant-coins';
import { useOpT } from '../../i18n';
import { PagedTable } from '../paged-table';
import { Card, ErrorLine, Row, when } from '../ui';

/** CoinGrants gives a member coins (or takes them) with a reason, and lists what was given. */
export function CoinGrants() {
  const { t } = useOpT();
  const [page, setPage] = useState(1);
  const [phone, setPhone] = useState('');
  const [coins, setCoins] = useState('');
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const list = useCoinGrants(page);
  const grant = useGrantCoins((body, balance) => {
    setDone(t('spin.granted', { count: body.coins, phone: body.phone, balance }));
    setCoins('');
    setReason('');
  });
  const submit = () => {
    setDone(null);
    const n = Number(coins);
    if (!/^\d{10}$/.test(phone)) return setInvalid(t('adjustments.phoneInvalid'));
    if (!Number.isInteger(n) || n === 0) return setInvalid(t('spin.coinsInvalid'));
    if (!reason.trim()) return setInvalid(t('adjustments.reasonRequired'));
    setInvalid(null);
    grant.mutate({ phone, coins: n, reason: reason.trim() });
  };
  return (
    <>
      <Card title={t('spin.grantTitle')}>
        <Row>
          <View style={styles.field}>
            <TextField
              label={t('members.phone')}
              value={phone}
              onChangeText={(v) => setPhone(v.replace(/\D/g, '').slice(0, 10))}
              keyboardType="number-pad"
            />
          </View>
          <View style={styles.field}>
            <TextField
              label={t('spin.grantCoins')}
              value={coins}
              onChangeText={(v) => setCoins(v.replace(/[^\d-]/g, ''))}
              keyboardType="numbers-and-punctuation"
            />
          </View>
        </Row>
        <TextField label={t('adjustments.reason')} value={reason} onChangeText={setReason} maxLength={200} />
        {invalid ? (
          <AppText variant="error" role="alert">
            {invalid}
          </AppText>
        ) : null}
        <ErrorLine error={grant.error} />
        {done ? <AppText role="status">{done}</AppText> : null}
        <Row>
          <Button title={t('spin.grant')} onPress={submit} loading={grant.isPending} />
        </Row>
      </Card>
      <PagedTable
        label={t('spin.grants')}
        csvName="coin-grants"
        loading={list.isLoading}
        error={list.error}
        rows={list.data?.grants ?? []}
        rowKey={(g) => g.id}
        columns={[
          { key: 'createdAt', label: t('member.time'), text: (g) => when(g.createdAt) },
          { key: 'phone', label: t('members.phone'), text: (g) => g.phone },
          { key: 'coins', label: t('spin.grantCoins'), text: (g) => g.coins, align: 'right' },
          { key: 'reason', label: t('adjustments.reason'), text: (g) => g.reason, flex: 2 },
          { key: 'operator', label: t('adjustments.operator'), text: (g) => g.operator },
        ]}
        page={page}
        total={list.data?.total ?? 0}
        onPage={setPage}
      />
    </>
  );
}

const styles = StyleSheet.create({
  field: { flexGrow: 1, flexBasis: 150 },
});

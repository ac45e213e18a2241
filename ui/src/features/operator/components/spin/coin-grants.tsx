import { useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { TextField } from '@/components/ui/text-field';
import { limits } from '@/lib/limits.generated';

import { useCoinGrants } from '../../api/get-coin-grants';
import { useGrantCoins } from '../../api/grant-coins';
import { useOpT } from '../../i18n';
import { PagedTable } from '../paged-table';
import { PhoneReasonForm } from '../phone-reason-form';
import { when } from '../ui';

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
      <PhoneReasonForm
        title={t('spin.grantTitle')}
        phone={phone}
        onPhone={setPhone}
        reason={reason}
        onReason={setReason}
        reasonMax={limits.reason}
        fieldBasis={150}
        invalid={invalid}
        error={grant.error}
        done={done}
        submitTitle={t('spin.grant')}
        onSubmit={submit}
        loading={grant.isPending}
      >
        <View style={styles.field}>
          <TextField
            label={t('spin.grantCoins')}
            value={coins}
            onChangeText={(v) => setCoins(v.replace(/[^\d-]/g, ''))}
            keyboardType="numbers-and-punctuation"
          />
        </View>
      </PhoneReasonForm>
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

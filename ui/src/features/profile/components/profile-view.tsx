import { useEffect, useState } from 'react';
import { Pressable, StyleSheet, View } from 'react-native';

import { Look } from '@/components/looks';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { LockIcon } from '@/components/ui/lock-icon';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';
import { colors, radius, spacing } from '@/components/ui/theme';
import { formatAccountNo, formatDateTime } from '@/lib/format';
import { useBanks } from '@/lib/lookups';
import { isEnglishName } from '@/lib/validation';

import { useProfile } from '../api/get-profile';

import { ChangePasswordModal } from './change-password-modal';
import { EditBankNameModal } from './edit-bank-name-modal';
import { useProfileT } from '../i18n';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <View style={styles.row}>
      <AppText variant="label">{label}</AppText>
      <AppText bold selectable>
        {value}
      </AppText>
    </View>
  );
}

/** ProfileView shows the member's details with change-password and edit-bank-name actions. */
export function ProfileView() {
  const { t } = useProfileT();
  const profile = useProfile();
  const [changingPassword, setChangingPassword] = useState(false);
  const [editingName, setEditingName] = useState(false);
  const data = profile.data;
  const banks = useBanks();
  // Spec part 4, bank name prompt: a bank with the English-only rule (the banks lookup's
  // englishOnly: KTB, TMB, BBL) and a stored name that is not English open the edit once.
  const needsEnglish =
    !!data?.bankAccount &&
    !!banks.data?.some((b) => b.code === data.bankAccount?.bankCode && b.englishOnly) &&
    !isEnglishName(data.bankAccount.bankAccountName);
  const [prompted, setPrompted] = useState(false);
  useEffect(() => {
    if (needsEnglish && !prompted) {
      setPrompted(true);
      setEditingName(true);
    }
  }, [needsEnglish, prompted]);

  if (!data) {
    return <QueryState isLoading={profile.isLoading} isError={profile.isError} onRetry={() => profile.refetch()} />;
  }
  const bank = data.bankAccount;

  return (
    <View style={styles.card}>
      <View style={styles.header}>
        <AppText variant="heading" style={styles.flex}>
          {data.profile.name}
        </AppText>
        <Pressable
          accessibilityRole="button"
          accessibilityLabel={t('profile.changePassword')}
          onPress={() => setChangingPassword(true)}
          style={styles.lock}
          hitSlop={8}
        >
          <LockIcon />
        </Pressable>
      </View>
      <Row label={t('profile.id')} value={data.profile.memberCode} />
      <Row label={t('profile.createdAt')} value={formatDateTime(data.profile.createdAt)} />
      <TextField label={t('profile.username')} value={data.profile.username} editable={false} />
      {bank ? (
        <>
          <Row label={t('profile.bankAccountName')} value={bank.bankAccountName} />
          <View style={styles.bankLine}>
            <Look kind="bank" code={bank.bankCode} />
            <View style={styles.flex}>
              <Row label={t('profile.bankName')} value={bank.bank?.nameTH ?? bank.bankCode} />
            </View>
          </View>
          <Row label={t('profile.accountNo')} value={formatAccountNo(bank.bankAccountNo)} />
          <Button variant="secondary" title={t('profile.editBankName')} onPress={() => setEditingName(true)} />
        </>
      ) : null}
      <ChangePasswordModal visible={changingPassword} onClose={() => setChangingPassword(false)} />
      {bank ? (
        <EditBankNameModal
          visible={editingName}
          bankCode={bank.bankCode}
          currentName={bank.bankAccountName}
          englishRequired={needsEnglish}
          onClose={() => setEditingName(false)}
        />
      ) : null}
    </View>
  );
}

const styles = StyleSheet.create({
  card: { backgroundColor: colors.surface, borderRadius: radius.lg, padding: spacing.xl, gap: spacing.md },
  header: { flexDirection: 'row', alignItems: 'center', gap: spacing.sm },
  flex: { flex: 1 },
  lock: { width: 44, height: 44, alignItems: 'center', justifyContent: 'center', borderRadius: 22, backgroundColor: colors.background },
  row: { gap: 2 },
  bankLine: { flexDirection: 'row', alignItems: 'center', gap: spacing.sm },
});

import { StyleSheet, View } from 'react-native';

import { Button } from '@/components/ui/button';
import { AppModal } from '@/components/ui/modal';
import { AppText } from '@/components/ui/text';
import { colors, spacing } from '@/components/ui/theme';

import { useRewardsT } from '../i18n';

type Props = {
  visible: boolean;
  title: string;
  success: number;
  fail: number;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * ConfirmReceive asks before money is credited with a condition attached, warning with the
 * condition's success and fail percentages (spec parts 2 and 5).
 */
export function ConfirmReceive({ visible, title, success, fail, busy, onConfirm, onCancel }: Props) {
  const { t } = useRewardsT();
  return (
    <AppModal
      visible={visible}
      title={title}
      onClose={onCancel}
      footer={
        <View style={styles.buttons}>
          <Button title={t('cancel')} variant="secondary" onPress={onCancel} />
          <Button title={t('confirm')} loading={busy} onPress={onConfirm} />
        </View>
      }
    >
      <AppText role="alert" style={styles.warning}>
        {t('conditionWarning', { success, fail })}
      </AppText>
    </AppModal>
  );
}

const styles = StyleSheet.create({
  buttons: { flexDirection: 'row', gap: spacing.sm, justifyContent: 'flex-end' },
  warning: { color: colors.danger },
});

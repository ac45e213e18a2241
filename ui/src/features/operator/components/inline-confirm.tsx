import { StyleSheet, View } from 'react-native';

import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';
import { spacing } from '@/components/ui/theme';

import { useOpT } from '../i18n';
import { ErrorLine, Row } from './ui';

type Props = {
  text: string;
  /** confirm is the label of the (danger) button that goes ahead. */
  confirm: string;
  loading?: boolean;
  error?: unknown;
  onConfirm: () => void;
  onCancel: () => void;
};

/** InlineConfirm asks, under the table it acts on, before an action that cannot be taken back. */
export function InlineConfirm({ text, confirm, loading, error, onConfirm, onCancel }: Props) {
  const { t } = useOpT();
  return (
    <View style={styles.confirm}>
      <AppText bold>{text}</AppText>
      <ErrorLine error={error} />
      <Row>
        <Button variant="danger" title={confirm} loading={loading} onPress={onConfirm} />
        <Button variant="secondary" title={t('common.cancel')} onPress={onCancel} />
      </Row>
    </View>
  );
}

const styles = StyleSheet.create({
  confirm: { gap: spacing.sm, marginTop: spacing.sm },
});

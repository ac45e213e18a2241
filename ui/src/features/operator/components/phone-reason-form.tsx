import type { ReactNode } from 'react';
import { StyleSheet, View } from 'react-native';

import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';

import { useOpT } from '../i18n';
import { Card, ErrorLine, Row } from './ui';

type Props = {
  title: string;
  phone: string;
  onPhone: (phone: string) => void;
  reason: string;
  onReason: (reason: string) => void;
  /** reasonMax is the most characters the server takes for this reason. */
  reasonMax: number;
  /** fieldBasis is the width a field of the row starts from before it grows. */
  fieldBasis: number;
  /** invalid is the form's own refusal, error the server's. */
  invalid: string | null;
  error: unknown;
  done: string | null;
  submitTitle: string;
  onSubmit: () => void;
  loading: boolean;
  /** children are the fields after the phone, each in a view of the same basis. */
  children: ReactNode;
};

/** fieldStyle is one field of the form's row. */
const fieldStyle = (basis: number) => ({ flexGrow: 1, flexBasis: basis });

/**
 * PhoneReasonForm is a card that changes a member's balance found by phone (money, coins): the
 * phone (ten digits), the form's own fields, a reason, what went wrong or what was done, and the
 * button.
 */
export function PhoneReasonForm(p: Props) {
  const { t } = useOpT();
  return (
    <Card title={p.title}>
      <Row style={styles.form}>
        <View style={fieldStyle(p.fieldBasis)}>
          <TextField
            label={t('members.phone')}
            value={p.phone}
            onChangeText={(v) => p.onPhone(v.replace(/\D/g, '').slice(0, 10))}
            keyboardType="number-pad"
          />
        </View>
        {p.children}
      </Row>
      <TextField label={t('adjustments.reason')} value={p.reason} onChangeText={p.onReason} maxLength={p.reasonMax} />
      {p.invalid ? (
        <AppText variant="error" role="alert">
          {p.invalid}
        </AppText>
      ) : null}
      <ErrorLine error={p.error} />
      {p.done ? <AppText role="status">{p.done}</AppText> : null}
      <Row>
        <Button title={p.submitTitle} onPress={p.onSubmit} loading={p.loading} />
      </Row>
    </Card>
  );
}

const styles = StyleSheet.create({
  form: { alignItems: 'flex-start' },
});

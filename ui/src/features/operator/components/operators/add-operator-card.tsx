import { useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';

import { useAddOperator } from '../../api/change-operator';
import { useOpT } from '../../i18n';
import { isRole, roles, type Role } from '../../roles';
import { Card, ErrorLine, Row } from '../ui';

const usernamePattern = /^[a-z0-9][a-z0-9._-]{2,31}$/;

/** AddOperatorCard adds an operator with a role; onAdded says whether it waits for a second owner. */
export function AddOperatorCard({ onAdded }: { onAdded: (proposed: boolean) => void }) {
  const { t } = useOpT();
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<Role>('support');
  const add = useAddOperator((wasProposed) => {
    setUsername('');
    onAdded(wasProposed);
  });
  const nameOk = usernamePattern.test(username.trim());
  const roleOptions = roles.map((r) => ({ value: r, label: t(`roles.${r}`) }));

  return (
    <Card title={t('operators.add')}>
      <Row style={styles.form}>
        <View style={styles.field}>
          <TextField
            label={t('signIn.username')}
            value={username}
            onChangeText={(v) => setUsername(v.toLowerCase())}
            autoCapitalize="none"
            error={username && !nameOk ? t('operators.usernameRule') : null}
          />
        </View>
        <View style={styles.field}>
          <Select label={t('operators.role')} value={role} options={roleOptions} onChange={(v) => isRole(v) && setRole(v)} />
        </View>
        <Button
          title={t('operators.addButton')}
          disabled={!nameOk}
          loading={add.isPending}
          onPress={() => add.mutate({ username: username.trim(), role })}
        />
      </Row>
      <ErrorLine error={add.error} />
    </Card>
  );
}

const styles = StyleSheet.create({
  form: { alignItems: 'flex-end' },
  field: { flexGrow: 1, flexBasis: 220 },
});

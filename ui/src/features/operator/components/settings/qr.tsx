import { useEffect, useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { Checkbox } from '@/components/ui/checkbox';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';

import type { QRProvider } from '../../api/deposits';
import { useQRProviders } from '../../api/get-qr-providers';
import { useSaveQRProvider } from '../../api/save-qr-provider';
import { useOpT } from '../../i18n';
import { actionRoles, can } from '../../roles';
import { useMe } from '../../session';
import { PendingNotice } from '../pending-changes';
import { Badge, money, Row, when } from '../ui';
import { EditorList, rowStyles, SaveButton, SaveStatus } from './save-row';

/** The form of one provider: amounts as typed (baht), secrets empty unless being replaced. */
export type QRProviderForm = {
  enabled: boolean;
  min: string;
  quickAmounts: string;
  lifetimeSeconds: string;
  apiKey: string;
  webhookSecret: string;
  clearApiKey: boolean;
  clearWebhookSecret: boolean;
};

const amountRe = /^\d{1,8}(\.\d{1,2})?$/;

export const toForm = (p: QRProvider): QRProviderForm => ({
  enabled: p.enabled,
  min: p.min.toFixed(2),
  quickAmounts: (p.quickAmounts ?? []).map((a) => a.toFixed(2)).join(', '),
  lifetimeSeconds: String(p.lifetimeSeconds),
  apiKey: '',
  webhookSecret: '',
  clearApiKey: false,
  clearWebhookSecret: false,
});

const secretOK = (s: string) => /^[\x21-\x7e]{16,256}$/.test(s);

/**
 * qrProviderProblem checks a provider's form as the server will (core/settings/qrproviders.go); the
 * answer is a console translation key or null.
 */
export function qrProviderProblem(p: QRProvider, f: QRProviderForm): string | null {
  if (!amountRe.test(f.min.trim()) || Number(f.min) < 0.01) return 'settings.qr.errors.min';
  const quick = f.quickAmounts
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (quick.length === 0 || quick.length > 8 || quick.some((q) => !amountRe.test(q))) return 'settings.qr.errors.quick';
  const nums = quick.map(Number);
  if (nums.some((n, i) => n < Number(f.min) || n < 1 || (i > 0 && n <= nums[i - 1]))) return 'settings.qr.errors.quickOrder';
  const life = f.lifetimeSeconds.trim();
  if (!/^\d+$/.test(life) || Number(life) < 10 || Number(life) > 86400) return 'settings.qr.errors.lifetime';
  for (const s of [f.apiKey.trim(), f.webhookSecret.trim()]) {
    if (s && !secretOK(s)) return 'settings.qr.errors.secret';
  }
  if (f.enabled) {
    if (!p.ready) return 'settings.qr.errors.notReady';
    if (p.secretsRequired) {
      const secretSet = f.webhookSecret.trim() !== '' || (p.webhookSecretSet && !f.clearWebhookSecret);
      if (!secretSet) return 'settings.qr.errors.secretsRequired';
    }
  }
  return null;
}

/** The body of PUT /api/operator/qr/providers/{code}: a secret is sent only when replaced or cleared. */
export function qrProviderBody(f: QRProviderForm) {
  const body: Record<string, unknown> = {
    enabled: f.enabled,
    min: f.min.trim(),
    quickAmounts: f.quickAmounts
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    lifetimeSeconds: Number(f.lifetimeSeconds.trim()),
  };
  if (f.apiKey.trim()) body.apiKey = f.apiKey.trim();
  else if (f.clearApiKey) body.apiKey = '';
  if (f.webhookSecret.trim()) body.webhookSecret = f.webhookSecret.trim();
  else if (f.clearWebhookSecret) body.webhookSecret = '';
  return body;
}

/** QRSettings edits the QR providers members deposit with (owner and finance). */
export function QRSettings() {
  const { t } = useOpT();
  const q = useQRProviders();
  return (
    <EditorList title={t('settings.names.qrProviders')} help={t('settings.qr.help')} error={q.error} loading={q.isLoading}>
      {(q.data?.providers ?? []).map((p) => (
        <ProviderRow key={p.code} provider={p} />
      ))}
    </EditorList>
  );
}

function ProviderRow({ provider }: { provider: QRProvider }) {
  const { t } = useOpT();
  const [form, setForm] = useState<QRProviderForm>(() => toForm(provider));
  const [saved, setSaved] = useState(false);
  // A change of a secret waits for a second owner (202: proposed); only owners see the secrets.
  const [proposed, setProposed] = useState(false);
  const me = useMe();
  const editSecrets = can(me.data?.role, actionRoles.editQRSecrets);
  useEffect(() => setForm(toForm(provider)), [provider]);
  const original = toForm(provider);
  const changed = JSON.stringify(form) !== JSON.stringify(original);
  const problem = changed ? qrProviderProblem(provider, form) : null;
  const save = useSaveQRProvider(provider.code, {
    onMutate: () => {
      setSaved(false);
      setProposed(false);
    },
    onApplied: () => setSaved(true),
    onProposed: () => {
      setProposed(true);
      setForm(toForm(provider));
    },
  });
  const set = (patch: Partial<QRProviderForm>) => {
    setSaved(false);
    setForm((f) => ({ ...f, ...patch }));
  };
  const name = provider.kind === 'promptpay' ? t('settings.qr.promptpay', { code: provider.code }) : provider.code;
  const secret = (field: 'apiKey' | 'webhookSecret', clear: 'clearApiKey' | 'clearWebhookSecret', isSet: boolean) => (
    <View style={styles.secret}>
      <TextField
        label={t(`settings.qr.${field}`)}
        value={form[field]}
        onChangeText={(v) => set({ [field]: v })}
        secureTextEntry
        autoCapitalize="none"
        autoComplete="off"
        placeholder={t('settings.qr.replace')}
      />
      <AppText variant="caption">{isSet && !form[clear] ? t('settings.qr.set') : t('settings.qr.notSet')}</AppText>
      {isSet ? <Checkbox label={t('settings.qr.clear')} checked={form[clear]} onChange={(v) => set({ [clear]: v })} /> : null}
    </View>
  );
  return (
    <View role="listitem" style={rowStyles.row} accessibilityLabel={name}>
      <Row>
        <AppText bold>{name}</AppText>
        <Badge label={provider.enabled ? t('settings.qr.on') : t('settings.qr.off')} tone={provider.enabled ? 'good' : 'neutral'} />
        {!provider.ready ? <Badge label={t('settings.qr.notReady')} tone="warn" /> : null}
        <AppText variant="caption">
          {t('settings.qr.updated', { by: provider.updatedBy, at: when(provider.updatedAt), min: money(provider.min) })}
        </AppText>
      </Row>
      <Row style={rowStyles.controls}>
        <Checkbox label={t('settings.qr.enabled')} checked={form.enabled} onChange={(v) => set({ enabled: v })} />
        <View style={styles.short}>
          <TextField
            label={t('settings.qr.min')}
            value={form.min}
            onChangeText={(v) => set({ min: v })}
            inputMode="decimal"
            keyboardType="decimal-pad"
          />
        </View>
        <View style={styles.wide}>
          <TextField label={t('settings.qr.quickAmounts')} value={form.quickAmounts} onChangeText={(v) => set({ quickAmounts: v })} />
        </View>
        <View style={styles.short}>
          <TextField
            label={t('settings.qr.lifetime')}
            value={form.lifetimeSeconds}
            onChangeText={(v) => set({ lifetimeSeconds: v })}
            inputMode="numeric"
            keyboardType="number-pad"
          />
        </View>
      </Row>
      {provider.kind === 'gateway' && editSecrets ? (
        <Row style={rowStyles.controls}>
          {secret('apiKey', 'clearApiKey', provider.apiKeySet)}
          {secret('webhookSecret', 'clearWebhookSecret', provider.webhookSecretSet)}
        </Row>
      ) : null}
      <Row>
        <SaveButton
          label={t('settings.qr.save', { code: provider.code })}
          changed={changed}
          problem={problem}
          saving={save.isPending}
          onSave={() => save.mutate(qrProviderBody(form))}
        />
      </Row>
      {(provider.unreadableSecrets ?? []).map((what) => (
        <AppText key={what} variant="error">
          {t('settings.qr.unreadable', { what: t(`settings.qr.${what}`, { defaultValue: what }) })}
        </AppText>
      ))}
      <SaveStatus problem={problem} error={save.error} saved={saved && !changed ? t('settings.qr.saved', { code: provider.code }) : null} />
      {proposed ? <AppText role="status">{t('changes.proposed')}</AppText> : null}
      <PendingNotice kinds={['qrprovider']} target={provider.code} />
    </View>
  );
}

const styles = StyleSheet.create({
  short: { width: 130 },
  wide: { flex: 1, minWidth: 220 },
  secret: { flex: 1, minWidth: 220, gap: 2 },
});

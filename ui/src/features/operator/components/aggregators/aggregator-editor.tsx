import { useEffect, useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { Checkbox } from '@/components/ui/checkbox';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';

import { useSaveSeamlessAggregator, type SeamlessAggregatorBody } from '../../api/save-seamless-aggregator';
import type { SeamlessAggregator } from '../../api/types';
import { useOpT } from '../../i18n';
import { PendingNotice } from '../pending-changes';
import { Badge, Row, when } from '../ui';
import { rowStyles, SaveButton, SaveStatus } from '../settings/save-row';

/** The form of one aggregator: the allow-list as typed (commas or lines), the secret empty unless replaced. */
export type AggregatorForm = { enabled: boolean; allow: string; secret: string };

export const toForm = (a: SeamlessAggregator): AggregatorForm => ({ enabled: a.enabled, allow: a.allow.join(', '), secret: '' });

/** allowEntries splits the allow-list typed in into its entries. */
export const allowEntries = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);

const ipv4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const ipv6 = /^[0-9a-f:.]+$/i;

/** entryOK checks an entry as the server will (an address, or a CIDR within its family's bits); IPv6 loosely. */
export function entryOK(entry: string): boolean {
  const [addr, bits, extra] = entry.split('/');
  if (extra !== undefined) return false;
  const v4 = ipv4.test(addr);
  if (!v4 && !(ipv6.test(addr) && addr.includes(':'))) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (v4 ? 32 : 128);
}

/** The longest allow-list and the secret's bounds, as the server holds them (core/seamless/aggregators.go). */
export const maxAllow = 64;
const secretOK = (s: string) => /^[\x21-\x7e]{32,512}$/.test(s);

/** aggregatorProblem checks a form as the server will; the answer is a console translation key or null. */
export function aggregatorProblem(f: AggregatorForm): string | null {
  const entries = allowEntries(f.allow);
  if (entries.length > maxAllow) return 'aggregators.errors.allowCount';
  if (entries.some((e) => !entryOK(e))) return 'aggregators.errors.allow';
  if (f.secret.trim() && !secretOK(f.secret.trim())) return 'aggregators.errors.secret';
  return null;
}

/** aggregatorBody is the PUT body: the allow-list and the secret only for the generic protocol, the secret only when replaced. */
export function aggregatorBody(a: SeamlessAggregator, f: AggregatorForm): SeamlessAggregatorBody {
  if (!a.editable) return { enabled: f.enabled };
  const body: SeamlessAggregatorBody = { enabled: f.enabled, allow: allowEntries(f.allow) };
  if (f.secret.trim()) body.secret = f.secret.trim();
  return body;
}

/**
 * AggregatorEditor is an owner's form of one aggregator: its switch and, for the generic protocol, its
 * allow-list and secret. A new secret, another allow-list or switching on waits for a second owner
 * (202: proposed, shown with the changes pending for this aggregator); switching off applies at once.
 */
export function AggregatorEditor({ aggregator }: { aggregator: SeamlessAggregator }) {
  const { t } = useOpT();
  const [form, setForm] = useState<AggregatorForm>(() => toForm(aggregator));
  const [saved, setSaved] = useState(false);
  const [proposed, setProposed] = useState(false);
  useEffect(() => setForm(toForm(aggregator)), [aggregator]);
  const changed = JSON.stringify(form) !== JSON.stringify(toForm(aggregator));
  const problem = changed ? aggregatorProblem(form) : null;
  const save = useSaveSeamlessAggregator(aggregator.code, {
    onMutate: () => {
      setSaved(false);
      setProposed(false);
    },
    onApplied: () => setSaved(true),
    onProposed: () => {
      setProposed(true);
      setForm(toForm(aggregator));
    },
  });
  const set = (patch: Partial<AggregatorForm>) => {
    setSaved(false);
    setForm((f) => ({ ...f, ...patch }));
  };
  const code = aggregator.code;
  return (
    <View role="listitem" style={rowStyles.row} accessibilityLabel={code}>
      <Row>
        <AppText bold>{code}</AppText>
        <Badge label={aggregator.enabled ? t('aggregators.on') : t('aggregators.off')} tone={aggregator.enabled ? 'good' : 'neutral'} />
        <AppText variant="caption">
          {aggregator.source === 'console'
            ? t('aggregators.updated', { by: aggregator.updatedBy ?? '', at: when(aggregator.updatedAt) })
            : t('aggregators.fromConfiguration')}
        </AppText>
      </Row>
      <Row style={rowStyles.controls}>
        <Checkbox label={t('aggregators.enabledNamed', { code })} checked={form.enabled} onChange={(enabled) => set({ enabled })} />
      </Row>
      {aggregator.editable ? (
        <Row style={rowStyles.controls}>
          <View style={styles.wide}>
            <TextField
              label={t('aggregators.allowNamed', { code })}
              value={form.allow}
              onChangeText={(allow) => set({ allow })}
              autoCapitalize="none"
              placeholder={t('aggregators.anyAddress')}
            />
          </View>
          <View style={styles.wide}>
            <TextField
              label={t('aggregators.secretNamed', { code })}
              value={form.secret}
              onChangeText={(secret) => set({ secret })}
              secureTextEntry
              autoCapitalize="none"
              autoComplete="off"
              placeholder={t('aggregators.replace')}
            />
            <AppText variant="caption">
              {aggregator.keys ? t('aggregators.secretSet', { fingerprint: aggregator.keyFingerprint }) : t('aggregators.secretNotSet')}
            </AppText>
          </View>
        </Row>
      ) : null}
      <Row>
        <SaveButton
          label={t('aggregators.save', { code })}
          changed={changed}
          problem={problem}
          saving={save.isPending}
          onSave={() => save.mutate(aggregatorBody(aggregator, form))}
        />
      </Row>
      {aggregator.unreadableSecret ? <AppText variant="error">{t('aggregators.unreadable')}</AppText> : null}
      <SaveStatus problem={problem} error={save.error} saved={saved && !changed ? t('aggregators.saved', { code }) : null} />
      <AppText variant="caption">{t('aggregators.fourEyes')}</AppText>
      {proposed ? <AppText role="status">{t('changes.proposed')}</AppText> : null}
      <PendingNotice kinds={['aggregator']} target={code} />
    </View>
  );
}

const styles = StyleSheet.create({ wide: { minWidth: 260, flexGrow: 1 } });

import { useEffect, useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { Checkbox } from '@/components/ui/checkbox';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';
import { typeScale } from '@/components/ui/theme';

import { useSaveSeamlessAggregator, type SeamlessAggregatorBody } from '../../api/save-seamless-aggregator';
import type { SeamlessAggregator } from '../../api/types';
import { useOpT } from '../../i18n';
import { PendingNotice } from '../pending-changes';
import { Badge, Row, when } from '../ui';
import { rowStyles, SaveButton, SaveStatus } from '../settings/save-row';

/**
 * The form of one aggregator: the allow-list as typed (commas or lines), the secret empty unless replaced;
 * for Hub88 its Games API, our operator id as typed, and both keys as pasted PEM, empty unless replaced.
 */
export type AggregatorForm = {
  enabled: boolean;
  allow: string;
  secret: string;
  url: string;
  operatorId: string;
  hub88PublicKey: string;
  privateKey: string;
};

export const toForm = (a: SeamlessAggregator): AggregatorForm => ({
  enabled: a.enabled,
  allow: a.allow.join(', '),
  secret: '',
  url: a.url,
  operatorId: a.hub88 ? String(a.hub88.operatorId) : '',
  hub88PublicKey: '',
  privateKey: '',
});

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

/** pemProblem checks a pasted key's shape (the server parses it and checks it is RSA of at least 2048 bits). */
function pemProblem(text: string, want: 'public' | 'private'): string | null {
  const v = text.trim();
  if (!v) return null;
  const begin = /^-----BEGIN ([A-Z ]+)-----/.exec(v);
  if (!begin || !v.includes('-----END ') || v.length > 16384) return 'aggregators.errors.pem';
  const isPrivate = begin[1].includes('PRIVATE');
  if (want === 'public' && isPrivate) return 'aggregators.errors.privateAsPublic';
  if (want === 'private' && !isPrivate) return 'aggregators.errors.privateKey';
  return null;
}

/** aggregatorProblem checks a form as the server will; the answer is a console translation key or null. */
export function aggregatorProblem(f: AggregatorForm): string | null {
  const entries = allowEntries(f.allow);
  if (entries.length > maxAllow) return 'aggregators.errors.allowCount';
  if (entries.some((e) => !entryOK(e))) return 'aggregators.errors.allow';
  if (f.secret.trim() && !secretOK(f.secret.trim())) return 'aggregators.errors.secret';
  if (f.url.trim() && !/^https?:\/\/[^\s/@]+/.test(f.url.trim())) return 'aggregators.errors.url';
  if (f.operatorId.trim() && !/^\d{1,18}$/.test(f.operatorId.trim())) return 'aggregators.errors.operatorId';
  return pemProblem(f.hub88PublicKey, 'public') ?? pemProblem(f.privateKey, 'private');
}

/**
 * aggregatorBody is the PUT body: the allow-list and the secret only for the generic protocol, the secret only
 * when replaced; for Hub88 the URL and operator id only when changed (empty and 0: back to the configuration's)
 * and each key only when pasted.
 */
export function aggregatorBody(a: SeamlessAggregator, f: AggregatorForm): SeamlessAggregatorBody {
  if (a.hub88) {
    const body: SeamlessAggregatorBody = { enabled: f.enabled };
    if (f.url.trim() !== a.url) body.url = f.url.trim();
    if (f.operatorId.trim() !== String(a.hub88.operatorId)) body.operatorId = Number(f.operatorId.trim() || '0');
    if (f.hub88PublicKey.trim()) body.hub88PublicKey = f.hub88PublicKey.trim();
    if (f.privateKey.trim()) body.privateKey = f.privateKey.trim();
    return body;
  }
  if (!a.editable) return { enabled: f.enabled };
  const body: SeamlessAggregatorBody = { enabled: f.enabled, allow: allowEntries(f.allow) };
  if (f.secret.trim()) body.secret = f.secret.trim();
  return body;
}

/**
 * AggregatorEditor is an owner's form of one aggregator: its switch and, for the generic protocol, its
 * allow-list and secret; for Hub88, its Games API, our operator id and both RSA keys (Hub88Fields). A new
 * secret or key, another allow-list, address or operator id, or switching on waits for a second owner
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
      {aggregator.hub88 ? <Hub88Fields aggregator={aggregator} hub88={aggregator.hub88} form={form} set={set} /> : null}
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

type Hub88 = NonNullable<SeamlessAggregator['hub88']>;

/**
 * Hub88Fields are Hub88's own settings: its Games API and our operator id (each shown as in effect, from the
 * configuration or the console), Hub88's public key and our private key pasted as PEM (write-only: shown only
 * as set and a SHA-256 fingerprint), and our public key, derived from our private key, to hand to Hub88.
 */
function Hub88Fields({
  aggregator,
  hub88,
  form,
  set,
}: {
  aggregator: SeamlessAggregator;
  hub88: Hub88;
  form: AggregatorForm;
  set: (patch: Partial<AggregatorForm>) => void;
}) {
  const { t } = useOpT();
  const code = aggregator.code;
  const state = (k: Hub88['privateKey']) =>
    k.set
      ? t('aggregators.hub88.keySet', { source: t(`aggregators.sources.${k.source}`), fingerprint: k.fingerprint })
      : t('aggregators.hub88.keyNotSet');
  return (
    <>
      <AppText variant="caption">{t('aggregators.hub88.help')}</AppText>
      <Row style={rowStyles.controls}>
        <View style={styles.wide}>
          <TextField
            label={t('aggregators.hub88.urlNamed', { code })}
            value={form.url}
            onChangeText={(url) => set({ url })}
            autoCapitalize="none"
            keyboardType="url"
          />
          <AppText variant="caption">{t(`aggregators.sources.${hub88.urlSource}`)}</AppText>
        </View>
        <View style={styles.narrow}>
          <TextField
            label={t('aggregators.hub88.operatorIdNamed', { code })}
            value={form.operatorId}
            onChangeText={(operatorId) => set({ operatorId })}
            keyboardType="number-pad"
          />
          <AppText variant="caption">{t(`aggregators.sources.${hub88.operatorIdSource}`)}</AppText>
        </View>
      </Row>
      <Row style={rowStyles.controls}>
        <View style={styles.wide}>
          <TextField
            label={t('aggregators.hub88.publicKeyNamed', { code })}
            value={form.hub88PublicKey}
            onChangeText={(hub88PublicKey) => set({ hub88PublicKey })}
            multiline
            autoCapitalize="none"
            autoComplete="off"
            autoCorrect={false}
            placeholder={t('aggregators.hub88.pastePEM')}
          />
          <AppText variant="caption">{state(hub88.hub88PublicKey)}</AppText>
        </View>
        <View style={styles.wide}>
          <TextField
            label={t('aggregators.hub88.privateKeyNamed', { code })}
            value={form.privateKey}
            onChangeText={(privateKey) => set({ privateKey })}
            multiline
            autoCapitalize="none"
            autoComplete="off"
            autoCorrect={false}
            placeholder={t('aggregators.hub88.pastePEM')}
          />
          <AppText variant="caption">{state(hub88.privateKey)}</AppText>
        </View>
      </Row>
      {hub88.privateKey.ourPublicKey ? (
        <View>
          <AppText variant="caption">{t('aggregators.hub88.ourPublicKey')}</AppText>
          <AppText selectable accessibilityLabel={t('aggregators.hub88.ourPublicKeyNamed', { code })} style={styles.pem}>
            {hub88.privateKey.ourPublicKey}
          </AppText>
        </View>
      ) : null}
    </>
  );
}

const styles = StyleSheet.create({
  wide: { minWidth: 260, flexGrow: 1 },
  narrow: { minWidth: 160 },
  pem: { fontFamily: 'monospace', fontSize: typeScale.small.fontSize },
});

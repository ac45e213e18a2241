// Canned replies: chips that fill the composer, in the console's language, and their editor.
// They are stored on the server per language (th, la, en) and shared by every operator.
import { useState } from 'react';
import { Pressable, StyleSheet, TextInput, View } from 'react-native';

import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';
import { colors, radius, spacing } from '@/components/ui/theme';
import { limits } from '@/lib/limits.generated';

import { deleteCanned } from '../api/delete-canned-reply';
import { useCanned } from '../api/get-canned-replies';
import { saveCanned, useRefreshCanned } from '../api/save-canned-reply';
import type { Canned } from '../api/types';
import { useOpT } from '../i18n';
import { ErrorLine, Row } from './ui';

/** cannedLang is the canned replies' language of the console's language (Thai by default). */
export function cannedLang(lng: string | undefined): 'th' | 'la' | 'en' {
  const l = (lng ?? '').toLowerCase();
  return l.startsWith('en') ? 'en' : l.startsWith('la') || l.startsWith('lo') ? 'la' : 'th';
}

type Draft = { id?: string; title: string; body: string };

function CannedEditor({ lang, list }: { lang: 'th' | 'la' | 'en'; list: Canned[] }) {
  const { t } = useOpT();
  const refresh = useRefreshCanned(lang);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
      setDraft(null);
      await refresh();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const save = (d: Draft) =>
    run(() =>
      d.id
        ? saveCanned({ lang, title: d.title, body: d.body, position: list.find((c) => c.id === d.id)?.position }, d.id)
        : saveCanned({ lang, title: d.title, body: d.body }),
    );

  return (
    <View style={styles.editor} accessibilityLabel={t('chat.cannedEditor.title')}>
      <AppText bold>{t('chat.cannedEditor.title')}</AppText>
      <AppText variant="caption">{t('chat.cannedEditor.hint', { lang: t(`chat.cannedEditor.lang.${lang}`) })}</AppText>
      <ErrorLine error={error} />
      {list.map((c) =>
        draft?.id === c.id ? null : (
          <Row key={c.id}>
            <View style={styles.flex}>
              <AppText bold>{c.title}</AppText>
              <AppText variant="caption" numberOfLines={2}>
                {c.body}
              </AppText>
            </View>
            <Button
              variant="secondary"
              title={t('chat.cannedEditor.edit')}
              accessibilityLabel={`${t('chat.cannedEditor.edit')} ${c.title}`}
              disabled={busy}
              onPress={() => setDraft({ id: c.id, title: c.title, body: c.body })}
            />
            <Button
              variant="secondary"
              title={t('chat.cannedEditor.delete')}
              accessibilityLabel={`${t('chat.cannedEditor.delete')} ${c.title}`}
              disabled={busy}
              onPress={() => void run(() => deleteCanned(c.id))}
            />
          </Row>
        ),
      )}
      {draft ? (
        <View style={styles.draft}>
          <TextInput
            value={draft.title}
            onChangeText={(v) => setDraft({ ...draft, title: v })}
            maxLength={limits.cannedTitle}
            placeholder={t('chat.cannedEditor.titleField')}
            accessibilityLabel={t('chat.cannedEditor.titleField')}
            style={styles.field}
          />
          <TextInput
            value={draft.body}
            onChangeText={(v) => setDraft({ ...draft, body: v })}
            maxLength={limits.chatText}
            multiline
            placeholder={t('chat.cannedEditor.bodyField')}
            accessibilityLabel={t('chat.cannedEditor.bodyField')}
            style={[styles.field, styles.body]}
          />
          <Row>
            <Button
              title={t('chat.cannedEditor.save')}
              disabled={busy || !draft.title.trim() || !draft.body.trim()}
              onPress={() => void save(draft)}
            />
            <Button variant="secondary" title={t('chat.cannedEditor.cancel')} onPress={() => setDraft(null)} />
          </Row>
        </View>
      ) : (
        <Button variant="secondary" title={t('chat.cannedEditor.add')} disabled={busy} onPress={() => setDraft({ title: '', body: '' })} />
      )}
    </View>
  );
}

/** CannedReplies shows the chips of the console's language; a tap puts the text in the composer. */
export function CannedReplies({ onPick }: { onPick: (body: string) => void }) {
  const { t, i18n } = useOpT();
  const lang = cannedLang(i18n.resolvedLanguage ?? i18n.language);
  const [editing, setEditing] = useState(false);
  const canned = useCanned(lang);
  const list = canned.data?.canned ?? [];
  return (
    <View style={styles.wrap}>
      <Row>
        {list.map((c) => (
          <Pressable key={c.id} accessibilityRole="button" accessibilityLabel={c.title} onPress={() => onPick(c.body)} style={styles.chip}>
            <AppText variant="caption">{c.title}</AppText>
          </Pressable>
        ))}
        <Button
          variant="secondary"
          title={editing ? t('chat.cannedEditor.close') : t('chat.cannedEditor.open')}
          onPress={() => setEditing((v) => !v)}
        />
      </Row>
      <ErrorLine error={canned.error} />
      {editing ? <CannedEditor lang={lang} list={list} /> : null}
    </View>
  );
}

const styles = StyleSheet.create({
  wrap: { gap: spacing.xs },
  flex: { flex: 1 },
  chip: { paddingHorizontal: spacing.sm, paddingVertical: spacing.xs, borderRadius: radius.sm, borderWidth: 1, borderColor: colors.border },
  editor: { gap: spacing.sm, padding: spacing.sm, borderWidth: 1, borderColor: colors.border, borderRadius: radius.sm },
  draft: { gap: spacing.xs },
  field: { borderWidth: 1, borderColor: colors.border, borderRadius: radius.sm, padding: spacing.sm, color: colors.text },
  body: { minHeight: 60 },
});

// The inbox's composer: a text (with canned replies), quick replies, a text with buttons, or
// cards (docs/ui.md, support chat). The server checks every message again (CHAT_MESSAGE_INVALID).
import { useState } from 'react';
import { Pressable, StyleSheet, TextInput, View } from 'react-native';

import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';
import { colors, radius, spacing } from '@/components/ui/theme';
import { limits } from '@/lib/limits.generated';

import type { ChatButton, ChatCard, ChatMessage } from '../api/types';
import { useOpT } from '../i18n';

import { useEditorFont } from './editor-font';
import { buttonsMessage, cardsMessage, quickReplies } from './chat/compose';
import { Row } from './ui';

const modes = ['text', 'quick', 'buttons', 'cards'] as const;
export type ComposeMode = (typeof modes)[number];
const buttonTypes = ['postback', 'web', 'call', ''] as const;
const maxButtons = 10;
const maxCards = 10;

const emptyButton = (): ChatButton => ({ title: '', type: 'postback', payload: '' });
const emptyCard = (): ChatCard => ({ title: '', subtitle: '', image_url: '', buttons: [] });

function Chip({ label, on, onPress }: { label: string; on: boolean; onPress: () => void }) {
  return (
    <Pressable
      accessibilityRole="button"
      accessibilityState={{ selected: on }}
      accessibilityLabel={label}
      onPress={onPress}
      style={[styles.chip, on && styles.chipOn]}
    >
      <AppText variant="caption">{label}</AppText>
    </Pressable>
  );
}

/** ButtonsEditor edits up to 10 buttons: title, type (postback, web link, phone call, plain) and payload. */
function ButtonsEditor({ buttons, onChange, label }: { buttons: ChatButton[]; onChange: (b: ChatButton[]) => void; label: string }) {
  const { t } = useOpT();
  const font = useEditorFont();
  const set = (i: number, patch: Partial<ChatButton>) => onChange(buttons.map((b, j) => (j === i ? { ...b, ...patch } : b)));
  return (
    <View style={styles.group}>
      {buttons.map((b, i) => (
        <View key={i} style={styles.buttonRow}>
          <TextInput
            value={b.title}
            onChangeText={(v) => set(i, { title: v })}
            maxLength={80}
            placeholder={t('chat.compose.buttonTitle')}
            accessibilityLabel={`${label} ${i + 1}: ${t('chat.compose.buttonTitle')}`}
            style={[styles.field, styles.flex, font]}
          />
          <Row>
            {buttonTypes.map((ty) => (
              <Chip
                key={ty || 'plain'}
                label={t(`chat.compose.type.${ty || 'plain'}`)}
                on={(b.type ?? '') === ty}
                onPress={() => set(i, { type: ty })}
              />
            ))}
          </Row>
          {b.type ? (
            <TextInput
              value={b.payload ?? ''}
              onChangeText={(v) => set(i, { payload: v })}
              maxLength={2048}
              placeholder={t(`chat.compose.payload.${b.type}`)}
              accessibilityLabel={`${label} ${i + 1}: ${t(`chat.compose.payload.${b.type}`)}`}
              style={[styles.field, styles.flex, font]}
            />
          ) : null}
          <Button
            variant="secondary"
            title={t('chat.compose.remove')}
            accessibilityLabel={`${label} ${i + 1}: ${t('chat.compose.remove')}`}
            onPress={() => onChange(buttons.filter((_, j) => j !== i))}
          />
        </View>
      ))}
      {buttons.length < maxButtons ? (
        <Button
          variant="secondary"
          title={t('chat.compose.addButton')}
          accessibilityLabel={`${label}: ${t('chat.compose.addButton')}`}
          onPress={() => onChange([...buttons, emptyButton()])}
        />
      ) : null}
    </View>
  );
}

type Props = {
  text: string;
  onTextChange: (v: string) => void;
  busy: boolean;
  /** onSend sends the message; it resolves once sent, when the composer clears. */
  onSend: (m: ChatMessage['message']) => Promise<boolean>;
  attach?: React.ReactNode;
};

/** ChatComposer composes a reply of any type an operator may send. */
export function ChatComposer({ text, onTextChange, busy, onSend, attach }: Props) {
  const { t } = useOpT();
  const font = useEditorFont();
  const [mode, setMode] = useState<ComposeMode>('text');
  const [options, setOptions] = useState('');
  const [buttons, setButtons] = useState<ChatButton[]>([emptyButton()]);
  const [cards, setCards] = useState<ChatCard[]>([emptyCard()]);

  const message = (): ChatMessage['message'] | null => {
    switch (mode) {
      case 'quick':
        return text.trim() && options.trim() ? quickReplies(text.trim(), options) : null;
      case 'buttons':
        return text.trim() && buttons.some((b) => b.title.trim()) ? buttonsMessage(text, buttons) : null;
      case 'cards':
        return cards.some((c) => c.title.trim()) ? cardsMessage(cards) : null;
      default:
        return text.trim() ? { message_type: 'text', payload: { message: text.trim() } } : null;
    }
  };
  const ready = message();
  const send = async () => {
    if (!ready) return;
    if (await onSend(ready)) {
      onTextChange('');
      setOptions('');
      setButtons([emptyButton()]);
      setCards([emptyCard()]);
    }
  };
  const setCard = (i: number, patch: Partial<ChatCard>) => setCards(cards.map((c, j) => (j === i ? { ...c, ...patch } : c)));

  return (
    <View style={styles.group}>
      <Row>
        {modes.map((m) => (
          <Chip key={m} label={t(`chat.compose.mode.${m}`)} on={m === mode} onPress={() => setMode(m)} />
        ))}
      </Row>
      {mode !== 'cards' ? (
        <TextInput
          value={text}
          onChangeText={onTextChange}
          multiline
          maxLength={limits.chatText}
          placeholder={t('chat.replyPlaceholder')}
          accessibilityLabel={t('chat.reply')}
          style={[styles.input, font]}
        />
      ) : null}
      {mode === 'quick' ? (
        <TextInput
          value={options}
          onChangeText={setOptions}
          placeholder={t('chat.optionsPlaceholder')}
          accessibilityLabel={t('chat.options')}
          style={[styles.field, font]}
        />
      ) : null}
      {mode === 'buttons' ? <ButtonsEditor buttons={buttons} onChange={setButtons} label={t('chat.compose.button')} /> : null}
      {mode === 'cards'
        ? cards.map((c, i) => {
            const label = `${t('chat.compose.card')} ${i + 1}`;
            return (
              <View key={i} style={styles.card}>
                <Row>
                  <AppText bold style={styles.flex}>
                    {label}
                  </AppText>
                  {cards.length > 1 ? (
                    <Button
                      variant="secondary"
                      title={t('chat.compose.remove')}
                      accessibilityLabel={`${label}: ${t('chat.compose.remove')}`}
                      onPress={() => setCards(cards.filter((_, j) => j !== i))}
                    />
                  ) : null}
                </Row>
                <TextInput
                  value={c.title}
                  onChangeText={(v) => setCard(i, { title: v })}
                  maxLength={80}
                  placeholder={t('chat.compose.cardTitle')}
                  accessibilityLabel={`${label}: ${t('chat.compose.cardTitle')}`}
                  style={[styles.field, font]}
                />
                <TextInput
                  value={c.subtitle ?? ''}
                  onChangeText={(v) => setCard(i, { subtitle: v })}
                  maxLength={640}
                  placeholder={t('chat.compose.cardSubtitle')}
                  accessibilityLabel={`${label}: ${t('chat.compose.cardSubtitle')}`}
                  style={[styles.field, font]}
                />
                <TextInput
                  value={c.image_url ?? ''}
                  onChangeText={(v) => setCard(i, { image_url: v })}
                  maxLength={2048}
                  autoCapitalize="none"
                  placeholder={t('chat.compose.cardImage')}
                  accessibilityLabel={`${label}: ${t('chat.compose.cardImage')}`}
                  style={[styles.field, font]}
                />
                <ButtonsEditor
                  buttons={c.buttons ?? []}
                  onChange={(b) => setCard(i, { buttons: b })}
                  label={`${label} ${t('chat.compose.button')}`}
                />
              </View>
            );
          })
        : null}
      {mode === 'cards' && cards.length < maxCards ? (
        <Button variant="secondary" title={t('chat.compose.addCard')} onPress={() => setCards([...cards, emptyCard()])} />
      ) : null}
      <Row>
        {attach}
        <Button title={t('chat.send')} disabled={busy || !ready} onPress={() => void send()} />
      </Row>
    </View>
  );
}

const styles = StyleSheet.create({
  group: { gap: spacing.sm },
  flex: { flex: 1, minWidth: 120 },
  chip: { paddingHorizontal: spacing.sm, paddingVertical: spacing.xs, borderRadius: radius.sm, borderWidth: 1, borderColor: colors.border },
  chipOn: { borderColor: colors.primary, backgroundColor: colors.primarySoft },
  buttonRow: { flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center', gap: spacing.xs },
  card: { gap: spacing.xs, padding: spacing.sm, borderWidth: 1, borderColor: colors.border, borderRadius: radius.sm },
  input: { minHeight: 70, borderWidth: 1, borderColor: colors.border, borderRadius: radius.sm, padding: spacing.sm, color: colors.text },
  field: { borderWidth: 1, borderColor: colors.border, borderRadius: radius.sm, padding: spacing.sm, color: colors.text },
});

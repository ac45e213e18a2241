import { usePathname, useRouter, type Href } from 'expo-router';
import { useState } from 'react';
import { ActivityIndicator, Pressable, ScrollView, StyleSheet, View, useWindowDimensions } from 'react-native';

import { BrandPicture } from '@/components/brand/brand-picture';
import { LanguageSwitcher } from '@/components/language-switcher';
import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';
import { colors, radius, spacing, touchTarget } from '@/components/ui/theme';

import { changeConsoleLocale, useConsoleLocale } from '../console-locale';
import { useOpT } from '../i18n';
import { can, pageAt, pagesFor, type Role } from '../roles';
import { useMe, useOperatorToken, useSignOut, useTabSession } from '../session';
import { ChangePassword } from './change-password';
import { SignIn } from './sign-in';
import { Badge, ErrorLine } from './ui';

/** wideBreakpoint: from here the menu is a side bar; below it a bar across the top (768 px). */
const wideBreakpoint = 1000;

/**
 * ConsoleShell is the frame of every console page: without an operator token it shows the
 * sign-in (at whatever console address was opened), once the browser's other console tabs had a
 * moment to hand over theirs; signed in, the menu of the role's pages, the operator's name and
 * role, the language and sign-out. A page the role lacks is not shown.
 */
export function ConsoleShell({ children }: { children: React.ReactNode }) {
  useConsoleLocale();
  const token = useOperatorToken();
  const asking = useTabSession();
  const pathname = usePathname();
  const router = useRouter();
  const { t } = useOpT();
  if (!token && asking) {
    return (
      <View style={styles.center} accessibilityLabel={t('common.loading')}>
        <ActivityIndicator color={colors.primary} />
      </View>
    );
  }
  if (!token) {
    return <SignIn onSignedIn={() => (pageAt(pathname) ? undefined : router.replace('/operator/dashboard' as Href))} />;
  }
  return <SignedIn>{children}</SignedIn>;
}

function SignedIn({ children }: { children: React.ReactNode }) {
  const { t } = useOpT();
  const me = useMe();
  const pathname = usePathname();
  const router = useRouter();
  const signOut = useSignOut();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const { width } = useWindowDimensions();
  const wide = width >= wideBreakpoint;

  if (me.isLoading) {
    return (
      <View style={styles.center} accessibilityLabel={t('common.loading')}>
        <ActivityIndicator color={colors.primary} />
      </View>
    );
  }
  if (!me.data) {
    return (
      <View style={styles.center}>
        <ErrorLine error={me.error} />
        <Button title={t('common.retry')} onPress={() => me.refetch()} />
        <Button variant="link" title={t('shell.signOut')} onPress={() => signOut.mutate()} />
      </View>
    );
  }
  const role: Role = me.data.role;
  const current = pageAt(pathname);
  const allowed = !current || can(role, current.roles);

  const menu = (
    <View role="navigation" aria-label={t('shell.menu')} style={wide ? styles.side : styles.topMenu}>
      {pagesFor(role).map((p) => {
        const active = current?.key === p.key;
        return (
          <Pressable
            key={p.key}
            role="link"
            accessibilityRole="link"
            aria-current={active ? 'page' : undefined}
            onPress={() => router.push(p.path as Href)}
            style={[styles.link, active && styles.linkActive]}
          >
            <AppText bold={active} style={{ color: active ? colors.primary : colors.text }}>
              {t(`pages.${p.key}`)}
            </AppText>
          </Pressable>
        );
      })}
    </View>
  );

  return (
    <View style={styles.root}>
      <View style={styles.top}>
        <BrandPicture name="logo" height={32} />
        <AppText variant="heading" style={styles.brand}>
          {t('shell.title')}
        </AppText>
        <View style={styles.flex} />
        <LanguageSwitcher tone="primary" onChange={changeConsoleLocale} />
        <AppText style={styles.white} testID="operator-name">
          {me.data.username}
        </AppText>
        <Badge label={t(`roles.${role}`)} tone="good" style={styles.centered} />
        <Button variant="ghost" title={t('shell.changePassword')} onPress={() => setPasswordOpen(true)} />
        <Button variant="ghost" title={t('shell.signOut')} onPress={() => signOut.mutate()} loading={signOut.isPending} />
      </View>
      <View style={[styles.body, !wide && styles.bodyNarrow]}>
        {menu}
        <ScrollView style={styles.flex} contentContainerStyle={styles.main}>
          {allowed ? (
            children
          ) : (
            <View style={styles.denied} role="alert">
              <AppText variant="heading">{t('shell.notForRole')}</AppText>
              <AppText>{t('shell.notForRoleHelp', { role: t(`roles.${role}`) })}</AppText>
            </View>
          )}
        </ScrollView>
      </View>
      <ChangePassword visible={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </View>
  );
}

const styles = StyleSheet.create({
  flex: { flex: 1 },
  root: { flex: 1, backgroundColor: colors.background, minHeight: '100%' as unknown as number },
  center: { flex: 1, alignItems: 'center', justifyContent: 'center', gap: spacing.md, padding: spacing.xl },
  top: {
    flexDirection: 'row',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: spacing.md,
    paddingHorizontal: spacing.lg,
    paddingVertical: spacing.sm,
    backgroundColor: colors.primary,
  },
  brand: { color: colors.onPrimary },
  white: { color: colors.onPrimary },
  centered: { alignSelf: 'center' },
  body: { flex: 1, flexDirection: 'row' },
  bodyNarrow: { flexDirection: 'column' },
  side: {
    width: 220,
    padding: spacing.md,
    gap: spacing.xs,
    borderRightWidth: 1,
    borderRightColor: colors.border,
    backgroundColor: colors.surface,
  },
  topMenu: {
    flexDirection: 'row',
    flexWrap: 'wrap',
    gap: spacing.xs,
    padding: spacing.sm,
    borderBottomWidth: 1,
    borderBottomColor: colors.border,
    backgroundColor: colors.surface,
  },
  link: {
    paddingHorizontal: spacing.md,
    paddingVertical: spacing.sm,
    borderRadius: radius.sm,
    minHeight: touchTarget,
    justifyContent: 'center',
  },
  linkActive: { backgroundColor: colors.primarySoft },
  main: { padding: spacing.lg, gap: spacing.lg, maxWidth: 1400, width: '100%' },
  denied: { gap: spacing.sm, padding: spacing.lg },
});

import { Redirect, Slot, usePathname, useRouter, type Href } from 'expo-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { Shell } from '@/components/layouts/shell';
import { TopBar } from '@/components/layouts/top-bar';
import { RouteBoundary } from '@/components/lazy-boundary';
import { useLogout } from '@/features/auth/api/logout';
import { ConditionsProvider, useOpenConditions } from '@/features/conditions/components/conditions-provider';
import { ensureWalletTexts } from '@/i18n/wallet';
import { useToken } from '@/lib/auth';
import { useHydrated } from '@/lib/hydrated';

const links: Record<string, { href: Href; path: string }> = {
  profile: { href: '/user/profile', path: '/user/profile' },
  home: { href: '/user/home', path: '/user/home' },
  games: { href: '/user/games', path: '/user/games' },
  statement: { href: '/user/statement', path: '/user/statement' },
  contact: { href: '/user/contact', path: '/user/contact' },
};

/** The logged-in shell; without a stored token every member route goes to /login. */
export default function MemberLayout() {
  const token = useToken();
  // The pre-rendered page has no token (nothing rendered here): hydrate that, then render.
  const hydrated = useHydrated();

  // Most member pages show the wallet's texts (a chunk of their own): fetch them alongside the page's chunk.
  useEffect(() => {
    if (hydrated && token) ensureWalletTexts().catch(() => undefined);
  }, [hydrated, token]);

  if (!hydrated) return null;
  if (!token) return <Redirect href="/login" />;

  // One conditions modal for every member page: the menu and the pages open it (useOpenConditions).
  return (
    <ConditionsProvider>
      <MemberShell />
    </ConditionsProvider>
  );
}

/** MemberShell is the top bar, the member's page and the bottom menu. */
function MemberShell() {
  const { t } = useTranslation();
  const router = useRouter();
  const pathname = usePathname();
  const logout = useLogout();
  const openConditions = useOpenConditions();

  const link = (key: keyof typeof links) => ({
    key,
    label: t(`menu.${key}`),
    active: pathname === links[key].path,
    onPress: () => router.replace(links[key].href),
  });

  return (
    <Shell
      top={<TopBar appName={t('app.name')} logoutLabel={t('menu.logout')} onLogout={logout} />}
      menuLabel={t('menu.mainMenu')}
      menu={[
        link('profile'),
        { key: 'conditions', kind: 'button', label: t('menu.conditions'), onPress: openConditions },
        link('home'),
        link('games'),
        link('statement'),
        link('contact'),
      ]}
    >
      <RouteBoundary at={pathname}>
        <Slot />
      </RouteBoundary>
    </Shell>
  );
}

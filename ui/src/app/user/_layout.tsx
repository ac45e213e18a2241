import { Redirect, Slot, usePathname, useRouter, type Href } from 'expo-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Shell } from '@/components/layouts/shell';
import { TopBar } from '@/components/layouts/top-bar';
import { useLogout } from '@/features/auth/api/logout';
import { ConditionsModal } from '@/features/conditions/components/conditions-modal';
import { useToken } from '@/lib/auth';
import { useHydrated } from '@/lib/hydrated';

const links: Record<string, { href: Href; path: string }> = {
  profile: { href: '/user/profile', path: '/user/profile' },
  home: { href: '/user/home', path: '/user/home' },
  statement: { href: '/user/statement', path: '/user/statement' },
  contact: { href: '/user/contact', path: '/user/contact' },
};

/** The logged-in shell; without a stored token every member route goes to /login. */
export default function MemberLayout() {
  const { t } = useTranslation();
  const token = useToken();
  const router = useRouter();
  const pathname = usePathname();
  const logout = useLogout();
  const [conditionsOpen, setConditionsOpen] = useState(false);
  // The pre-rendered page has no token (nothing rendered here): hydrate that, then render.
  const hydrated = useHydrated();

  if (!hydrated) return null;
  if (!token) return <Redirect href="/login" />;

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
        { key: 'conditions', kind: 'button', label: t('menu.conditions'), onPress: () => setConditionsOpen(true) },
        link('home'),
        link('statement'),
        link('contact'),
      ]}
    >
      <Slot />
      <ConditionsModal visible={conditionsOpen} onClose={() => setConditionsOpen(false)} />
    </Shell>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { Slot, usePathname, useRouter, type Href } from 'expo-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { Shell } from '@/components/layouts/shell';
import { RouteBoundary } from '@/components/lazy-boundary';
import { clearSession } from '@/lib/storage';

const items: { key: string; href: Href; path: string }[] = [
  { key: 'login', href: '/login', path: '/login' },
  { key: 'register', href: '/register', path: '/register' },
  { key: 'howto', href: '/howto', path: '/howto' },
  { key: 'contact', href: '/contact', path: '/contact' },
];

/** The logged-out shell: mounting it forgets any token and member data. */
export default function LoggedOutLayout() {
  const { t } = useTranslation();
  const router = useRouter();
  const pathname = usePathname();
  const queryClient = useQueryClient();

  useEffect(() => {
    clearSession();
    queryClient.removeQueries({ queryKey: ['member'] });
  }, [queryClient]);

  return (
    <Shell
      menuLabel={t('menu.mainMenu')}
      menu={items.map((item) => ({
        key: item.key,
        label: t(`menu.${item.key}`),
        active: pathname === item.path,
        onPress: () => router.replace(item.href),
      }))}
    >
      <RouteBoundary at={pathname}>
        <Slot />
      </RouteBoundary>
    </Shell>
  );
}

// The console's root, loaded lazily by app/operator/_layout.tsx: its strings and frame.
import { Slot, usePathname } from 'expo-router';

import { RouteBoundary } from '@/components/lazy-boundary';

import { ConsoleShell } from './components/console-shell';
import './i18n';

export default function ConsoleRoot() {
  const pathname = usePathname();
  return (
    <ConsoleShell>
      <RouteBoundary at={pathname}>
        <Slot />
      </RouteBoundary>
    </ConsoleShell>
  );
}

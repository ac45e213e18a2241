// The console's root, loaded lazily by app/operator/_layout.tsx: its strings and frame.
import { Slot } from 'expo-router';

import { ConsoleShell } from './components/console-shell';
import './i18n';

export default function ConsoleRoot() {
  return (
    <ConsoleShell>
      <Slot />
    </ConsoleShell>
  );
}

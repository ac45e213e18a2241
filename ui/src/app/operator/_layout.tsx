import { Redirect } from 'expo-router';
import { Platform } from 'react-native';

import { lazyPage } from '@/features/operator/lazy';

// The operator console is web only and arrives in its own chunks: nothing of it is imported by
// the member app. The native apps have no console and go back to the member app.
const ConsoleRoot = lazyPage(() => import('@/features/operator/console-root'));

export default function OperatorLayout() {
  if (Platform.OS !== 'web') return <Redirect href="/" />;
  return <ConsoleRoot />;
}

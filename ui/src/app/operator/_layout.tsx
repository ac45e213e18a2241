import { Redirect } from 'expo-router';
import { Platform } from 'react-native';

import { consolePage } from '@/features/operator/lazy';

// The operator console is web only and arrives in a chunk of its own: nothing of it is imported by
// the member app. The native apps have no console and go back to the member app.
const ConsoleRoot = consolePage('ConsoleRoot');

export default function OperatorLayout() {
  if (Platform.OS !== 'web') return <Redirect href="/" />;
  return <ConsoleRoot />;
}

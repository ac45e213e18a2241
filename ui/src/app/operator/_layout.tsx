import { Navigator, Redirect } from 'expo-router';
import { Platform } from 'react-native';

import { consolePage } from '@/features/operator/lazy';

// The operator console is web only and arrives in a chunk of its own: nothing of it is imported by
// the member app. The native apps have no console and go back to the member app.
const ConsoleRoot = consolePage('ConsoleRoot');

// The console's navigator lives here, outside the lazy chunk, and the chunk's <Slot /> only shows
// its current page. So the navigator is mounted whenever the layout is — while the chunk and the
// operator's role load, at the sign-in and on a page the role lacks — and keeps the address that
// was opened: an unmounted navigator drops its part of the router state, which turns a direct
// load of /operator/withdrawals into /operator (and the index redirect then to the dashboard).
export default function OperatorLayout() {
  if (Platform.OS !== 'web') return <Redirect href="/" />;
  return (
    <Navigator>
      <ConsoleRoot />
    </Navigator>
  );
}

import { Redirect, type Href } from 'expo-router';

/** /operator is the sign-in (shown by the layout without a token); signed in, the dashboard. */
export default function OperatorIndex() {
  return <Redirect href={'/operator/dashboard' as Href} />;
}

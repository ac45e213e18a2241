import { Component, lazy, Suspense, useState, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Platform, StyleSheet, View } from 'react-native';

import { Button } from './ui/button';
import { AppModal } from './ui/modal';
import { AppText } from './ui/text';
import { colors, radius, spacing } from './ui/theme';

/**
 * lazyWithRetry is React.lazy for a screen, modal or widget whose code may fail to arrive (a
 * connection lost for a moment): the failure shows a translated error with a retry button in its
 * place, and the rest of the app keeps working. Retry imports the code again (React.lazy keeps a
 * failed import for good, so a retry makes a new lazy component).
 */
type Options<P> = {
  /** fallback shows while the code arrives (nothing by default). */
  fallback?: ReactNode | ((props: P) => ReactNode);
  /** modal: the component is a modal (with onClose); its error shows in a modal too. */
  modal?: boolean;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component type
export function lazyWithRetry<C extends ComponentType<any>, P extends object = ComponentProps<C>>(
  load: () => Promise<{ default: C }>,
  { fallback = null, modal = false }: Options<P> = {},
): ComponentType<P> {
  let current = lazy(load);
  return function LazyWithRetry(props: P) {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      current = lazy(load);
      setAttempt((n) => n + 1);
    };
    const Loaded = current as unknown as ComponentType<P>;
    return (
      <LazyBoundary key={attempt} onRetry={retry} onClose={modal ? (props as { onClose?: () => void }).onClose : undefined}>
        <Suspense fallback={typeof fallback === 'function' ? fallback(props) : fallback}>
          <Loaded {...props} />
        </Suspense>
      </LazyBoundary>
    );
  };
}

type BoundaryProps = { onRetry: () => void; onClose?: () => void; children: ReactNode };

/** LazyBoundary catches a failed load below it and shows LoadFailed instead. */
export class LazyBoundary extends Component<BoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return <LoadFailed onRetry={this.props.onRetry} onClose={this.props.onClose} />;
  }
}

/**
 * RouteBoundary keeps a route whose code failed to arrive (a route chunk fetched offline) from
 * taking the app down: the error with retry shows in the route's place, and the shell around it
 * keeps working (a new address, `at`, starts afresh). The router keeps a route's failed import
 * for good (React.lazy), so on the web retry loads the page again once the server answers; on
 * Android and iOS, where routes are bundled, it renders the route again.
 */
export function RouteBoundary({ at, children }: { at: string; children: ReactNode }) {
  const [attempt, setAttempt] = useState(0);
  const again = () => setAttempt((n) => n + 1);
  return (
    <LazyBoundary key={`${at}#${attempt}`} onRetry={() => retryRoute(again)}>
      {children}
    </LazyBoundary>
  );
}

/** retryRoute reloads the page once the server answers (web), else calls again. */
export function retryRoute(again: () => void): void {
  if (Platform.OS !== 'web' || typeof window === 'undefined') return again();
  fetch(window.location.href, { cache: 'no-store' }).then(() => window.location.reload(), again);
}

/** LoadFailed says the code could not be loaded, with retry; in a modal when it replaces one. */
function LoadFailed({ onRetry, onClose }: { onRetry: () => void; onClose?: () => void }) {
  const { t } = useTranslation();
  const body = (
    <View style={onClose ? styles.inModal : styles.box} role="alert">
      <AppText>{t('common.partFailed')}</AppText>
      <Button title={t('common.retry')} variant={onClose ? 'primary' : 'secondary'} onPress={onRetry} />
    </View>
  );
  return onClose ? (
    <AppModal visible title={t('common.error')} onClose={onClose}>
      {body}
    </AppModal>
  ) : (
    body
  );
}

const styles = StyleSheet.create({
  inModal: { gap: spacing.md },
  box: {
    gap: spacing.sm,
    padding: spacing.md,
    margin: spacing.md,
    borderRadius: radius.md,
    borderWidth: 1,
    borderColor: colors.danger,
    backgroundColor: colors.surface,
  },
});

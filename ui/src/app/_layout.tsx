import { languageReady } from '@/i18n';

import { QueryClientProvider } from '@tanstack/react-query';
import { Slot, useRouter } from 'expo-router';
import Head from 'expo-router/head';
import * as SplashScreen from 'expo-splash-screen';
import { StatusBar } from 'expo-status-bar';
import { use, useEffect, useState } from 'react';
import { Platform, StyleSheet, View } from 'react-native';

import { DemoRibbon } from '@/components/demo-ribbon';
import { RouteBoundary } from '@/components/lazy-boundary';
import { AlertProvider } from '@/components/ui/alert-dialog';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { colors } from '@/components/ui/theme';
import { ToastProvider } from '@/components/ui/toast';
import { setApiNavigator } from '@/lib/api';
import { useStorageReady } from '@/lib/auth';
import { useAppFonts } from '@/lib/fonts';
import { createQueryClient } from '@/lib/query-client';

if (Platform.OS !== 'web') {
  SplashScreen.preventAutoHideAsync().catch(() => undefined);
}

export default function RootLayout() {
  // A page pre-rendered in another language than the bundled one hydrates in that language.
  if (languageReady) use(languageReady);
  const [queryClient] = useState(createQueryClient);
  const [fontsLoaded, fontError] = useAppFonts();
  const storageReady = useStorageReady();
  const router = useRouter();

  useEffect(() => {
    setApiNavigator((path) => router.replace(path));
  }, [router]);

  // Native waits for fonts and secure storage behind the splash; the web swaps fonts in.
  const ready = Platform.OS === 'web' || ((fontsLoaded || !!fontError) && storageReady);

  useEffect(() => {
    if (ready && Platform.OS !== 'web') SplashScreen.hideAsync().catch(() => undefined);
  }, [ready]);

  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <AlertProvider>
          <View style={styles.root}>
            {Platform.OS === 'web' ? (
              <Head>
                <title>Ngern</title>
              </Head>
            ) : null}
            <StatusBar style="light" />
            <DemoRibbon />
            {/* The last stop of a route or layout that failed to load; the shells have their own. */}
            <RouteBoundary at="">{ready ? <Slot /> : null}</RouteBoundary>
            <LoadingOverlay />
          </View>
        </AlertProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}

const styles = StyleSheet.create({ root: { flex: 1, backgroundColor: colors.background } });

// The console's routes under the real router: a console address opened directly (a reload, a
// link) must stay where it is while the console chunk and the operator's role are still loading.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react-native';
import { Slot } from 'expo-router';
import { store } from 'expo-router/build/global-state/router-store';
import { renderRouter } from 'expo-router/testing-library';
import { act } from 'react';
import { Platform } from 'react-native';

import i18n from '@/i18n';
import { setFetch } from '@/lib/api';
import { clearOperatorToken, setOperatorToken } from '@/lib/operator-token';

import { setTabChannel } from './session-share';

// The real router, through the module the web build resolves the app's `expo-router` imports to.
jest.mock('expo-router', () => jest.requireActual('@/lib/expo-router-web'));
// lazy.tsx as it is, but with the console chunk's dynamic import (which jest does not run) as a
// promise of the module: the console still arrives after the first render.
jest.mock('@/features/operator/lazy', () => {
  const { createElement, lazy, Suspense } = jest.requireActual('react');
  return {
    consolePage(name: string) {
      const Page = lazy(() => Promise.resolve().then(() => ({ default: jest.requireActual('@/features/operator/console')[name] })));
      return () => createElement(Suspense, { fallback: null }, createElement(Page));
    },
  };
});

/**
 * focusedNow is the page the router state points at as the navigation container reports it on
 * its next change (that report sets the address): a navigator that is not mounted has no part in it.
 */
function focusedNow(): string {
  type State = { index?: number; routes: { name: string; state?: State }[] };
  let state = store.navigationRef.getRootState() as unknown as State | undefined;
  const names: string[] = [];
  while (state) {
    const route = state.routes[state.index ?? state.routes.length - 1];
    names.push(route.name);
    state = route.state;
  }
  return names.join(' > ');
}

let client: QueryClient | undefined;
afterEach(() => client?.clear());

function routes() {
  client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  function Root() {
    return (
      <QueryClientProvider client={client!}>
        <Slot />
      </QueryClientProvider>
    );
  }
  return {
    _layout: Root,
    'operator/_layout': require('@/app/operator/_layout').default,
    'operator/index': require('@/app/operator/index').default,
    'operator/dashboard': require('@/app/operator/dashboard').default,
    'operator/withdrawals': require('@/app/operator/withdrawals').default,
  };
}

describe('console routes opened directly', () => {
  const os = Platform.OS;
  beforeAll(() => {
    // The console is web only (the layout sends native builds back to the member app).
    Object.defineProperty(Platform, 'OS', { configurable: true, get: () => 'web' });
    // One tab: no other console tab to ask for a sign-in (components/console-shell.test.tsx tests that).
    setTabChannel(() => null);
  });
  afterAll(() => {
    Object.defineProperty(Platform, 'OS', { configurable: true, get: () => os });
  });
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    clearOperatorToken();
  });

  it('keeps a page the role lacks at its address and says so', async () => {
    setOperatorToken('OPT');
    // /me is held back so that the console stays on its loading view while the router settles.
    let answerMe: () => void = () => undefined;
    const me = new Promise<void>((resolve) => (answerMe = resolve));
    const calls: string[] = [];
    setFetch((async (url: string) => {
      calls.push(String(url));
      await me;
      return { ok: true, status: 200, text: async () => JSON.stringify({ username: 'sam', role: 'support' }) } as Response;
    }) as typeof fetch);

    const view = renderRouter(routes(), { initialUrl: '/operator/withdrawals' });
    jest.useRealTimers(); // renderRouter turns fake timers on; the console chunk and /me are promises.
    // The console chunk arrives and the router settles while /me is pending.
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(view.getPathname()).toBe('/operator/withdrawals');
    expect(focusedNow()).toBe('__root > operator > withdrawals');

    await act(async () => {
      answerMe();
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(await screen.findByText('This page is not available for your role')).toBeTruthy();
    expect(view.getPathname()).toBe('/operator/withdrawals');
    expect(focusedNow()).toBe('__root > operator > withdrawals');
    expect(calls).toEqual(['/api/operator/me']);
    view.unmount();
  });

  it('signs in at the address that was opened', async () => {
    setFetch((async () => ({ ok: false, status: 401, text: async () => '{}' }) as Response) as typeof fetch);
    const view = renderRouter(routes(), { initialUrl: '/operator/withdrawals' });
    jest.useRealTimers();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(view.getPathname()).toBe('/operator/withdrawals');
    expect(focusedNow()).toBe('__root > operator > withdrawals');
    view.unmount();
  });
});

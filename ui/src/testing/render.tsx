import { QueryClient, QueryClientProvider, notifyManager } from '@tanstack/react-query';
import { render } from '@testing-library/react-native';

import { AlertProvider } from '@/components/ui/alert-dialog';
import { ToastProvider } from '@/components/ui/toast';
import { setFetch } from '@/lib/api';

// Query updates are delivered at once so that they land inside the act() of the test step.
notifyManager.setScheduler((callback) => callback());

const clients: QueryClient[] = [];

afterEach(() => {
  clients.splice(0).forEach((client) => client.clear());
});

/** renderWithProviders renders UI inside the app's providers with a fresh query client. */
export function renderWithProviders(ui: React.ReactElement) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false, gcTime: Infinity } },
  });
  clients.push(queryClient);
  return render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <AlertProvider>{ui}</AlertProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

type Answer = { status?: number; body: unknown; headers?: Record<string, string> };
type Reply = Answer | ((body: any) => Answer);

/**
 * mockApi answers API calls from a table of "METHOD /path" → reply and records the calls. A call
 * with a query string is answered by its exact entry, else by its path's (the lookups' ?lang=).
 */
export function mockApi(table: Record<string, Reply>) {
  const calls: { method: string; path: string; body: any; headers: Record<string, string> }[] = [];
  setFetch((async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = String(url);
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body, headers: (init.headers ?? {}) as Record<string, string> });
    const entry = table[`${method} ${path}`] ?? table[`${method} ${path.split('?')[0]}`];
    const reply = typeof entry === 'function' ? entry(body) : (entry ?? { status: 404, body: { message: 'NOT_FOUND' } });
    const status = reply.status ?? 200;
    return {
      ok: status >= 200 && status < 300,
      status,
      headers: { get: (name: string) => reply.headers?.[name] ?? null },
      text: async () => JSON.stringify(reply.body),
    } as unknown as Response;
  }) as typeof fetch);
  return calls;
}

/** routerMock is the stub router of the test setup. */
export function routerMock(): { replace: jest.Mock; push: jest.Mock; back: jest.Mock } {
  return jest.requireMock('expo-router').__router;
}

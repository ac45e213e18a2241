import { fireEvent, screen, within } from '@testing-library/react-native';

import i18n from '@/i18n';
import { setOperatorToken } from '@/lib/operator-token';
import { mockApi, renderWithProviders } from '@/testing/render';

import type { QRProvider } from '../api/deposits';
import SettingsPage from './settings';
import { qrProviderBody, qrProviderProblem, toForm } from '../components/settings/qr';

const seeded: QRProvider[] = [
  {
    code: 'kbank',
    kind: 'promptpay',
    ready: true,
    enabled: true,
    min: 0.01,
    quickAmounts: [10, 20, 50],
    lifetimeSeconds: 600,
    apiKeySet: false,
    webhookSecretSet: false,
    secretsRequired: false,
    updatedBy: 'seed',
    updatedAt: '2026-11-22T00:00:00Z',
  },
  {
    code: 'WW',
    kind: 'gateway',
    ready: true,
    enabled: true,
    min: 100,
    quickAmounts: [100, 200, 300],
    lifetimeSeconds: 600,
    apiKeySet: false,
    webhookSecretSet: true,
    secretsRequired: false,
    updatedBy: 'seed',
    updatedAt: '2026-11-22T00:00:00Z',
  },
  {
    code: 'FP',
    kind: 'gateway',
    ready: true,
    enabled: false,
    min: 10,
    quickAmounts: [10],
    lifetimeSeconds: 600,
    apiKeySet: false,
    webhookSecretSet: false,
    secretsRequired: false,
    updatedBy: 'seed',
    updatedAt: '2026-11-22T00:00:00Z',
    unreadableSecrets: ['webhookSecret'],
  },
];

function api(role: string) {
  const providers = structuredClone(seeded);
  const pending: Record<string, unknown>[] = [];
  return mockApi({
    'GET /api/operator/me': { body: { username: 'op', role } },
    'GET /api/operator/settings': {
      body: { settings: [{ name: 'notice', value: { notice: 'hi' }, editableBy: ['owner', 'finance', 'support'] }] },
    },
    'GET /api/operator/banks': { body: { banks: [] } },
    'GET /api/operator/qr/providers': () => ({ body: { providers } }),
    'GET /api/operator/changes': () => ({ body: { changes: pending } }),
    'PUT /api/operator/qr/providers/WW': (body) => {
      const b = body as Record<string, unknown>;
      if ('apiKey' in b || 'webhookSecret' in b) {
        // A secret waits for a second owner (202).
        pending.push({
          id: 'c1',
          kind: 'qrprovider',
          target: 'WW',
          summary: { apiKey: 'set' },
          proposedBy: 'op',
          proposedAt: '2026-11-22T00:00:00Z',
          status: 'PENDING',
        });
        return { status: 202, body: { message: 'SECOND_APPROVAL_REQUIRED', change: pending[0] } };
      }
      Object.assign(providers[1], {
        enabled: b.enabled,
        min: Number(b.min),
        quickAmounts: (b.quickAmounts as string[]).map(Number),
        lifetimeSeconds: b.lifetimeSeconds,
        apiKeySet: providers[1].apiKeySet || typeof b.apiKey === 'string',
        updatedBy: 'op',
      });
      return { body: { provider: providers[1] } };
    },
  });
}

const rowOf = async (name: string) => within(await screen.findByLabelText(name));

describe('settings: QR providers', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    setOperatorToken('OPT');
  });

  it("lets finance change a minimum; the secrets are the owners' and not shown to finance", async () => {
    const calls = api('finance');
    renderWithProviders(<SettingsPage />);
    const ww = await rowOf('WW');
    expect(ww.queryByLabelText('API key')).toBeNull();
    const save = ww.getByRole('button', { name: 'Save WW' });
    expect(save.props.accessibilityState.disabled).toBe(true);

    fireEvent.changeText(ww.getByLabelText('Minimum (baht)'), '150');
    expect(ww.getByText('Quick amounts go up, each at least the minimum and 1 baht.')).toBeTruthy();
    expect(ww.getByRole('button', { name: 'Save WW' }).props.accessibilityState.disabled).toBe(true);
    fireEvent.changeText(ww.getByLabelText('Quick amounts (baht)'), '150, 300, 1000.50');
    fireEvent.press(ww.getByRole('button', { name: 'Save WW' }));

    expect(await screen.findByText('WW saved. Members see it now.')).toBeTruthy();
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts).toEqual([
      expect.objectContaining({
        path: '/api/operator/qr/providers/WW',
        body: { enabled: true, min: '150', quickAmounts: ['150', '300', '1000.50'], lifetimeSeconds: 600 },
      }),
    ]);
    // A secret the server's key does not open is named, as not set.
    const fp = await rowOf('FP');
    expect(fp.getByText(/The stored Webhook secret does not open/)).toBeTruthy();
  });

  it('lets an owner propose a new secret: sent once, never shown, waiting for a second owner', async () => {
    const calls = api('owner');
    renderWithProviders(<SettingsPage />);
    const ww = await rowOf('WW');
    expect(ww.getByText('Not set')).toBeTruthy(); // API key
    expect(ww.getByText('Set')).toBeTruthy(); // webhook secret
    fireEvent.changeText(ww.getByLabelText('API key'), 'a-new-api-key-0123456789');
    fireEvent.press(ww.getByRole('button', { name: 'Save WW' }));

    expect(await screen.findByText('Proposed: a second owner must approve it on the Pending changes page')).toBeTruthy();
    expect(await screen.findByText('Awaiting a second owner: QR provider WW, proposed by op')).toBeTruthy();
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts).toEqual([
      expect.objectContaining({
        path: '/api/operator/qr/providers/WW',
        body: {
          enabled: true,
          min: '100.00',
          quickAmounts: ['100.00', '200.00', '300.00'],
          lifetimeSeconds: 600,
          apiKey: 'a-new-api-key-0123456789',
        },
      }),
    ]);
    expect(ww.getByLabelText('API key').props.value).toBe('');
    expect(screen.queryByDisplayValue('a-new-api-key-0123456789')).toBeNull();
  });

  it('refuses bad values before sending', () => {
    const ww = seeded[1];
    const form = toForm(ww);
    expect(qrProviderProblem(ww, { ...form, min: '0' })).toBe('settings.qr.errors.min');
    expect(qrProviderProblem(ww, { ...form, min: '1.234' })).toBe('settings.qr.errors.min');
    expect(qrProviderProblem(ww, { ...form, quickAmounts: '' })).toBe('settings.qr.errors.quick');
    expect(qrProviderProblem(ww, { ...form, quickAmounts: '200, 100' })).toBe('settings.qr.errors.quickOrder');
    expect(qrProviderProblem(ww, { ...form, lifetimeSeconds: '5' })).toBe('settings.qr.errors.lifetime');
    expect(qrProviderProblem(ww, { ...form, webhookSecret: 'short' })).toBe('settings.qr.errors.secret');
    expect(qrProviderProblem({ ...ww, ready: false }, form)).toBe('settings.qr.errors.notReady');
    expect(qrProviderProblem({ ...ww, secretsRequired: true }, { ...form, clearWebhookSecret: true })).toBe(
      'settings.qr.errors.secretsRequired',
    );
    expect(qrProviderProblem({ ...ww, secretsRequired: true, webhookSecretSet: false }, form)).toBe('settings.qr.errors.secretsRequired');
    expect(qrProviderProblem({ ...ww, secretsRequired: true }, form)).toBeNull(); // the API key is optional
    expect(qrProviderProblem({ ...ww, ready: false }, { ...form, enabled: false })).toBeNull();
    // A cleared secret is sent as empty; an untouched one is not sent.
    expect(qrProviderBody({ ...form, clearWebhookSecret: true })).toEqual({
      enabled: true,
      min: '100.00',
      quickAmounts: ['100.00', '200.00', '300.00'],
      lifetimeSeconds: 600,
      webhookSecret: '',
    });
  });

  it('is hidden from support and its list is not asked for', async () => {
    const calls = api('support');
    renderWithProviders(<SettingsPage />);
    expect(await screen.findByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.queryByLabelText('WW')).toBeNull();
    expect(calls.some((c) => c.path === '/api/operator/qr/providers')).toBe(false);
  });
});

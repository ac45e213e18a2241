import { fireEvent, screen, waitFor } from '@testing-library/react-native';

import i18n from '@/i18n';
import { setOperatorToken } from '@/lib/operator-token';
import { mockApi, renderWithProviders } from '@/testing/render';

import { aggregatorBody, aggregatorProblem, allowEntries, entryOK, toForm } from '../components/aggregators/aggregator-editor';
import AggregatorsPage, { countRows, refused } from './aggregators';

const window = (calls: number, p99Ms: number, counts: { kind: 'bet' | 'win' | 'rollback'; outcome: string; count: number }[]) => ({
  calls,
  p99Ms,
  counts,
});

const figures = {
  provider: 'sim',
  hour: window(3, 5, [
    { kind: 'bet', outcome: 'applied', count: 2 },
    { kind: 'bet', outcome: 'insufficient', count: 1 },
  ]),
  day: window(5, 20, [
    { kind: 'bet', outcome: 'applied', count: 3 },
    { kind: 'bet', outcome: 'insufficient', count: 1 },
    { kind: 'win', outcome: 'error', count: 1 },
  ]),
};

const aggregator = (over: object = {}) => ({
  code: 'acme',
  kind: 'generic' as const,
  mode: 'production' as const,
  url: 'https://api.acme.example/ngern',
  enabled: true,
  allow: ['203.0.113.0/24'],
  keys: true,
  keyFingerprint: '0123456789ab',
  editable: true,
  source: 'configuration' as const,
  unreadableSecret: false,
  ...over,
});

const ourPublicKey = '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAours\n-----END PUBLIC KEY-----\n';
const hub88Settings = {
  operatorId: 7,
  urlSource: 'configuration' as const,
  operatorIdSource: 'configuration' as const,
  hub88PublicKey: { set: true, fingerprint: 'aa'.repeat(32), source: 'configuration' as const },
  privateKey: { set: true, fingerprint: 'bb'.repeat(32), source: 'console' as const, ourPublicKey },
};
const pastedPublic = '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAhub88\n-----END PUBLIC KEY-----';
const pastedPrivate = '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAours\n-----END RSA PRIVATE KEY-----';

const list = [
  aggregator(),
  aggregator({
    code: 'hub88',
    kind: 'hub88',
    url: 'https://api.hub88.example',
    allow: [],
    keyFingerprint: '',
    editable: false,
    hub88: hub88Settings,
  }),
  aggregator({ code: 'sim', kind: 'sim', mode: 'demo', url: '/sim/aggregator', allow: [], keyFingerprint: '', editable: false }),
];

const aggregatorsAnswer = { 'GET /api/operator/seamless/aggregators': { body: { aggregators: list } } };
const figuresAnswer = { 'GET /api/operator/seamless/providers': { body: { providers: [figures], since: '2026-11-27T01:00:00Z' } } };

describe('aggregators page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    setOperatorToken('OPT');
  });

  it('counts refusals and lays out one row per kind and outcome', () => {
    expect(refused(figures.day)).toBe(2);
    expect(countRows([figures])).toEqual([
      { provider: 'sim', kind: 'bet', outcome: 'applied', hour: 2, day: 3 },
      { provider: 'sim', kind: 'bet', outcome: 'insufficient', hour: 1, day: 1 },
      { provider: 'sim', kind: 'win', outcome: 'error', hour: 0, day: 1 },
    ]);
  });

  it('checks the allow-list and the secret as the server does, and sends the secret only when replaced', () => {
    expect(allowEntries(' 203.0.113.0/24,198.51.100.7\n2001:db8::/32 ')).toEqual(['203.0.113.0/24', '198.51.100.7', '2001:db8::/32']);
    expect(entryOK('10.0.0.0/8')).toBe(true);
    expect(entryOK('10.0.0.0/33')).toBe(false);
    expect(entryOK('256.1.1.1')).toBe(false);
    expect(entryOK('aggregator.example')).toBe(false);
    const a = aggregator();
    const form = toForm(a);
    expect(form).toEqual({
      enabled: true,
      allow: '203.0.113.0/24',
      secret: '',
      url: 'https://api.acme.example/ngern',
      operatorId: '',
      hub88PublicKey: '',
      privateKey: '',
    });
    expect(aggregatorProblem({ ...form, allow: '10.0.0.0/33' })).toBe('aggregators.errors.allow');
    expect(aggregatorProblem({ ...form, secret: 'short' })).toBe('aggregators.errors.secret');
    expect(aggregatorProblem({ ...form, allow: Array.from({ length: 65 }, (_, i) => `10.0.0.${i}`).join(',') })).toBe(
      'aggregators.errors.allowCount',
    );
    expect(aggregatorBody(a, form)).toEqual({ enabled: true, allow: ['203.0.113.0/24'] });
    expect(aggregatorBody(a, { ...form, secret: ' s'.padEnd(40, 'x') })).toEqual({
      enabled: true,
      allow: ['203.0.113.0/24'],
      secret: 's'.padEnd(39, 'x'),
    });
    expect(aggregatorBody(list[2], { ...toForm(list[2]), enabled: false })).toEqual({ enabled: false });
  });

  it("checks Hub88's pasted keys, address and operator id, and sends each only when changed", () => {
    const hub88 = list[1];
    const form = toForm(hub88);
    expect(form).toMatchObject({ url: 'https://api.hub88.example', operatorId: '7', hub88PublicKey: '', privateKey: '' });
    expect(aggregatorProblem(form)).toBeNull();
    expect(aggregatorProblem({ ...form, hub88PublicKey: pastedPrivate })).toBe('aggregators.errors.privateAsPublic');
    expect(aggregatorProblem({ ...form, privateKey: pastedPublic })).toBe('aggregators.errors.privateKey');
    expect(aggregatorProblem({ ...form, privateKey: 'MIIEowIBAAKCAQEAours' })).toBe('aggregators.errors.pem');
    expect(aggregatorProblem({ ...form, url: 'api.hub88.io' })).toBe('aggregators.errors.url');
    expect(aggregatorProblem({ ...form, operatorId: 'seven' })).toBe('aggregators.errors.operatorId');
    expect(aggregatorProblem({ ...form, url: '', operatorId: '' })).toBeNull();
    // Unchanged: the switch alone.
    expect(aggregatorBody(hub88, form)).toEqual({ enabled: true });
    expect(
      aggregatorBody(hub88, { ...form, url: ' https://staging.hub88.example ', operatorId: '42', hub88PublicKey: ` ${pastedPublic}\n` }),
    ).toEqual({ enabled: true, url: 'https://staging.hub88.example', operatorId: 42, hub88PublicKey: pastedPublic });
    // Emptied: back to the configuration's.
    expect(aggregatorBody(hub88, { ...form, url: '', operatorId: '' })).toEqual({ enabled: true, url: '', operatorId: 0 });
  });

  it("lets an owner paste Hub88's keys, shows each only as set with its fingerprint and offers our public key", async () => {
    const calls = mockApi({
      ...aggregatorsAnswer,
      ...figuresAnswer,
      'GET /api/operator/me': { body: { username: 'own', role: 'owner' } },
      'GET /api/operator/changes': { body: { changes: [] } },
      'PUT /api/operator/seamless/aggregators/hub88': {
        status: 400,
        body: { status: 'RSA_PRIVATE_KEY_AS_PUBLIC', message: 'RSA_PRIVATE_KEY_AS_PUBLIC', field: 'hub88PublicKey' },
      },
    });
    renderWithProviders(<AggregatorsPage />);
    const publicKey = await screen.findByLabelText("Hub88's public key (hub88)");
    expect(screen.getByText(`Set, from the Configuration (SHA-256 ${'aa'.repeat(32)}).`)).toBeTruthy();
    expect(screen.getByText(`Set, from the Console (SHA-256 ${'bb'.repeat(32)}).`)).toBeTruthy();
    expect(screen.getByLabelText('Our public key for hub88').props.children).toBe(ourPublicKey);
    expect(screen.getByLabelText('Games API of hub88').props.value).toBe('https://api.hub88.example');
    expect(screen.getByLabelText('Operator id at hub88').props.value).toBe('7');
    // A private key in Hub88's field is caught before sending.
    fireEvent.changeText(publicKey, pastedPrivate);
    expect(screen.getByText("That is a private key: paste Hub88's public key here.")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save hub88' }).props.accessibilityState.disabled).toBe(true);
    fireEvent.changeText(publicKey, pastedPublic);
    fireEvent.changeText(screen.getByLabelText('Our private key (hub88)'), pastedPrivate);
    fireEvent.press(screen.getByRole('button', { name: 'Save hub88' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        enabled: true,
        hub88PublicKey: pastedPublic,
        privateKey: pastedPrivate,
      }),
    );
    // The server's refusal is shown from the console's own error table.
    expect(
      await screen.findByText("That is a private key: paste Hub88's public key here. Nothing was saved. (hub88PublicKey)"),
    ).toBeTruthy();
  });

  it('lists the aggregators with their settings, a secret only as set and its fingerprint; not editable by support', async () => {
    mockApi({ ...aggregatorsAnswer, ...figuresAnswer, 'GET /api/operator/me': { body: { username: 'sup', role: 'support' } } });
    renderWithProviders(<AggregatorsPage />);
    expect(await screen.findByText('https://api.hub88.example')).toBeTruthy();
    expect(screen.getAllByText('Production').length).toBe(2);
    expect(screen.getByText('Demo')).toBeTruthy();
    expect(screen.getByText('203.0.113.0/24')).toBeTruthy();
    expect(screen.getByText('Set (0123456789ab)')).toBeTruthy();
    expect(await screen.findByText('≤ 20 ms')).toBeTruthy();
    expect(screen.getByText('Insufficient balance')).toBeTruthy();
    expect(screen.getByText('Server error (retried)')).toBeTruthy();
    // Read-only for support: nothing to press but the exports.
    const buttons = screen.queryAllByRole('button').map((b) => b.props.accessibilityLabel as string);
    expect(buttons.every((l) => l.startsWith('Export CSV'))).toBe(true);
  });

  it('lets an owner switch an aggregator, change its allow-list and replace its secret', async () => {
    const calls = mockApi({
      ...aggregatorsAnswer,
      ...figuresAnswer,
      'GET /api/operator/me': { body: { username: 'own', role: 'owner' } },
      'GET /api/operator/changes': { body: { changes: [] } },
      'PUT /api/operator/seamless/aggregators/acme': { body: { aggregator: aggregator({ source: 'console' }) } },
    });
    renderWithProviders(<AggregatorsPage />);
    const allow = await screen.findByLabelText('IP allow-list of acme');
    expect(screen.getByText('A secret is set (fingerprint 0123456789ab).')).toBeTruthy();
    // Hub88 and sim: only their switch.
    expect(screen.queryByLabelText('IP allow-list of hub88')).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'hub88 on' })).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save acme' });
    expect(save.props.accessibilityState.disabled).toBe(true);
    fireEvent.changeText(allow, '203.0.113.0/24, 10.0.0.0/33');
    expect(screen.getByText('Each entry is an address or a CIDR such as 203.0.113.0/24.')).toBeTruthy();
    fireEvent.changeText(allow, '203.0.113.0/24, 198.51.100.7');
    fireEvent.changeText(screen.getByLabelText('New secret of acme'), 'n'.repeat(40));
    fireEvent.press(screen.getByRole('checkbox', { name: 'acme on' }));
    fireEvent.press(screen.getByRole('button', { name: 'Save acme' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        enabled: false,
        allow: ['203.0.113.0/24', '198.51.100.7'],
        secret: 'n'.repeat(40),
      }),
    );
  });

  it('shows a secret or allow-list change as proposed and pending a second owner, never the secret', async () => {
    const pending: object[] = [];
    const change = {
      id: 'c1',
      kind: 'aggregator',
      target: 'acme',
      summary: { enabled: true, allow: ['198.51.100.7/32'], secret: 'set', keyFingerprint: 'abcdefabcdef' },
      proposedBy: 'own',
      proposedAt: '2026-11-27T00:00:00Z',
      status: 'PENDING',
    };
    const calls = mockApi({
      ...aggregatorsAnswer,
      ...figuresAnswer,
      'GET /api/operator/me': { body: { username: 'own', role: 'owner' } },
      'GET /api/operator/changes': () => ({ body: { changes: pending } }),
      'PUT /api/operator/seamless/aggregators/acme': () => {
        pending.push(change);
        return { status: 202, body: { message: 'SECOND_APPROVAL_REQUIRED', change } };
      },
    });
    renderWithProviders(<AggregatorsPage />);
    fireEvent.changeText(await screen.findByLabelText('IP allow-list of acme'), '198.51.100.7');
    fireEvent.changeText(screen.getByLabelText('New secret of acme'), 'n'.repeat(40));
    fireEvent.press(screen.getByRole('button', { name: 'Save acme' }));
    expect(await screen.findByText('Proposed: a second owner must approve it on the Pending changes page')).toBeTruthy();
    expect(await screen.findByText('Awaiting a second owner: Aggregator acme, proposed by own')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').length).toBe(1);
    // The form is back to the settings in effect: the typed secret is gone.
    expect(screen.getByLabelText('New secret of acme').props.value).toBe('');
    expect(screen.queryByText(/Saved/)).toBeNull();
  });
});

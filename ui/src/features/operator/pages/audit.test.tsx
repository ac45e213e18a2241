import { fireEvent, screen, waitFor } from '@testing-library/react-native';

import i18n from '@/i18n';
import { setOperatorToken } from '@/lib/operator-token';
import { mockApi, renderWithProviders } from '@/testing/render';

import AuditPage from './audit';

const entry = {
  at: '2026-11-22T02:00:00Z',
  operator: 'fin',
  role: 'finance',
  action: 'slip.approve',
  target: 's1',
  before: null,
  after: { status: 'APPROVED' },
  ip: '10.0.0.1',
  requestId: 'r1',
};

// The server's list (GET /api/operator/audit/actions), not one the console keeps.
const actions = ['bank.update', 'bonus.save', 'operator.login', 'slip.approve'];

function api() {
  return mockApi({
    'GET /api/operator/audit/actions': { body: { actions } },
    'GET /api/operator/audit?page=1&limit=50': { body: { entries: [entry], total: 1 } },
    'GET /api/operator/audit?action=slip.approve&page=1&limit=50': { body: { entries: [entry], total: 1 } },
  });
}

describe('audit log', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    setOperatorToken('OPT');
  });

  it('offers the actions the server lists and filters by the one chosen', async () => {
    const calls = api();
    renderWithProviders(<AuditPage />);
    expect(await screen.findByText('s1')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/operator/audit/actions')).toBe(true));

    fireEvent.press(screen.getByRole('combobox', { name: 'Action' }));
    for (const a of actions) expect(await screen.findByRole('button', { name: a })).toBeTruthy();
    // Nothing beyond the server's list (and "any").
    expect(screen.queryByRole('button', { name: 'member.read' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Any action' })).toBeTruthy();

    fireEvent.press(screen.getByRole('button', { name: 'slip.approve' }));
    fireEvent.press(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/operator/audit?action=slip.approve&page=1&limit=50')).toBe(true));
  });

  it('reads the next pages by cursor and offers the pages reached', async () => {
    const calls = mockApi({
      'GET /api/operator/audit/actions': { body: { actions } },
      'GET /api/operator/audit?page=1&limit=50': { body: { entries: [entry], total: 3, totalCapped: false, next: '30' } },
      'GET /api/operator/audit?before=30&limit=50': {
        body: { entries: [{ ...entry, target: 's2' }], total: 3, totalCapped: false, next: '20' },
      },
      'GET /api/operator/audit?before=20&limit=50': {
        body: { entries: [{ ...entry, target: 's3' }], total: 3, totalCapped: false, next: null },
      },
    });
    renderWithProviders(<AuditPage />);
    expect(await screen.findByText('s1')).toBeTruthy();
    fireEvent.press(await screen.findByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('s2')).toBeTruthy();
    fireEvent.press(await screen.findByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('s3')).toBeTruthy();
    // The last page answers no cursor: no page after it; page 1 is read again from the newest.
    expect(screen.queryByRole('button', { name: 'Page 4' })).toBeNull();
    fireEvent.press(screen.getByRole('button', { name: 'Page 1' }));
    expect(await screen.findByText('s1')).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith('/api/operator/audit?')).map((c) => c.path)).toEqual([
      '/api/operator/audit?page=1&limit=50',
      '/api/operator/audit?before=30&limit=50',
      '/api/operator/audit?before=20&limit=50',
      '/api/operator/audit?page=1&limit=50',
    ]);
  });

  it('still offers "any action" when the list cannot be read', async () => {
    mockApi({
      'GET /api/operator/audit/actions': { status: 500, body: { message: 'INTERNAL' } },
      'GET /api/operator/audit?page=1&limit=50': { body: { entries: [entry], total: 1 } },
    });
    renderWithProviders(<AuditPage />);
    expect(await screen.findByText('s1')).toBeTruthy();
    fireEvent.press(screen.getByRole('combobox', { name: 'Action' }));
    expect(await screen.findByRole('button', { name: 'Any action' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'slip.approve' })).toBeNull();
  });
});

import { needsAgreement } from './use-agreement-gate';

describe('needsAgreement', () => {
  it('asks when nothing was accepted or an older version was', () => {
    expect(needsAgreement(null, '2026-11-01')).toBe(true);
    expect(needsAgreement('2026-01-01', '2026-11-01')).toBe(true);
  });
  it('does not ask for the accepted version or when the server has none', () => {
    expect(needsAgreement('2026-11-01', '2026-11-01')).toBe(false);
    expect(needsAgreement(null, undefined)).toBe(false);
  });
});

import i18n from '@/i18n';

// Every condition type the server can report as active (GET /api/bonus/check/active's type):
// the bonus types, a promotion, the refund and invite credits, and a spin wheel bonus prize.
const serverTypes = ['limit', 'day', 'week', 'promotion', 'refund', 'invite', 'spin'];

describe('bonus types', () => {
  it.each(['th', 'la', 'en'])('names every active condition type in %s', async (lng) => {
    await i18n.changeLanguage(lng);
    for (const type of serverTypes) expect(i18n.exists(`bonus.types.${type}`)).toBe(true);
  });
});

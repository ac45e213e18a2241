import { limits } from '@/lib/limits.generated';

import { parseSetting, validateSetting } from './settings-rules';
import { settingSchemas } from './settings-schema.generated';

const contact = (lineLink: unknown, lineQR: unknown = '') => ({ contactText: 'x', lineLink, lineName: '@x', lineQR });
const videos = (wallet: unknown) => ({ wallet, play: null, balance: '', bonus: null, bonusCancel: null });
const titles = { wallet: 'a', play: 'b', balance: 'c', bonus: 'd', bonusCancel: 'e' };
const info = (website: unknown, wallet: unknown = null) => ({ name: 'N', website, howtoVideos: videos(wallet), howtoTitles: titles });
const slip = (maxSizeMB: unknown, uploadWithinHours: unknown = 1, closedFrom = '23:50') => ({
  maxSizeMB,
  uploadWithinHours,
  closedFrom,
  closedTo: '00:10',
});

// The same cases as core/settings/keys_test.go: the console answers what the server answers.
describe('validateSetting (from the server schema)', () => {
  it.each([
    ['sources fine', 'sources', [{ code: 'LINE', description: 'LINE' }], null],
    ['sources without code', 'sources', [{ code: '', description: 'x' }], 'settings.errors.length'],
    ['sources not a list', 'sources', { code: 'A' }, 'settings.errors.shape'],
    ['info fine', 'info', info('https://ngern.example', 'https://v.example/1'), null],
    ['info video of this server', 'info', info('https://ngern.example', '/media/howto/th/wallet.mp4'), null],
    ['info http video', 'info', info('https://ngern.example', 'http://v.example/1.mp4'), 'settings.errors.url'],
    ['info http website', 'info', info('http://ngern.example'), 'settings.errors.url'],
    ['info script video', 'info', info('https://ngern.example', 'javascript:alert(1)'), 'settings.errors.url'],
    ['info titles missing', 'info', { name: 'N', website: 'https://a.example', howtoVideos: {} }, 'settings.errors.shape'],
    ['contact fine', 'contact', contact('https://line.me/R/ti/p/@x', '/api/objects/qr.png'), null],
    ['contact without link', 'contact', contact(''), null],
    ['contact link not a URL', 'contact', contact('call us'), 'settings.errors.url'],
    ['contact javascript link', 'contact', contact('javascript:alert(1)'), 'settings.errors.url'],
    ['contact http link', 'contact', contact('http://line.me/x'), 'settings.errors.url'],
    ['contact data QR', 'contact', contact('', 'data:image/png;base64,AAAA'), 'settings.errors.url'],
    ['conditions fine', 'conditions', { conditions: ['<p>{{transferMin}}</p>'] }, null],
    ['conditions not text', 'conditions', { conditions: [1] }, 'settings.errors.textList'],
    ['agreements without version', 'agreements', { agreements: [] }, 'settings.errors.shape'],
    ['notice not text', 'notice', { notice: true }, 'settings.errors.text'],
    ['withdraw fine', 'withdraw', { withdrawMin: 100, withdrawMax: 50000.5 }, null],
    ['withdraw min above max', 'withdraw', { withdrawMin: 500, withdrawMax: 100 }, 'settings.errors.notAbove'],
    ['withdraw zero', 'withdraw', { withdrawMin: 0, withdrawMax: 100 }, 'settings.errors.amount'],
    ['withdraw three decimals', 'withdraw', { withdrawMin: 1.005, withdrawMax: 100 }, 'settings.errors.amount'],
    ['withdraw above the ledger', 'withdraw', { withdrawMin: 1, withdrawMax: 10000000.01 }, 'settings.errors.notHonoured'],
    ['withdraw field missing', 'withdraw', { withdrawMin: 1 }, 'settings.errors.shape'],
    ['slip fine', 'slip', slip(5, 2), null],
    ['slip at the hard cap', 'slip', slip(limits.slipMB), null],
    ['slip above the hard cap', 'slip', slip(limits.slipMB + 1), 'settings.errors.notHonoured'],
    ['slip zero hours', 'slip', slip(5, 0), 'settings.errors.positive'],
    ['slip fractional hours', 'slip', slip(5, 1.5), 'settings.errors.shape'],
    ['slip clock', 'slip', slip(5, 1, '25:00'), 'settings.errors.format'],
    ['deposit manual not a flag', 'deposit', { banks: [], wallets: [], isManual: 'no' }, 'settings.errors.boolean'],
    ['chat flag', 'enableChatWidget', { enableChatWidget: 1 }, 'settings.errors.boolean'],
    ['terminated missing', 'active', {}, 'settings.errors.shape'],
    ['threshold fine', 'withdrawApprovalThreshold', { amount: 20000 }, null],
    ['threshold negative', 'withdrawApprovalThreshold', { amount: -1 }, 'settings.errors.amount'],
    ['threshold above the ledger', 'withdrawApprovalThreshold', { amount: 99999999 }, 'settings.errors.notHonoured'],
    ['coins zero', 'coins', { depositPerCoin: 0 }, 'settings.errors.amount'],
  ])('%s', (_n, name, next, want) => {
    expect(validateSetting(name, next)).toBe(want);
  });

  it('has a schema for every setting the server stores', () => {
    expect(Object.keys(settingSchemas).sort()).toEqual([
      'active',
      'agreements',
      'autoWithdraw',
      'coins',
      'conditions',
      'contact',
      'deposit',
      'enableChatWidget',
      'info',
      'notice',
      'slip',
      'sources',
      'withdraw',
      'withdrawApprovalThreshold',
    ]);
  });

  it('leaves a setting without a schema to the server', () => {
    expect(validateSetting('unknown', { a: 1 })).toBeNull();
  });

  it('refuses text that is not JSON', () => {
    expect(parseSetting('{nope').error).toBe('settings.errors.json');
    expect(parseSetting('{"a":1}').value).toEqual({ a: 1 });
  });
});

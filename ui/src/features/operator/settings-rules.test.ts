import { parseSetting, validateSetting } from './settings-rules';

describe('validateSetting', () => {
  it.each([
    ['withdraw fine', 'withdraw', { withdrawMin: 100, withdrawMax: 50000 }, null],
    ['withdraw min above max', 'withdraw', { withdrawMin: 500, withdrawMax: 100 }, 'settings.errors.withdraw'],
    ['withdraw zero min', 'withdraw', { withdrawMin: 0, withdrawMax: 100 }, 'settings.errors.withdraw'],
    ['withdraw three decimals', 'withdraw', { withdrawMin: 1.005, withdrawMax: 100 }, 'settings.errors.withdraw'],
    ['withdraw field missing', 'withdraw', { withdrawMin: 1 }, 'settings.errors.shape'],
    ['threshold fine', 'withdrawApprovalThreshold', { amount: 20000 }, null],
    ['threshold negative', 'withdrawApprovalThreshold', { amount: -1 }, 'settings.errors.amount'],
    ['info video url', 'info', { name: 'N', website: 'https://x.test', howtoVideos: { wallet: 'https://v.test/1', play: null } }, null],
    ['info bad url', 'info', { name: 'N', website: 'https://x.test', howtoVideos: { wallet: 'javascript:alert(1)', play: null } }, 'settings.errors.url'],
    ['conditions list', 'conditions', { conditions: ['<p>a</p>'] }, null],
    ['conditions not text', 'conditions', { conditions: [1] }, 'settings.errors.textList'],
    ['chat flag', 'enableChatWidget', { enableChatWidget: 'yes' }, 'settings.errors.shape'],
    ['terminated flag', 'active', { terminated: true }, null],
  ])('%s', (_n, name, next, want) => {
    const current: Record<string, unknown> = {
      withdraw: { withdrawMin: 100, withdrawMax: 50000 },
      withdrawApprovalThreshold: { amount: 20000 },
      info: { name: 'N', website: 'https://x.test', howtoVideos: { wallet: null, play: null } },
      conditions: { conditions: [] },
      enableChatWidget: { enableChatWidget: false },
      active: { terminated: false },
    };
    expect(validateSetting(name as string, next, current[name as string])).toBe(want);
  });

  it('refuses text that is not JSON', () => {
    expect(parseSetting('{nope').error).toBe('settings.errors.json');
    expect(parseSetting('{"a":1}').value).toEqual({ a: 1 });
  });
});

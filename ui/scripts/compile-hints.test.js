const fs = require('fs');
const os = require('os');
const path = require('path');

const { addHints, HINT } = require('./compile-hints');

describe('addHints', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'hints-'));
  const web = path.join(dist, '_expo', 'static', 'js', 'web');
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));
  fs.mkdirSync(web, { recursive: true });
  const files = {
    'entry-0123abcd.js': '__d(function(){},0,[]);',
    '__common-89ef.js': '__d(function(){},1,[]);',
    'login-0123abcd.js': '__d(function(){},2,[]);',
    'entry-0123abcd.js.map': '{}',
  };
  for (const [name, body] of Object.entries(files)) fs.writeFileSync(path.join(web, name), body);
  const read = (name) => fs.readFileSync(path.join(web, name), 'utf8');

  it('marks the framework and shared chunks only, at the top', () => {
    expect(addHints(dist)).toEqual(['__common-89ef.js', 'entry-0123abcd.js']);
    expect(read('entry-0123abcd.js')).toBe(HINT + files['entry-0123abcd.js']);
    expect(read('__common-89ef.js')).toBe(HINT + files['__common-89ef.js']);
    expect(read('login-0123abcd.js')).toBe(files['login-0123abcd.js']);
    expect(read('entry-0123abcd.js.map')).toBe('{}');
  });

  it('is idempotent', () => {
    expect(addHints(dist)).toEqual([]);
    expect(read('entry-0123abcd.js')).toBe(HINT + files['entry-0123abcd.js']);
  });

  it('fails without an export', () => {
    expect(() => addHints(path.join(dist, 'nothing'))).toThrow(/missing/);
  });
});

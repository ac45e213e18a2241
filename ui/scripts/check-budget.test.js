const fs = require('fs');
const os = require('os');
const path = require('path');

const { check, scriptsOf } = require('./check-budget');

describe('scriptsOf', () => {
  it('lists script sources and script preloads once, in order', () => {
    const html = `<head><link rel="preload" href="/font.woff2" as="font"><link rel="modulepreload" href="/a.js">
      <script type="module">inline()</script><script src="/b.js" defer></script>
      <link rel="preload" as="script" href='/c.js'><script src=/a.js></script></head>`;
    expect(scriptsOf(html)).toEqual(['/a.js', '/b.js', '/c.js']);
  });
});

describe('check', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'budget-'));
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));
  // Random bytes do not compress: their compressed size is about their length.
  const write = (name, bytes) => {
    fs.mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
    fs.writeFileSync(path.join(dist, name), bytes);
  };
  write('_expo/entry.js', require('crypto').randomBytes(150_000));
  write('_expo/route.js', require('crypto').randomBytes(60_000));
  write('_expo/small.js', 'x();'.repeat(10_000));
  write('login.html', '<script src="/_expo/entry.js" defer></script><script src="/_expo/small.js" defer></script>');
  write('big.html', '<script src="/_expo/entry.js"></script><script src="/_expo/route.js"></script>');
  write('empty.html', '<p>no scripts</p>');

  it('passes a page within the budget and sums compressed sizes', () => {
    const r = check(dist, 'login.html', 200);
    expect(r.ok).toBe(true);
    expect(r.rows.map((x) => x.url)).toEqual(['/_expo/entry.js', '/_expo/small.js']);
    expect(r.rows[1].br).toBeLessThan(1000);
    expect(r.total.br).toBe(r.rows[0].br + r.rows[1].br);
  });

  it('fails a page over the budget', () => {
    const r = check(dist, 'big.html', 200);
    expect(r.total.br).toBeGreaterThan(200_000);
    expect(r.ok).toBe(false);
  });

  it('refuses a page without scripts or a missing build', () => {
    expect(() => check(dist, 'empty.html', 200)).toThrow(/loads no script/);
    expect(() => check(path.join(dist, 'nowhere'), 'login.html', 200)).toThrow(/missing/);
  });
});

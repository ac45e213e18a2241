import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Install is a second install a spec starts for itself: its own SQLite data dir and port. */
export type Install = { url: string; dir: string; logFile: string; stop: () => Promise<void> };

/**
 * startInstall seeds a demo install (`ngern demo`: the demo member 0812345678 / demo-pass-1234)
 * with env on top of the demo settings, then serves it with the normal web build (ui/dist) and
 * waits for /readyz. `ngern demo` failing fails the caller, with its output in the error.
 */
export async function startInstall(name: string, env: Record<string, string>): Promise<Install> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ngern-e2e-install-'));
  // The log stays with the run's artifacts, next to the main server's.
  const artifacts = path.resolve(__dirname, '..', 'artifacts');
  fs.mkdirSync(artifacts, { recursive: true });
  const logFile = path.join(artifacts, `server-${name}.log`);
  const bin = path.join(root, 'bin', 'ngern');
  const fullEnv = {
    ...process.env,
    NGERN_MODE: 'demo',
    NGERN_ADDR: `127.0.0.1:${port}`,
    NGERN_DATA_DIR: dir,
    NGERN_DATABASE_URL: '',
    NGERN_WEB_DIR: path.join(root, 'ui', 'dist'),
    NGERN_SMS: 'console',
    NGERN_LIMIT_LOGIN_PER_PHONE: '100000',
    NGERN_LIMIT_LOGIN_PER_IP: '100000',
    ...env,
  };
  execFileSync(bin, ['demo'], { cwd: root, env: fullEnv, encoding: 'utf8', stdio: 'pipe' });
  const log = fs.openSync(logFile, 'w');
  const child: ChildProcess = spawn(bin, ['serve'], { cwd: root, env: fullEnv, stdio: ['ignore', log, log] });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  for (const deadline = Date.now() + 60_000; ;) {
    if (child.exitCode !== null) throw new Error(`ngern exited: see ${logFile}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, dir, logFile, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the install did not become ready');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

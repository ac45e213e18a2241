import fs from 'node:fs';
import path from 'node:path';

import { findSecrets, forgetAll, remember, unlabelled } from './secrets';
import { stateFile } from './server';

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stops the server, then greps the run's server logs for the secrets the tests used: each kind
 * found fails the run, named with the log and the number of lines (never the secret itself); so
 * does a request line without its request id or, for a member's or operator's call, the caller.
 */
export default async function globalTeardown() {
  if (!fs.existsSync(stateFile)) return;
  const { pid, dataDir } = JSON.parse(fs.readFileSync(stateFile, 'utf8'));
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    // already gone
  }
  // Its last lines (the drain) are in the log too.
  for (const deadline = Date.now() + 30_000; running(pid) && Date.now() < deadline;) {
    await new Promise((r) => setTimeout(r, 100));
  }
  const keyFile = path.join(dataDir, 'secret.key');
  if (fs.existsSync(keyFile)) remember('secret key', fs.readFileSync(keyFile, 'utf8'));
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(stateFile, { force: true });

  const found = findSecrets();
  const bare = unlabelled();
  forgetAll();
  const problems = [
    ...found.map((f) => `${f.kind} in ${f.lines} line(s) of ${f.file}`),
    ...bare.map((b) => `${b.what}: ${b.lines} line(s) of ${b.file}`),
  ];
  if (problems.length > 0) {
    throw new Error(`the server logs ${found.length > 0 ? 'hold secrets the tests used' : 'miss request labels'}: ${problems.join('; ')}`);
  }
}

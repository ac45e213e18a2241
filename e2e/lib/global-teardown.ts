import fs from 'node:fs';

import { stateFile } from './server';

export default async function globalTeardown() {
  if (!fs.existsSync(stateFile)) return;
  const { pid, dataDir } = JSON.parse(fs.readFileSync(stateFile, 'utf8'));
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    // already gone
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(stateFile, { force: true });
}

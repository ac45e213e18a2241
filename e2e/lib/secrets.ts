// What a browser run must never leave in a server's log: the passwords, one-time codes, tokens
// and secrets the tests used. The helpers of e2e/lib remember each one as they use it (in a file,
// as the tests run in worker processes), the servers' log files are listed the same way, and the
// global teardown greps every listed log for every remembered value (docs/operations.md, "Request
// logs").
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type SecretKind =
  | 'password'
  | 'OTP code'
  | 'OTP token'
  | 'session token'
  | 'operator token'
  | 'TOTP secret'
  | 'TOTP code'
  | 'webhook secret'
  | 'secret key';

export const secretsFile = path.join(os.tmpdir(), 'ngern-e2e-secrets.jsonl');
export const logsFile = path.join(os.tmpdir(), 'ngern-e2e-logs.txt');

/** forgetAll starts (and ends) a run with nothing remembered and no log listed. */
export function forgetAll() {
  fs.rmSync(secretsFile, { force: true });
  fs.rmSync(logsFile, { force: true });
}

/** remember notes a secret the run used; the teardown fails if a server log holds it. */
export function remember(kind: SecretKind, value: unknown) {
  if (typeof value !== 'string' || value.trim().length < 6) return;
  fs.appendFileSync(secretsFile, JSON.stringify({ kind, value: value.trim() }) + '\n');
}

/** keepLog lists a server's log file for the teardown's check. */
export function keepLog(file: string) {
  fs.appendFileSync(logsFile, path.resolve(file) + '\n');
}

// The JSON fields of the API (requests and answers) that carry a secret.
const fields: Record<string, SecretKind> = {
  password: 'password',
  oldPassword: 'password',
  newPassword: 'password',
  currentPassword: 'password',
  otpCode: 'OTP code',
  otpToken: 'OTP token',
  token: 'session token',
  guestToken: 'session token',
  totp: 'TOTP code',
  totpSecret: 'TOTP secret',
  webhookSecret: 'webhook secret',
};

/** rememberFields remembers every secret field of an API body, at any depth. */
export function rememberFields(body: unknown) {
  if (Array.isArray(body)) {
    body.forEach(rememberFields);
    return;
  }
  if (body === null || typeof body !== 'object') return;
  for (const [k, v] of Object.entries(body)) {
    if (fields[k] && typeof v === 'string') remember(fields[k], v);
    else rememberFields(v);
  }
}

export type Finding = { kind: SecretKind; file: string; lines: number };

// The one documented exception: demo mode's console SMS adapter writes the message it would
// send, one-time codes included (the tests read them there).
const consoleSMS = /msg="sms sent" adapter=console |"msg":"sms sent","adapter":"console"/;

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * findSecrets greps the listed logs for the remembered secrets and answers, per kind and file,
 * how many lines hold one. A value is matched as a whole word, so a 6-digit code is not found
 * inside a longer number.
 */
export function findSecrets(): Finding[] {
  const read = (f: string) => (fs.existsSync(f) ? fs.readFileSync(f, 'utf8') : '');
  const secrets = new Map<string, SecretKind>();
  for (const line of read(secretsFile).split('\n')) {
    if (!line) continue;
    const { kind, value } = JSON.parse(line) as { kind: SecretKind; value: string };
    if (!secrets.has(value)) secrets.set(value, kind);
  }
  const logs = [...new Set(read(logsFile).split('\n').filter(Boolean))];
  const found = new Map<string, Finding>();
  for (const file of logs) {
    const lines = read(file)
      .split('\n')
      .filter((l) => !consoleSMS.test(l));
    for (const [value, kind] of secrets) {
      // A code is digits only: not one when it is a request line's size or duration.
      const numeric = /^\d+$/.test(value) ? '(?<!(?:bytes|duration_ms)=)' : '';
      const re = new RegExp(`${numeric}(?<![A-Za-z0-9_.-])${escape(value)}(?![A-Za-z0-9_-])`);
      const n = lines.filter((l) => re.test(l)).length;
      if (n === 0) continue;
      const key = `${kind}\n${file}`;
      const f = found.get(key) ?? { kind, file: path.relative(process.cwd(), file), lines: 0 };
      f.lines += n;
      found.set(key, f);
    }
  }
  return [...found.values()];
}

// Request lines (NGERN_LOG_FORMAT=text) and what each must name.
const labels: { what: string; line: RegExp; needs: RegExp }[] = [
  { what: 'request lines without a request_id', line: /msg=request /, needs: / request_id=\S/ },
  {
    what: 'member calls answered 2xx without the member_id',
    line: /msg=request .*path=\/api\/(wallet|statement)(\/\S*)? (.* )?status=2/,
    needs: / member_id=\S/,
  },
  {
    what: 'operator calls answered 2xx without the operator',
    line: /msg=request .*path=\/api\/operator\/\S* (.* )?status=2/,
    needs: / operator=\S/,
  },
];

/** unlabelled finds, in the listed logs, the request lines that lack the request id or the caller. */
export function unlabelled(): { what: string; file: string; lines: number }[] {
  const read = (f: string) => (fs.existsSync(f) ? fs.readFileSync(f, 'utf8') : '');
  const out: { what: string; file: string; lines: number }[] = [];
  for (const file of new Set(read(logsFile).split('\n').filter(Boolean))) {
    const lines = read(file).split('\n');
    for (const l of labels) {
      const n = lines.filter((x) => l.line.test(x) && !l.needs.test(x)).length;
      if (n > 0) out.push({ what: l.what, file: path.relative(process.cwd(), file), lines: n });
    }
  }
  return out;
}

// RFC 6238 TOTP (SHA-1, 30 s steps, 6 digits) over RFC 4648 base32 secrets, as authenticator
// apps compute it, so the browser tests can sign operators in.
import crypto from 'node:crypto';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Decode(secret: string): Buffer {
  const clean = secret.toUpperCase().replace(/[\s=-]/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const idx = alphabet.indexOf(ch);
    if (idx < 0) throw new Error(`not base32: ${ch}`);
    value = (value << 5) | idx;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** hotp is RFC 4226: HMAC-SHA-1 of the 8-byte counter, dynamically truncated to digits. */
export function hotp(key: Buffer, counter: number, digits = 6): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = crypto.createHmac('sha1', key).update(msg).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const code = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return code.toString().padStart(digits, '0');
}

/** totp is the code of the 30-second step that holds timeMs. */
export function totp(secret: string, timeMs = Date.now(), stepSeconds = 30): string {
  return hotp(base32Decode(secret), Math.floor(timeMs / 1000 / stepSeconds));
}

/** freshTotp waits, if needed, so the code stays valid for at least minLeftMs more. */
export async function freshTotp(secret: string, minLeftMs = 5_000): Promise<string> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < minLeftMs) await new Promise((r) => setTimeout(r, left + 200));
  return totp(secret);
}

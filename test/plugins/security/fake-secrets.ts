import { luhnValid } from '../../../plugins/security/engine/validators.js';

/** Fake secrets made for the tests: the right shapes and checksums, deterministic, never real. */
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A deterministic pseudo-random string (xorshift), so tests are repeatable. */
export function fakeString(length: number, seed: number, alphabet = ALNUM): string {
  let x = seed * 2654435761 || 1;
  let out = '';
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out += alphabet[Math.abs(x) % alphabet.length];
  }
  return out;
}

export function luhnComplete(prefix: string, length: number, seed: number): string {
  const body = prefix + fakeString(length - prefix.length - 1, seed, '0123456789');
  return body + [...'0123456789'].find((digit) => luhnValid(body + digit))!;
}

export const FAKE = {
  awsAccessKeyId: `AKIA${fakeString(16, 1, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')}`,
  awsSecret: fakeString(40, 2, `${ALNUM}/+`),
  githubToken: `ghp_${fakeString(36, 3)}`,
  stripeKey: `sk_live_${fakeString(24, 4)}`,
  dbPassword: `Zq8${fakeString(13, 5)}!x`,
  card: luhnComplete('4', 16, 6),
  email: 'jane.doe@corp-mail.io',
};

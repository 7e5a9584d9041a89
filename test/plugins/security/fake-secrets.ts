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
  for (let check = 0; check <= 9; check++) {
    const candidate = body + check;
    let sum = 0;
    for (let i = 0; i < candidate.length; i++) {
      let d = Number(candidate[candidate.length - 1 - i]);
      if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    if (sum % 10 === 0) return candidate;
  }
  throw new Error('unreachable');
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

/** Value checks rules use to confirm a candidate: entropy, checksums, decodable structure. */

/** Shannon entropy in bits per character. */
export function shannonEntropy(value: string): number {
  if (!value) return 0;
  const counts = new Map<string, number>();
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let entropy = 0;
  const length = [...value].length;
  for (const count of counts.values()) {
    const p = count / length;
    entropy -= p * Math.log2(p);
  }
  return entropy;
}

/** Luhn checksum of a card number (spaces and dashes ignored). */
export function luhnValid(value: string): boolean {
  const digits = value.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** IBAN mod-97 checksum (ISO 13616), spaces ignored. */
export function ibanValid(value: string): boolean {
  const iban = value.replace(/\s/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const code = ch >= 'A' && ch <= 'Z' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const digit of code) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

function base64UrlDecode(segment: string): string | null {
  try {
    const text = Buffer.from(segment.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
    return text;
  } catch {
    return null;
  }
}

/** A JWT whose header decodes to JSON with an `alg` (and whose payload is JSON). */
export function jwtValid(value: string): boolean {
  const [header, payload] = value.split('.');
  if (!header || !payload) return false;
  try {
    const h = JSON.parse(base64UrlDecode(header) ?? '') as { alg?: unknown };
    JSON.parse(base64UrlDecode(payload) ?? '');
    return typeof h.alg === 'string';
  } catch {
    return false;
  }
}

/** Looks like base64 of binary key material: the base64 alphabet, a plausible length, mixed classes. */
export function base64Shaped(value: string): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value) || value.length % 4 !== 0) return false;
  return /[A-Z]/.test(value) && /[a-z]/.test(value) && /\d/.test(value);
}

/** Mixed character classes: secrets rarely consist of one class only. */
export function mixedClasses(value: string, classes = 2): boolean {
  const found = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(value)).length;
  return found >= classes;
}

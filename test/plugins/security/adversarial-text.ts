/**
 * Deterministic text dense with near-misses for the scanner's fast paths:
 * digit runs of every length with and without separators, Luhn-valid cards,
 * SSN, phone, dotted-quad, IPv6 and IBAN shapes, token prefixes (cio, SK, AC,
 * SG., pat, sl.) with right and wrong lengths, keywords, non-ASCII and CRLF,
 * glued together with the characters the rules' lookbehinds test.
 */
function random(seed: number) {
  let x = seed || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

export function adversarialText(length: number, seed: number): string {
  const r = random(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(r() * items.length)]!;
  const chars = (n: number, alphabet: string) => Array.from({ length: n }, () => alphabet[Math.floor(r() * alphabet.length)]).join('');
  const digits = (n: number) => chars(n, '0123456789');
  const hex = (n: number) => chars(n, '0123456789abcdef');
  const word = (n: number) => chars(n, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-');
  const luhn = (prefix: string, total: number) => {
    let body = prefix;
    while (body.length < total - 1) body += digits(1);
    for (let check = 0; check < 10; check++) {
      const candidate = body + check;
      let sum = 0;
      for (let i = 0; i < candidate.length; i++) {
        let d = Number(candidate[candidate.length - 1 - i]);
        if (i % 2) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
        sum += d;
      }
      if (sum % 10 === 0) return candidate;
    }
    return body + '0';
  };
  const makers: Array<() => string> = [
    () => digits(1 + Math.floor(r() * 20)),
    () => {
      const card = luhn(pick(['4', '51', '55', '2221', '2720', '34', '37', '6011', '65', '644', '3528', '3589', '300', '36', '38']), pick([13, 14, 15, 16, 19]));
      const sep = pick(['', ' ', '-', '.']);
      return sep ? card.replace(/(\d{4})(?=\d)/g, `$1${sep}`) : card;
    },
    () => `${digits(3)}-${digits(2)}-${digits(4)}`,
    () => `(${digits(3)}) ${digits(3)}-${digits(4)}`,
    () => `${digits(3)}${pick(['.', '-', ' '])}${digits(3)}${pick(['.', '-', ' '])}${digits(4)}`,
    () => `+${digits(1 + Math.floor(r() * 3))}${pick([' ', '-', '.', ''])}${digits(2 + Math.floor(r() * 10))}${pick(['', ` ${digits(3)}`, `-${digits(4)}`])}`,
    () => Array.from({ length: pick([2, 3, 4, 5]) }, () => Math.floor(r() * 300)).join('.'),
    () => `${pick(['DE', 'GB', 'FR', 'NL', 'CH', 'NO', 'XX'])}${digits(2)}${pick([' ', ''])}${chars(4, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789')} ${digits(4)} ${digits(4)} ${digits(4)}${pick(['', digits(2)])}`,
    () => Array.from({ length: 2 + Math.floor(r() * 7) }, () => hex(Math.floor(r() * 5))).join(':'),
    () => `${chars(6, 'abcdefghij.-')}:${pick([digits(4), '*'])}:${word(5)}:${word(5)}:${word(12)}`,
    () => pick(['SK', 'AC']) + hex(pick([31, 32, 33])),
    () => 'cio' + chars(pick([31, 32, 33]), 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'),
    () => `SG.${word(22)}.${word(pick([42, 43]))}`,
    () => `pat${chars(14, 'abcdefghijABCDEFGH0123456789')}.${hex(64)}`,
    () => `sl.${pick(['', 'B.'])}${word(pick([129, 140, 150]))}`,
    () => pick(['M', 'N', 'O']) + word(pick([23, 24, 25])) + '.' + word(6) + '.' + word(pick([27, 30, 38])),
    () => chars(1 + Math.floor(r() * 8), 'abcdefXYZ_'),
    () => pick([' ', '\n', '\t', '=', ':', '"', "'", '/', '.', '-', '+', '(', ')', ',', '@', '§', 'version ', 'release: ', '\r\n', 'é', 'ĩ', '\u010a']),
    () => pick(['password: ', 'token=', 'dob: 1990-01-02', 'MRN: ', '.find(req.body', 'AKIA', 'ghp_', 'postgres://user:', 'api_key = "', 'BEGIN RSA PRIVATE KEY']),
  ];
  const glue = [' ', ' ', '\n', ', ', '=', ':', '-', '.', '/', '(', '+', 'x', ''];
  let text = '';
  while (text.length < length) text += pick(glue) + pick(makers)();
  return text.slice(0, length);
}

/**
 * Pattern fragments and value checks shared by several rule files. Every
 * fragment is bounded (no `+`/`*` over broad classes) so rules built from them
 * cannot backtrack catastrophically.
 */

/**
 * The assignment between a key and its value, on one line: `key = `, `key: `,
 * `"key": `, `'key' => `, `key := `, `$cfg['key'] = `. Comparisons (`==`, `===`)
 * are not assignments.
 */
export const ASSIGN = String.raw`["'\x60]?\]?[ \t]{0,30}(?:=>|:=|[:=](?!=))[ \t]{0,8}`;

/**
 * The value after ASSIGN, captured as `secret`:
 * - quoted: a run without spaces or quotes up to the closing quote;
 * - bare (.env, YAML, properties, INI): a run up to the end of the value, but not
 *   a code reference such as `config.db.password`, `someVar;` or `os.environ[...]`
 *   (a dotted value with digits, `neSJk5.Q48Bs`, is a value, not a reference).
 */
export function assignedValue(min: number, max = 200): string {
  const quoted = String.raw`(?<=["'\x60])[^\s"'\x60]{${min},${max}}(?=["'\x60])`;
  // A dotted path of word segments (config.db.password, process.env.X, result.groups?.password), or an identifier ending a statement.
  const reference = String.raw`(?:[A-Za-z_$][A-Za-z_$]{0,100}(?:[?!]?\.[A-Za-z_$][A-Za-z_$]{0,100}){1,8}(?![^\s,;"'\x60])|[A-Za-z_$][\w$]{0,100}[;,:])`;
  const bare = String.raw`(?<=[\s:=>])(?!${reference})[^\s"'\x60,;()\[\]{}<>]{${min},${max}}(?![^\s,;"'\x60])`;
  return String.raw`["'\x60]?(?<secret>${quoted}|${bare})`;
}

const NOT_A_VALUE =
  /^(?:true|false|yes|no|on|off|null|nil|none|undefined|required|optional|string|str|number|int|integer|boolean|bool|object|any|empty|default|disabled|enabled|hidden|secret|password|token)$/i;
/** A digit or an ASCII symbol other than the word joiners `_`, `-` and `.`. */
const NON_WORD = /[0-9!"#$%&'()*+,/:;<=>?@[\\\]^`{|}~]/;

/**
 * Whether an assigned value looks like a literal secret rather than a type name,
 * URL, path, template, regular expression, file name or plain word.
 */
export function plausibleValue(value: string): boolean {
  if (NOT_A_VALUE.test(value)) return false;
  if (/^[a-z][a-z0-9+.-]{1,30}:\/\//i.test(value)) return false; // URL (connection-string rules cover credentials in URLs)
  if (/^(?:\.{0,2}\/|~\/|[A-Za-z]:\\|\\\\)/.test(value)) return false; // path
  if (/\$\{|\$\(|\{\{|\}\}|<%|%>|#\{|%\(/.test(value)) return false; // template or substitution
  if (/^[!&*]/.test(value)) return false; // YAML tag (!vault), anchor or alias
  if (/\(\?[=!:<]|\\[dwsbDWS]|^\^/.test(value)) return false; // regular expression
  if (/\.{3}|\u2026/.test(value)) return false; // elided
  if (/\.(?:pem|key|crt|cer|der|p12|pfx|jks|json|ya?ml|txt|env|pub|conf|cfg|ini|properties|js|ts|py|sh)$/i.test(value)) return false; // file name
  return NON_WORD.test(value);
}

/**
 * A number, percentage, ratio, version or duration: `91.67%`, `12/12`, `v1.2.3`, `250ms`.
 * Prose such as "All tests pass: 91.67% coverage" puts one after a password-like word;
 * no password is one. Plain integers are not included (a numeric password is still one).
 */
export function measurement(value: string): boolean {
  return /^[(\[]?[~<>≈+-]?v?\d+(?:[.,:/]\d+)+%?[)\]]?$|^[(\[]?[~<>≈+-]?\d+(?:%|ms|s|m|h|x|px|[kmg]i?b)[)\]]?$/i.test(value);
}

/** Digits and letters both present: random tokens have both, words and ids rarely do. */
export function lettersAndDigits(value: string): boolean {
  return /\d/.test(value) && /[A-Za-z]/.test(value);
}

/** Decodes standard or URL-safe base64; null when it is not text. */
export function decodeBase64Text(value: string): string | null {
  const text = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
  return /^[\x20-\x7e]+$/.test(text) ? text : null;
}

const PLACEHOLDER_PASSWORDS = /^(?:password|passwd|pass|pwd|secret|changeme|change_me|example|\*+|x+|\.+)$/i;

/** base64 of `user:password` with a non-empty, non-placeholder password (Basic auth, docker `auth`, npm `_auth`). */
export function base64UserPassword(value: string): boolean {
  const text = decodeBase64Text(value);
  if (!text) return false;
  const colon = text.indexOf(':');
  if (colon <= 0) return false;
  const password = text.slice(colon + 1);
  return password.length > 0 && !PLACEHOLDER_PASSWORDS.test(password) && !/^\$\{.*\}$/.test(password);
}

/** An allow-list entry for a documentation number, matching it with or without space/dash separators. */
export function spaced(digits: string): RegExp {
  return new RegExp(`^${digits.split('').join('[ -]?')}$`);
}

/** Common placeholder passwords in connection strings: `user:password@`, `user:pass@`, `:%s@`, `:{password}@`. */
export const URL_PASSWORD_PLACEHOLDERS: RegExp[] = [
  PLACEHOLDER_PASSWORDS,
  /^%[sd]$/,
  /^\{[^}]{0,60}\}$/,
  /^[A-Z][A-Z0-9]{0,30}_[A-Z0-9_]{1,40}$/, // DB_PASSWORD-style names standing in for a value
];

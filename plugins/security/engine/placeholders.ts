/**
 * Values that look like secrets but are not: documentation examples, template
 * references, environment lookups, masked values, integrity hashes and identifiers.
 * Bare hex strings are not excluded: `openssl rand -hex 32` secrets and old
 * 40-hex tokens look exactly like digests, and rules only see values in a
 * secret-like context.
 * Checked for every secret-like candidate, in addition to a rule's own allow-list.
 */

const PLACEHOLDER_WORDS =
  /(?:example|sample|dummy|placeholder|changeme|change[-_]me|your[-_ ]?(?:api[-_ ]?)?(?:key|token|secret|password)|redacted|masked|xxx|todo|fixme|replace[-_]?me|insert[-_]|fake|test[-_]?(?:key|token|secret|password)|\bnone\b|\bnull\b|undefined|secret[-_]?here|password[-_]?here|key[-_]?here|token[-_]?here|<[^>]+>)/i;

const REFERENCES = [
  /^\$\{[^}]*\}$/, // ${VAR}
  /^\$[A-Z_][A-Z0-9_]*$/, // $VAR
  /^\{\{.*\}\}$/s, // {{ secrets.X }}
  /^%\([^)]*\)s$/, // %(name)s
  /^%[A-Z_]+%$/, // %VAR%
  /^<[^>]+>$/, // <TOKEN>
  /^\[[^\]]+\]$/, // [API_KEY]
  /(?:process\.env|os\.environ|os\.getenv|getenv|ENV\[|System\.getenv|Deno\.env|import\.meta\.env|secrets\.|vault:|ssm:|arn:aws:secretsmanager)/,
];

const NOT_SECRETS = [
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, // UUID
  /^(?:sha(?:1|256|384|512)-)[A-Za-z0-9+/]+=*$/, // SRI / lockfile integrity
  /^data:[a-z]+\/[a-z0-9.+-]+;base64,/i, // data URIs
  /^(.)\1{5,}$/, // one character repeated
  /^TOKEN_[A-Z0-9_]+_[0-9a-f]{12}$/, // this pack's own tokenization output
  /^hmac-sha256:[0-9a-f]{24}$/, // this pack's own hashing output
];

/**
 * Random key material contains words like "xxx" or "fake" by chance (one RSA-4096
 * body in ten does), so in long values a word only counts when a separator or
 * an end of the value bounds it, and base64 blocks (key bodies) are exempt.
 */
/** A long base64 block (a key body): runs of x and words inside it are chance, not a placeholder. */
const isKeyMaterial = (v: string) => v.length > 64 && /^[A-Za-z0-9+/=\s\\-]+$/.test(v);

const PLACEHOLDER_WORDS_GLOBAL = new RegExp(PLACEHOLDER_WORDS.source, 'gi');

function hasPlaceholderWord(v: string): boolean {
  if (isKeyMaterial(v)) return false;
  const global = PLACEHOLDER_WORDS_GLOBAL;
  global.lastIndex = 0;
  for (let m = global.exec(v); m; m = global.exec(v)) {
    if (v.length < 20) return true;
    const before = v[m.index - 1];
    const after = v[m.index + m[0].length];
    if (before === undefined || after === undefined || /[^A-Za-z0-9]/.test(before) || /[^A-Za-z0-9]/.test(after)) return true;
    if (m[0].length === 0) global.lastIndex++;
  }
  return false;
}

/** The body of an armoured block (PEM, PGP, SSH2): without its BEGIN/END lines and headers, whose words (Comment: <a@b>) are not the key. */
function armouredBody(v: string): string {
  return v
    .replace(/\\r\\n|\\n/g, '\n')
    .replace(/-{4,5} ?(?:BEGIN|END) [A-Z0-9 ]{1,80}?-{4,5}/g, '')
    .replace(/^[ \t]*[A-Za-z][A-Za-z-]{1,30}: .*$/gm, '')
    .replace(/\s+/g, '');
}

export function isPlaceholder(value: string): boolean {
  if (/^-{4,5} ?BEGIN /.test(value)) return isPlaceholder(armouredBody(value));
  const v = value.trim().replace(/^['"`]|['"`]$/g, '');
  if (v.length === 0) return true;
  if (/^[*xX•.#_-]{4,}$/.test(v) || /^[*xX]{3,}/.test(v) && /[*xX]{3,}$/.test(v)) return true; // already masked
  if (/[xX*]{4,}|0{8,}/.test(v) && !isKeyMaterial(v)) return true; // AKIAXXXXXXXXXXXXXXXX, sk_live_****
  if (hasPlaceholderWord(v)) return true;
  if (REFERENCES.some((re) => re.test(v))) return true;
  return NOT_SECRETS.some((re) => re.test(v));
}

/** Exact or pattern match against a rule's allow-list. */
export function allowListed(value: string, allowList: Array<string | RegExp> | undefined): boolean {
  return (allowList ?? []).some((entry) => (typeof entry === 'string' ? entry === value : entry.test(value)));
}

/** The last key name before an assignment (`clientSecret: '`, `"api_key" => "`, `DB_PASSWORD=`), or ''. */
function lastKeyName(prefix: string): string {
  const names = prefix.slice(-200).match(/[A-Za-z][\w.-]{0,100}/g);
  return names ? names[names.length - 1]! : '';
}

/**
 * A value that only repeats its key name, maybe numbered: `clientSecret: 'clientSecret2'`,
 * `password: 'password1'`, `apiKey: 'api-key-3'` (mock configuration in tests). The
 * comparison ignores case, separators and up to three trailing digits; the key may be
 * longer (`db_password: 'password1'`), the value may not carry anything else.
 */
export function echoesKeyName(keyText: string, value: string): boolean {
  const v = value.trim().replace(/^['"`]|['"`]$/g, '');
  if (!/^[A-Za-z][A-Za-z_.-]{2,60}\d{0,3}$/.test(v)) return false;
  const word = v.replace(/[^A-Za-z]/g, '').toLowerCase();
  const key = lastKeyName(keyText).replace(/[^A-Za-z]/g, '').toLowerCase();
  return word.length >= 3 && key.length > 0 && key.endsWith(word);
}

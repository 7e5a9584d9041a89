/**
 * Values that look like secrets but are not: documentation examples, template
 * references, environment lookups, masked values, hashes and identifiers.
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
  /^[0-9a-f]{40}$|^[0-9a-f]{64}$/i, // git object ids, sha256 digests
  /^data:[a-z]+\/[a-z0-9.+-]+;base64,/i, // data URIs
  /^(.)\1{5,}$/, // one character repeated
];

export function isPlaceholder(value: string): boolean {
  const v = value.trim().replace(/^['"`]|['"`]$/g, '');
  if (v.length === 0) return true;
  if (/^[*xX•.#_-]{4,}$/.test(v) || /^[*xX]{3,}/.test(v) && /[*xX]{3,}$/.test(v)) return true; // already masked
  if (PLACEHOLDER_WORDS.test(v)) return true;
  if (REFERENCES.some((re) => re.test(v))) return true;
  return NOT_SECRETS.some((re) => re.test(v));
}

/** Exact or pattern match against a rule's allow-list. */
export function allowListed(value: string, allowList: Array<string | RegExp> | undefined): boolean {
  return (allowList ?? []).some((entry) => (typeof entry === 'string' ? entry === value : entry.test(value)));
}

/**
 * Learning a project's own secret shapes: the secret-named keys its env
 * templates declare (.env.example and friends), secret-named keys of its env
 * and config files whose values are secret-shaped, and internal token formats:
 * a prefix shared by high-entropy values (`acme_tok_<32 base62>` in two
 * places), or one its code checks tokens against (/^tok_[a-z0-9]{32}$/).
 * Each becomes a proposed custom rule with a unique id. Never learned:
 * ordinary identifiers (`isSecret`, `secretName`, `tokenizer`), keys whose
 * value is not a secret (`id-token: write`), and prefixes made of common words
 * (`test_`, `temp_`, `aws_`): the rules run on every later result, code
 * included.
 */
import { readdir, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import { isCommonPrefix, looksLikeSecretValue, looksLikeTokenBody } from './secret-values.js';
import { isProtectedName, readConfinedText } from '../../../sdk/index.js';

export interface ProposedRule {
  id: string;
  pattern: string;
  severity: 'medium' | 'high';
  description: string;
  source: string;
}

const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', 'build', 'out', 'coverage', '.toolpack', 'vendor', '.venv', 'venv', '__pycache__', 'target', '.next']);
const ENV_TEMPLATES = /^\.env\.(?:example|sample|template|dist|defaults)$|^env\.example$|^example\.env$/;
const ENV_FILES = /^\.env(?:\.[\w-]+)?$/;
const CONFIG_FILES = /\.(?:json|ya?ml|toml|ini|properties)$/;
const CODE_FILES = /\.(?:[cm]?[jt]sx?|py|go|rb|java|kt|cs|php|rs)$/;
const MAX_FILES = 5000;
const MAX_BYTES = 256 * 1024;

/** Words that make a key name a secret's, alone or as a pair (api key, private key). */
const SECRET_WORDS = new Set(['secret', 'secrets', 'token', 'password', 'passwd', 'pwd', 'passphrase', 'apikey', 'credential', 'credentials', 'privatekey']);
const SECRET_PAIRS = new Set(['api key', 'access key', 'private key', 'signing key', 'secret key', 'master key', 'encryption key', 'client secret']);
/** A key ending in one of these names something about a secret (its URL, name, lifetime), not the secret. */
const NOT_A_VALUE = new Set(
  'url uri endpoint host path file dir name names ttl expiry expires expiration length len min max timeout header type mode enabled enable disabled required arn region prefix field fields count seconds secs ms minutes hours days format policy rotation version store manager source ref env var'.split(' '),
);
/** A key starting with one of these is a flag or a question, not a value. */
const FLAG_WORDS = new Set(['is', 'has', 'use', 'enable', 'disable', 'should', 'can', 'allow', 'require', 'show', 'hide']);

/** `webhookSecret`, `STRIPE_SECRET_KEY`, `api-key`: words of a key, lower case. */
const words = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());

/** Whether a key names a secret value (`DB_PASSWORD`, `webhookSecret`), not an identifier about one (`isSecret`, `secretName`, `tokenizer`). */
export function isSecretKey(key: string): boolean {
  const parts = words(key);
  if (!parts.length || FLAG_WORDS.has(parts[0]!) || NOT_A_VALUE.has(parts[parts.length - 1]!)) return false;
  return parts.some((part, i) => SECRET_WORDS.has(part) || SECRET_PAIRS.has(`${part} ${parts[i + 1]}`));
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

async function* files(root: string): AsyncGenerator<string> {
  const queue = [root];
  let seen = 0;
  while (queue.length) {
    const dir = queue.shift()!;
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.isSymbolicLink()) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name) && !isProtectedName(entry.name)) queue.push(path);
      } else if (entry.isFile()) {
        if (++seen > MAX_FILES) return;
        yield path;
      }
    }
  }
}

/**
 * The value of `key` wherever it is assigned: KEY=value, KEY: value, "KEY": "value". The key must
 * stand alone (not the tail of `x_KEY` or of a `\nKEY` escape); the value excludes code punctuation,
 * and the saved rule confirms it is secret-shaped (see custom-rules.ts) before it reports or masks.
 */
function keyRule(kind: 'env' | 'config', key: string, file: string): ProposedRule {
  return {
    id: `custom-${kind}-${slug(key)}`,
    pattern: `(?:^|[^A-Za-z0-9_-])${escape(key)}["']?\\s*[:=]\\s*["']?(?<secret>[^\\s"'\`$<>{}(),;]{8,200})`,
    severity: kind === 'env' ? 'high' : 'medium',
    description: kind === 'env' ? `Value of ${key}, declared as a secret in ${file}` : `Value of config key ${key} (${file})`,
    source: file,
  };
}

function tokenRule(prefix: string, min: number, file: string): ProposedRule {
  return {
    id: `custom-token-${slug(prefix)}`,
    pattern: `\\b${escape(prefix)}[A-Za-z0-9]{${min},128}\\b`,
    severity: 'high',
    description: `Token with the internal prefix ${prefix} (seen in ${file})`,
    source: file,
  };
}

/** Every string-valued leaf of a parsed config, with its own key. */
function* leaves(value: unknown, key = ''): Generator<[string, string]> {
  if (typeof value === 'string') yield [key, value];
  else if (Array.isArray(value)) for (const item of value) yield* leaves(item, key);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) yield* leaves(v, k);
}

function configEntries(name: string, text: string): Array<[string, string]> {
  try {
    if (name.endsWith('.json')) return [...leaves(JSON.parse(text))];
    if (/\.ya?ml$/.test(name)) return [...leaves(parseYaml(text))];
    if (name.endsWith('.toml')) return [...leaves(parseToml(text))];
  } catch {
    return []; // not parseable: nothing learned from it
  }
  return [...text.matchAll(/^\s*([A-Za-z][\w.-]{1,64})\s*[=:]\s*(.*?)\s*$/gm)].map((m) => [m[1]!, m[2]!]);
}

/** `acme_tok_` and the random body of a prefixed value, or null when the value has no such shape. */
function prefixed(value: string): { prefix: string; body: string } | null {
  const m = /^([a-z][a-z0-9]{1,15}_(?:[a-z0-9]{2,8}_){0,2})([A-Za-z0-9]{16,128})$/.exec(value.trim());
  return m && looksLikeTokenBody(m[2]!) ? { prefix: m[1]!, body: m[2]! } : null;
}

/** Add a rule, giving it a distinct id when another subject (key or prefix) already derived the same one. */
function propose(into: Map<string, ProposedRule>, rule: ProposedRule): void {
  for (let n = 1; ; n++) {
    const id = n === 1 ? rule.id : `${rule.id}-${n}`;
    const taken = into.get(id);
    if (!taken) {
      into.set(id, { ...rule, id });
      return;
    }
    if (taken.pattern === rule.pattern) return;
  }
}

export async function discoverCustomPatterns(root: string): Promise<{ proposals: ProposedRule[]; filesScanned: number }> {
  const proposals = new Map<string, ProposedRule>();
  /** Prefixed high-entropy values by prefix: a format is learned once two distinct values share it. */
  const prefixedValues = new Map<string, { bodies: Set<string>; min: number; file: string }>();
  /** Prefixes the code checks tokens against, with the body length the check expects. */
  const codePrefixes = new Map<string, { min: number; file: string }>();
  let filesScanned = 0;
  const notePrefixed = (value: string, file: string) => {
    const found = prefixed(value);
    if (!found) return;
    const entry = prefixedValues.get(found.prefix) ?? { bodies: new Set<string>(), min: 128, file };
    entry.bodies.add(found.body);
    entry.min = Math.min(entry.min, found.body.length);
    prefixedValues.set(found.prefix, entry);
  };
  for await (const path of files(root)) {
    const name = path.slice(path.lastIndexOf('/') + 1);
    const rel = relative(root, path).split('\\').join('/');
    const isTemplate = ENV_TEMPLATES.test(name);
    const isEnv = !isTemplate && ENV_FILES.test(name);
    const isConfig = CONFIG_FILES.test(name) && !/lock|package\.json$|tsconfig/.test(name);
    const isCode = CODE_FILES.test(name);
    if (!isTemplate && !isEnv && !isConfig && !isCode) continue;
    if ((await stat(path)).size > MAX_BYTES) continue;
    // Confined like every reader: no symlink, nothing outside the project, no protected file (.git, .toolpack, config).
    const text = await readConfinedText(path, [root], { maxBytes: MAX_BYTES }).catch(() => '');
    filesScanned++;
    if (isTemplate || isEnv) {
      for (const match of text.matchAll(/^[ \t]*(?:export[ \t]+)?([A-Z][A-Z0-9_]{2,64})[ \t]*=[ \t]*(.*)$/gm)) {
        const [key, value] = [match[1]!, match[2]!.trim().replace(/^(['"])(.*)\1$/, '$2')];
        if (isEnv) notePrefixed(value, rel);
        // A template declares its secret keys (their values are placeholders); a real env file shows its secrets.
        if (isSecretKey(key) && (isTemplate || looksLikeSecretValue(value))) propose(proposals, keyRule('env', key, rel));
      }
    } else if (isConfig) {
      for (const [key, value] of configEntries(name, text)) {
        notePrefixed(value, rel);
        if (isSecretKey(key) && looksLikeSecretValue(value)) propose(proposals, keyRule('config', key, rel));
      }
    }
    if (isCode) {
      // A prefix the code checks a token against: a regular expression with a counted body (/^tok_[a-z0-9]{32}$/),
      // or a string literal on a line about tokens, keys or secrets (isAcmeToken = t => t.startsWith('acmelive_')).
      for (const line of text.split('\n')) {
        if (/^\s*(?:\/\/|\/?\*|#)/.test(line)) continue; // a comment mentions a format; code checks one
        const tokenLine = /token|secret|api[-_]?key|credential/i.test(line);
        for (const match of line.matchAll(/["'`/]\^?([a-z][a-z0-9]{1,11}_(?:(?:live|test|prod|secret|sk|pk|tok|key|api)_)?)(?:\[[^\]]{1,20}\]\{(\d{1,3})(?:,\d{0,3})?\}|["'`])/g)) {
          const prefix = match[1]!;
          const counted = match[2] !== undefined;
          if (prefix.length < 4 || isCommonPrefix(prefix) || !(counted || tokenLine) || (counted && Number(match[2]) < 16)) continue;
          const min = Math.min(128, Math.max(16, Number(match[2] ?? 16))); // {min,128} must stay a valid range
          if (!codePrefixes.has(prefix)) codePrefixes.set(prefix, { min, file: rel });
        }
      }
    }
  }
  for (const [prefix, { min, file }] of codePrefixes) propose(proposals, tokenRule(prefix, min, file));
  for (const [prefix, { bodies, min, file }] of prefixedValues) {
    if (bodies.size >= 2 && !codePrefixes.has(prefix) && !isCommonPrefix(prefix)) propose(proposals, tokenRule(prefix, Math.max(16, min), file));
  }
  return { proposals: [...proposals.values()].sort((a, b) => a.id.localeCompare(b.id)), filesScanned };
}

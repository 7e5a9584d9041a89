/**
 * Learning a project's own secret shapes: the secret-like keys its env
 * templates declare (.env.example and friends), secret-like keys of its
 * config files, and internal token prefixes its code defines or checks
 * (`acme_live_`, /^tok_[a-z0-9]{32}$/). Each becomes a proposed custom rule.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';

export interface ProposedRule {
  id: string;
  pattern: string;
  severity: 'medium' | 'high';
  description: string;
  source: string;
}

const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', 'build', 'out', 'coverage', '.toolpack', 'vendor', '.venv', 'venv', '__pycache__', 'target', '.next']);
const ENV_TEMPLATES = /^\.env\.(?:example|sample|template|dist|defaults)$|^env\.example$|^example\.env$/;
const CONFIG_FILES = /\.(?:json|ya?ml|toml|ini|properties)$/;
const CODE_FILES = /\.(?:[cm]?[jt]sx?|py|go|rb|java|kt|cs|php|rs)$/;
const SECRET_KEY = /(?:secret|token|passw(?:or)?d|pwd|api[-_]?key|apikey|access[-_]?key|private[-_]?key|client[-_]?secret|auth|credential|signing[-_]?key|webhook)/i;
const MAX_FILES = 5000;
const MAX_BYTES = 256 * 1024;

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
        if (!SKIP_DIRS.has(entry.name)) queue.push(path);
      } else if (entry.isFile()) {
        if (++seen > MAX_FILES) return;
        yield path;
      }
    }
  }
}

function envKeyRule(key: string, file: string): ProposedRule {
  return {
    id: `custom-env-${slug(key)}`,
    // The value of this key wherever it is assigned: KEY=value, KEY: value, "KEY": "value".
    pattern: `\\b${escape(key)}["']?\\s*[:=]\\s*["']?(?<secret>[^\\s"'$<{]{8,200})`,
    severity: 'high',
    description: `Value of ${key}, declared as a secret in ${file}`,
    source: file,
  };
}

export async function discoverCustomPatterns(root: string): Promise<{ proposals: ProposedRule[]; filesScanned: number }> {
  const proposals = new Map<string, ProposedRule>();
  let filesScanned = 0;
  for await (const path of files(root)) {
    const name = path.slice(path.lastIndexOf('/') + 1);
    const rel = relative(root, path).split('\\').join('/');
    const isEnv = ENV_TEMPLATES.test(name);
    const isConfig = CONFIG_FILES.test(name) && !/lock|package\.json$|tsconfig/.test(name);
    const isCode = CODE_FILES.test(name);
    if (!isEnv && !isConfig && !isCode) continue;
    if ((await stat(path)).size > MAX_BYTES) continue;
    const text = await readFile(path, 'utf8').catch(() => '');
    filesScanned++;
    if (isEnv) {
      for (const match of text.matchAll(/^\s*(?:export\s+)?([A-Z][A-Z0-9_]{2,64})\s*=/gm)) {
        if (SECRET_KEY.test(match[1]!)) proposals.set(match[1]!, envKeyRule(match[1]!, rel));
      }
    } else if (isConfig) {
      for (const match of text.matchAll(/["']?([A-Za-z][\w.-]{2,64})["']?\s*[:=]/g)) {
        const key = match[1]!;
        if (SECRET_KEY.test(key) && /[_.-]|[a-z][A-Z]/.test(key) && !proposals.has(key)) proposals.set(key, { ...envKeyRule(key, rel), id: `custom-config-${slug(key)}`, severity: 'medium', description: `Value of config key ${key} (${rel})` });
      }
    }
    if (isCode) {
      // Token prefixes: string literals such as 'acme_live_' or "tok_", and regex literals that check a prefix.
      for (const match of text.matchAll(/["'`/]\^?([a-z][a-z0-9]{1,11}_(?:(?:live|test|prod|secret|sk|pk|tok|key|api)_)?)(?:\[[^\]]{1,20}\]\{(\d{1,3})(?:,\d{0,3})?\}|["'`])/g)) {
        const prefix = match[1]!;
        if (!/_$/.test(prefix) || prefix.length < 4) continue;
        if (/^(?:get|set|is|has|on|to|the|my|re|un|pre|sub)_$/.test(prefix)) continue;
        const min = Math.min(128, Math.max(16, Number(match[2] ?? 16))); // {min,128} must stay a valid range
        const id = `custom-token-${slug(prefix)}`;
        if (!proposals.has(id)) {
          proposals.set(id, {
            id,
            pattern: `\\b${escape(prefix)}[A-Za-z0-9]{${min},128}\\b`,
            severity: 'high',
            description: `Token with the internal prefix ${prefix} (defined in ${rel})`,
            source: rel,
          });
        }
      }
    }
  }
  return { proposals: [...proposals.values()].sort((a, b) => a.id.localeCompare(b.id)), filesScanned };
}

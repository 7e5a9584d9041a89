/** Checks that read file contents: secrets (from a security scan) and documented environment variables. */
import { posix } from 'node:path';
import { isEnvWrite } from '../../../project/api.js';
import type { SecurityScanReport } from '../types.js';
import { isSourceFile } from './file-kinds.js';
import type { CheckInput, CheckOutcome } from './project-checks.js';

/** `soft`: found something that is a warning whatever the environment's level (medium findings). */
export type ContentOutcome = CheckOutcome & { soft?: boolean };

export function noSecrets(report: SecurityScanReport | undefined): ContentOutcome {
  if (!report) return { ok: 'skip', evidence: ['no security scan given'], fix: 'Run deployment_readiness with operation security_scan (or all) to check the tracked files for secrets.' };
  const severe = report.findings.filter((f) => f.severity === 'critical' || f.severity === 'high');
  const outside = report.outsideProduct.totalFindings;
  const counts =
    `${report.filesScanned} files scanned: ${report.bySeverity.critical} critical, ${report.bySeverity.high} high, ${report.bySeverity.medium} medium, ${report.bySeverity.low} low` +
    (outside ? ` (and ${outside} in ${Object.keys(report.outsideProduct.byFolder).join('/')} folders, listed apart: samples do not block, real values there still need rotating)` : '');
  const listed = (f: SecurityScanReport['findings'][number]) => `${f.file}${f.line ? `:${f.line}` : ''}: ${f.rule} (${f.severity})`;
  if (report.bySeverity.critical + report.bySeverity.high > 0 || report.sensitiveFiles.length > 0) {
    return {
      ok: false,
      evidence: [counts, ...report.sensitiveFiles.slice(0, 10).map((f) => `${f}: sensitive file tracked`), ...severe.slice(0, 10).map(listed)],
      fix: 'Remove the secrets from the tracked files (and from history), rotate them, and load them from the environment or a secret manager; untrack sensitive files and add them to .gitignore.',
    };
  }
  if (report.bySeverity.medium > 0) {
    return { ok: false, soft: true, evidence: [counts, ...report.findings.filter((f) => f.severity === 'medium').slice(0, 10).map(listed)], fix: 'Review the medium findings: move real values out of the files, or mark test values as such.' };
  }
  return { ok: true, evidence: [counts], fix: null };
}

/** Environment variable reads in the usual languages; the name is the first capture. */
const ENV_READS = [
  /\bprocess\.env\.([A-Z_][A-Z0-9_]*)/g,
  /\bprocess\.env\[\s*['"`]([A-Z_][A-Z0-9_]*)['"`]\s*\]/g,
  /\bimport\.meta\.env\.([A-Z_][A-Z0-9_]*)/g,
  /\bos\.(?:environ\.get|getenv)\(\s*['"]([A-Z_][A-Z0-9_]*)['"]/g,
  /\bos\.environ\[\s*['"]([A-Z_][A-Z0-9_]*)['"]\s*\]/g,
  /\bos\.(?:Getenv|LookupEnv)\(\s*"([A-Z_][A-Z0-9_]*)"/g,
  /\benv::var(?:_os)?\(\s*"([A-Z_][A-Z0-9_]*)"/g,
  /\bSystem\.getenv\(\s*"([A-Z_][A-Z0-9_]*)"/g,
  /\bENV(?:\.fetch\(\s*|\[\s*)['"]([A-Z_][A-Z0-9_]*)['"]/g,
  /\bDeno\.env\.get\(\s*['"]([A-Z_][A-Z0-9_]*)['"]/g,
];
/** Set by the platform or the shell, not configuration a deployment must provide. */
const PLATFORM = new Set(['NODE_ENV', 'HOME', 'PATH', 'PWD', 'USER', 'SHELL', 'TMPDIR', 'TEMP', 'TMP', 'CI', 'TZ', 'LANG', 'TERM', 'HOSTNAME', 'NO_COLOR', 'FORCE_COLOR', 'DEBUG', 'VITEST', 'JEST_WORKER_ID', 'GITHUB_ACTIONS', 'APPDATA', 'USERPROFILE', 'XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'XDG_CACHE_HOME']);
const ENV_TEMPLATE = /(?:^|\/)(?:\.env\.(?:example|sample|template|dist|defaults?|tpl)|(?:example|sample)\.env|env\.example)$/i;
const MAX_SOURCE_FILES = 3000;
const MAX_DOC_FILES = 300;

export async function envDocumented({ scan, workspace, root, rel }: CheckInput): Promise<CheckOutcome> {
  const reads = new Map<string, string>();
  const sources = scan.files.filter((f) => isSourceFile(f) && f.size <= 512 * 1024).slice(0, MAX_SOURCE_FILES);
  for (const file of sources) {
    const text = await workspace.readText(posix.join(root, file.path), { maxBytes: 512 * 1024 }).catch(() => null);
    if (text === null || !/env/i.test(text)) continue;
    for (const pattern of ENV_READS) {
      for (const match of text.matchAll(pattern)) {
        // Setting a variable (`process.env.X = "1"`, `ENV["X"] = ...`) or quoting its name (a bundler define key) is no read.
        if (isEnvWrite(text, match.index, match.index + match[0].length)) continue;
        const name = match[1]!;
        if (!PLATFORM.has(name) && !reads.has(name)) reads.set(name, `${rel(file.path)}:${text.slice(0, match.index).split('\n').length}`);
      }
    }
  }
  if (reads.size === 0) return { ok: 'skip', evidence: [`no environment variable read in ${sources.length} source files`], fix: null };

  // Where a deployment learns the variables: an env template, the README and docs, compose files.
  const docs = scan.files
    .filter((f) => ENV_TEMPLATE.test(f.path) || f.path === scan.scan.documentation.readme || (f.folder === 'docs' && /\.(?:md|mdx|rst|txt)$/i.test(f.path)) || /(?:^|\/)(?:docker-)?compose[^/]*\.ya?ml$/.test(f.path))
    .slice(0, MAX_DOC_FILES);
  const documented = new Map<string, string>();
  for (const file of docs) {
    const text = await workspace.readText(posix.join(root, file.path), { maxBytes: 1024 * 1024 }).catch(() => '');
    for (const name of reads.keys()) if (!documented.has(name) && new RegExp(`\\b${name}\\b`).test(text)) documented.set(name, rel(file.path));
  }
  const missing = [...reads.keys()].filter((name) => !documented.has(name)).sort();
  const templates = docs.filter((f) => ENV_TEMPLATE.test(f.path)).map((f) => rel(f.path));
  const evidence = [`${reads.size} environment variables read; ${documented.size} documented${templates.length ? ` (templates: ${templates.join(', ')})` : ''}`];
  if (missing.length === 0) return { ok: true, evidence: [...evidence, ...[...documented].slice(0, 10).map(([n, where]) => `${n}: ${where}`)], fix: null };
  return {
    ok: false,
    evidence: [...evidence, ...missing.slice(0, 20).map((n) => `${n}: read at ${reads.get(n)}, not documented`)],
    fix: `Document ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? '…' : ''} in a .env.example (placeholder values) or the README.`,
  };
}

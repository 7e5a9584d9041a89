/**
 * The security pack over a project's tracked files (the scan's listing: in a git repository,
 * git's): every file type (.env, key files, Dockerfiles included) read confined to the
 * workspace in parallel batches, binary and large files skipped with the reason, the texts
 * scanned per content type (so code-only rules do not run over prose), and the listing
 * itself scanned for sensitive file names (a tracked .env or id_rsa is a finding even
 * when its content is not).
 */
import { posix } from 'node:path';
import type { Workspace } from '../../../sdk/index.js';
import type { FileEntry } from '../../project/api.js';
import type { ContentType, ScanTextsResult, SecurityScanner } from '../../security/api.js';
import type { SecurityFinding, SecurityScanReport } from './types.js';

export interface ScanProjectSecurityInput {
  /** The project folder (a real path inside the workspace); `files` are relative to it. */
  root: string;
  files: readonly FileEntry[];
  workspace: Workspace;
  signal?: AbortSignal;
  /** Called as files are read and as each group is scanned. */
  onProgress?: (done: number, total: number) => Promise<void> | void;
  /** Findings listed (most severe first); the totals count them all. Default 100. */
  maxFindings?: number;
}

export const MAX_FILE_BYTES = 1024 * 1024;
const BINARY_PEEK = 8 * 1024;
const READ_BATCH = 32;
const SEVERITY_RANK: Record<SecurityFinding['severity'], number> = { critical: 4, high: 3, medium: 2, low: 1, info: 0 };

const CODE = /\.(?:[cm]?[jt]sx?|py|go|rs|java|kt|kts|scala|rb|php|cs|fs|swift|c|cc|cpp|h|hpp|m|sh|bash|zsh|ps1|pl|lua|dart|ex|exs|erl|clj|groovy|vue|svelte|sql)$/i;
const DOCS = /\.(?:md|mdx|markdown|rst|txt|adoc|asciidoc|org|html?)$/i;
const CONFIG = /(?:\.(?:json|jsonc|json5|ya?ml|toml|ini|cfg|conf|properties|env|xml|tf|tfvars|hcl|gradle|plist|npmrc|lock)$|(?:^|\/)(?:\.env[^/]*|Dockerfile[^/]*|[^/]*\.dockerfile|Makefile|Procfile|\.npmrc|\.pypirc|\.netrc|\.htpasswd)$)/i;
const DOCKERFILE = /(?:^|\/)(?:Dockerfile[^/]*|[^/]*\.dockerfile|Containerfile)$/i;

/** Which of the pack's content types a file is, from its name: code rules (injection, weak crypto) run on code only. */
export function contentTypeOf(path: string): ContentType {
  if (CONFIG.test(path)) return 'configuration';
  if (CODE.test(path)) return 'code';
  if (DOCS.test(path)) return 'documentation';
  return 'mixed';
}

interface ReadFile {
  path: string;
  content: string;
}

async function readOne(entry: FileEntry, input: ScanProjectSecurityInput): Promise<ReadFile | { path: string; skipped: string }> {
  const shown = input.workspace.relative(posix.join(input.root, entry.path));
  let file;
  try {
    file = await input.workspace.openFile(posix.join(input.root, entry.path));
  } catch (error) {
    return { path: shown, skipped: `unreadable: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` };
  }
  try {
    const stat = await file.handle.stat();
    if (!stat.isFile()) return { path: shown, skipped: 'not a regular file' };
    if (stat.size > MAX_FILE_BYTES) return { path: shown, skipped: `large: ${stat.size} bytes (limit ${MAX_FILE_BYTES})` };
    const buffer = Buffer.alloc(stat.size);
    const { bytesRead } = await file.handle.read(buffer, 0, stat.size, 0);
    const bytes = buffer.subarray(0, bytesRead);
    if (bytes.subarray(0, BINARY_PEEK).includes(0)) return { path: shown, skipped: 'binary (NUL byte in the first 8 KB)' };
    return { path: shown, content: bytes.toString('utf8') };
  } catch (error) {
    return { path: shown, skipped: `unreadable: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` };
  } finally {
    await file.handle.close();
  }
}

export async function scanProjectSecurity(input: ScanProjectSecurityInput, security: SecurityScanner): Promise<SecurityScanReport> {
  const started = performance.now();
  const { files, signal } = input;
  const limit = input.maxFindings ?? 100;
  const total = files.length;
  const read: ReadFile[] = [];
  const skipped: SecurityScanReport['skipped'] = [];
  let bytesScanned = 0;

  for (let i = 0; i < files.length; i += READ_BATCH) {
    signal?.throwIfAborted();
    const batch = await Promise.all(files.slice(i, i + READ_BATCH).map((entry) => readOne(entry, input)));
    for (const item of batch) {
      if ('skipped' in item) skipped.push({ file: item.path, reason: item.skipped });
      else {
        read.push(item);
        bytesScanned += Buffer.byteLength(item.content);
      }
    }
    await input.onProgress?.(Math.min(i + READ_BATCH, total), total);
  }

  const findings: SecurityFinding[] = [];
  let totalFindings = 0;
  const groups = new Map<string, ReadFile[]>();
  for (const file of read) {
    // Dockerfiles also get the sensitive-file rules: `COPY .env .` ships a secret into the image.
    const key = DOCKERFILE.test(file.path) ? 'dockerfile' : contentTypeOf(file.path);
    groups.set(key, [...(groups.get(key) ?? []), file]);
  }
  // The groups (at most five content types) at once: the workers stay busy between one group's
  // last batch and the next group's first (a third faster on this repository than one after
  // another), and the jobs in flight (scanTexts keeps four per call) stay well within the pool's queue of 64.
  const entries = [...groups];
  const scanned: ScanTextsResult[] = [];
  let next = 0;
  const lane = async () => {
    while (next < entries.length) {
      signal?.throwIfAborted();
      const [key, group] = entries[next++]!;
      scanned.push(
        await security.scanTexts(
          group.map((f) => ({ name: f.path, content: f.content })),
          { contentType: key === 'dockerfile' ? 'configuration' : (key as ContentType), includeSensitiveFiles: key === 'dockerfile', ...(signal ? { signal } : {}) },
        ),
      );
    }
  };
  await Promise.all(entries.map(() => lane()));
  for (const { results } of scanned) {
    for (const result of results) {
      totalFindings += result.totalFindings;
      for (const f of result.findings) findings.push({ file: result.name, line: f.line, rule: f.rule, category: f.category, severity: f.severity, ...(f.excerpt ? { excerpt: f.excerpt } : {}) });
    }
  }

  // The listing as one text, a path a line: the sensitive-file rules flag names, so line N is file N.
  const paths = files.map((f) => input.workspace.relative(posix.join(input.root, f.path)));
  const sensitive = new Set<string>();
  if (paths.length > 0) {
    const { results } = await security.scanTexts([{ name: 'tracked files', content: paths.join('\n') }], { includeSensitiveFiles: true, contentType: 'mixed', ...(signal ? { signal } : {}) });
    for (const f of results[0]?.findings ?? []) {
      if (f.category !== 'sensitive-file') continue;
      const file = paths[f.line - 1];
      if (!file || sensitive.has(file)) continue;
      sensitive.add(file);
      totalFindings += 1;
      findings.push({ file, line: 0, rule: f.rule, category: f.category, severity: f.severity });
    }
  }
  await input.onProgress?.(total, total);

  // Product findings decide; those in tests, fixtures, examples and docs are reported apart.
  const folderOf = new Map(files.map((f, i) => [paths[i]!, f.folder ?? null]));
  const product: SecurityFinding[] = [];
  const outside: SecurityFinding[] = [];
  for (const finding of findings) {
    const folder = folderOf.get(finding.file) ?? null;
    if (folder) outside.push({ ...finding, folder });
    else product.push(finding);
  }
  // Findings a text had beyond the ones listed per text (scanTexts lists up to 1,000 each) count as product findings.
  const unlisted = totalFindings - findings.length;
  const bySeverity = severities(product);
  const byFolder: Record<string, number> = {};
  for (const f of outside) byFolder[f.folder!] = (byFolder[f.folder!] ?? 0) + 1;
  return {
    filesScanned: read.length,
    bytesScanned,
    skipped,
    bySeverity,
    totalFindings: product.length + unlisted,
    findings: mostSevereFirst(product).slice(0, limit),
    sensitiveFiles: [...sensitive].filter((file) => !folderOf.get(file)).sort(),
    outsideProduct: {
      totalFindings: outside.length,
      bySeverity: severities(outside),
      byFolder,
      findings: mostSevereFirst(outside).slice(0, Math.min(limit, 20)),
      sensitiveFiles: [...sensitive].filter((file) => folderOf.get(file)).sort(),
    },
    durationMs: Math.round(performance.now() - started),
  };
}

function severities(findings: readonly SecurityFinding[]): SecurityScanReport['bySeverity'] {
  const counts = { critical: 0, high: 0, medium: 0, low: 0, info: 0 };
  for (const f of findings) counts[f.severity] += 1;
  return counts;
}

const mostSevereFirst = (findings: SecurityFinding[]) =>
  findings.sort((a, b) => SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] || a.file.localeCompare(b.file) || a.line - b.line);

/** `npm audit --json`, only when the pack's networkAudit option allows it (it contacts the registry). */
import { runProcess, systemBinary, type Workspace } from '../../../../sdk/index.js';

export const NPM_AUDIT_TIMEOUT_MS = 60_000;

export type NpmAudit =
  | { run: false; reason: string }
  | { run: true; cwd: string; vulnerabilities: Record<'info' | 'low' | 'moderate' | 'high' | 'critical' | 'total', number>; packages: Array<{ name: string; severity: string }>; error?: string };

const LEVELS = ['info', 'low', 'moderate', 'high', 'critical', 'total'] as const;

/** Parses npm audit's JSON (npm 7+: metadata.vulnerabilities and a vulnerabilities map; npm 6: advisories). */
export function parseNpmAudit(text: string): Pick<Extract<NpmAudit, { run: true }>, 'vulnerabilities' | 'packages'> | null {
  let doc: any;
  try {
    doc = JSON.parse(text);
  } catch {
    return null;
  }
  const counts = doc?.metadata?.vulnerabilities;
  if (!counts || typeof counts !== 'object') return null;
  const vulnerabilities = Object.fromEntries(LEVELS.map((l) => [l, Number(counts[l] ?? 0)])) as Record<(typeof LEVELS)[number], number>;
  if (!counts.total) vulnerabilities.total = LEVELS.slice(0, 5).reduce((s, l) => s + vulnerabilities[l], 0);
  const map = doc.vulnerabilities && typeof doc.vulnerabilities === 'object' ? doc.vulnerabilities : {};
  const packages = Object.entries(map).map(([name, v]: [string, any]) => ({ name, severity: String(v?.severity ?? 'unknown') }));
  return { vulnerabilities, packages: packages.slice(0, 50) };
}

export async function runNpmAudit(cwd: string, shownCwd: string, workspace: Workspace, signal?: AbortSignal): Promise<NpmAudit> {
  const npm = await systemBinary('npm', [workspace.root, ...workspace.allowedRoots]);
  if (!npm) return { run: false, reason: 'npm is not installed or not on PATH' };
  // npm reads the registry's address and credentials from the user's npmrc, so HOME stays; no script runs in an audit.
  const run = await runProcess(npm, ['audit', '--json'], { workspace, cwd, timeoutMs: NPM_AUDIT_TIMEOUT_MS, captureStdoutBytes: 32 * 1024 * 1024, ...(signal ? { signal } : {}) });
  // npm audit exits 1 when it finds vulnerabilities: the JSON is still on stdout.
  const parsed = parseNpmAudit(run.stdout);
  if (parsed) return { run: true, cwd: shownCwd, ...parsed };
  const reason = run.timedOut ? `stopped after ${NPM_AUDIT_TIMEOUT_MS / 1000} s` : `npm audit gave no report${run.error ? `: ${run.error.split('\n')[0]}` : run.code ? ` (exit ${run.code})` : ''}`;
  return { run: false, reason };
}

/** `npm audit --json`, only when the pack's networkAudit option allows it (it contacts the registry). */
import { execFile } from 'node:child_process';

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

export function runNpmAudit(cwd: string, shownCwd: string, signal?: AbortSignal): Promise<NpmAudit> {
  return new Promise((resolve) => {
    execFile('npm', ['audit', '--json'], { cwd, timeout: NPM_AUDIT_TIMEOUT_MS, maxBuffer: 32 * 1024 * 1024, ...(signal ? { signal } : {}) }, (error, stdout) => {
      // npm audit exits 1 when it finds vulnerabilities: the JSON is still on stdout.
      const parsed = parseNpmAudit(stdout);
      if (parsed) return resolve({ run: true, cwd: shownCwd, ...parsed });
      const code = (error as NodeJS.ErrnoException | null)?.code;
      const reason = code === 'ENOENT' ? 'npm is not installed or not on PATH' : (error as { killed?: boolean } | null)?.killed ? `stopped after ${NPM_AUDIT_TIMEOUT_MS / 1000} s` : `npm audit gave no report${error ? `: ${error.message.split('\n')[0]}` : ''}`;
      resolve({ run: false, reason });
    });
  });
}

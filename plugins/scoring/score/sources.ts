/**
 * The sources the components read, each fetched at most once per call: the project scan,
 * a security scan of its files, the adr pack's progress and task counts. Fingerprints say
 * whether a component's sources changed since its last stored score (sync_scores).
 */
import { createHash } from 'node:crypto';
import type { Workspace } from '../../../sdk/index.js';
import type { AdrProgressSummary, AdrTaskCounts } from '../../adr/api.js';
import type { ScanResult } from '../../project/api.js';
import { scanProjectSecurity } from '../readiness/security-scan.js';
import type { SecurityScanReport } from '../readiness/types.js';
import type { ScoringDeps } from '../deps.js';
import { codeQualitySignals } from './code-quality-files.js';
import type { ComponentId } from './types.js';

export interface Sources {
  root: string;
  workspace: Workspace;
  signal?: AbortSignal | undefined;
  scan(): Promise<ScanResult>;
  security(): Promise<SecurityScanReport>;
  progress(): Promise<AdrProgressSummary>;
  tasks(): Promise<AdrTaskCounts>;
}

const once = <T>(load: () => Promise<T>) => {
  let value: Promise<T> | undefined;
  return () => (value ??= load());
};

/** `refresh`: re-read the tree (updateSources); otherwise the project pack's stored scan is reused while the tree is unchanged. */
export function createSources(deps: ScoringDeps, root: string, workspace: Workspace, options: { refresh: boolean; signal?: AbortSignal | undefined }): Sources {
  const scan = once(() => deps.scanner.scan(root, { refresh: options.refresh, ...(options.signal ? { signal: options.signal } : {}) }));
  return {
    root,
    workspace,
    signal: options.signal,
    scan,
    security: once(async () => scanProjectSecurity({ root, files: (await scan()).files, workspace, ...(options.signal ? { signal: options.signal } : {}) }, deps.security)),
    progress: once(() => deps.progress.compare(root, { workspace, ...(options.signal ? { signal: options.signal } : {}) })),
    tasks: once(() => deps.progress.taskCounts(root)),
  };
}

const digest = (...parts: string[]) => createHash('sha256').update(parts.join('\0')).digest('hex').slice(0, 32);

/**
 * What each component's score depends on, as a digest: task_completion the task counts;
 * architecture_compliance the tree (ADRs and code) and the task counts; code_quality the
 * code and test file names and the configuration files it reads; the others the whole tree
 * (any file may hold a secret or change a readiness check).
 */
export async function fingerprintOf(component: ComponentId, sources: Sources): Promise<string> {
  switch (component) {
    case 'task_completion':
      return digest(component, JSON.stringify(await sources.tasks()));
    case 'architecture_compliance':
      return digest(component, (await sources.scan()).scan.fingerprint, JSON.stringify(await sources.tasks()));
    case 'code_quality': {
      const { files } = await sources.scan();
      const signals = codeQualitySignals(files);
      const config = signals.configFiles.map((f) => `${f.path}:${f.size}:${f.mtimeMs}`);
      return digest(component, ...signals.tests, '|', ...signals.sources, '|', ...config);
    }
    default:
      return digest(component, (await sources.scan()).scan.fingerprint);
  }
}

/**
 * Is a Pages workflow valid? With @action-validator/cli installed beside
 * toolpack (never one from the checked workspace: that would run its code),
 * the real validator decides; else the YAML must parse and have the structure
 * a Pages deployment needs. Both report deprecated action versions.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { isExecutable, runProcess, type Workspace } from '../../../sdk/index.js';

export interface WorkflowValidation {
  valid: boolean;
  validator: 'action-validator' | 'structure';
  errors: string[];
  /** Deployment kind the steps show. */
  deploys: 'pages' | 'branch' | 'none';
  deprecated: string[];
  /** `cname:` of a publish step, when present. */
  cname: string | null;
  /** Paths the upload / publish steps take. */
  artifactPaths: string[];
}

/** Major versions that GitHub has deprecated (artifact v3 storage shutdown, Node 12/16 runtimes). */
const DEPRECATED: Record<string, number> = {
  'actions/checkout': 4,
  'actions/upload-pages-artifact': 3,
  'actions/deploy-pages': 4,
  'actions/configure-pages': 4,
  'peaceiris/actions-gh-pages': 3,
};

let validatorPath: Promise<string | null> | undefined;

/** node_modules/.bin/action-validator of the toolpack installation (searched upward from this file), or null. */
export function findActionValidator(): Promise<string | null> {
  validatorPath ??= (async () => {
    let dir = dirname(fileURLToPath(import.meta.url));
    for (let i = 0; i < 8; i++) {
      const candidate = join(dir, 'node_modules', '.bin', 'action-validator');
      if (await isExecutable(candidate)) return candidate;
      const parent = dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
    return null;
  })();
  return validatorPath;
}

/** Exit code and output of the validator; null when it could not run here (then the structure check decides). */
async function runValidator(binary: string, file: string, workspace: Workspace): Promise<{ code: number; output: string } | null> {
  try {
    const run = await runProcess(binary, [file], { workspace, cwd: workspace.root, timeoutMs: 30_000 });
    if (run.error || run.timedOut) return null;
    return { code: run.code ?? -1, output: run.output.trim() };
  } catch {
    // The install's validator inside the workspace (serving the toolpack clone itself) is not run unasked.
    return null;
  }
}

type Steps = Array<Record<string, unknown>>;

export async function validateWorkflow(file: string, text: string, workspace: Workspace): Promise<WorkflowValidation> {
  const errors: string[] = [];
  let doc: unknown;
  try {
    doc = parse(text);
  } catch (error) {
    return { valid: false, validator: 'structure', errors: [`not valid YAML: ${(error as Error).message.split('\n')[0]}`], deploys: 'none', deprecated: [], cname: null, artifactPaths: [] };
  }
  const workflow = (doc && typeof doc === 'object' ? doc : {}) as Record<string, unknown>;
  const jobs = (workflow.jobs && typeof workflow.jobs === 'object' ? workflow.jobs : {}) as Record<string, { steps?: Steps }>;
  const steps: Steps = Object.values(jobs).flatMap((job) => (Array.isArray(job?.steps) ? job.steps : []));
  const uses = (name: string) => steps.filter((s) => typeof s.uses === 'string' && s.uses.startsWith(`${name}@`));
  const deprecated: string[] = [];
  for (const step of steps) {
    const match = typeof step.uses === 'string' ? /^([^@]+)@v(\d+)/.exec(step.uses) : null;
    if (match && DEPRECATED[match[1]!] !== undefined && Number(match[2]) < DEPRECATED[match[1]!]!) deprecated.push(step.uses as string);
  }
  const pages = uses('actions/deploy-pages').length > 0;
  const branch = uses('peaceiris/actions-gh-pages').length > 0;
  const withOf = (s: Record<string, unknown>) => (s.with && typeof s.with === 'object' ? (s.with as Record<string, unknown>) : {});
  const artifactPaths = [...uses('actions/upload-pages-artifact').map((s) => withOf(s).path), ...uses('peaceiris/actions-gh-pages').map((s) => withOf(s).publish_dir)].filter((p): p is string => typeof p === 'string');
  // deploy_pages names the domain in the publish step's cname, or in the env of the step that writes CNAME.
  const envOf = (s: Record<string, unknown>) => (s.env && typeof s.env === 'object' ? (s.env as Record<string, unknown>) : {});
  const cnameValue = [...uses('peaceiris/actions-gh-pages').map((s) => withOf(s).cname), ...steps.map((s) => envOf(s).CUSTOM_DOMAIN)].find((c) => typeof c === 'string');

  const binary = await findActionValidator();
  const checked = binary ? await runValidator(binary, file, workspace) : null;
  let validator: WorkflowValidation['validator'] = 'structure';
  if (checked) {
    validator = 'action-validator';
    if (checked.code !== 0) errors.push(`action-validator: ${summariseValidator(checked.output)}`);
  } else {
    if (!workflow.on && !(workflow as Record<string, unknown>)['true']) errors.push('no "on:" trigger');
    if (Object.keys(jobs).length === 0) errors.push('no jobs');
    for (const [name, job] of Object.entries(jobs)) {
      if (!job || typeof job !== 'object' || !('runs-on' in job)) errors.push(`job "${name}" has no runs-on`);
      if (!Array.isArray(job?.steps)) errors.push(`job "${name}" has no steps`);
    }
  }
  if (pages && uses('actions/upload-pages-artifact').length === 0) errors.push('deploy-pages is used without upload-pages-artifact');
  return { valid: errors.length === 0, validator, errors, deploys: pages ? 'pages' : branch ? 'branch' : 'none', deprecated, cname: (cnameValue as string | undefined) ?? null, artifactPaths };
}

/** action-validator prints JSON ({ errors: [{ path, title, detail, states: [{ errors }] }] }); keep the first leaf messages with their paths. */
function summariseValidator(output: string): string {
  const leaves: string[] = [];
  const walk = (errors: unknown): void => {
    if (!Array.isArray(errors)) return;
    for (const e of errors as Array<Record<string, unknown>>) {
      if (Array.isArray(e.states)) for (const state of e.states as Array<{ errors?: unknown }>) walk(state.errors);
      else leaves.push(`${String(e.path ?? '')} ${String(e.detail ?? e.title ?? '')}`.trim());
    }
  };
  try {
    walk((JSON.parse(output.slice(output.indexOf('{'))) as { errors?: unknown }).errors);
  } catch {
    /* not JSON: fall back to the text */
  }
  return (leaves.length ? [...new Set(leaves)].slice(0, 4).join('; ') : output.slice(0, 300)) || 'invalid workflow';
}

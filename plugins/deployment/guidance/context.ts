/** What every step builder reads: the environment, the project's files and scan, its ADRs and its own commands. */
import type { ProjectScan } from '../../project/api.js';
import type { ProjectCommand } from './project-commands.js';
import type { ProjectFiles } from './project-files.js';
import type { DeploymentAdr, TargetEnvironment } from './types.js';

export interface GuidanceContext {
  env: TargetEnvironment;
  files: ProjectFiles;
  scan: ProjectScan;
  adrs: DeploymentAdr[];
  commands: ProjectCommand[];
  /** For image and release names: package.json name (unscoped) or the project folder's name. */
  projectName: string;
  /** package.json / pyproject version, for image tags; null when none is declared. */
  version: string | null;
}

/** Words that name each environment in folder and file names (overlays/prod, values-staging.yaml, dev.tfvars). */
export const ENV_WORDS: Record<TargetEnvironment, string[]> = {
  development: ['development', 'dev', 'local'],
  staging: ['staging', 'stage', 'stg', 'preprod'],
  production: ['production', 'prod', 'live'],
};
const ALL_WORDS = Object.values(ENV_WORDS).flat();

const segments = (path: string) => path.toLowerCase().split(/[/._-]+/);
/** The environment words a path names. */
export const envWordsIn = (path: string) => segments(path).filter((s) => ALL_WORDS.includes(s));
export const namesEnv = (path: string, env: TargetEnvironment) => segments(path).some((s) => ENV_WORDS[env].includes(s));
export const namesAnyEnv = (path: string) => envWordsIn(path).length > 0;

/**
 * Of paths some of which belong to one environment (k8s/production, envs/staging): those for `env`
 * plus those naming no environment; all of them when none names one.
 */
export function forEnvironment<T>(items: readonly T[], env: TargetEnvironment, pathOf: (item: T) => string): T[] {
  return items.filter((item) => namesEnv(pathOf(item), env) || !namesAnyEnv(pathOf(item)));
}

/** Lower-case, and only what an image or release name may hold. */
export const safeName = (name: string) =>
  name
    .toLowerCase()
    .replace(/^@[^/]+\//, '')
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '') || 'app';

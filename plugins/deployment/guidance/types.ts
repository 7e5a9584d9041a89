/** The shapes deployment guidance is made of: steps, where each comes from, and what a security check found. */

export type DeploymentType = 'docker' | 'kubernetes' | 'serverless' | 'traditional';
export type TargetEnvironment = 'development' | 'staging' | 'production';

/** Where a step comes from: an accepted ADR, a file of the project, or a practice (no project file says it). */
export type StepSource = { kind: 'adr'; path: string; title: string } | { kind: 'file'; path: string } | { kind: 'convention' };

export type Phase = 'prepare' | 'build' | 'test' | 'security' | 'deploy' | 'verify' | 'rollback';

export interface SecurityFinding {
  status: 'pass' | 'warning' | 'fail';
  /** Files (and lines) the verdict rests on. */
  evidence: string[];
}

export interface GuidanceStep {
  phase: Phase;
  title: string;
  detail: string;
  /** Commands to run, shown, never run here; paths are this project's, relative to `cwd` (the workspace root when absent). */
  commands: string[];
  cwd?: string;
  source: StepSource;
  /** An accepted ADR that chose what this step uses, when the step's source is a file. */
  decidedBy?: { path: string; title: string };
  /** Security steps only. */
  finding?: SecurityFinding;
}

/** An accepted ADR whose decision names deployment, infrastructure, CI, database or hosting technologies. */
export interface DeploymentAdr {
  number: number | null;
  title: string;
  /** Workspace-relative path. */
  path: string;
  /** Canonical technology names (see technologies.ts). */
  technologies: string[];
}

/** Quote an argument for display when it holds characters a shell would split on. */
export const shown = (arg: string) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`);
export const command = (...args: string[]) => args.map(shown).join(' ');

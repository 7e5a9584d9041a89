/** The messages between the security pack and its scan worker. */
import type { ToolErrorType } from '../../../sdk/errors.js';
import type { CustomRuleSpec } from '../engine/custom-rules.js';
import type { JobName } from '../jobs/index.js';
import type { PresetCandidate, RuleDescriptor } from './rule-transfer.js';

/** workerData: the third-party rules, fixed once the pack has started. */
export interface WorkerSetup {
  rules: RuleDescriptor[];
}

export interface JobMessage {
  id: number;
  job: JobName;
  input: unknown;
  /** The workspace's saved custom rules, compiled (and cached) on the worker. */
  custom: CustomRuleSpec[];
  /** Per text the job scans (in jobTexts order): candidates of the rules run in process. */
  presets: PresetCandidate[][];
  budgetMs: number;
}

export interface JobFailure {
  type?: ToolErrorType;
  message: string;
  details?: Record<string, unknown>;
}

export type JobReply = { id: number; ok: true; output: unknown } | { id: number; ok: false; error: JobFailure };

/**
 * The scan worker's entry: runs one security job at a time, off the server's
 * event loop. Built to dist/plugins/security/worker/security-scan-worker.js by
 * tsc and to dist/security-scan-worker.js beside the bundled CLI.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { isToolError } from '../../../sdk/errors.js';
import { compileCustomRules, type CustomRuleSpec } from '../engine/custom-rules.js';
import { budgetOf } from '../engine/deadline.js';
import { createRuleEngine } from '../engine/rule-engine.js';
import type { Finding } from '../engine/scanner.js';
import { jobTexts, runJob, type JobName } from '../jobs/index.js';
import { BUILTIN_RULES } from '../rules/index.js';
import type { ScanRule, UserRule } from '../rules/types.js';
import type { JobMessage, JobReply, WorkerSetup } from './protocol.js';
import { presetFindings, ruleFromDescriptor } from './rule-transfer.js';

const setup = workerData as WorkerSetup;
const added: ScanRule[] = [];
const inProcessRules = new Map<string, ScanRule>();
for (const descriptor of setup.rules) {
  const rule = ruleFromDescriptor(descriptor);
  if (descriptor.inProcess) inProcessRules.set(rule.id, rule);
  else added.push(rule);
}

let customKey = '';
let custom: UserRule[] = [];
function customRules(specs: CustomRuleSpec[]): UserRule[] {
  const key = JSON.stringify(specs);
  if (key !== customKey) [customKey, custom] = [key, compileCustomRules(specs)];
  return custom;
}

async function handle(message: JobMessage): Promise<JobReply> {
  try {
    const texts = jobTexts(message.job, message.input as never);
    const presets = new Map<string, Finding[]>();
    message.presets.forEach((candidates, i) => {
      if (candidates.length) presets.set(texts[i]!, presetFindings(texts[i]!, candidates, inProcessRules));
    });
    const engine = createRuleEngine({ builtin: BUILTIN_RULES, added, custom: customRules(message.custom), budget: budgetOf(message.budgetMs), presets });
    return { id: message.id, ok: true, output: await runJob(message.job as JobName, engine, message.input as never) };
  } catch (error) {
    const failure = isToolError(error) ? { type: error.type, message: error.message, details: error.details } : { message: error instanceof Error ? error.message : String(error) };
    return { id: message.id, ok: false, error: failure };
  }
}

parentPort!.on('message', (message: JobMessage) => {
  void handle(message).then((reply) => parentPort!.postMessage(reply));
});

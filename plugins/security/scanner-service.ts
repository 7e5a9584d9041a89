/**
 * The security pack's service, shared with other packs (scoring, deployment)
 * through `securityScannerRef`: the rule set (built-in, added by modules,
 * saved custom rules), scanning, masking, the vault and the settings.
 *
 * Where the work runs: `run` weighs a job by the characters it scans, times
 * the compiled size of the user patterns involved (RE2's search costs about
 * that much per character). Up to 256 KiB of such weight runs in process,
 * where it takes milliseconds; more goes to the scan worker pool, off the
 * event loop, within the time budget (pack option scanTimeoutMs). `scan` and
 * `maskSecrets` are synchronous for callers that cannot wait (the store's
 * write filter, the log filter): they run in process, their user patterns
 * (saved custom rules) within a 2 s budget, past which they throw.
 */
import { existsSync } from 'node:fs';
import type { SecurityTables } from './store-schema.js';
import type { Logger, Store } from '../../sdk/index.js';
import { compileCustomRules, withUniqueIds, type CustomRuleRecord, type CustomRuleSpec } from './engine/custom-rules.js';
import { budgetOf } from './engine/deadline.js';
import type { MaskingLevel } from './engine/levels.js';
import { createRuleEngine, type RuleEngine, type ScanRequest } from './engine/rule-engine.js';
import type { ScanResult } from './engine/scanner.js';
import { programSizeOf, userPatternRules } from './engine/user-patterns.js';
import { createVault, type Vault } from './engine/vault.js';
import { jobPatterns, jobTexts, runJob, type JobInput, type JobName, type JobOutput } from './jobs/index.js';
import type { ScanBudget, ScanRule, SecurityRule, UserRule } from './rules/types.js';
import { describeRule, presetCandidates } from './worker/rule-transfer.js';
import { scanTexts, type ScanTextsOptions, type ScanTextsResult } from './worker/scan-batches.js';
import { ScanPool } from './worker/scan-pool.js';
import { splitAnalysis, splitsAnalysis } from './worker/split-analysis.js';
import { findWorkerFile, type WorkerFile } from './worker/worker-file.js';
import { sharedRead } from './store-wait.js';

export type { CustomRuleRecord };

export interface OutputMaskingSettings {
  enabled: boolean;
  maskingLevel: 'basic' | 'standard' | 'strict';
  customPatterns: string[];
  updatedAt: string | null;
}

export interface SecurityScannerOptions {
  /** Time budget of one scan job, in milliseconds. */
  scanTimeoutMs?: number;
  /** Scan worker threads, started on first use. */
  scanWorkers?: number;
  /** The pack's logger, once it has one (the service may be created before the pack's init). */
  logger?: () => Logger | undefined;
}

export interface SecurityScanner {
  /** Every active rule; sensitive-file rules only when asked, as they flag names, not values. */
  rules(options?: { includeSensitiveFiles?: boolean }): ScanRule[];
  /** In process, synchronous (user patterns within a 2 s budget): for small texts. */
  scan(text: string, options?: ScanRequest): ScanResult;
  /** Replace every value the level masks with `[MASKED_<RULE>]`: for persisted text and logs. In process, user patterns within a 2 s budget. */
  maskSecrets(text: string, level: MaskingLevel, extraRules?: ScanRule[]): { text: string; count: number };
  /** A tool's work (jobs/), in process or on the scan worker depending on its size, within the time budget. */
  run<N extends JobName>(job: N, input: JobInput<N>, options?: { signal?: AbortSignal }): Promise<JobOutput<N>>;
  vault: Vault;
  /** The saved custom rules, read from the store (so rules saved through another instance count). */
  customRules(): Promise<CustomRuleRecord[]>;
  /** Reload the saved custom rules when they changed (at most once a second); the synchronous filters use what was last loaded. */
  refreshCustomRules(db?: import('kysely').Kysely<any>): Promise<void>;
  /** Save rules, each under an id no other saved rule has (see withUniqueIds); returns them as saved. */
  saveCustomRules(rules: Array<Omit<CustomRuleRecord, 'createdAt'>>): Promise<Array<Omit<CustomRuleRecord, 'createdAt'>>>;
  /** Read from the store at each call: switched on through one instance, it is on for every instance on the store. */
  outputMasking(): Promise<OutputMaskingSettings>;
  setOutputMasking(settings: Omit<OutputMaskingSettings, 'updatedAt'>): Promise<OutputMaskingSettings>;
  /**
   * Scan many texts (a repository's files) at once, spread over the scan workers (option
   * scanWorkers). Per text: total findings, risk level, and up to 1,000 findings (rule,
   * severity, line, column, masked excerpt).
   */
  scanTexts(texts: ReadonlyArray<{ name: string; content: string }>, options?: ScanTextsOptions): Promise<ScanTextsResult>;
  /** Stop the scan workers. */
  close(): Promise<void>;
}


export const DEFAULT_SCAN_TIMEOUT_MS = 20_000;
export const DEFAULT_SCAN_WORKERS = 2;
/** Work (characters × pattern weight) done in process; beyond it a job goes to the worker. */
const IN_PROCESS_WEIGHT = 256 * 1024;
/** Compiled RE2 instructions that weigh as much as one pass of the built-in rules. */
const PROGRAM_PER_PASS = 16;
const SYNC_BUDGET_MS = 2000;

const DEFAULT_OUTPUT_MASKING: OutputMaskingSettings = { enabled: false, maskingLevel: 'standard', customPatterns: [], updatedAt: null };

export function createSecurityScanner(packStore: Store, builtin: readonly SecurityRule[], added: readonly SecurityRule[], options: SecurityScannerOptions = {}): SecurityScanner {
  const timeoutMs = options.scanTimeoutMs ?? DEFAULT_SCAN_TIMEOUT_MS;
  const log = () => options.logger?.();
  const store = packStore.typed<SecurityTables>();
  let custom: { rules: UserRule[]; specs: CustomRuleSpec[]; records: string } | undefined;
  let loadedRecords: CustomRuleRecord[] = [];
  let checkedAt = 0;
  let pool: ScanPool | undefined;
  let workerFile: WorkerFile | null | undefined;
  let closed = false;
  // Before an SQLite store exists nothing was ever saved: do not create it (nor load the store's code) just to read.
  const storeExists = () => store.dialect === 'postgres' || store.location === ':memory:' || existsSync(store.location);

  const customRules = async (db: import('kysely').Kysely<any> = store.db): Promise<CustomRuleRecord[]> =>
    storeExists()
      ? ((await db.selectFrom('security_custom_rules').select(['id', 'pattern', 'severity', 'description', 'source', 'created_at as createdAt']).orderBy('id').execute()) as CustomRuleRecord[])
      : [];

  const refreshCustomRules = async (db?: import('kysely').Kysely<any>) => {
    if (Date.now() - checkedAt < 1000) return;
    loadedRecords = await customRules(db);
    checkedAt = Date.now();
  };

  // Before each job: the saved rules as fresh as the store gives them in a moment; a store that is down or frozen
  // leaves the rules last read (the built-in ones always apply) instead of failing or stalling the call.
  const refreshBeforeJob = sharedRead(() => refreshCustomRules());

  const activeCustom = () => {
    const records = JSON.stringify(loadedRecords);
    if (custom?.records !== records) {
      const skipped: Array<{ rule: string; reason: string }> = [];
      const rules = compileCustomRules(loadedRecords, (record, reason) => skipped.push({ rule: record.id, reason }));
      const specs: CustomRuleSpec[] = rules.map((rule) => ({ id: rule.id, pattern: rule.matcher.source, severity: rule.severity, description: rule.description }));
      custom = { rules, specs, records };
      // Logged once the rules are set: the log filter masks with them, and must not compile them again.
      for (const entry of skipped) log()?.warn(entry, 'saved custom rule skipped: its pattern is not accepted any more');
    }
    return custom;
  };

  const engine = (budget: ScanBudget): RuleEngine => createRuleEngine({ builtin, added, custom: activeCustom().rules, budget });
  // Synchronous callers (the store's write filter, the log filter) cannot move to a worker: their user patterns get 2 s.
  const syncEngine = () => engine(budgetOf(SYNC_BUDGET_MS, true));

  const workerPool = (): ScanPool | undefined => {
    if (closed) return undefined;
    if (workerFile === undefined) {
      workerFile = findWorkerFile();
      if (!workerFile) log()?.warn('the security scan worker was not found beside the pack; large scans run in process');
    }
    if (!workerFile) return undefined;
    return (pool ??= new ScanPool(workerFile, {
      size: options.scanWorkers ?? DEFAULT_SCAN_WORKERS,
      timeoutMs,
      setup: () => ({ rules: added.map(describeRule) }),
      onWorkerError: (error) => log()?.warn({ err: error.message }, 'security scan worker stopped'),
    }));
  };

  const service: SecurityScanner = {
    rules: (request) => syncEngine().rules(request),
    scan: (text, request) => syncEngine().scan(text, request),
    maskSecrets: (text, level, extraRules) => syncEngine().maskSecrets(text, level, extraRules),
    async run<N extends JobName>(job: N, input: JobInput<N>, { signal }: { signal?: AbortSignal } = {}): Promise<JobOutput<N>> {
      await refreshBeforeJob();
      // Patterns first: a bad one is a ValidationError before any work, and their size weighs the job.
      let programSize = programSizeOf(activeCustom().rules);
      for (const [parameter, patterns] of jobPatterns(job, input)) programSize += programSizeOf(userPatternRules(patterns, parameter));
      const texts = jobTexts(job, input);
      let characters = 0;
      for (const text of texts) characters += text.length;
      const target = characters * (1 + programSize / PROGRAM_PER_PASS) > IN_PROCESS_WEIGHT ? workerPool() : undefined;
      if (!target) return runJob(job, engine(budgetOf(timeoutMs)), input);
      const inProcessRules = added.filter((rule) => typeof rule.validate === 'function');
      if (job === 'analyzeContent' && splitsAnalysis(input as JobInput<'analyzeContent'>, target.size)) {
        const analysis = input as JobInput<'analyzeContent'>;
        const collectOn = (share: JobInput<'collectCandidates'>) => target.run({ job: 'collectCandidates', input: share, custom: activeCustom().specs, presets: [[]] }, signal) as Promise<JobOutput<'collectCandidates'>>;
        return (await splitAnalysis(engine(budgetOf(timeoutMs)), analysis, inProcessRules, collectOn)) as JobOutput<N>;
      }
      const presets = texts.map((text) => presetCandidates(text, inProcessRules));
      return (await target.run({ job, input, custom: activeCustom().specs, presets }, signal)) as JobOutput<N>;
    },
    vault: createVault(store),
    customRules: () => customRules(),
    refreshCustomRules,
    async saveCustomRules(given) {
      const now = new Date().toISOString();
      const records = await store.transaction(async (trx) => {
        const chosen = withUniqueIds((await customRules(trx)) as CustomRuleRecord[], given);
        for (const r of chosen) {
          // A pattern is the rule itself: masking it would change what the rule matches. The rest is masked as any text.
          const row = { id: r.id, pattern: store.opaque(r.pattern), severity: r.severity, description: r.description, source: r.source, created_at: now };
          await trx
            .insertInto('security_custom_rules')
            .values(row)
            .onConflict((oc) =>
              oc.column('id').doUpdateSet((eb) => ({
                pattern: eb.ref('excluded.pattern'),
                severity: eb.ref('excluded.severity'),
                description: eb.ref('excluded.description'),
                source: eb.ref('excluded.source'),
              })),
            )
            .execute();
        }
        return chosen;
      });
      checkedAt = 0;
      await refreshCustomRules();
      return records;
    },
    async outputMasking() {
      const row = storeExists() ? await store.db.selectFrom('security_settings').select('value').where('key', '=', 'output-masking').executeTakeFirst() : undefined;
      return row ? (JSON.parse(row.value) as OutputMaskingSettings) : DEFAULT_OUTPUT_MASKING;
    },
    async setOutputMasking(settings) {
      const next: OutputMaskingSettings = { ...settings, updatedAt: new Date().toISOString() };
      const value = store.serialize({ ...next, customPatterns: next.customPatterns.map((pattern) => store.opaque(pattern)) });
      await store.db
        .insertInto('security_settings')
        .values({ key: 'output-masking', value, updated_at: next.updatedAt! })
        .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: eb.ref('excluded.updated_at') })))
        .execute();
      return next;
    },
    scanTexts: (texts, scanOptions = {}) => scanTexts(service, texts, { workers: options.scanWorkers ?? DEFAULT_SCAN_WORKERS, ...scanOptions }),
    async close() {
      closed = true;
      await pool?.close();
      pool = undefined;
    },
  };
  return service;
}

/**
 * The CPU-heavy work of the security tools, by name, so the same code runs in
 * process (small inputs) or on the scan worker (large ones). Each job names
 * the texts it scans (they weigh the choice, and third-party rules that cannot
 * cross to the worker are run over them in process) and the pattern
 * parameters it compiles (checked up front, so a bad pattern fails fast).
 */
import type { RuleEngine } from '../engine/rule-engine.js';
import { analyzeContent, type AnalyzeInput } from './analyze-content.js';
import { basicMasking, type BasicMaskingInput } from './basic-masking.js';
import { collectCandidates, type CollectCandidatesInput } from './collect-candidates.js';
import { generateMasking, type GenerateMaskingInput } from './generate-masking.js';
import { maskStrings, type MaskStringsInput } from './mask-strings.js';
import { scanTexts, type ScanTextsInput } from './scan-texts.js';
import { validateMasking, type ValidateMaskingInput } from './validate-masking.js';

interface JobSpec<I, O> {
  run(engine: RuleEngine, input: I): O | Promise<O>;
  texts(input: I): string[];
  patterns(input: I): Array<[parameter: string, patterns: string[] | undefined]>;
}

const job = <I, O>(spec: JobSpec<I, O>) => spec;

export const JOBS = {
  analyzeContent: job({ run: analyzeContent, texts: (i: AnalyzeInput) => [i.content], patterns: (i) => [['userDefinedPatterns', i.userDefinedPatterns]] }),
  generateMasking: job({ run: generateMasking, texts: (i: GenerateMaskingInput) => [i.content], patterns: (i) => [['userDefinedPatterns', i.userDefinedPatterns]] }),
  basicMasking: job({ run: basicMasking, texts: (i: BasicMaskingInput) => [i.content], patterns: (i) => [['patterns', i.patterns]] }),
  validateMasking: job({
    run: validateMasking,
    texts: (i: ValidateMaskingInput) => [i.originalContent, i.maskedContent],
    patterns: (i) => [
      ['expectedPatterns', i.expectedPatterns],
      ['allowedPatterns', i.allowedPatterns],
    ],
  }),
  maskStrings: job({ run: maskStrings, texts: (i: MaskStringsInput) => i.texts, patterns: (i) => [['customPatterns', i.patterns]] }),
  collectCandidates: job({ run: collectCandidates, texts: (i: CollectCandidatesInput) => [i.content], patterns: (i) => [['userDefinedPatterns', i.userDefinedPatterns]] }),
  scanTexts: job({ run: scanTexts, texts: (i: ScanTextsInput) => i.texts.map((t) => t.content), patterns: () => [] }),
};

export type JobName = keyof typeof JOBS;
export type JobInput<N extends JobName> = Parameters<(typeof JOBS)[N]['run']>[1];
export type JobOutput<N extends JobName> = Awaited<ReturnType<(typeof JOBS)[N]['run']>>;

/** Run a job on this thread. */
export function runJob<N extends JobName>(name: N, engine: RuleEngine, input: JobInput<N>): Promise<JobOutput<N>> {
  const spec = JOBS[name] as unknown as JobSpec<JobInput<N>, JobOutput<N>>;
  return Promise.resolve().then(() => spec.run(engine, input));
}

export function jobTexts<N extends JobName>(name: N, input: JobInput<N>): string[] {
  return (JOBS[name] as unknown as JobSpec<JobInput<N>, unknown>).texts(input);
}

export function jobPatterns<N extends JobName>(name: N, input: JobInput<N>): Array<[string, string[] | undefined]> {
  return (JOBS[name] as unknown as JobSpec<JobInput<N>, unknown>).patterns(input);
}

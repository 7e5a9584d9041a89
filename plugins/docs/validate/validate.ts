/**
 * validate_diataxis_content's logic over pages already read: per page its category and
 * structure fit (compliance), TODOs and empty sections (completeness), names in code spans
 * the project lacks and code blocks that do not parse (accuracy); then the set's index and
 * sections. Findings under the confidence threshold are counted, not listed.
 */
import { parseMarkdown } from '../../../sdk/index.js';
import { readPage, staleNames } from '../gaps/mentions.js';
import type { TextFile } from '../gaps/project-files.js';
import { checkCodeBlocks } from './code-blocks.js';
import { pageCompleteness, setCompleteness } from './completeness.js';
import { categoryOf, complianceFindings, type PageCategory } from './diataxis.js';
import { CONFIDENCE_THRESHOLDS, type ConfidenceLevel, type Finding, type FindingType } from './findings.js';

export type ValidationType = FindingType | 'all';

export interface PageResult {
  path: string;
  category: PageCategory;
  categorySource: string;
  findings: number;
}

export interface ValidationReport {
  pages: PageResult[];
  findings: Finding[];
  /** Findings below the threshold, left out of `findings`. */
  belowThreshold: number;
  codeBlocks: { blocks: number; checked: number; errors: number };
}

export async function validatePages(input: {
  pages: readonly TextFile[];
  /** Project-relative content folder ('' for the root; a page's folder when one page is validated). */
  folder: string;
  validationType: ValidationType;
  includeCodeValidation: boolean;
  confidence: ConfidenceLevel;
  /** Every identifier and flag of the project's code (knownNames) and whether it has a CLI of its own; null when accuracy is not checked. */
  known: { names: ReadonlySet<string>; hasCli: boolean } | null;
  /** One page was asked for: the set's checks (index, sections) do not apply. */
  singlePage?: boolean;
  signal?: AbortSignal;
}): Promise<ValidationReport> {
  const wants = (type: FindingType) => input.validationType === 'all' || input.validationType === type;
  const all: Finding[] = [];
  const pages: PageResult[] = [];
  const codeBlocks = { blocks: 0, checked: 0, errors: 0 };
  for (const page of input.pages) {
    input.signal?.throwIfAborted();
    const doc = await parseMarkdown(page.text);
    const { category, source } = categoryOf(page.path, doc);
    const found: Finding[] = [];
    if (wants('compliance')) found.push(...complianceFindings(page.path, category, doc));
    if (wants('completeness')) found.push(...pageCompleteness(page.path, doc));
    if (wants('accuracy')) {
      if (input.known) {
        for (const stale of staleNames([readPage(page)], input.known.names, { flags: input.known.hasCli, identifiers: true })) {
          // A bare identifier may be a dependency's or the platform's: weaker than a call, flag or variable name.
          const confidence = stale.kind === 'identifier' ? 0.6 : 0.8;
          found.push({ type: 'accuracy', kind: 'unknown-name', file: page.path, line: stale.line, message: `\`${stale.text}\` names "${stale.name}", which appears nowhere in the project's code`, confidence, suggestion: 'Update the page to the current name or remove the stale part.' });
        }
      }
      if (input.includeCodeValidation) {
        const report = await checkCodeBlocks(doc);
        codeBlocks.blocks += report.blocks;
        codeBlocks.checked += report.checked;
        codeBlocks.errors += report.errors.length;
        for (const error of report.errors) {
          found.push({ type: 'accuracy', kind: 'code-syntax-error', file: page.path, line: error.line, message: `${error.language} code block does not parse: ${error.message}`, confidence: error.confidence, suggestion: 'Fix the example so readers can copy it.' });
        }
      }
    }
    all.push(...found);
    pages.push({ path: page.path, category, categorySource: source, findings: 0 });
  }
  if (wants('completeness') && !input.singlePage) all.push(...setCompleteness(input.folder, pages.map((p) => ({ path: p.path, category: p.category, source: p.categorySource }))));

  const threshold = CONFIDENCE_THRESHOLDS[input.confidence];
  const findings = all.filter((f) => f.confidence >= threshold);
  const perPage = new Map<string, number>();
  for (const f of findings) perPage.set(f.file, (perPage.get(f.file) ?? 0) + 1);
  for (const page of pages) page.findings = perPage.get(page.path) ?? 0;
  findings.sort((a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0));
  return { pages, findings, belowThreshold: all.length - findings.length, codeBlocks };
}

/**
 * The rules validate_adrs checks: id, severity, family (the file that checks it) and the fix a
 * reviewer applies. Ids are part of the tool's surface (the `rules` parameter selects them).
 */
export type Severity = 'error' | 'warning';
export type RuleFamily = 'sections' | 'status' | 'dates' | 'links' | 'supersession' | 'naming' | 'title';

export interface Rule {
  severity: Severity;
  family: RuleFamily;
  /** What to do about a finding, when the finding has nothing more precise to say. */
  fix: string;
}

export const RULES = {
  'missing-section': { severity: 'error', family: 'sections', fix: 'Add the section the format requires, with its text.' },
  'empty-section': { severity: 'warning', family: 'sections', fix: 'Write the section\'s text, or remove the heading if the format does not require it.' },
  'missing-status': { severity: 'error', family: 'status', fix: 'Add a status (proposed, accepted, rejected, deprecated or superseded).' },
  'unknown-status': { severity: 'error', family: 'status', fix: 'Use a status of the format: proposed, accepted, rejected, deprecated or superseded.' },
  'nonstandard-status': { severity: 'warning', family: 'status', fix: 'Use the format\'s own status word.' },
  'missing-date': { severity: 'warning', family: 'dates', fix: 'Add the date the decision was made (YYYY-MM-DD).' },
  'invalid-date': { severity: 'error', family: 'dates', fix: 'Write a real calendar date as YYYY-MM-DD.' },
  'future-date': { severity: 'error', family: 'dates', fix: 'Use the date the decision was made, not a later one.' },
  'broken-link': { severity: 'error', family: 'links', fix: 'Point the link at an existing record (its file or its number), or remove it.' },
  'one-way-supersession': { severity: 'error', family: 'supersession', fix: 'State the supersession in both records: "Supersedes" in the newer, "Superseded by" in the older.' },
  'missing-successor': { severity: 'error', family: 'supersession', fix: 'Name the record that supersedes this one ("Superseded by [ADR n](file.md)").' },
  'duplicate-number': { severity: 'error', family: 'naming', fix: 'Give one of the records the next free number (rename the file and its heading).' },
  'missing-number': { severity: 'warning', family: 'naming', fix: 'Restore the missing record, or note in the index why the number is unused.' },
  'duplicate-name': { severity: 'error', family: 'naming', fix: 'Keep one copy of the record, or rename one of them.' },
  'heading-number-mismatch': { severity: 'warning', family: 'naming', fix: 'Make the heading\'s number the file\'s number.' },
  'naming-scheme': { severity: 'warning', family: 'naming', fix: 'Rename the file the way the folder\'s other records are named.' },
  unreadable: { severity: 'error', family: 'naming', fix: 'Make the file readable text (and smaller than 4 MB), or move it out of the ADR folder.' },
  'missing-title': { severity: 'warning', family: 'title', fix: 'Start the record with a "# Title" heading.' },
  'title-mismatch': { severity: 'warning', family: 'title', fix: 'Rename the file after the title (or the title after the file).' },
  'duplicate-title': { severity: 'warning', family: 'title', fix: 'Give each record its own title; if one revises the other, mark the supersession.' },
} as const satisfies Record<string, Rule>;

export type RuleId = keyof typeof RULES;
export const RULE_IDS = Object.keys(RULES) as RuleId[];

export interface Finding {
  /** Relative to the project root, "/" separators. */
  file: string;
  /** 1-based; 1 when the finding is about the whole file. */
  line: number;
  rule: RuleId;
  severity: Severity;
  message: string;
  fix: string;
  /** Other records the finding involves (the other duplicate, the other side of a supersession). */
  related?: string[];
}

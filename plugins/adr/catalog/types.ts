/** The shapes the ADR catalogue parser produces; plain data, so tools can return them as they are. */
import type { NamingScheme } from './naming.js';

export const ADR_STATUSES = ['proposed', 'accepted', 'rejected', 'deprecated', 'superseded'] as const;
export type AdrStatus = (typeof ADR_STATUSES)[number];

export const ADR_FORMATS = ['nygard', 'madr', 'y-statement', 'adr-tools'] as const;
export type AdrFormat = (typeof ADR_FORMATS)[number];

export const LINK_KINDS = ['supersedes', 'supersededBy', 'amends', 'amendedBy', 'relatesTo'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

export interface AdrLink {
  /** The ADR number the link points at; null when the text names none we can read. */
  target: number | null;
  /** The line (or front-matter value) the link came from. */
  raw: string;
  /** A local Markdown file the link points at whose name carries no number (relative to the record's folder). */
  href?: string;
  /** The record linked to, relative to the catalogue folder, set by readCatalog when it is one of the folder's records (by number or by file). */
  path?: string;
  /** Set when the catalogue added this link as the reverse of one another ADR declares. */
  inferred?: true;
}

export type AdrLinks = Record<LinkKind, AdrLink[]>;

/** The parts of "In the context of X, facing Y, we decided for Z (and neglected W), to achieve A, accepting B". */
export interface YStatement {
  context: string;
  facing: string;
  decision: string;
  neglected: string | null;
  achieve: string;
  accepting: string;
}

export interface ParsedAdr {
  /** As given to parseAdr; relative to the catalogue folder when it comes from readCatalog. */
  path: string;
  number: number | null;
  /** Without the "ADR 3:" / "3." / "ADR-0003" prefix. */
  title: string;
  status: AdrStatus | null;
  /** The status as written, before normalisation. */
  rawStatus: string | null;
  date: string | null;
  deciders: string[];
  tags: string[];
  format: AdrFormat;
  context: string | null;
  decision: string | null;
  consequences: string | null;
  consideredOptions: string[];
  yStatement: YStatement | null;
  links: AdrLinks;
  /** Set only when the heading's number ("# 5. …") disagrees with the file's ("0006-….md"). */
  headingNumber?: number;
  /** Where things are in the file, for findings that name a line (validate_adrs). */
  outline?: AdrOutline;
}

/** 1-based lines of a record's parts; null when the record has no such part. */
export interface AdrOutline {
  title: number | null;
  status: number | null;
  date: number | null;
  /** The date as written (ParsedAdr.date may come from the file name). */
  rawDate: string | null;
  sections: Array<{ name: string; line: number; empty: boolean }>;
  /** The line each stated link came from, parallel to ParsedAdr.links[kind] (inferred links come after and have none). */
  links: Record<LinkKind, number[]>;
  /** The Y-statement parts a record that starts one ("In the context of …") leaves out; empty otherwise. */
  yStatementMissing: string[];
}

export type ProblemKind =
  | 'duplicate-number'
  | 'duplicate-name'
  | 'missing-number'
  | 'missing-status'
  | 'unknown-status'
  | 'broken-link'
  | 'missing-successor'
  | 'one-way-supersession'
  | 'heading-number-mismatch'
  | 'duplicate-title'
  | 'unreadable';

export interface CatalogProblem {
  kind: ProblemKind;
  message: string;
  /** Files involved, relative to the catalogue folder. */
  paths: string[];
  /** ADR numbers involved (the duplicate, the gap, the missing target); none for date-named or slug-named records. */
  numbers: number[];
  /** 1-based line in paths[0] the problem is at, when one line says it (a link, a status). */
  line?: number;
}

export interface CatalogSummary {
  total: number;
  byStatus: Record<AdrStatus | 'unknown', number>;
  byFormat: Record<AdrFormat, number>;
}

export interface Catalog {
  dir: string;
  /** Sorted by number; unnumbered ADRs last, by path. */
  adrs: ParsedAdr[];
  summary: CatalogSummary;
  problems: CatalogProblem[];
  /** Markdown files that are not ADRs (README, index, template), relative to dir. */
  skipped: string[];
  /** How the records are named (numbered, date-named, slug only); new records follow it. */
  scheme?: NamingScheme;
}

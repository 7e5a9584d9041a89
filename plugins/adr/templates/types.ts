/** What an ADR renderer needs: one decision, already validated, in the words of whoever made it. */
import type { AdrFormat, AdrStatus } from '../catalog/types.js';

export const TEMPLATE_FORMATS = ['standard', 'y-statements', 'madr'] as const;
export type TemplateFormat = (typeof TEMPLATE_FORMATS)[number];

/** The format the catalogue parser reports for a file written with each template. */
export const PARSED_FORMAT: Record<TemplateFormat, AdrFormat> = {
  standard: 'nygard',
  madr: 'madr',
  'y-statements': 'y-statement',
};

export interface OptionDraft {
  name: string;
  description?: string;
  pros: string[];
  cons: string[];
}

export interface AdrDraft {
  /** Null in a date-named or slug-named folder, whose records carry no number. */
  number: number | null;
  title: string;
  /** ISO date (YYYY-MM-DD). */
  date: string;
  status: AdrStatus;
  /** The problem and forces, as Markdown (may hold quotes and lists). */
  context: string;
  /** A short phrase for a Y-statement's "In the context of …"; the context is used when absent. */
  contextSummary?: string;
  decision: string;
  rationale?: string;
  /** Items may start with "Good:", "Bad:" or "Neutral:" (or +/-) to say which way they cut. */
  consequences: string[];
  /** Every option considered, the chosen ones included. */
  options: OptionDraft[];
  /** Names of the chosen options (subset of options); empty while undecided. */
  chosen: string[];
  /** The Y-statement's "and neglected …"; default: the options not chosen. */
  neglected?: string[];
  /** Decision drivers: MADR's section, the Y-statement's "facing …". */
  drivers: string[];
  /** The Y-statement's "facing …" when there are no drivers; default: the question the title answers. */
  facing?: string;
  deciders: string[];
  tags: string[];
  /** Extra Markdown sections appended as they are (heading → body), e.g. the PRD evidence. */
  extraSections?: Array<{ heading: string; body: string }>;
}

/**
 * What a README section is about for optimize_readme: one kind per section (the
 * model's heading kinds, model/section-kinds.ts, in an order of precedence), and which
 * kinds each optimisation strategy keeps in the README (the rest may move to docs/ pages).
 */
import { sectionKinds, type SectionKind as HeadingKind } from '../model/section-kinds.js';

export type SectionKind = HeadingKind | 'other';

// First kind present wins: "Contributing to the API" is about contributing, "Development" (also a contributing heading) about development.
const PRECEDENCE: readonly HeadingKind[] = ['toc', 'tldr', 'development', 'contributing', 'license', 'security', 'install', 'quick_start', 'usage', 'api', 'configuration', 'support'];

export function sectionKind(heading: string): SectionKind {
  const kinds = sectionKinds(heading);
  return PRECEDENCE.find((kind) => kinds.includes(kind)) ?? 'other';
}

export const STRATEGIES = ['community_focused', 'enterprise_focused', 'developer_focused', 'general'] as const;
export type Strategy = (typeof STRATEGIES)[number];

/** Kinds that stay in the README for each strategy; navigation (toc, tldr) always stays. */
export const KEPT_KINDS: Readonly<Record<Strategy, readonly SectionKind[]>> = {
  community_focused: ['install', 'quick_start', 'contributing'],
  enterprise_focused: ['install', 'configuration', 'security', 'support'],
  developer_focused: ['install', 'api', 'usage', 'development'],
  general: ['install', 'quick_start', 'usage'],
};

export const isEssential = (kind: SectionKind, strategy: Strategy) => kind === 'toc' || kind === 'tldr' || KEPT_KINDS[strategy].includes(kind);

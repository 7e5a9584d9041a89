/**
 * suggest_adrs' logic: technologies and architecture styles the scan shows in
 * use that no ADR (other than a rejected one) records, ranked by how costly the
 * decision is to change and by how much evidence backs it.
 */
import type { Catalog, ParsedAdr } from '../catalog/types.js';
import type { EvidenceIndex } from './scan-evidence.js';
import { MAX_EVIDENCE } from './scan-evidence.js';
import { alternativesOf, areaRank, priorityOf, scopeOf, TECHNOLOGIES } from './table.js';
import { adrText, mentionedTechnologies, readDecision } from './text.js';
import { AREA_INFO, PRIORITIES, type Area, type Priority, type Scope, type Technology } from './types.js';

export interface AdrRef {
  number: number | null;
  title: string;
  /** Relative to the project root. */
  path: string;
  status: string;
}

export type CoverageRelation = 'chosen' | 'decided-against' | 'mentioned' | 'area';

export interface Suggestion {
  title: string;
  technology: string;
  area: string;
  scope: Scope;
  priority: Priority;
  priorityReason: string;
  evidence: string[];
  evidenceCount: number;
  alternatives: string[];
  draftContext: string;
  /** The conversation context named this technology or its area. */
  focus: boolean;
}

export interface CoveredArea {
  area: string;
  technologies: string[];
  adrs: Array<AdrRef & { relation: CoverageRelation }>;
}

export interface SuggestionResult {
  considered: number;
  presentInCode: number;
  totalFound: number;
  suggestions: Suggestion[];
  coveredAreas: CoveredArea[];
}

interface Coverage {
  adr: AdrRef;
  relation: CoverageRelation;
}

/** Alternatives listed per suggestion (the same ecosystem first). */
const MAX_ALTERNATIVES = 5;

const RELATION_RANK: Record<CoverageRelation, number> = { chosen: 0, 'decided-against': 1, mentioned: 2, area: 3 };

/** Which ADRs cover each technology: by choosing it, deciding against it, naming it, or deciding its area. */
function coverageOf(adrs: Array<{ adr: ParsedAdr; ref: AdrRef }>): { byTech: Map<string, Coverage[]>; byArea: Map<Area, Coverage[]> } {
  const byTech = new Map<string, Coverage[]>();
  const byArea = new Map<Area, Coverage[]>();
  for (const { adr, ref } of adrs) {
    const reading = readDecision(adr);
    const named = mentionedTechnologies(adrText(adr));
    for (const tech of named) {
      const relation: CoverageRelation = reading.chosen.includes(tech) ? 'chosen' : reading.excluded.includes(tech) ? 'decided-against' : 'mentioned';
      byTech.set(tech.id, [...(byTech.get(tech.id) ?? []), { adr: ref, relation }]);
    }
    // "Choose a message broker" decides the area although it names no technology this table knows.
    if (named.length > 0) continue;
    for (const [area, info] of Object.entries(AREA_INFO) as Array<[Area, (typeof AREA_INFO)[Area]]>) {
      if (info.keywords.test(adr.title)) byArea.set(area, [...(byArea.get(area) ?? []), { adr: ref, relation: 'area' }]);
    }
  }
  return { byTech, byArea };
}

function titleFor(tech: Technology, evidence: EvidenceIndex): string {
  const detail = tech.detail?.(evidence.scan);
  return (tech.title ?? AREA_INFO[tech.area].title).replace('{name}', tech.name) + (detail ? ` ${detail}` : '');
}

function draftContext(tech: Technology, evidence: string[], alternatives: string[], adrDirectory: string): string {
  const info = AREA_INFO[tech.area];
  const reason = tech.reason ?? info.reason;
  const shown = evidence.slice(0, 3).join('; ');
  const more = evidence.length > 3 ? ` and ${evidence.length - 3} more` : '';
  const options = alternatives.length ? `, the alternatives weighed (for example ${alternatives.slice(0, 3).join(', ')})` : '';
  return (
    `The project already uses ${tech.name} (${shown}${more}), but no ADR in ${adrDirectory} records this ${info.label} decision. ` +
    `Record why ${tech.name} was chosen${options} and what follows from it: ${reason}.`
  );
}

/** Strings anywhere in the conversation context, lower-cased, to match technology and area names against. */
export function focusText(context: unknown): string {
  const parts: string[] = [];
  const walk = (value: unknown, depth: number) => {
    if (depth > 4) return;
    if (typeof value === 'string') parts.push(value);
    else if (Array.isArray(value)) value.forEach((item) => walk(item, depth + 1));
    else if (value && typeof value === 'object') Object.values(value).forEach((item) => walk(item, depth + 1));
  };
  walk(context, 0);
  return parts.join('\n');
}

export function suggestAdrs(input: {
  catalog: Catalog;
  refOf: (adr: ParsedAdr) => AdrRef;
  evidence: EvidenceIndex;
  scope: Scope | 'all';
  max: number;
  adrDirectory: string;
  focus: string;
}): SuggestionResult {
  const considered = input.catalog.adrs.filter((adr) => adr.status !== 'rejected').map((adr) => ({ adr, ref: input.refOf(adr) }));
  const { byTech, byArea } = coverageOf(considered);
  const focusTechs = new Set(mentionedTechnologies(input.focus).map((tech) => tech.id));
  const focusAreas = new Set((Object.keys(AREA_INFO) as Area[]).filter((area) => AREA_INFO[area].keywords.test(input.focus)));

  const docs = new Set(input.evidence.files.filter((file) => file.folder === 'docs').map((file) => file.path));
  const found = TECHNOLOGIES.filter((tech) => tech.suggest !== false).map((tech) => ({ tech, evidence: countedEvidence(tech, input.evidence.get(tech).strong, docs) })).filter((p) => p.evidence.length > 0);
  const foundIds = new Set(found.map((p) => p.tech.id));
  // React is no separate decision in a Next.js project.
  const present = found.filter((p) => !p.tech.impliedBy?.some((id) => foundIds.has(id)));
  type CoveredEntry = { technologies: Set<string>; adrs: Map<string, AdrRef & { relation: CoverageRelation }> };
  const covered = new Map<Area, CoveredEntry>();
  const candidates: Array<{ tech: Technology; evidence: string[] }> = [];
  for (const item of present) {
    const coverage = [...(byTech.get(item.tech.id) ?? []), ...(byArea.get(item.tech.area) ?? [])];
    if (coverage.length === 0) {
      candidates.push(item);
      continue;
    }
    const entry: CoveredEntry = covered.get(item.tech.area) ?? { technologies: new Set<string>(), adrs: new Map() };
    entry.technologies.add(item.tech.name);
    for (const { adr, relation } of coverage) {
      const previous = entry.adrs.get(adr.path);
      if (!previous || RELATION_RANK[relation] < RELATION_RANK[previous.relation]) entry.adrs.set(adr.path, { ...adr, relation });
    }
    covered.set(item.tech.area, entry);
  }

  const inScope = candidates.filter(({ tech }) => input.scope === 'all' || scopeOf(tech) === input.scope);
  const isFocus = (tech: Technology) => focusTechs.has(tech.id) || focusAreas.has(tech.area);
  inScope.sort(
    (a, b) =>
      PRIORITIES.indexOf(priorityOf(a.tech)) - PRIORITIES.indexOf(priorityOf(b.tech)) ||
      Number(isFocus(b.tech)) - Number(isFocus(a.tech)) ||
      b.evidence.length - a.evidence.length ||
      areaRank(a.tech) - areaRank(b.tech) ||
      a.tech.name.localeCompare(b.tech.name),
  );

  const suggestions = inScope.slice(0, input.max).map(({ tech, evidence }): Suggestion => {
    const alternatives = alternativesOf(tech).map((t) => t.name).slice(0, MAX_ALTERNATIVES);
    const priority = priorityOf(tech);
    const info = AREA_INFO[tech.area];
    return {
      title: titleFor(tech, input.evidence),
      technology: tech.name,
      area: info.label,
      scope: info.scope,
      priority,
      priorityReason: `${priority}: ${info.label}; ${tech.reason ?? info.reason}`,
      evidence: evidence.slice(0, MAX_EVIDENCE),
      evidenceCount: evidence.length,
      alternatives,
      draftContext: draftContext(tech, evidence, alternatives, input.adrDirectory),
      focus: isFocus(tech),
    };
  });

  const coveredAreas = [...covered]
    .sort(([a], [b]) => areaRankOf(a) - areaRankOf(b))
    .map(([area, entry]) => ({ area: AREA_INFO[area].label, technologies: [...entry.technologies], adrs: [...entry.adrs.values()] }));
  return { considered: considered.length, presentInCode: present.length, totalFound: inScope.length, suggestions, coveredAreas };
}

/**
 * An API described only in a documentation folder (a docs site's bundled Swagger UI and its spec) documents
 * an API; it does not show the project serving one. Such files count beside other evidence, never alone.
 */
function countedEvidence(tech: Technology, strong: string[], docs: ReadonlySet<string>): string[] {
  if (tech.area !== 'api-style' || !strong.every((item) => docs.has(item))) return strong;
  return [];
}

const areaRankOf = (area: Area) => Object.keys(AREA_INFO).indexOf(area);

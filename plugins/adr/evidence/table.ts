/**
 * The whole knowledge table and lookups over it. Each row joins what the adr pack knows about a
 * decision (tech-*.ts, keyed by catalogue id) with the facts of the technology from the project
 * pack's catalogue: its name, its prose names, and the packages, files and images that show it.
 */
import { technologyById, type TechnologyEntry } from '../../project/api.js';
import { ARCHITECTURE_STYLES } from './architecture-styles.js';
import { APP_TECHNOLOGIES } from './tech-app.js';
import { DATA_TECHNOLOGIES } from './tech-data.js';
import { PLATFORM_TECHNOLOGIES } from './tech-platform.js';
import { AREA_INFO, AREAS, type Priority, type Technology, type TechnologyDecision } from './types.js';

/** The knowledge table's rows that are catalogue technologies, keyed by the catalogue's id. */
export const DECISION_TECHNOLOGIES: readonly TechnologyDecision[] = [...DATA_TECHNOLOGIES, ...APP_TECHNOLOGIES, ...PLATFORM_TECHNOLOGIES];

function entryOf(id: string, row: string): TechnologyEntry {
  const entry = technologyById(id);
  // A row naming an id the catalogue lacks is a programming error: fail at load, not on some later call.
  if (!entry) throw new Error(`adr knowledge table: "${row}" names technology "${id}", which the project pack's catalogue does not hold`);
  return entry;
}

function join(row: TechnologyDecision): Technology {
  const { shownBy, evidence, ...decision } = row;
  const entry = entryOf(row.id, row.id);
  if (!entry.prose) throw new Error(`adr knowledge table: catalogue technology "${row.id}" has no prose names`);
  const detections = [...(entry.category ? [entry.name] : []), ...(shownBy ?? []).map((id) => entryOf(id, row.id).name)];
  return {
    ...decision,
    name: entry.name,
    text: entry.prose,
    evidence: {
      ...evidence,
      ...(detections.length ? { detections } : {}),
      // A technology the scan reports is shown by its detection, which matched these packages already.
      ...(entry.packages && !entry.category ? { deps: entry.packages } : {}),
      ...(entry.files ? { files: entry.files } : {}),
      ...(entry.images ? { images: entry.images } : {}),
    },
  };
}

export const TECHNOLOGIES: readonly Technology[] = [...DECISION_TECHNOLOGIES.map(join), ...ARCHITECTURE_STYLES];

const BY_ID = new Map(TECHNOLOGIES.map((tech) => [tech.id, tech]));

export function technology(id: string): Technology | undefined {
  return BY_ID.get(id);
}

export function priorityOf(tech: Technology): Priority {
  return tech.priority ?? AREA_INFO[tech.area].priority;
}

export const scopeOf = (tech: Technology) => AREA_INFO[tech.area].scope;

/** Others of the same group: the alternatives a decision about `tech` weighs, and what would conflict with it. */
export function alternativesOf(tech: Technology): Technology[] {
  if (!tech.group) return [];
  const others = TECHNOLOGIES.filter((other) => other.group === tech.group && other.id !== tech.id && other.suggest !== false);
  // Same ecosystem first: Gin's alternatives are Echo and Chi before Express.
  return [...others.filter((o) => o.ecosystem === tech.ecosystem), ...others.filter((o) => o.ecosystem !== tech.ecosystem)];
}

export const areaRank = (tech: Technology) => AREAS.indexOf(tech.area);

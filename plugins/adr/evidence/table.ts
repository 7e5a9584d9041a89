/** The whole knowledge table and lookups over it. */
import { APP_TECHNOLOGIES } from './tech-app.js';
import { DATA_TECHNOLOGIES } from './tech-data.js';
import { PLATFORM_TECHNOLOGIES } from './tech-platform.js';
import { AREA_INFO, AREAS, type Priority, type Technology } from './types.js';

export const TECHNOLOGIES: readonly Technology[] = [...DATA_TECHNOLOGIES, ...APP_TECHNOLOGIES, ...PLATFORM_TECHNOLOGIES];

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

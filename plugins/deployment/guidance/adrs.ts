/**
 * The accepted ADRs guidance is drawn from: those whose title or decision names a deployment,
 * infrastructure, CI, database or hosting technology. Only the decision is read, never the
 * options it weighed, so a rejected alternative never becomes a step.
 */
import { posix } from 'node:path';
import type { Catalog } from '../../adr/api.js';
import { technologiesIn } from './technologies.js';
import type { DeploymentAdr } from './types.js';

export function deploymentAdrs(catalog: Catalog, relativeDir: string): { adrs: DeploymentAdr[]; accepted: number } {
  const accepted = catalog.adrs.filter((adr) => adr.status === 'accepted');
  const adrs: DeploymentAdr[] = [];
  for (const adr of accepted) {
    const text = [adr.title, adr.decision ?? '', adr.yStatement?.decision ?? ''].join('\n');
    const technologies = technologiesIn(text);
    if (technologies.length) adrs.push({ number: adr.number, title: adr.title, path: posix.join(relativeDir || '.', adr.path), technologies });
  }
  return { adrs, accepted: accepted.length };
}

/** The first ADR choosing `technology`, as a step's decidedBy. */
export function decidedBy(adrs: readonly DeploymentAdr[], technology: string): { path: string; title: string } | undefined {
  const adr = adrs.find((a) => a.technologies.includes(technology));
  return adr ? { path: adr.path, title: adr.title } : undefined;
}

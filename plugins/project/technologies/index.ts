/**
 * Queries over the technology catalogue (catalogue.ts), exported through the
 * project pack's api.ts: the one place every pack asks what a technology is.
 */
import { CATALOGUE } from './catalogue.js';
import type { Category, DeploymentArea, EcosystemGroup, PackagePatterns, Role, TechnologyEntry, TestRunner } from './types.js';

export type { Category, DeploymentArea, EcosystemGroup, PackagePatterns, Role, TechnologyEntry, TestRunner } from './types.js';

/** Groups of technologies that do the same job: two of one group in the same manifest are a choice nobody settled. */
export interface CompetingGroupInfo {
  id: string;
  label: string;
  /** Whether the choice matters to performance research besides technology research. */
  performance: boolean;
  /** What to compare between the members, in this group's terms. */
  criteria: string;
}

const GROUPS: readonly CompetingGroupInfo[] = [
  { id: 'http-client', label: 'HTTP client', performance: true, criteria: 'timeouts and retries, streaming, interceptors, bundle size and request latency under your load' },
  { id: 'test-runner', label: 'test runner', performance: false, criteria: 'run time of the current suite, watch mode, ESM/TypeScript support and mocking API' },
  { id: 'orm', label: 'ORM / query builder', performance: true, criteria: 'query performance on your hot paths, migrations, type safety and transaction handling' },
  { id: 'logger', label: 'logging library', performance: true, criteria: 'structured output, throughput (log lines per second), transports and redaction' },
  { id: 'validation', label: 'validation library', performance: false, criteria: 'type inference, error messages, schema reuse (JSON Schema/OpenAPI) and validation speed' },
  { id: 'date', label: 'date/time library', performance: false, criteria: 'immutability, time-zone support, maintenance status and bundle size' },
  { id: 'web-framework', label: 'web framework', performance: true, criteria: 'request throughput, middleware ecosystem, validation and typing' },
];

const BY_ID = new Map(CATALOGUE.map((entry) => [entry.id, entry]));
const BY_NAME = new Map(CATALOGUE.map((entry) => [entry.name, entry]));

/** Every technology, in catalogue order. */
export function technologies(): readonly TechnologyEntry[] {
  return CATALOGUE;
}

export function technologyById(id: string): TechnologyEntry | undefined {
  return BY_ID.get(id);
}

/** The technology a project scan reports under this name (a detection's `name`). */
export function technologyByName(name: string): TechnologyEntry | undefined {
  return BY_NAME.get(name);
}

/** The technologies a project scan detects, with the category it reports each under. */
export function detectableTechnologies(): Array<TechnologyEntry & { category: Category }> {
  return CATALOGUE.filter((entry): entry is TechnologyEntry & { category: Category } => entry.category !== undefined);
}

/** Names of the technologies with a role (the project analysis's UI frameworks, servers, relational stores). */
export function namesWithRole(role: Role): Set<string> {
  return new Set(CATALOGUE.filter((entry) => entry.roles?.includes(role)).map((entry) => entry.name));
}

/** Technologies a decision can choose or reject as a dependency rule: named in prose, brought in by client packages. */
export function ruleTechnologies(): Array<TechnologyEntry & { mentions: RegExp; clients: string[] }> {
  return CATALOGUE.filter((entry): entry is TechnologyEntry & { mentions: RegExp; clients: string[] } => entry.mentions !== undefined && entry.clients !== undefined);
}

/** The competing groups, each with the packages (npm, PyPI) that count as a member. */
export function competingGroups(): Array<CompetingGroupInfo & { packages: Partial<Record<'npm' | 'pypi', string[]>> }> {
  return GROUPS.map((group) => {
    const packages: Partial<Record<'npm' | 'pypi', string[]>> = {};
    for (const entry of CATALOGUE) {
      if (entry.competes?.group !== group.id) continue;
      for (const [ecosystem, names] of Object.entries(entry.competes.packages) as Array<['npm' | 'pypi', string[]]>) packages[ecosystem] = [...(packages[ecosystem] ?? []), ...names];
    }
    return { ...group, packages };
  });
}

/** Default ports and the technology listening on each ("5432" → "PostgreSQL"). */
export function servicesByPort(): Record<string, string> {
  return Object.fromEntries(CATALOGUE.filter((entry) => entry.port !== undefined).map((entry) => [String(entry.port), entry.name]));
}

/** Detected test frameworks the workflow pack runs, in order of preference, with the runner name. */
export function testRunners(): Array<[name: string, runner: TestRunner]> {
  const preference: TestRunner[] = ['vitest', 'jest', 'mocha', 'pytest', 'go test', 'cargo test'];
  return preference.map((runner) => [CATALOGUE.find((entry) => entry.runner === runner)!.name, runner]);
}

/** The order deployment guidance lists areas in: what ships the code, what runs it, what it stores, where it is hosted. */
const DEPLOYMENT_AREAS: readonly DeploymentArea[] = ['container', 'orchestration', 'infrastructure', 'serverless', 'ci', 'database', 'hosting'];

/** Technologies a deployment decision can choose, by area, each with the words an ADR names it by. */
export function deploymentTechnologies(): Array<TechnologyEntry & { deployment: NonNullable<TechnologyEntry['deployment']> }> {
  const entries = CATALOGUE.filter((t): t is TechnologyEntry & { deployment: NonNullable<TechnologyEntry['deployment']> } => t.deployment !== undefined);
  return DEPLOYMENT_AREAS.flatMap((area) => entries.filter((t) => t.deployment.area === area));
}

/**
 * Dependencies with several competing choices: two HTTP clients or two test
 * runners in the same manifest mean a choice nobody settled. A small table of
 * groups whose members do the same job, and where each package is imported.
 */
import { join } from 'node:path';
import type { Ecosystem, FileEntry, ProjectScan } from '../../project/api.js';

export interface CompetingGroup {
  id: string;
  label: string;
  /** Research types it matters to besides technology. */
  performance: boolean;
  /** What to compare between the members, in this group's terms. */
  criteria: string;
  packages: Partial<Record<Ecosystem, string[]>>;
}

export const COMPETING_GROUPS: readonly CompetingGroup[] = [
  {
    id: 'http-client', label: 'HTTP client', performance: true,
    criteria: 'timeouts and retries, streaming, interceptors, bundle size and request latency under your load',
    packages: { npm: ['axios', 'node-fetch', 'got', 'undici', 'superagent', 'ky', 'request', 'cross-fetch'], pypi: ['requests', 'httpx', 'aiohttp', 'urllib3'] },
  },
  {
    id: 'test-runner', label: 'test runner', performance: false,
    criteria: 'run time of the current suite, watch mode, ESM/TypeScript support and mocking API',
    packages: { npm: ['jest', 'vitest', 'mocha', 'ava', 'jasmine', 'tap', 'uvu'], pypi: ['pytest', 'nose2'] },
  },
  {
    id: 'orm', label: 'ORM / query builder', performance: true,
    criteria: 'query performance on your hot paths, migrations, type safety and transaction handling',
    packages: { npm: ['prisma', '@prisma/client', 'typeorm', 'sequelize', 'knex', 'drizzle-orm', '@mikro-orm/core', 'objection', 'mongoose'], pypi: ['sqlalchemy', 'peewee', 'tortoise-orm', 'pony'] },
  },
  {
    id: 'logger', label: 'logging library', performance: true,
    criteria: 'structured output, throughput (log lines per second), transports and redaction',
    packages: { npm: ['winston', 'pino', 'bunyan', 'log4js', 'loglevel'], pypi: ['loguru', 'structlog'] },
  },
  {
    id: 'validation', label: 'validation library', performance: false,
    criteria: 'type inference, error messages, schema reuse (JSON Schema/OpenAPI) and validation speed',
    packages: { npm: ['joi', 'zod', 'yup', 'ajv', 'class-validator', 'superstruct', 'valibot'], pypi: ['pydantic', 'marshmallow', 'cerberus'] },
  },
  {
    id: 'date', label: 'date/time library', performance: false,
    criteria: 'immutability, time-zone support, maintenance status and bundle size',
    packages: { npm: ['moment', 'dayjs', 'date-fns', 'luxon'], pypi: ['arrow', 'pendulum'] },
  },
  {
    id: 'web-framework', label: 'web framework', performance: true,
    criteria: 'request throughput, middleware ecosystem, validation and typing',
    packages: { npm: ['express', 'fastify', 'koa', '@hapi/hapi', '@nestjs/core'], pypi: ['flask', 'django', 'fastapi'] },
  },
];

export interface CompetingFinding {
  group: CompetingGroup;
  /** The members found, each with the manifests that declare it. */
  members: Array<{ name: string; manifests: string[] }>;
}

const normalise = (name: string, ecosystem: Ecosystem) => (ecosystem === 'pypi' ? name.toLowerCase().replace(/[-_.]+/g, '-') : name.toLowerCase());

/** Groups with two or more members declared in the project's manifests. */
export function competingDependencies(scan: ProjectScan): CompetingFinding[] {
  const findings: CompetingFinding[] = [];
  for (const group of COMPETING_GROUPS) {
    const members = new Map<string, string[]>();
    for (const manifest of scan.manifests) {
      const wanted = (group.packages[manifest.ecosystem] ?? []).map((name) => normalise(name, manifest.ecosystem));
      for (const dependency of manifest.dependencies) {
        if (!wanted.includes(normalise(dependency.name, manifest.ecosystem))) continue;
        members.set(dependency.name, [...(members.get(dependency.name) ?? []), manifest.path]);
      }
    }
    // prisma and @prisma/client are one choice.
    if (members.has('prisma') && members.has('@prisma/client')) members.delete('@prisma/client');
    if (members.size >= 2) findings.push({ group, members: [...members].map(([name, manifests]) => ({ name, manifests })) });
  }
  return findings;
}

const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|py)$/;
/** Bounds of the import search: files read and bytes per file. */
const MAX_FILES = 400;
const MAX_BYTES = 256 * 1024;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** `read` is confined to the workspace (Workspace.readText). The product's own source files that import each package (JavaScript/TypeScript imports and requires, Python imports), first 5 per package. */
export async function importersOf(root: string, files: readonly FileEntry[], packages: string[], read: (path: string) => Promise<string>): Promise<Map<string, string[]>> {
  const patterns = packages.map((name) => {
    const n = escape(name);
    const py = escape(name.replace(/-/g, '_'));
    return { name, re: new RegExp(`(?:from\\s+['"]${n}(?:/[^'"]*)?['"]|require\\(\\s*['"]${n}(?:/[^'"]*)?['"]|import\\(\\s*['"]${n}['"]|import\\s+['"]${n}['"]|^\\s*(?:import|from)\\s+${py}\\b)`, 'm') };
  });
  const found = new Map<string, string[]>(packages.map((name) => [name, []]));
  const sources = files.filter((f) => SOURCE.test(f.path) && (!f.folder || f.folder === 'product' || f.folder === 'test') && f.size <= MAX_BYTES).slice(0, MAX_FILES);
  for (const file of sources) {
    const text = await read(join(root, file.path)).catch(() => '');
    for (const { name, re } of patterns) {
      const list = found.get(name)!;
      if (list.length < 5 && re.test(text)) list.push(file.path);
    }
  }
  return found;
}

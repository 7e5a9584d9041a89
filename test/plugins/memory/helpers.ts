/**
 * The memory tests' harness: a kernel with the memory pack (and others a test
 * names) on either engine (a SQLite file in the workspace, or a fresh database
 * of a throwaway PostgreSQL), and realistic memories recorded through the recorder.
 */
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { checkConfig } from '../../../core/config/load.js';
import { Kernel } from '../../../core/kernel/kernel.js';
import { createRootLogger } from '../../../core/services/logger.js';
import type { MemoryRecorder } from '../../../plugins/memory/graph/recorder.js';
import { createRecorder } from '../../../plugins/memory/graph/recorder.js';
import type { MemoryTables } from '../../../plugins/memory/store-schema.js';
import type { Store } from '../../../sdk/index.js';
import { createDatabase, postgresUnavailable, startPostgres, type RunningPostgres } from '../../helpers/postgres.mjs';
import { outcome, type CallOutcome } from '../../helpers/tool-result.js';
import { tempDir } from '../../helpers/workspace.js';

export interface MemoryEngine {
  name: 'SQLite' | 'PostgreSQL';
  skip?: string;
  /** Call in the describe body: starts PostgreSQL for the file's tests. */
  hooks(): void;
  /** A fresh, empty store location. */
  location(): Promise<{ storePath: string; storeUrl?: string }>;
}

let postgres: RunningPostgres | undefined;
let databases = 0;
const pgSkip = postgresUnavailable();

export const ENGINES: MemoryEngine[] = [
  {
    name: 'SQLite',
    hooks: () => {},
    location: async () => ({ storePath: join(tempDir('toolpack-memory-'), 'toolpack.db') }),
  },
  {
    name: 'PostgreSQL',
    skip: pgSkip,
    hooks() {
      beforeAll(async () => {
        const started = await startPostgres();
        if ('skipped' in started) throw new Error(started.skipped);
        postgres = started;
      }, 60_000);
      afterAll(async () => postgres?.stop());
    },
    location: async () => ({ storePath: ':memory:', storeUrl: await createDatabase(postgres!.url, `memory_${process.pid}_${++databases}`) }),
  },
];

export const engineTitle = (engine: MemoryEngine) => `${engine.name}${engine.skip ? ` (skipped: ${engine.skip})` : ''}`;

export interface MemoryKit {
  kernel: Kernel;
  workspace: string;
  /** The SQLite file (':memory:' when the store is PostgreSQL). */
  storePath: string;
  store: Store<MemoryTables>;
  recorder: MemoryRecorder;
  call(tool: string, args: Record<string, unknown>): Promise<CallOutcome>;
  stop(): Promise<void>;
}

/** A kernel serving `packs` (built-in ids) for `workspace`, its store on `engine`. */
export async function startKit(engine: MemoryEngine, packs: string[] = ['memory'], workspace = tempDir('toolpack-memory-ws-')): Promise<MemoryKit> {
  const where = await engine.location();
  const kernel = await Kernel.start({
    loaded: { file: null, dir: workspace, config: checkConfig({ plugins: packs }, 'test config') },
    cwd: workspace,
    storePath: where.storePath,
    storeUrl: where.storeUrl,
    logger: createRootLogger('silent'),
  });
  const store = kernel.packStore('memory').typed<MemoryTables>();
  return {
    kernel,
    workspace,
    storePath: where.storePath,
    store,
    recorder: createRecorder(store, createRootLogger('silent')),
    call: async (tool, args) => outcome((await kernel.call(tool, args)) as never),
    stop: () => kernel.stop(),
  };
}

const LANGS = ['TypeScript', 'JavaScript', 'Python', 'Go', 'Rust', 'Java', 'Ruby', 'PHP', 'C#', 'Kotlin'];
const FRAMEWORKS: Record<string, string[]> = {
  TypeScript: ['React', 'Next.js', 'NestJS', 'Express'],
  JavaScript: ['Vue', 'Express', 'Svelte'],
  Python: ['Django', 'Flask', 'FastAPI'],
  Go: ['Gin', 'Echo'],
  Rust: ['Axum', 'Actix'],
  Java: ['Spring Boot', 'Quarkus'],
  Ruby: ['Rails', 'Sinatra'],
  PHP: ['Laravel', 'Symfony'],
  'C#': ['ASP.NET Core'],
  Kotlin: ['Ktor', 'Spring Boot'],
};
const SSGS = ['hugo', 'docusaurus', 'mkdocs', 'jekyll', 'eleventy'];
const NAMES = ['billing', 'catalog', 'checkout', 'identity', 'search', 'inventory', 'shipping', 'notifications', 'reporting', 'gateway'];
const KINDS = ['api', 'web', 'worker', 'cli', 'docs'];

/** Deterministic pseudo-random choice. */
const pick = <T>(list: readonly T[], n: number): T => list[Math.abs(Math.imul(n, 2654435761) >>> 7) % list.length]!;

/**
 * `count` varied memories over 100 projects: analyses, recommendations, configurations,
 * deployments and interactions, spread over the last 60 days. Returns how many of each were recorded.
 */
export async function recordVaried(recorder: MemoryRecorder, count: number, now = Date.now()): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (let i = 0; i < count; i++) {
    const project = `services/${pick(NAMES, i)}-${pick(KINDS, i + 3)}-${i % 100}`;
    const at = new Date(now - ((i * 7919) % (60 * 24)) * 60 * 60 * 1000).toISOString();
    const lang = pick(LANGS, i + 11);
    const frameworks = [pick(FRAMEWORKS[lang]!, i)];
    const ssg = pick(SSGS, i + 5);
    const kind = ['analysis', 'recommendation', 'configuration', 'deployment', 'interaction'][i % 5]!;
    counts[kind] = (counts[kind] ?? 0) + 1;
    const tool = 'test';
    switch (kind) {
      case 'analysis':
        await recorder.recordAnalysis({
          tool: 'analyze_repository',
          project,
          at,
          analysisId: `an${i.toString(16).padStart(6, '0')}`,
          summary: `${lang} ${frameworks[0]} service ${project}: ${20 + (i % 400)} files`,
          languages: { [lang]: 50_000 + i, YAML: 1200, Markdown: 3000 },
          frameworks,
          dependencies: ['lodash', 'zod', 'pg', 'redis', `lib-${i % 37}`, 'kafkajs'].slice(0, 3 + (i % 4)),
          projectType: pick(['library', 'application', 'service', 'cli-tool'], i),
          totalFiles: 20 + (i % 400),
          technologies: [...(i % 3 === 0 ? ['PostgreSQL', 'Redis'] : ['MySQL']), ...(i % 7 === 0 ? ['Kafka'] : [])],
        });
        break;
      case 'recommendation':
        await recorder.recordRecommendation({ tool, project, at, kind: 'ssg', value: ssg, summary: `Recommended ${ssg} for ${project} (${lang} ${frameworks[0]})`, confidence: 0.6 + (i % 4) / 10 });
        break;
      case 'configuration':
        await recorder.recordConfiguration({ tool, project, at, ssg, files: [`docs/${ssg}.config`, 'docs/index.md'] });
        break;
      case 'deployment':
        await recorder.recordDeployment({ tool, project, at, ssg, outcome: i % 3 === 0 ? 'failed' : 'succeeded', evidence: i % 3 === 0 ? 'build-error' : 'local-build', target: 'github-pages', ...(i % 3 === 0 ? { error: 'theme not found' } : {}) });
        break;
      default:
        await recorder.recordInteraction({ tool, project, at, summary: `Asked about ${pick(['test coverage', 'API reference', 'onboarding guide', 'release notes'], i)} for ${project}` });
    }
  }
  return counts;
}

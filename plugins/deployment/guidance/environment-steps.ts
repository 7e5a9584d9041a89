/**
 * Steps that depend on the environment more than on the deployment type: installing and
 * testing with the project's own commands, the CI pipeline, database migrations (and a
 * backup before them in production, never of a store used as a cache), approval, smoke test, and the local run for development.
 */
import { workflowRuns } from '../../project/api.js';
import { decidedBy } from './adrs.js';
import type { GuidanceContext } from './context.js';
import { cacheStores } from './cache-stores.js';
import { commandsFor, installCommands, type Purpose } from './project-commands.js';
import { command, type GuidanceStep } from './types.js';

const MIGRATION_FOLDER = /^(?:(.*?)\/)?(migrations|alembic|migrate|flyway|liquibase|changelog)\//;
const DATABASES = ['PostgreSQL', 'MySQL', 'MongoDB', 'Redis'];

function fromCommands(ctx: GuidanceContext, purpose: Purpose, phase: GuidanceStep['phase'], title: string, detail: string): GuidanceStep | undefined {
  const found = commandsFor(ctx.commands, purpose);
  return found ? { phase, title, detail, commands: found.commands, source: { kind: 'file', path: found.file } } : undefined;
}

/** The shallowest folder holding migrations, and the command the project runs them with. */
function migrations(ctx: GuidanceContext): { folder: string; commands: string[]; file: string } | undefined {
  const folders = ctx.files.paths
    .filter((p) => !/(^|\/)(node_modules|vendor|test|tests|fixtures?)\//.test(p))
    .map((p) => MIGRATION_FOLDER.exec(p))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => (m[1] ? `${m[1]}/${m[2]}` : m[2]!))
    .sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b));
  const folder = folders[0];
  if (!folder) return undefined;
  const own = commandsFor(ctx.commands, 'migrate');
  if (own) return { folder, commands: own.commands, file: own.file };
  const has = (p: string) => ctx.files.has(p);
  if (folder.startsWith('prisma/')) return { folder, commands: ['npx prisma migrate deploy'], file: folder };
  if (has('alembic.ini')) return { folder, commands: ['alembic upgrade head'], file: 'alembic.ini' };
  if (has('manage.py')) return { folder, commands: ['python manage.py migrate'], file: 'manage.py' };
  if (folder === 'db/migrate' && has('Gemfile')) return { folder, commands: ['bin/rails db:migrate'], file: 'Gemfile' };
  return { folder, commands: [], file: folder };
}

/**
 * The database the deployment carries: chosen by an ADR, or found by the scan. A store the
 * project uses as a cache (`caches`) holds nothing to back up, and is never chosen.
 */
function database(ctx: GuidanceContext, caches: ReadonlyMap<string, string>): { name: string; adr?: { path: string; title: string }; evidence?: string } | undefined {
  const stores = DATABASES.filter((name) => !caches.has(name));
  for (const name of stores) {
    const adr = decidedBy(ctx.adrs, name);
    if (adr) return { name, adr };
  }
  const found = ctx.scan.databases.find((d) => stores.some((n) => d.name.toLowerCase().includes(n.toLowerCase())));
  return found ? { name: found.name, evidence: found.evidence[0] } : undefined;
}

const BACKUP: Record<string, string[]> = {
  PostgreSQL: [command('pg_dump', '--format=custom', '--file=pre-deploy.dump', '<database url>')],
  MySQL: [command('mysqldump', '--single-transaction', '--result-file=pre-deploy.sql', '<database>')],
  MongoDB: [command('mongodump', '--uri', '<database url>', '--archive=pre-deploy.archive')],
  Redis: [command('redis-cli', 'BGSAVE')],
};

/** Steps before the type's own steps. */
export async function beforeSteps(ctx: GuidanceContext): Promise<GuidanceStep[]> {
  const { env } = ctx;
  const steps: GuidanceStep[] = [];
  const push = (step: GuidanceStep | undefined) => step && steps.push(step);
  if (env === 'production') {
    steps.push({
      phase: 'prepare',
      title: 'Record the release being replaced',
      detail: 'The tag running now is the one a rollback returns to.',
      commands: [command('git', 'describe', '--tags', '--abbrev=0'), command('git', 'status', '--short')],
      source: { kind: 'convention' },
    });
  }
  const install = installCommands(ctx.commands);
  if (install) {
    const detail = 'With the project\'s own install command (from its lockfile when it has one), so the versions are those the tests ran with.';
    steps.push({ phase: 'prepare', title: 'Install the dependencies', detail, commands: install.commands, source: { kind: 'file', path: install.file } });
  }
  push(fromCommands(ctx, 'build', 'build', 'Build', 'With the build command the project defines.'));
  if (env !== 'development') push(fromCommands(ctx, 'lint', 'test', 'Lint and type-check', 'With the checks the project defines.'));
  push(fromCommands(ctx, 'test', 'test', 'Run the tests', env === 'development' ? 'Before running it locally.' : `They must pass before deploying to ${env}.`));
  if (env !== 'development') {
    // Only pipelines a push or pull request runs have a run for the commit (a workflow_call-only workflow nobody calls has none).
    const github = ctx.scan.ci.filter((ci) => ci.provider === 'GitHub Actions');
    const texts = await Promise.all(github.map(async (ci) => ({ path: ci.path, text: (await ctx.files.read(ci.path)) ?? '' })));
    const runs = workflowRuns(texts.filter((t) => t.text !== ''));
    for (const ci of ctx.scan.ci.filter((c) => runs.get(c.path)?.runs !== false).slice(0, 3)) {
      steps.push({
        phase: 'test',
        title: `Check the ${ci.provider} pipeline${ci.name ? ` "${ci.name}"` : ''} passed on the commit to deploy`,
        detail: `Jobs: ${ci.jobs.join(', ') || 'none named'}.`,
        commands: ci.provider === 'GitHub Actions' ? [command('gh', 'run', 'list', '--workflow', ci.path.split('/').pop()!, '--limit', '5')] : [],
        source: { kind: 'file', path: ci.path },
      });
    }
  }
  if (env === 'production') {
    const ci = ctx.scan.ci[0];
    steps.push({
      phase: 'prepare',
      title: 'Get the production deployment approved',
      detail: ci ? `Gate the deploy job of ${ci.path} on a protected environment or a required reviewer.` : 'No CI configuration found: agree on the approval before deploying by hand.',
      commands: [],
      source: ci ? { kind: 'file', path: ci.path } : { kind: 'convention' },
    });
  }
  const caches = await cacheStores(ctx);
  const db = database(ctx, caches);
  const migration = migrations(ctx);
  if (env === 'production' && db) {
    const notBackedUp = [...caches].filter(([name]) => DATABASES.includes(name)).map(([name, why]) => ` ${name} is a cache (${why}): it refills, no backup.`).join('');
    steps.push({
      phase: 'prepare',
      title: `Back up ${db.name} before deploying`,
      detail: `${db.adr ? `${db.adr.title} (${db.adr.path}) chose it` : `Found: ${db.evidence ?? db.name}`}.${migration ? ` The migrations in ${migration.folder} will change it.` : ''}${notBackedUp}`,
      commands: BACKUP[db.name] ?? [],
      source: db.adr ? { kind: 'adr', ...db.adr } : db.evidence ? { kind: 'file', path: db.evidence.split(/[\s:(]/)[0]! } : { kind: 'convention' },
    });
  }
  if (migration) {
    steps.push({
      phase: 'deploy',
      title: `Apply the database migrations in ${migration.folder}`,
      detail: migration.commands.length ? `Before the new code starts.` : `No migration command found in the project's manifests: apply ${migration.folder} with the tool that wrote it.`,
      commands: migration.commands,
      source: { kind: 'file', path: migration.file },
      ...(db?.adr ? { decidedBy: db.adr } : {}),
    });
  }
  return steps;
}

/** Steps after the type's own: the local run for development, the smoke test for shared environments. */
export function afterSteps(ctx: GuidanceContext, hasLocalRun: boolean): GuidanceStep[] {
  const steps: GuidanceStep[] = [];
  if (ctx.env === 'development') {
    if (!hasLocalRun) {
      const run = commandsFor(ctx.commands, 'dev') ?? commandsFor(ctx.commands, 'start');
      if (run) steps.push({ phase: 'deploy', title: 'Run it locally', detail: 'With the command the project defines.', commands: run.commands, source: { kind: 'file', path: run.file } });
    }
    return steps;
  }
  steps.push({
    phase: 'verify',
    title: `Smoke-test ${ctx.env}`,
    detail: 'Exercise the main paths (sign-in, the main page or API call) on the deployed version and watch the error rate and logs for a few minutes.',
    commands: [],
    source: { kind: 'convention' },
  });
  return steps;
}

/** Where code of a kind lives in this project: the folders of its layers, found in its file list, or where they would go. */
import { posix } from 'node:path';
import type { ProjectContext } from '../project/context.js';
import type { Stack } from '../project/stack.js';

const CODE = /\.([cm]?[jt]sx?|py|go|rs|java|kt|rb|php|cs)$/;

/** Folder names by decision area (the adr pack's areas). */
const AREA_FOLDERS: Record<string, { names: string[]; fallback: string }> = {
  database: { names: ['db', 'database', 'repositories', 'repository', 'persistence', 'dal', 'migrations', 'models', 'storage', 'store'], fallback: 'db' },
  orm: { names: ['models', 'entities', 'db', 'database', 'repositories', 'persistence'], fallback: 'models' },
  caching: { names: ['cache', 'caching'], fallback: 'cache' },
  messaging: { names: ['queue', 'queues', 'messaging', 'events', 'workers', 'jobs', 'consumers'], fallback: 'messaging' },
  auth: { names: ['auth', 'authentication', 'middleware', 'security'], fallback: 'auth' },
  'api-style': { names: ['routes', 'routers', 'controllers', 'api', 'handlers', 'endpoints'], fallback: 'routes' },
  'web-framework': { names: ['routes', 'routers', 'controllers', 'api', 'handlers', 'app'], fallback: 'routes' },
  observability: { names: ['telemetry', 'observability', 'logging', 'monitoring', 'metrics'], fallback: 'telemetry' },
};

/** The folder most of the product's code sits in ('src', 'app', the package folder), '.' when at the root. */
export function sourceRoot(project: ProjectContext): string {
  const counts = new Map<string, number>();
  for (const file of project.files) {
    if (file.folder || !CODE.test(file.path) || /(^|\/)(tests?|__tests__|spec)\//.test(file.path)) continue;
    const top = file.path.includes('/') ? file.path.split('/')[0]! : '.';
    counts.set(top, (counts.get(top) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '.';
}

/** The existing folder for `area`, or where one would go under the source root (existing: false). */
/** Areas come as "web framework" or "web-framework". */
export const areaKey = (area: string) => area.trim().toLowerCase().replace(/[\s_]+/g, '-');

export function areaFolder(project: ProjectContext, area: string): { path: string; exists: boolean } {
  const spec = AREA_FOLDERS[areaKey(area)];
  const root = sourceRoot(project);
  if (!spec) return { path: root, exists: true };
  const dirs = new Map<string, number>();
  for (const file of project.files) {
    if (file.folder) continue;
    const parts = file.path.split('/');
    for (let i = 0; i < parts.length - 1; i++) {
      if (spec.names.includes(parts[i]!.toLowerCase())) {
        const dir = parts.slice(0, i + 1).join('/');
        dirs.set(dir, (dirs.get(dir) ?? 0) + 1);
        break;
      }
    }
  }
  // The folder named first in the list wins, then the fuller one.
  const found = [...dirs.entries()].sort((a, b) => spec.names.indexOf(posix.basename(a[0]).toLowerCase()) - spec.names.indexOf(posix.basename(b[0]).toLowerCase()) || b[1] - a[1])[0];
  if (found) return { path: found[0], exists: true };
  return { path: root === '.' ? spec.fallback : `${root}/${spec.fallback}`, exists: false };
}

/** The client package a project of this ecosystem adds for a technology, when there is one obvious choice. */
const CLIENTS: Record<string, Partial<Record<Stack['ecosystem'], string>>> = {
  PostgreSQL: { node: 'pg', python: 'psycopg[binary]', go: 'github.com/jackc/pgx/v5', rust: 'tokio-postgres' },
  MySQL: { node: 'mysql2', python: 'PyMySQL', go: 'github.com/go-sql-driver/mysql' },
  MongoDB: { node: 'mongodb', python: 'pymongo', go: 'go.mongodb.org/mongo-driver', rust: 'mongodb' },
  Redis: { node: 'ioredis', python: 'redis', go: 'github.com/redis/go-redis/v9', rust: 'redis' },
  SQLite: { node: 'better-sqlite3', python: 'sqlite3 (standard library)', go: 'modernc.org/sqlite', rust: 'rusqlite' },
  Kafka: { node: 'kafkajs', python: 'confluent-kafka', go: 'github.com/segmentio/kafka-go' },
  RabbitMQ: { node: 'amqplib', python: 'pika', go: 'github.com/rabbitmq/amqp091-go' },
  Prisma: { node: 'prisma' },
  SQLAlchemy: { python: 'SQLAlchemy' },
  JWT: { node: 'jose', python: 'PyJWT', go: 'github.com/golang-jwt/jwt/v5' },
  OpenTelemetry: { node: '@opentelemetry/sdk-node', python: 'opentelemetry-sdk', go: 'go.opentelemetry.io/otel' },
};

export function clientPackage(technology: string, stack: Stack): string | null {
  return CLIENTS[technology]?.[stack.ecosystem] ?? null;
}

/** The command that adds a package to this project's manifest. */
export function addCommand(stack: Stack, pkg: string): string | null {
  if (pkg.includes('standard library')) return null;
  switch (stack.packageManager) {
    case 'npm': return `npm install ${pkg}`;
    case 'yarn': return `yarn add ${pkg}`;
    case 'pnpm': return `pnpm add ${pkg}`;
    case 'poetry': return `poetry add ${pkg}`;
    case 'uv': return `uv add ${pkg}`;
    case 'pip': return `pip install "${pkg}"`;
    case 'go': return `go get ${pkg}`;
    case 'cargo': return `cargo add ${pkg}`;
    default: return null;
  }
}

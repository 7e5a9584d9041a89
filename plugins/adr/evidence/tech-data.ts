/**
 * Knowledge table, data side: databases, caches, message brokers and job queues, ORMs.
 * Rows are keyed by the project pack's catalogue id; names, prose names, packages, files
 * and images are the catalogue's (table.ts joins them).
 */
import type { TechnologyDecision } from './types.js';

const PRIMARY = 'primary-database';

export const DATA_TECHNOLOGIES: TechnologyDecision[] = [
  // Databases. Relational and document stores compete for "the primary database".
  { id: 'postgresql', area: 'database', group: PRIMARY, evidence: { hint: /postgres|(^|[/_.-])pg([/_.-]|$)/i } },
  { id: 'mysql', area: 'database', group: PRIMARY, evidence: { hint: /mysql/i } },
  { id: 'mariadb', area: 'database', group: PRIMARY, evidence: { hint: /mariadb/i } },
  { id: 'sqlite', area: 'database', group: PRIMARY, evidence: { hint: /sqlite/i } },
  { id: 'mongodb', area: 'database', group: PRIMARY, evidence: { hint: /mongo/i } },
  { id: 'dynamodb', area: 'database', group: PRIMARY, evidence: { hint: /dynamo/i } },
  { id: 'cassandra', area: 'database', group: PRIMARY, evidence: { hint: /cassandra|scylla/i } },
  { id: 'couchdb', area: 'database', group: PRIMARY },
  { id: 'firestore', area: 'database', group: PRIMARY },
  { id: 'elasticsearch', area: 'database', group: 'search', title: 'Use {name} for search', evidence: { hint: /elastic|opensearch/i } },
  { id: 'neo4j', area: 'database', group: 'graph' },

  // Caches.
  { id: 'redis', area: 'caching', group: 'cache', evidence: { hint: /redis/i } },
  { id: 'memcached', area: 'caching', group: 'cache' },

  // Message brokers compete with each other; job queues with each other.
  { id: 'kafka', area: 'messaging', group: 'broker', evidence: { hint: /kafka/i } },
  { id: 'rabbitmq', area: 'messaging', group: 'broker', evidence: { hint: /rabbit|amqp/i } },
  { id: 'nats', area: 'messaging', group: 'broker', evidence: { hint: /(^|[/_.-])nats([/_.-]|$)/i } },
  { id: 'sqs', area: 'messaging', group: 'broker', evidence: { hint: /(^|[/_.-])sqs([/_.-]|$)/i } },
  { id: 'sns', area: 'messaging', group: 'broker', evidence: { hint: /(^|[/_.-])sns([/_.-]|$)/i } },
  { id: 'google-pubsub', area: 'messaging', group: 'broker', evidence: { hint: /pubsub/i } },
  { id: 'azure-service-bus', area: 'messaging', group: 'broker' },
  // The client is the same as for caching, so this is checked against ADRs but never suggested on its own.
  { id: 'redis-streams', area: 'messaging', group: 'broker', shownBy: ['redis'], suggest: false },
  { id: 'mqtt', area: 'messaging', group: 'broker' },
  { id: 'bullmq', area: 'messaging', group: 'job-queue', title: 'Run background jobs with {name}' },
  { id: 'celery', area: 'messaging', group: 'job-queue', title: 'Run background jobs with {name}' },
  { id: 'sidekiq', area: 'messaging', group: 'job-queue', title: 'Run background jobs with {name}' },

  // ORMs and query builders.
  ...['prisma', 'typeorm', 'sequelize', 'drizzle', 'knex', 'mikro-orm', 'sqlalchemy'].map((id): TechnologyDecision => ({ id, area: 'orm', group: 'orm' })),
  { id: 'django-orm', area: 'orm', group: 'orm', shownBy: ['django'], suggest: false },
  ...['gorm', 'hibernate', 'ef-core', 'doctrine', 'diesel', 'sqlx'].map((id): TechnologyDecision => ({ id, area: 'orm', group: 'orm' })),
  { id: 'active-record', area: 'orm', group: 'orm', suggest: false },
];

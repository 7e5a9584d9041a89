/** Knowledge table, data side: databases, caches, message brokers and job queues, ORMs. */
import type { Technology } from './types.js';

const PRIMARY = 'primary-database';

export const DATA_TECHNOLOGIES: Technology[] = [
  // Databases. Relational and document stores compete for "the primary database".
  {
    id: 'postgresql', name: 'PostgreSQL', area: 'database', group: PRIMARY,
    text: ['PostgreSQL', 'Postgres', 'Postgre SQL', 'PostGIS', 'Aurora PostgreSQL', 'CockroachDB'],
    evidence: { detections: ['PostgreSQL'], images: /^(?:[\w.-]+\/)*(postgres|postgis|timescaledb)[\w-]*(:|$)/i, hint: /postgres|(^|[/_.-])pg([/_.-]|$)/i },
  },
  {
    id: 'mysql', name: 'MySQL', area: 'database', group: PRIMARY,
    text: ['MySQL', 'Aurora MySQL'],
    evidence: { detections: ['MySQL'], images: /^(?:[\w.-]+\/)*mysql(:|$)/i, hint: /mysql/i },
  },
  {
    id: 'mariadb', name: 'MariaDB', area: 'database', group: PRIMARY,
    text: ['MariaDB'],
    evidence: { deps: { npm: ['mariadb'], pypi: ['mariadb'], jvm: ['org.mariadb.jdbc:mariadb-java-client'] }, images: /^(?:[\w.-]+\/)*mariadb(:|$)/i, hint: /mariadb/i },
  },
  {
    id: 'sqlite', name: 'SQLite', area: 'database', group: PRIMARY,
    text: ['SQLite', 'SQLite3', 'libSQL'],
    evidence: { detections: ['SQLite'], files: /\.(sqlite3?|db3)$/i, hint: /sqlite/i },
  },
  {
    id: 'mongodb', name: 'MongoDB', area: 'database', group: PRIMARY,
    text: ['MongoDB', 'Mongo', 'Mongoose', 'DocumentDB', 'MongoDB Atlas'],
    evidence: { detections: ['MongoDB'], images: /^(?:[\w.-]+\/)*mongo(db)?[\w-]*(:|$)/i, hint: /mongo/i },
  },
  {
    id: 'dynamodb', name: 'DynamoDB', area: 'database', group: PRIMARY,
    text: ['DynamoDB', 'Dynamo DB'],
    evidence: {
      detections: ['DynamoDB'], deps: { pypi: ['pynamodb'], jvm: ['software.amazon.awssdk:dynamodb*'] },
      hint: /dynamo/i,
    },
  },
  {
    id: 'cassandra', name: 'Cassandra', area: 'database', group: PRIMARY,
    text: ['Cassandra', 'ScyllaDB', 'Scylla'],
    evidence: { detections: ['Cassandra'], images: /^(?:[\w.-]+\/)*(cassandra|scylla)(:|$)/i, hint: /cassandra|scylla/i },
  },
  {
    id: 'couchdb', name: 'CouchDB', area: 'database', group: PRIMARY,
    text: ['CouchDB', 'Couchbase'],
    evidence: { deps: { npm: ['nano', 'couchbase'], pypi: ['couchdb', 'couchbase'] }, images: /^(?:[\w.-]+\/)*(couchdb|couchbase)(:|$)/i },
  },
  {
    id: 'firestore', name: 'Firestore', area: 'database', group: PRIMARY,
    text: ['Firestore', 'Cloud Firestore', 'Firebase Realtime Database'],
    evidence: { deps: { npm: ['@google-cloud/firestore'], pypi: ['google-cloud-firestore'], go: ['cloud.google.com/go/firestore'] }, files: /(^|\/)firestore\.rules$/ },
  },
  {
    id: 'elasticsearch', name: 'Elasticsearch', area: 'database', group: 'search',
    text: ['Elasticsearch', 'Elastic Search', 'OpenSearch'],
    title: 'Use {name} for search',
    evidence: { detections: ['Elasticsearch'], deps: { npm: ['@opensearch-project/opensearch'], pypi: ['opensearch-py'] }, images: /^(?:[\w.-]+\/)*(elasticsearch|opensearch)(:|$)/i, hint: /elastic|opensearch/i },
  },
  {
    id: 'neo4j', name: 'Neo4j', area: 'database', group: 'graph',
    text: ['Neo4j'],
    evidence: { deps: { npm: ['neo4j-driver'], pypi: ['neo4j'], jvm: ['org.neo4j.driver:*'], go: ['github.com/neo4j/neo4j-go-driver*'] }, images: /^(?:[\w.-]+\/)*neo4j(:|$)/i },
  },

  // Caches.
  {
    id: 'redis', name: 'Redis', area: 'caching', group: 'cache',
    text: ['Redis', 'Valkey', 'ElastiCache for Redis', 'KeyDB'],
    evidence: { detections: ['Redis'], images: /^(?:[\w.-]+\/)*(redis|valkey|keydb)[\w-]*(:|$)/i, hint: /redis/i },
  },
  {
    id: 'memcached', name: 'Memcached', area: 'caching', group: 'cache',
    text: ['Memcached', 'memcache'],
    evidence: { deps: { npm: ['memcached', 'memjs'], pypi: ['pymemcache', 'python-memcached'], go: ['github.com/bradfitz/gomemcache'], rubygems: ['dalli'] }, images: /^(?:[\w.-]+\/)*memcached(:|$)/i },
  },

  // Message brokers compete with each other; job queues with each other.
  {
    id: 'kafka', name: 'Kafka', area: 'messaging', group: 'broker',
    text: ['Apache Kafka', 'Kafka', 'Redpanda', 'Amazon MSK', 'Confluent'],
    evidence: { detections: ['Kafka'], images: /^(?:[\w.-]+\/)*(cp-kafka|kafka|redpanda)[\w-]*(:|$)/i, hint: /kafka/i },
  },
  {
    id: 'rabbitmq', name: 'RabbitMQ', area: 'messaging', group: 'broker',
    text: ['RabbitMQ', 'Rabbit MQ', 'AMQP'],
    evidence: { detections: ['RabbitMQ'], images: /^(?:[\w.-]+\/)*rabbitmq(:|$)/i, hint: /rabbit|amqp/i },
  },
  {
    id: 'nats', name: 'NATS', area: 'messaging', group: 'broker',
    text: [/\bNATS\b/g, /\bJetStream\b/gi],
    evidence: { detections: ['NATS'], images: /^(?:[\w.-]+\/)*nats(:|$)/i, hint: /(^|[/_.-])nats([/_.-]|$)/i },
  },
  {
    id: 'sqs', name: 'Amazon SQS', area: 'messaging', group: 'broker',
    text: ['Amazon SQS', 'AWS SQS', 'SQS', 'Simple Queue Service'],
    evidence: { detections: ['AWS SQS'], hint: /(^|[/_.-])sqs([/_.-]|$)/i },
  },
  {
    id: 'sns', name: 'Amazon SNS', area: 'messaging', group: 'broker',
    text: ['Amazon SNS', 'AWS SNS', 'SNS', 'Simple Notification Service'],
    evidence: { detections: ['AWS SNS'], hint: /(^|[/_.-])sns([/_.-]|$)/i },
  },
  {
    id: 'google-pubsub', name: 'Google Pub/Sub', area: 'messaging', group: 'broker',
    text: ['Google Pub/Sub', 'Google Cloud Pub/Sub', 'Cloud Pub/Sub', 'GCP Pub/Sub', 'Google PubSub'],
    evidence: { detections: ['Google Pub/Sub'], hint: /pubsub/i },
  },
  {
    id: 'azure-service-bus', name: 'Azure Service Bus', area: 'messaging', group: 'broker',
    text: ['Azure Service Bus'],
    evidence: { detections: ['Azure Service Bus'] },
  },
  {
    id: 'redis-streams', name: 'Redis Streams', area: 'messaging', group: 'broker',
    text: ['Redis Streams', 'Redis Stream', 'Redis pub/sub', 'Redis Pub/Sub'],
    // The client is the same as for caching, so this is checked against ADRs but never suggested on its own.
    evidence: { detections: ['Redis'] }, suggest: false,
  },
  {
    id: 'mqtt', name: 'MQTT', area: 'messaging', group: 'broker',
    text: ['MQTT', 'Mosquitto'],
    evidence: { detections: ['MQTT'], images: /^(?:[\w.-]+\/)*(eclipse-)?mosquitto(:|$)/i },
  },
  {
    id: 'bullmq', name: 'BullMQ', area: 'messaging', group: 'job-queue',
    text: ['BullMQ', 'Bull queue', /\bBull\b/],
    title: 'Run background jobs with {name}',
    evidence: { detections: ['BullMQ'] },
  },
  {
    id: 'celery', name: 'Celery', area: 'messaging', group: 'job-queue',
    text: ['Celery'], title: 'Run background jobs with {name}',
    evidence: { detections: ['Celery'], files: /(^|\/)celery(config)?\.py$/ },
  },
  {
    id: 'sidekiq', name: 'Sidekiq', area: 'messaging', group: 'job-queue',
    text: ['Sidekiq'], title: 'Run background jobs with {name}',
    evidence: { detections: ['Sidekiq'], files: /(^|\/)config\/sidekiq\.yml$/ },
  },

  // ORMs and query builders.
  { id: 'prisma', name: 'Prisma', area: 'orm', group: 'orm', text: ['Prisma'], evidence: { detections: ['Prisma'] } },
  { id: 'typeorm', name: 'TypeORM', area: 'orm', group: 'orm', text: ['TypeORM'], evidence: { detections: ['TypeORM'], files: /(^|\/)ormconfig\.(json|js|ts|ya?ml)$/ } },
  { id: 'sequelize', name: 'Sequelize', area: 'orm', group: 'orm', text: ['Sequelize'], evidence: { detections: ['Sequelize'], files: /(^|\/)\.sequelizerc$/ } },
  { id: 'drizzle', name: 'Drizzle', area: 'orm', group: 'orm', text: ['Drizzle', 'Drizzle ORM'], evidence: { detections: ['Drizzle'], files: /(^|\/)drizzle\.config\.(ts|js|mjs)$/ } },
  { id: 'knex', name: 'Knex', area: 'orm', group: 'orm', text: ['Knex', 'Knex.js'], evidence: { detections: ['Knex'], files: /(^|\/)knexfile\.(js|ts)$/ } },
  { id: 'mikro-orm', name: 'MikroORM', area: 'orm', group: 'orm', text: ['MikroORM', 'Mikro-ORM'], evidence: { detections: ['MikroORM'] } },
  { id: 'sqlalchemy', name: 'SQLAlchemy', area: 'orm', group: 'orm', text: ['SQLAlchemy', 'SQLModel'], evidence: { detections: ['SQLAlchemy'], files: /(^|\/)alembic\.ini$/ } },
  {
    id: 'django-orm', name: 'Django ORM', area: 'orm', group: 'orm', text: ['Django ORM', 'Django models'],
    evidence: { detections: ['Django'], files: /(^|\/)migrations\/0001_initial\.py$/ }, suggest: false,
  },
  { id: 'gorm', name: 'GORM', area: 'orm', group: 'orm', text: [/\bGORM\b/g], evidence: { detections: ['GORM'] } },
  { id: 'hibernate', name: 'Hibernate / JPA', area: 'orm', group: 'orm', text: [/\bHibernate\b/, 'JPA', 'Jakarta Persistence', 'Spring Data JPA'], evidence: { detections: ['Hibernate / JPA'], files: /(^|\/)persistence\.xml$/ } },
  { id: 'ef-core', name: 'Entity Framework Core', area: 'orm', group: 'orm', text: ['Entity Framework', 'EF Core'], evidence: { detections: ['Entity Framework Core'] } },
  { id: 'doctrine', name: 'Doctrine', area: 'orm', group: 'orm', text: [/\bDoctrine\b/, 'Doctrine ORM'], evidence: { detections: ['Doctrine'] } },
  { id: 'diesel', name: 'Diesel', area: 'orm', group: 'orm', text: [/\bDiesel\b/g], evidence: { detections: ['Diesel'], files: /(^|\/)diesel\.toml$/ } },
  { id: 'sqlx', name: 'SQLx', area: 'orm', group: 'orm', text: [/\bSQLx\b/gi], evidence: { detections: ['SQLx'] } },
  {
    id: 'active-record', name: 'Active Record', area: 'orm', group: 'orm', text: ['ActiveRecord', 'Active Record'],
    evidence: { deps: { rubygems: ['activerecord'] }, files: /^db\/schema\.rb$/ }, suggest: false,
  },
];


/**
 * The technology catalogue: one entry per technology, with every fact a pack
 * reads about it (types.ts). Project scans detect the entries with a category;
 * the rules pack turns decisions into dependency rules through `mentions` and
 * `clients`; the research pack finds competing choices through `competes`; the
 * workflow pack reads `runner` and `port`; the deployment pack reads `deployment`; the adr pack reads `prose`,
 * `packages`, `files` and `images` for ADR evidence (catalogue-application.ts and catalogue-platform.ts hold
 * the entries only ADRs name). Other packs query it through the
 * project pack's api.ts (technologies/index.ts), never by copying it.
 *
 * Package names are per ecosystem because the same name means different things
 * in different registries (`mocha` is a JavaScript test runner but a Ruby
 * mocking library).
 */
import { APPLICATION_TECHNOLOGIES } from './catalogue-application.js';
import { PLATFORM_TECHNOLOGIES } from './catalogue-platform.js';
import type { TechnologyEntry } from './types.js';

/** A library a scan does not report, known for the choice it competes in (and, for some, decision rules). */
const library = (id: string, name: string, group: string, packages: NonNullable<TechnologyEntry['competes']>['packages'], extra: Partial<TechnologyEntry> = {}): TechnologyEntry => ({
  id, name, ...extra, competes: { group, packages },
});

export const CATALOGUE: readonly TechnologyEntry[] = [
  // Web and application frameworks
  { id: 'react', name: 'React', prose: [/\bReact(?:\.js|JS)?\b/], mentions: /\bReact(?:\.?js)?\b/, clients: ['react'], roles: ['ui'], category: 'framework', packages: { npm: ['react'] } },
  { id: 'next-js', name: 'Next.js', prose: ['Next.js', 'NextJS', 'Next JS'], roles: ['ui'], category: 'framework', packages: { npm: ['next'] }, files: /(^|\/)next\.config\.(js|mjs|cjs|ts)$/ },
  { id: 'vue', name: 'Vue', prose: ['Vue', 'Vue.js', 'VueJS'], mentions: /\bVue(?:\.?js)?\b/, clients: ['vue'], roles: ['ui'], category: 'framework', packages: { npm: ['vue'] } },
  { id: 'nuxt', name: 'Nuxt', prose: ['Nuxt', 'Nuxt.js'], roles: ['ui'], category: 'framework', packages: { npm: ['nuxt', 'nuxt3'] }, files: /(^|\/)nuxt\.config\.(js|mjs|ts)$/ },
  { id: 'angular', name: 'Angular', prose: [/\bAngular(?:JS)?\b/], mentions: /\bangular\b/i, clients: ['@angular/core'], roles: ['ui'], category: 'framework', packages: { npm: ['@angular/core'] }, files: /(^|\/)angular\.json$/ },
  { id: 'svelte', name: 'Svelte', prose: ['Svelte'], mentions: /\bsvelte\b/i, clients: ['svelte'], roles: ['ui'], category: 'framework', packages: { npm: ['svelte'] } },
  { id: 'sveltekit', name: 'SvelteKit', prose: ['SvelteKit'], roles: ['ui'], category: 'framework', packages: { npm: ['@sveltejs/kit'] } },
  { id: 'solid', name: 'Solid', prose: ['SolidJS', 'Solid.js'], roles: ['ui'], category: 'framework', packages: { npm: ['solid-js'] } },
  { id: 'remix', name: 'Remix', prose: [/\bRemix\b/], roles: ['ui'], category: 'framework', packages: { npm: ['@remix-run/*'] } },
  { id: 'astro', name: 'Astro', prose: [/\bAstro\b/], roles: ['ui'], category: 'framework', packages: { npm: ['astro'] } },
  { id: 'electron', name: 'Electron', category: 'framework', packages: { npm: ['electron'] } },
  { id: 'express', name: 'Express', prose: [/\bExpress(?:\.js|JS)?\b/, 'Express.js'], mentions: /\bExpress(?:\.?js)?\b/, clients: ['express'], competes: { group: 'web-framework', packages: { npm: ['express'] } }, roles: ['backend'], category: 'framework', packages: { npm: ['express'] } },
  { id: 'nestjs', name: 'NestJS', prose: ['NestJS', 'Nest.js'], mentions: /\bnest(?:\.?js)\b/i, clients: ['@nestjs/core'], competes: { group: 'web-framework', packages: { npm: ['@nestjs/core'] } }, roles: ['backend'], category: 'framework', packages: { npm: ['@nestjs/core'] } },
  { id: 'fastify', name: 'Fastify', prose: ['Fastify'], mentions: /\bfastify\b/i, clients: ['fastify'], competes: { group: 'web-framework', packages: { npm: ['fastify'] } }, roles: ['backend'], category: 'framework', packages: { npm: ['fastify'] } },
  { id: 'koa', name: 'Koa', prose: [/\bKoa(?:\.js)?\b/], mentions: /\bKoa\b/, clients: ['koa'], competes: { group: 'web-framework', packages: { npm: ['koa'] } }, roles: ['backend'], category: 'framework', packages: { npm: ['koa'] } },
  { id: 'hono', name: 'Hono', prose: [/\bHono\b/], roles: ['backend'], category: 'framework', packages: { npm: ['hono'] } },
  { id: 'django', name: 'Django', prose: ['Django', 'Django REST framework'], mentions: /\bdjango\b/i, clients: ['django'], competes: { group: 'web-framework', packages: { pypi: ['django'] } }, roles: ['backend'], category: 'framework', packages: { pypi: ['django'] } },
  { id: 'flask', name: 'Flask', prose: [/\bFlask\b/], mentions: /\bflask\b/i, clients: ['flask'], competes: { group: 'web-framework', packages: { pypi: ['flask'] } }, roles: ['backend'], category: 'framework', packages: { pypi: ['flask'] } },
  { id: 'fastapi', name: 'FastAPI', prose: ['FastAPI'], mentions: /\bfast ?api\b/i, clients: ['fastapi'], competes: { group: 'web-framework', packages: { pypi: ['fastapi'] } }, roles: ['backend'], category: 'framework', packages: { pypi: ['fastapi'] } },
  { id: 'starlette', name: 'Starlette', prose: ['Starlette'], roles: ['backend'], category: 'framework', packages: { pypi: ['starlette'] } },
  { id: 'tornado', name: 'Tornado', prose: [/\bTornado\b/], roles: ['backend'], category: 'framework', packages: { pypi: ['tornado'] } },
  { id: 'spring-boot', name: 'Spring Boot', prose: ['Spring Boot', 'Spring MVC', 'Spring WebFlux', 'Spring Framework'], roles: ['backend'], category: 'framework', packages: { jvm: ['org.springframework.boot:*', 'org.springframework.boot'] } },
  { id: 'quarkus', name: 'Quarkus', prose: ['Quarkus'], roles: ['backend'], category: 'framework', packages: { jvm: ['io.quarkus:*'] } },
  { id: 'micronaut', name: 'Micronaut', prose: ['Micronaut'], roles: ['backend'], category: 'framework', packages: { jvm: ['io.micronaut:*', 'io.micronaut.*'] } },
  { id: 'ktor', name: 'Ktor', prose: ['Ktor'], roles: ['backend'], category: 'framework', packages: { jvm: ['io.ktor:*'] } },
  { id: 'rails', name: 'Rails', prose: ['Ruby on Rails', /\bRails\b/], roles: ['backend'], category: 'framework', packages: { rubygems: ['rails', 'railties'] }, files: /^config\/routes\.rb$/ },
  { id: 'sinatra', name: 'Sinatra', prose: [/\bSinatra\b/], roles: ['backend'], category: 'framework', packages: { rubygems: ['sinatra'] } },
  { id: 'hanami', name: 'Hanami', roles: ['backend'], category: 'framework', packages: { rubygems: ['hanami'] } },
  { id: 'laravel', name: 'Laravel', prose: ['Laravel'], roles: ['backend'], category: 'framework', packages: { composer: ['laravel/framework'] } },
  { id: 'symfony', name: 'Symfony', prose: ['Symfony'], roles: ['backend'], category: 'framework', packages: { composer: ['symfony/framework-bundle', 'symfony/http-kernel'] } },
  { id: 'slim', name: 'Slim', roles: ['backend'], category: 'framework', packages: { composer: ['slim/slim'] } },
  { id: 'gin', name: 'Gin', prose: [/\bGin\b/, 'gin-gonic'], mentions: /\bGin\b/, clients: ['github.com/gin-gonic/gin'], roles: ['backend'], category: 'framework', packages: { go: ['github.com/gin-gonic/gin'] } },
  { id: 'echo', name: 'Echo', prose: ['labstack/echo', /\bEcho (?:framework|router|web framework)\b/], roles: ['backend'], category: 'framework', packages: { go: ['github.com/labstack/echo*'] } },
  { id: 'fiber', name: 'Fiber', prose: ['gofiber', /\b(?:Go )?Fiber (?:framework|web framework)\b/, 'Go Fiber'], roles: ['backend'], category: 'framework', packages: { go: ['github.com/gofiber/fiber*'] } },
  { id: 'chi', name: 'Chi', prose: ['go-chi', /\bchi router\b/i], roles: ['backend'], category: 'framework', packages: { go: ['github.com/go-chi/chi*'] } },
  { id: 'gorilla-mux', name: 'Gorilla Mux', prose: ['Gorilla Mux', 'gorilla/mux'], roles: ['backend'], category: 'framework', packages: { go: ['github.com/gorilla/mux'] } },
  { id: 'actix', name: 'Actix', prose: ['Actix', 'actix-web'], roles: ['backend'], category: 'framework', packages: { cargo: ['actix-web'] } },
  { id: 'axum', name: 'Axum', prose: ['Axum'], roles: ['backend'], category: 'framework', packages: { cargo: ['axum'] } },
  { id: 'rocket', name: 'Rocket', prose: [/\bRocket\b/], roles: ['backend'], category: 'framework', packages: { cargo: ['rocket'] } },
  { id: 'warp', name: 'Warp', roles: ['backend'], category: 'framework', packages: { cargo: ['warp'] } },
  { id: 'asp-net-core', name: 'ASP.NET Core', prose: ['ASP.NET Core', 'ASP.NET'], roles: ['backend'], category: 'framework', packages: { nuget: ['Microsoft.AspNetCore.*'] } },
  // Not web frameworks (repository/classify.ts NOT_WEB): a Kubernetes operator's, and command-line ones.
  { id: 'kubernetes-controller-runtime', name: 'Kubernetes controller-runtime', category: 'framework', packages: { go: ['sigs.k8s.io/controller-runtime'] } },
  { id: 'cobra', name: 'Cobra', category: 'framework', packages: { go: ['github.com/spf13/cobra'] } },
  { id: 'urfave-cli', name: 'urfave/cli', category: 'framework', packages: { go: ['github.com/urfave/cli*'] } },
  // Blockchain frameworks: an application chain's modules (Cosmos SDK) and its consensus engine (CometBFT, formerly Tendermint).
  { id: 'cosmos-sdk', name: 'Cosmos SDK', prose: ['Cosmos SDK', 'cosmos-sdk'], category: 'framework', packages: { go: ['github.com/cosmos/cosmos-sdk*'] } },
  { id: 'cometbft', name: 'CometBFT', prose: ['CometBFT', 'Tendermint'], category: 'framework', packages: { go: ['github.com/cometbft/cometbft*', 'github.com/tendermint/tendermint*'] } },
  { id: 'click', name: 'Click', category: 'framework', packages: { pypi: ['click'] } },
  { id: 'typer', name: 'Typer', category: 'framework', packages: { pypi: ['typer'] } },
  // Desktop GUI toolkits (repository/classify.ts GUI): they make a desktop application. Tkinter is in the
  // standard library, so it is found from the imports (scanner/source-imports.ts), not from a manifest.
  { id: 'qt-pyside', name: 'Qt (PySide)', category: 'framework', packages: { pypi: ['pyside6', 'pyside6-essentials', 'pyside2'] } },
  { id: 'qt-pyqt', name: 'Qt (PyQt)', category: 'framework', packages: { pypi: ['pyqt5', 'pyqt6'] } },
  { id: 'wxpython', name: 'wxPython', category: 'framework', packages: { pypi: ['wxpython'] } },
  { id: 'kivy', name: 'Kivy', category: 'framework', packages: { pypi: ['kivy'] } },

  // Databases, their drivers and ORMs
  {
    id: 'postgresql', name: 'PostgreSQL', prose: ['PostgreSQL', 'Postgres', 'Postgre SQL', 'PostGIS', 'Aurora PostgreSQL', 'CockroachDB'], images: /^(?:[\w.-]+\/)*(postgres|postgis|timescaledb)[\w-]*(:|$)/i, deployment: { area: 'database', mentions: /\b(postgres|postgresql)\b/i }, mentions: /\b(postgres(?:ql)?|pg)\b/i, clients: ['pg', 'postgres', 'pg-promise', 'psycopg2', 'psycopg2-binary', 'psycopg', 'asyncpg', 'github.com/lib/pq', 'github.com/jackc/pgx'], roles: ['relational'], port: 5432, category: 'database', packages: { npm: ['pg', 'postgres', 'pg-promise'], pypi: ['psycopg', 'psycopg2', 'psycopg2-binary', 'psycopg-binary', 'asyncpg'], go: ['github.com/lib/pq', 'github.com/jackc/pgx*'], cargo: ['tokio-postgres', 'postgres'], jvm: ['org.postgresql:postgresql'], rubygems: ['pg'], nuget: ['Npgsql*'] } },
  {
    id: 'mysql', name: 'MySQL', prose: ['MySQL', 'Aurora MySQL'], images: /^(?:[\w.-]+\/)*mysql(:|$)/i, deployment: { area: 'database', mentions: /\b(mysql|mariadb)\b/i }, mentions: /\b(mysql|mariadb)\b/i, clients: ['mysql', 'mysql2', 'mariadb', 'pymysql', 'mysqlclient', 'github.com/go-sql-driver/mysql'], roles: ['relational'], port: 3306, category: 'database', packages: { npm: ['mysql', 'mysql2'], pypi: ['pymysql', 'mysqlclient', 'mysql-connector-python', 'aiomysql'], go: ['github.com/go-sql-driver/mysql'], jvm: ['mysql:mysql-connector-java', 'com.mysql:mysql-connector-j'], rubygems: ['mysql2'], nuget: ['MySqlConnector', 'MySql.Data'] } },
  { id: 'sqlite', name: 'SQLite', prose: ['SQLite', 'SQLite3', 'libSQL'], files: /\.(sqlite3?|db3)$/i, mentions: /\bsqlite3?\b/i, clients: ['sqlite3', 'better-sqlite3', 'github.com/mattn/go-sqlite3'], roles: ['relational'], category: 'database', packages: { npm: ['sqlite3', 'better-sqlite3', 'sqlite'], go: ['github.com/mattn/go-sqlite3', 'modernc.org/sqlite'], cargo: ['rusqlite'], rubygems: ['sqlite3'], nuget: ['Microsoft.Data.Sqlite*'] } },
  {
    id: 'mongodb', name: 'MongoDB', prose: ['MongoDB', 'Mongo', 'Mongoose', 'DocumentDB', 'MongoDB Atlas'], images: /^(?:[\w.-]+\/)*mongo(db)?[\w-]*(:|$)/i, deployment: { area: 'database', mentions: /\bmongo(db)?\b/i }, mentions: /\b(mongo(?:db)?|mongoose)\b/i, clients: ['mongodb', 'mongoose', 'pymongo', 'motor', 'mongoengine', 'go.mongodb.org/mongo-driver'], port: 27017, category: 'database', packages: { npm: ['mongodb', 'mongoose'], pypi: ['pymongo', 'motor', 'mongoengine', 'beanie'], go: ['go.mongodb.org/mongo-driver*'], cargo: ['mongodb'], jvm: ['org.mongodb:*', 'org.springframework.boot:spring-boot-starter-data-mongodb'], rubygems: ['mongoid', 'mongo'], nuget: ['MongoDB.Driver'] } },
  {
    id: 'redis', name: 'Redis', prose: ['Redis', 'Valkey', 'ElastiCache for Redis', 'KeyDB'], images: /^(?:[\w.-]+\/)*(redis|valkey|keydb)[\w-]*(:|$)/i, deployment: { area: 'database', mentions: /\bredis\b/i }, mentions: /\bredis\b/i, clients: ['redis', 'ioredis', 'github.com/redis/go-redis'], port: 6379, category: 'database', packages: { npm: ['redis', 'ioredis', '@redis/client'], pypi: ['redis', 'aioredis'], go: ['github.com/redis/go-redis*', 'github.com/go-redis/redis*'], cargo: ['redis'], jvm: ['redis.clients:jedis', 'io.lettuce:lettuce-core', 'org.springframework.boot:spring-boot-starter-data-redis'], rubygems: ['redis'], composer: ['predis/predis'], nuget: ['StackExchange.Redis'] } },
  { id: 'elasticsearch', name: 'Elasticsearch', prose: ['Elasticsearch', 'Elastic Search', 'OpenSearch'], images: /^(?:[\w.-]+\/)*(elasticsearch|opensearch)(:|$)/i, mentions: /\belastic ?search\b/i, clients: ['@elastic/elasticsearch', 'elasticsearch'], port: 9200, category: 'database', packages: { npm: ['@elastic/elasticsearch', '@opensearch-project/opensearch'], pypi: ['elasticsearch', 'opensearch-py'], go: ['github.com/elastic/go-elasticsearch*'], jvm: ['co.elastic.clients:*'] } },
  { id: 'dynamodb', name: 'DynamoDB', prose: ['DynamoDB', 'Dynamo DB'], mentions: /\bdynamo(?:db)?\b/i, clients: ['@aws-sdk/client-dynamodb', 'aws-sdk', 'boto3'], category: 'database', packages: { npm: ['@aws-sdk/client-dynamodb', '@aws-sdk/lib-dynamodb'], pypi: ['pynamodb'], go: ['github.com/aws/aws-sdk-go-v2/service/dynamodb'], jvm: ['software.amazon.awssdk:dynamodb*'], nuget: ['AWSSDK.DynamoDBv2'] } },
  { id: 'cassandra', name: 'Cassandra', prose: ['Cassandra', 'ScyllaDB', 'Scylla'], images: /^(?:[\w.-]+\/)*(cassandra|scylla)(:|$)/i, mentions: /\bcassandra\b/i, clients: ['cassandra-driver'], category: 'database', packages: { npm: ['cassandra-driver'], pypi: ['cassandra-driver'], go: ['github.com/gocql/gocql'] } },
  { id: 'prisma', name: 'Prisma', prose: ['Prisma'], mentions: /\bprisma\b/i, clients: ['prisma', '@prisma/client'], competes: { group: 'orm', packages: { npm: ['prisma', '@prisma/client'] } }, roles: ['relational'], category: 'database', packages: { npm: ['prisma', '@prisma/client'] }, files: /(^|\/)schema\.prisma$/ },
  { id: 'typeorm', name: 'TypeORM', prose: ['TypeORM'], files: /(^|\/)ormconfig\.(json|js|ts|ya?ml)$/, mentions: /\btypeorm\b/i, clients: ['typeorm'], competes: { group: 'orm', packages: { npm: ['typeorm'] } }, roles: ['relational'], category: 'database', packages: { npm: ['typeorm'] } },
  { id: 'sequelize', name: 'Sequelize', prose: ['Sequelize'], files: /(^|\/)\.sequelizerc$/, mentions: /\bsequelize\b/i, clients: ['sequelize'], competes: { group: 'orm', packages: { npm: ['sequelize'] } }, roles: ['relational'], category: 'database', packages: { npm: ['sequelize'] } },
  { id: 'drizzle', name: 'Drizzle', prose: ['Drizzle', 'Drizzle ORM'], files: /(^|\/)drizzle\.config\.(ts|js|mjs)$/, competes: { group: 'orm', packages: { npm: ['drizzle-orm'] } }, roles: ['relational'], category: 'database', packages: { npm: ['drizzle-orm'] } },
  { id: 'knex', name: 'Knex', prose: ['Knex', 'Knex.js'], files: /(^|\/)knexfile\.(js|ts)$/, mentions: /\bknex\b/i, clients: ['knex'], competes: { group: 'orm', packages: { npm: ['knex'] } }, roles: ['relational'], category: 'database', packages: { npm: ['knex'] } },
  { id: 'mikro-orm', name: 'MikroORM', prose: ['MikroORM', 'Mikro-ORM'], competes: { group: 'orm', packages: { npm: ['@mikro-orm/core'] } }, roles: ['relational'], category: 'database', packages: { npm: ['@mikro-orm/core'] } },
  { id: 'sqlalchemy', name: 'SQLAlchemy', prose: ['SQLAlchemy', 'SQLModel'], files: /(^|\/)alembic\.ini$/, mentions: /\bsql ?alchemy\b/i, clients: ['sqlalchemy'], competes: { group: 'orm', packages: { pypi: ['sqlalchemy'] } }, roles: ['relational'], category: 'database', packages: { pypi: ['sqlalchemy', 'flask-sqlalchemy', 'sqlmodel'] } },
  { id: 'alembic', name: 'Alembic', category: 'database', packages: { pypi: ['alembic'] } },
  { id: 'gorm', name: 'GORM', prose: [/\bGORM\b/], roles: ['relational'], category: 'database', packages: { go: ['gorm.io/gorm'] } },
  { id: 'diesel', name: 'Diesel', prose: [/\bDiesel\b/], files: /(^|\/)diesel\.toml$/, roles: ['relational'], category: 'database', packages: { cargo: ['diesel'] } },
  { id: 'sqlx', name: 'SQLx', prose: [/\bSQLx\b/i], roles: ['relational'], category: 'database', packages: { cargo: ['sqlx'], go: ['github.com/jmoiron/sqlx'] } },
  { id: 'hibernate', name: 'Hibernate / JPA', prose: [/\bHibernate\b/, 'JPA', 'Jakarta Persistence', 'Spring Data JPA'], files: /(^|\/)persistence\.xml$/, roles: ['relational'], category: 'database', packages: { jvm: ['org.hibernate*', 'org.springframework.boot:spring-boot-starter-data-jpa', 'jakarta.persistence:*'] } },
  { id: 'ef-core', name: 'Entity Framework Core', prose: ['Entity Framework', 'EF Core'], roles: ['relational'], category: 'database', packages: { nuget: ['Microsoft.EntityFrameworkCore*'] } },
  { id: 'doctrine', name: 'Doctrine', prose: [/\bDoctrine\b/, 'Doctrine ORM'], roles: ['relational'], category: 'database', packages: { composer: ['doctrine/orm', 'doctrine/dbal'] } },
  // Stores a scan does not report (no category): ADR evidence reads their packages, files and images.
  { id: 'mariadb', name: 'MariaDB', prose: ['MariaDB'], packages: { npm: ['mariadb'], pypi: ['mariadb'], jvm: ['org.mariadb.jdbc:mariadb-java-client'] }, images: /^(?:[\w.-]+\/)*mariadb(:|$)/i },
  { id: 'couchdb', name: 'CouchDB', prose: ['CouchDB', 'Couchbase'], packages: { npm: ['nano', 'couchbase'], pypi: ['couchdb', 'couchbase'] }, images: /^(?:[\w.-]+\/)*(couchdb|couchbase)(:|$)/i },
  { id: 'firestore', name: 'Firestore', prose: ['Firestore', 'Cloud Firestore', 'Firebase Realtime Database'], packages: { npm: ['@google-cloud/firestore'], pypi: ['google-cloud-firestore'], go: ['cloud.google.com/go/firestore'] }, files: /(^|\/)firestore\.rules$/ },
  { id: 'neo4j', name: 'Neo4j', prose: ['Neo4j'], packages: { npm: ['neo4j-driver'], pypi: ['neo4j'], jvm: ['org.neo4j.driver:*'], go: ['github.com/neo4j/neo4j-go-driver*'] }, images: /^(?:[\w.-]+\/)*neo4j(:|$)/i },
  { id: 'memcached', name: 'Memcached', prose: ['Memcached', 'memcache'], packages: { npm: ['memcached', 'memjs'], pypi: ['pymemcache', 'python-memcached'], go: ['github.com/bradfitz/gomemcache'], rubygems: ['dalli'] }, images: /^(?:[\w.-]+\/)*memcached(:|$)/i },
  // Features of another entry, named apart in decisions: their client is that entry's (Redis, Django).
  { id: 'redis-streams', name: 'Redis Streams', prose: ['Redis Streams', 'Redis Stream', 'Redis pub/sub', 'Redis Pub/Sub'] },
  { id: 'django-orm', name: 'Django ORM', prose: ['Django ORM', 'Django models'], files: /(^|\/)migrations\/0001_initial\.py$/ },
  { id: 'active-record', name: 'Active Record', prose: ['ActiveRecord', 'Active Record'], packages: { rubygems: ['activerecord'] }, files: /^db\/schema\.rb$/ },

  // Messaging and queues
  {
    id: 'kafka', name: 'Kafka', prose: ['Apache Kafka', 'Kafka', 'Redpanda', 'Amazon MSK', 'Confluent'], images: /^(?:[\w.-]+\/)*(cp-kafka|kafka|redpanda)[\w-]*(:|$)/i, mentions: /\bkafka\b/i, clients: ['kafkajs', 'kafka-python', 'confluent-kafka', 'github.com/segmentio/kafka-go'], port: 9092, category: 'messaging', packages: { npm: ['kafkajs', 'node-rdkafka', '@confluentinc/kafka-javascript'], pypi: ['kafka-python', 'confluent-kafka', 'aiokafka'], go: ['github.com/segmentio/kafka-go', 'github.com/confluentinc/confluent-kafka-go*', 'github.com/ibm/sarama', 'github.com/shopify/sarama'], cargo: ['rdkafka'], jvm: ['org.apache.kafka:*', 'org.springframework.kafka:*'], rubygems: ['ruby-kafka', 'rdkafka', 'karafka'], nuget: ['Confluent.Kafka'] } },
  {
    id: 'rabbitmq', name: 'RabbitMQ', prose: ['RabbitMQ', 'Rabbit MQ', 'AMQP'], images: /^(?:[\w.-]+\/)*rabbitmq(:|$)/i, mentions: /\brabbit ?mq\b/i, clients: ['amqplib', 'pika'], port: 5672, category: 'messaging', packages: { npm: ['amqplib', 'amqp-connection-manager'], pypi: ['pika', 'aio-pika', 'kombu'], go: ['github.com/rabbitmq/amqp091-go', 'github.com/streadway/amqp'], cargo: ['lapin'], jvm: ['com.rabbitmq:amqp-client', 'org.springframework.boot:spring-boot-starter-amqp'], rubygems: ['bunny'], composer: ['php-amqplib/php-amqplib'], nuget: ['RabbitMQ.Client'] } },
  { id: 'nats', name: 'NATS', prose: [/\bNATS\b/, /\bJetStream\b/i], images: /^(?:[\w.-]+\/)*nats(:|$)/i, category: 'messaging', packages: { npm: ['nats', '@nats-io/*'], pypi: ['nats-py'], go: ['github.com/nats-io/nats.go'], cargo: ['async-nats'], jvm: ['io.nats:jnats'] } },
  {
    id: 'sqs', name: 'Amazon SQS', prose: ['Amazon SQS', 'AWS SQS', 'SQS', 'Simple Queue Service'], category: 'messaging', packages: { npm: ['@aws-sdk/client-sqs', 'sqs-consumer'], go: ['github.com/aws/aws-sdk-go-v2/service/sqs'], jvm: ['software.amazon.awssdk:sqs'], rubygems: ['aws-sdk-sqs'], nuget: ['AWSSDK.SQS'] } },
  { id: 'sns', name: 'Amazon SNS', prose: ['Amazon SNS', 'AWS SNS', 'SNS', 'Simple Notification Service'], category: 'messaging', packages: { npm: ['@aws-sdk/client-sns'], go: ['github.com/aws/aws-sdk-go-v2/service/sns'], jvm: ['software.amazon.awssdk:sns'], nuget: ['AWSSDK.SimpleNotificationService'] } },
  { id: 'google-pubsub', name: 'Google Pub/Sub', prose: ['Google Pub/Sub', 'Google Cloud Pub/Sub', 'Cloud Pub/Sub', 'GCP Pub/Sub', 'Google PubSub'], category: 'messaging', packages: { npm: ['@google-cloud/pubsub'], pypi: ['google-cloud-pubsub'], go: ['cloud.google.com/go/pubsub'], jvm: ['com.google.cloud:google-cloud-pubsub'] } },
  { id: 'azure-service-bus', name: 'Azure Service Bus', prose: ['Azure Service Bus'], category: 'messaging', packages: { npm: ['@azure/service-bus'], pypi: ['azure-servicebus'], nuget: ['Azure.Messaging.ServiceBus'] } },
  { id: 'mqtt', name: 'MQTT', prose: ['MQTT', 'Mosquitto'], images: /^(?:[\w.-]+\/)*(eclipse-)?mosquitto(:|$)/i, category: 'messaging', packages: { npm: ['mqtt'], pypi: ['paho-mqtt'], go: ['github.com/eclipse/paho.mqtt.golang'] } },
  { id: 'bullmq', name: 'BullMQ', prose: ['BullMQ', 'Bull queue', /\bBull\b/], category: 'messaging', packages: { npm: ['bullmq', 'bull'] }, needs: ['redis'] },
  { id: 'celery', name: 'Celery', prose: ['Celery'], files: /(^|\/)celery(config)?\.py$/, category: 'messaging', packages: { pypi: ['celery'] } },
  { id: 'sidekiq', name: 'Sidekiq', prose: ['Sidekiq'], files: /(^|\/)config\/sidekiq\.yml$/, category: 'messaging', packages: { rubygems: ['sidekiq'] }, needs: ['redis'] },
  { id: 'masstransit', name: 'MassTransit', category: 'messaging', packages: { nuget: ['MassTransit*'] } },

  // Test frameworks
  { id: 'jest', name: 'Jest', prose: ['Jest'], mentions: /\bjest\b/i, clients: ['jest'], competes: { group: 'test-runner', packages: { npm: ['jest'] } }, runner: 'jest', category: 'testing', packages: { npm: ['jest'] }, files: /(^|\/)jest\.config\.(js|cjs|mjs|ts|json)$/ },
  { id: 'vitest', name: 'Vitest', prose: ['Vitest'], mentions: /\bvitest\b/i, clients: ['vitest'], competes: { group: 'test-runner', packages: { npm: ['vitest'] } }, runner: 'vitest', category: 'testing', packages: { npm: ['vitest'] }, files: /(^|\/)vitest\.config\.(js|mjs|cjs|ts|mts)$/ },
  { id: 'mocha', name: 'Mocha', prose: [/\bMocha\b/], mentions: /\bmocha\b/i, clients: ['mocha'], competes: { group: 'test-runner', packages: { npm: ['mocha'] } }, runner: 'mocha', category: 'testing', packages: { npm: ['mocha'] }, files: /(^|\/)\.mocharc\.(js|cjs|json|ya?ml)$/ },
  { id: 'jasmine', name: 'Jasmine', prose: [/\bJasmine\b/], competes: { group: 'test-runner', packages: { npm: ['jasmine'] } }, category: 'testing', packages: { npm: ['jasmine', 'jasmine-core'] } },
  { id: 'ava', name: 'AVA', competes: { group: 'test-runner', packages: { npm: ['ava'] } }, category: 'testing', packages: { npm: ['ava'] } },
  { id: 'playwright', name: 'Playwright', prose: ['Playwright'], category: 'testing', packages: { npm: ['@playwright/test'], pypi: ['playwright', 'pytest-playwright'] }, files: /(^|\/)playwright\.config\.(js|ts|mjs)$/ },
  { id: 'cypress', name: 'Cypress', prose: ['Cypress'], category: 'testing', packages: { npm: ['cypress'] }, files: /(^|\/)cypress\.config\.(js|ts|mjs)$/ },
  { id: 'testing-library', name: 'Testing Library', category: 'testing', packages: { npm: ['@testing-library/*'] } },
  { id: 'pytest', name: 'pytest', prose: ['pytest'], competes: { group: 'test-runner', packages: { pypi: ['pytest'] } }, runner: 'pytest', category: 'testing', packages: { pypi: ['pytest'] }, files: /(^|\/)(pytest\.ini|conftest\.py)$/ },
  { id: 'go-test', name: 'go test', runner: 'go test', category: 'testing', files: /_test\.go$/ },
  { id: 'testify', name: 'Testify', prose: ['Testify'], category: 'testing', packages: { go: ['github.com/stretchr/testify'] } },
  { id: 'ginkgo', name: 'Ginkgo', prose: ['Ginkgo'], category: 'testing', packages: { go: ['github.com/onsi/ginkgo*'] } },
  { id: 'junit', name: 'JUnit', prose: ['JUnit'], category: 'testing', packages: { jvm: ['junit:junit', 'org.junit.jupiter:*', 'org.junit:*', 'org.springframework.boot:spring-boot-starter-test'] } },
  { id: 'testng', name: 'TestNG', prose: ['TestNG'], category: 'testing', packages: { jvm: ['org.testng:testng'] } },
  { id: 'rspec', name: 'RSpec', prose: ['RSpec'], category: 'testing', packages: { rubygems: ['rspec', 'rspec-rails', 'rspec-core'] }, files: /(^|\/)\.rspec$/ },
  { id: 'minitest', name: 'Minitest', prose: ['Minitest'], category: 'testing', packages: { rubygems: ['minitest'] } },
  { id: 'phpunit', name: 'PHPUnit', prose: ['PHPUnit'], category: 'testing', packages: { composer: ['phpunit/phpunit'] }, files: /(^|\/)phpunit\.xml(\.dist)?$/ },
  { id: 'pest', name: 'Pest', prose: [/\bPest(?:PHP)?\b/], category: 'testing', packages: { composer: ['pestphp/pest'] } },
  { id: 'xunit', name: 'xUnit', prose: ['xUnit', 'xUnit.net'], category: 'testing', packages: { nuget: ['xunit', 'xunit.*'] } },
  { id: 'nunit', name: 'NUnit', prose: ['NUnit'], category: 'testing', packages: { nuget: ['NUnit'] } },
  { id: 'mstest', name: 'MSTest', category: 'testing', packages: { nuget: ['MSTest.TestFramework', 'MSTest'] } },
  { id: 'cargo-test', name: 'cargo test', runner: 'cargo test', category: 'testing', files: /(^|\/)tests\/[^/]+\.rs$/ },

  // Libraries a scan does not report: rules about decisions and competing choices (research) name them.
  { id: 'jquery', name: 'jQuery', mentions: /\bjquery\b/i, clients: ['jquery'] },
  {
    id: 'graphql', name: 'GraphQL', mentions: /\bgraphql\b/i, clients: ['graphql', 'graphene', 'strawberry-graphql'],
    prose: ['GraphQL', 'Apollo Server', 'Apollo Federation', /\bApollo\b/], files: /\.(graphql|gql)$/i,
    packages: {
      npm: ['graphql', '@apollo/server', 'apollo-server*', 'graphql-yoga', 'mercurius', 'type-graphql', '@nestjs/graphql', '@apollo/client', 'urql', 'relay-runtime'],
      pypi: ['graphene*', 'strawberry-graphql', 'ariadne'], go: ['github.com/99designs/gqlgen', 'github.com/graph-gophers/graphql-go', 'github.com/graphql-go/graphql'],
      jvm: ['com.graphql-java:*', 'com.netflix.graphql.dgs:*', 'org.springframework.boot:spring-boot-starter-graphql'], rubygems: ['graphql'],
      composer: ['webonyx/graphql-php', 'nuwave/lighthouse'], nuget: ['HotChocolate*', 'GraphQL'], cargo: ['async-graphql', 'juniper'],
    },
  },
  library('axios', 'Axios', 'http-client', { npm: ['axios'] }, { mentions: /\baxios\b/i, clients: ['axios'] }),
  library('node-fetch', 'node-fetch', 'http-client', { npm: ['node-fetch'] }),
  library('got', 'Got', 'http-client', { npm: ['got'] }),
  library('undici', 'undici', 'http-client', { npm: ['undici'] }),
  library('superagent', 'SuperAgent', 'http-client', { npm: ['superagent'] }),
  library('ky', 'Ky', 'http-client', { npm: ['ky'] }),
  library('request', 'request', 'http-client', { npm: ['request'] }),
  library('cross-fetch', 'cross-fetch', 'http-client', { npm: ['cross-fetch'] }),
  library('requests', 'Requests', 'http-client', { pypi: ['requests'] }),
  library('httpx', 'HTTPX', 'http-client', { pypi: ['httpx'] }),
  library('aiohttp', 'AIOHTTP', 'http-client', { pypi: ['aiohttp'] }),
  library('urllib3', 'urllib3', 'http-client', { pypi: ['urllib3'] }),
  library('tap', 'node-tap', 'test-runner', { npm: ['tap'] }),
  library('uvu', 'uvu', 'test-runner', { npm: ['uvu'] }),
  library('nose2', 'nose2', 'test-runner', { pypi: ['nose2'] }),
  library('objection', 'Objection.js', 'orm', { npm: ['objection'] }),
  // Mongoose is also a MongoDB client (the MongoDB entry's packages): here it is the ODM choice.
  library('mongoose', 'Mongoose', 'orm', { npm: ['mongoose'] }),
  library('peewee', 'peewee', 'orm', { pypi: ['peewee'] }),
  library('tortoise-orm', 'Tortoise ORM', 'orm', { pypi: ['tortoise-orm'] }),
  library('pony', 'Pony ORM', 'orm', { pypi: ['pony'] }),
  library('winston', 'winston', 'logger', { npm: ['winston'] }),
  library('pino', 'Pino', 'logger', { npm: ['pino'] }),
  library('bunyan', 'Bunyan', 'logger', { npm: ['bunyan'] }),
  library('log4js', 'log4js', 'logger', { npm: ['log4js'] }),
  library('loglevel', 'loglevel', 'logger', { npm: ['loglevel'] }),
  library('loguru', 'Loguru', 'logger', { pypi: ['loguru'] }),
  library('structlog', 'structlog', 'logger', { pypi: ['structlog'] }),
  library('joi', 'Joi', 'validation', { npm: ['joi'] }),
  library('zod', 'Zod', 'validation', { npm: ['zod'] }),
  library('yup', 'Yup', 'validation', { npm: ['yup'] }),
  library('ajv', 'Ajv', 'validation', { npm: ['ajv'] }),
  library('class-validator', 'class-validator', 'validation', { npm: ['class-validator'] }),
  library('superstruct', 'Superstruct', 'validation', { npm: ['superstruct'] }),
  library('valibot', 'Valibot', 'validation', { npm: ['valibot'] }),
  library('pydantic', 'Pydantic', 'validation', { pypi: ['pydantic'] }),
  library('marshmallow', 'marshmallow', 'validation', { pypi: ['marshmallow'] }),
  library('cerberus', 'Cerberus', 'validation', { pypi: ['cerberus'] }),
  library('moment', 'Moment.js', 'date', { npm: ['moment'] }, { mentions: /\bmoment(?:\.js)\b/i, clients: ['moment'] }),
  library('dayjs', 'Day.js', 'date', { npm: ['dayjs'] }),
  library('date-fns', 'date-fns', 'date', { npm: ['date-fns'] }),
  library('luxon', 'Luxon', 'date', { npm: ['luxon'] }),
  library('arrow', 'Arrow', 'date', { pypi: ['arrow'] }),
  library('pendulum', 'Pendulum', 'date', { pypi: ['pendulum'] }),
  library('hapi', 'hapi', 'web-framework', { npm: ['@hapi/hapi'] }),

  // Deployment and hosting: what an ADR chooses for shipping the project (the deployment pack's guidance)
  { id: 'docker', name: 'Docker', prose: ['Docker', 'Dockerfile', 'Docker Compose', 'docker-compose', 'Podman', /\bcontaineri[sz](?:e|ed|es|ing|ation)\b/i, 'OCI image'], deployment: { area: 'container', mentions: /\b(docker|dockerfile|docker[- ]compose|containeri[sz]ed?|containers?)\b/i } },
  { id: 'kubernetes', name: 'Kubernetes', prose: ['Kubernetes', 'k8s', 'EKS', 'GKE', 'AKS', 'OpenShift', 'k3s'], deployment: { area: 'orchestration', mentions: /\b(kubernetes|k8s|kubectl|eks|gke|aks)\b/i } },
  { id: 'helm', name: 'Helm', prose: [/\bHelm\b/, 'Helm chart', 'Helm charts'], deployment: { area: 'orchestration', mentions: /\bhelm\b/i } },
  { id: 'terraform', name: 'Terraform', prose: ['Terraform', 'OpenTofu'], deployment: { area: 'infrastructure', mentions: /\b(terraform|opentofu)\b/i } },
  { id: 'serverless', name: 'Serverless', deployment: { area: 'serverless', mentions: /\b(serverless|aws lambda|lambda functions?|aws sam|cloud functions)\b/i } },
  { id: 'github-actions', name: 'GitHub Actions', prose: ['GitHub Actions', 'GitHub workflow', 'GitHub workflows'], deployment: { area: 'ci', mentions: /\bgithub actions\b/i } },
  { id: 'gitlab-ci', name: 'GitLab CI', prose: ['GitLab CI', 'GitLab CI/CD', 'GitLab pipeline', 'GitLab pipelines'], deployment: { area: 'ci', mentions: /\bgitlab[- ]ci\b/i } },
  { id: 'jenkins', name: 'Jenkins', prose: ['Jenkins', 'Jenkinsfile'], deployment: { area: 'ci', mentions: /\bjenkins\b/i } },
  { id: 'aws', name: 'AWS', deployment: { area: 'hosting', mentions: /\b(aws|amazon web services|ecs|fargate)\b/i } },
  { id: 'google-cloud', name: 'Google Cloud', deployment: { area: 'hosting', mentions: /\b(gcp|google cloud|cloud run)\b/i } },
  { id: 'azure', name: 'Azure', deployment: { area: 'hosting', mentions: /\bazure\b/i } },
  { id: 'heroku', name: 'Heroku', prose: ['Heroku'], files: /^(Procfile|heroku\.yml)$/, deployment: { area: 'hosting', mentions: /\bheroku\b/i } },
  { id: 'vercel', name: 'Vercel', prose: ['Vercel'], deployment: { area: 'hosting', mentions: /\bvercel\b/i } },
  { id: 'netlify', name: 'Netlify', prose: ['Netlify'], deployment: { area: 'hosting', mentions: /\bnetlify\b/i } },

  ...APPLICATION_TECHNOLOGIES,
  ...PLATFORM_TECHNOLOGIES,
];

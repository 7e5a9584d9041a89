/**
 * What dependencies and files give away: frameworks, data stores, messaging
 * clients and test frameworks. Package names are per ecosystem because the
 * same name means different things in different registries (`mocha` is a
 * JavaScript test runner but a Ruby mocking library). A pattern ending in `*`
 * is a prefix; names compare case-insensitively. `jvm` covers Maven and Gradle
 * (`group:artifact`).
 */

export type Category = 'framework' | 'database' | 'messaging' | 'testing';

export type EcosystemGroup = 'npm' | 'pypi' | 'go' | 'cargo' | 'jvm' | 'rubygems' | 'composer' | 'nuget';

export type CatalogEntry = { name: string; category: Category; files?: RegExp } & Partial<Record<EcosystemGroup, string[]>>;

export const CATALOG: CatalogEntry[] = [
  // Web and application frameworks
  { name: 'React', category: 'framework', npm: ['react'] },
  { name: 'Next.js', category: 'framework', npm: ['next'], files: /(^|\/)next\.config\.(js|mjs|cjs|ts)$/ },
  { name: 'Vue', category: 'framework', npm: ['vue'] },
  { name: 'Nuxt', category: 'framework', npm: ['nuxt', 'nuxt3'], files: /(^|\/)nuxt\.config\.(js|mjs|ts)$/ },
  { name: 'Angular', category: 'framework', npm: ['@angular/core'], files: /(^|\/)angular\.json$/ },
  { name: 'Svelte', category: 'framework', npm: ['svelte'] },
  { name: 'SvelteKit', category: 'framework', npm: ['@sveltejs/kit'] },
  { name: 'Solid', category: 'framework', npm: ['solid-js'] },
  { name: 'Remix', category: 'framework', npm: ['@remix-run/*'] },
  { name: 'Astro', category: 'framework', npm: ['astro'] },
  { name: 'Electron', category: 'framework', npm: ['electron'] },
  { name: 'Express', category: 'framework', npm: ['express'] },
  { name: 'NestJS', category: 'framework', npm: ['@nestjs/core'] },
  { name: 'Fastify', category: 'framework', npm: ['fastify'] },
  { name: 'Koa', category: 'framework', npm: ['koa'] },
  { name: 'Hono', category: 'framework', npm: ['hono'] },
  { name: 'Django', category: 'framework', pypi: ['django'] },
  { name: 'Flask', category: 'framework', pypi: ['flask'] },
  { name: 'FastAPI', category: 'framework', pypi: ['fastapi'] },
  { name: 'Starlette', category: 'framework', pypi: ['starlette'] },
  { name: 'Tornado', category: 'framework', pypi: ['tornado'] },
  { name: 'Spring Boot', category: 'framework', jvm: ['org.springframework.boot:*', 'org.springframework.boot'] },
  { name: 'Quarkus', category: 'framework', jvm: ['io.quarkus:*'] },
  { name: 'Micronaut', category: 'framework', jvm: ['io.micronaut:*', 'io.micronaut.*'] },
  { name: 'Ktor', category: 'framework', jvm: ['io.ktor:*'] },
  { name: 'Rails', category: 'framework', rubygems: ['rails', 'railties'], files: /^config\/routes\.rb$/ },
  { name: 'Sinatra', category: 'framework', rubygems: ['sinatra'] },
  { name: 'Hanami', category: 'framework', rubygems: ['hanami'] },
  { name: 'Laravel', category: 'framework', composer: ['laravel/framework'] },
  { name: 'Symfony', category: 'framework', composer: ['symfony/framework-bundle', 'symfony/http-kernel'] },
  { name: 'Slim', category: 'framework', composer: ['slim/slim'] },
  { name: 'Gin', category: 'framework', go: ['github.com/gin-gonic/gin'] },
  { name: 'Echo', category: 'framework', go: ['github.com/labstack/echo*'] },
  { name: 'Fiber', category: 'framework', go: ['github.com/gofiber/fiber*'] },
  { name: 'Chi', category: 'framework', go: ['github.com/go-chi/chi*'] },
  { name: 'Gorilla Mux', category: 'framework', go: ['github.com/gorilla/mux'] },
  { name: 'Actix', category: 'framework', cargo: ['actix-web'] },
  { name: 'Axum', category: 'framework', cargo: ['axum'] },
  { name: 'Rocket', category: 'framework', cargo: ['rocket'] },
  { name: 'Warp', category: 'framework', cargo: ['warp'] },
  { name: 'ASP.NET Core', category: 'framework', nuget: ['Microsoft.AspNetCore.*'] },
  // Not web frameworks (repository/classify.ts NOT_WEB): a Kubernetes operator's, and command-line ones.
  { name: 'Kubernetes controller-runtime', category: 'framework', go: ['sigs.k8s.io/controller-runtime'] },
  { name: 'Cobra', category: 'framework', go: ['github.com/spf13/cobra'] },
  { name: 'urfave/cli', category: 'framework', go: ['github.com/urfave/cli*'] },
  { name: 'Click', category: 'framework', pypi: ['click'] },
  { name: 'Typer', category: 'framework', pypi: ['typer'] },
  // Desktop GUI toolkits (repository/classify.ts GUI): they make a desktop application. Tkinter is in the
  // standard library, so it is found from the imports (scanner/source-imports.ts), not from a manifest.
  { name: 'Qt (PySide)', category: 'framework', pypi: ['pyside6', 'pyside6-essentials', 'pyside2'] },
  { name: 'Qt (PyQt)', category: 'framework', pypi: ['pyqt5', 'pyqt6'] },
  { name: 'wxPython', category: 'framework', pypi: ['wxpython'] },
  { name: 'Kivy', category: 'framework', pypi: ['kivy'] },

  // Databases, their drivers and ORMs
  {
    name: 'PostgreSQL', category: 'database', npm: ['pg', 'postgres', 'pg-promise'], pypi: ['psycopg', 'psycopg2', 'psycopg2-binary', 'psycopg-binary', 'asyncpg'],
    go: ['github.com/lib/pq', 'github.com/jackc/pgx*'], cargo: ['tokio-postgres', 'postgres'], jvm: ['org.postgresql:postgresql'], rubygems: ['pg'], nuget: ['Npgsql*'],
  },
  {
    name: 'MySQL', category: 'database', npm: ['mysql', 'mysql2'], pypi: ['pymysql', 'mysqlclient', 'mysql-connector-python', 'aiomysql'], go: ['github.com/go-sql-driver/mysql'],
    jvm: ['mysql:mysql-connector-java', 'com.mysql:mysql-connector-j'], rubygems: ['mysql2'], nuget: ['MySqlConnector', 'MySql.Data'],
  },
  { name: 'SQLite', category: 'database', npm: ['sqlite3', 'better-sqlite3', 'sqlite'], go: ['github.com/mattn/go-sqlite3', 'modernc.org/sqlite'], cargo: ['rusqlite'], rubygems: ['sqlite3'], nuget: ['Microsoft.Data.Sqlite*'] },
  {
    name: 'MongoDB', category: 'database', npm: ['mongodb', 'mongoose'], pypi: ['pymongo', 'motor', 'mongoengine', 'beanie'], go: ['go.mongodb.org/mongo-driver*'], cargo: ['mongodb'],
    jvm: ['org.mongodb:*', 'org.springframework.boot:spring-boot-starter-data-mongodb'], rubygems: ['mongoid', 'mongo'], nuget: ['MongoDB.Driver'],
  },
  {
    name: 'Redis', category: 'database', npm: ['redis', 'ioredis', '@redis/client'], pypi: ['redis', 'aioredis'], go: ['github.com/redis/go-redis*', 'github.com/go-redis/redis*'], cargo: ['redis'],
    jvm: ['redis.clients:jedis', 'io.lettuce:lettuce-core', 'org.springframework.boot:spring-boot-starter-data-redis'], rubygems: ['redis'], composer: ['predis/predis'], nuget: ['StackExchange.Redis'],
  },
  { name: 'Elasticsearch', category: 'database', npm: ['@elastic/elasticsearch'], pypi: ['elasticsearch'], go: ['github.com/elastic/go-elasticsearch*'], jvm: ['co.elastic.clients:*'] },
  { name: 'DynamoDB', category: 'database', npm: ['@aws-sdk/client-dynamodb', '@aws-sdk/lib-dynamodb'], go: ['github.com/aws/aws-sdk-go-v2/service/dynamodb'], nuget: ['AWSSDK.DynamoDBv2'] },
  { name: 'Cassandra', category: 'database', npm: ['cassandra-driver'], pypi: ['cassandra-driver'], go: ['github.com/gocql/gocql'] },
  { name: 'Prisma', category: 'database', npm: ['prisma', '@prisma/client'], files: /(^|\/)schema\.prisma$/ },
  { name: 'TypeORM', category: 'database', npm: ['typeorm'] },
  { name: 'Sequelize', category: 'database', npm: ['sequelize'] },
  { name: 'Drizzle', category: 'database', npm: ['drizzle-orm'] },
  { name: 'Knex', category: 'database', npm: ['knex'] },
  { name: 'MikroORM', category: 'database', npm: ['@mikro-orm/core'] },
  { name: 'SQLAlchemy', category: 'database', pypi: ['sqlalchemy', 'flask-sqlalchemy', 'sqlmodel'] },
  { name: 'Alembic', category: 'database', pypi: ['alembic'] },
  { name: 'GORM', category: 'database', go: ['gorm.io/gorm'] },
  { name: 'Diesel', category: 'database', cargo: ['diesel'] },
  { name: 'SQLx', category: 'database', cargo: ['sqlx'], go: ['github.com/jmoiron/sqlx'] },
  { name: 'Hibernate / JPA', category: 'database', jvm: ['org.hibernate*', 'org.springframework.boot:spring-boot-starter-data-jpa', 'jakarta.persistence:*'] },
  { name: 'Entity Framework Core', category: 'database', nuget: ['Microsoft.EntityFrameworkCore*'] },
  { name: 'Doctrine', category: 'database', composer: ['doctrine/orm', 'doctrine/dbal'] },

  // Messaging and queues
  {
    name: 'Kafka', category: 'messaging', npm: ['kafkajs', 'node-rdkafka', '@confluentinc/kafka-javascript'], pypi: ['kafka-python', 'confluent-kafka', 'aiokafka'],
    go: ['github.com/segmentio/kafka-go', 'github.com/confluentinc/confluent-kafka-go*', 'github.com/ibm/sarama', 'github.com/shopify/sarama'], cargo: ['rdkafka'],
    jvm: ['org.apache.kafka:*', 'org.springframework.kafka:*'], rubygems: ['ruby-kafka', 'rdkafka', 'karafka'], nuget: ['Confluent.Kafka'],
  },
  {
    name: 'RabbitMQ', category: 'messaging', npm: ['amqplib', 'amqp-connection-manager'], pypi: ['pika', 'aio-pika', 'kombu'], go: ['github.com/rabbitmq/amqp091-go', 'github.com/streadway/amqp'],
    cargo: ['lapin'], jvm: ['com.rabbitmq:amqp-client', 'org.springframework.boot:spring-boot-starter-amqp'], rubygems: ['bunny'], composer: ['php-amqplib/php-amqplib'], nuget: ['RabbitMQ.Client'],
  },
  { name: 'NATS', category: 'messaging', npm: ['nats', '@nats-io/*'], pypi: ['nats-py'], go: ['github.com/nats-io/nats.go'], cargo: ['async-nats'], jvm: ['io.nats:jnats'] },
  {
    name: 'AWS SQS', category: 'messaging', npm: ['@aws-sdk/client-sqs', 'sqs-consumer'], go: ['github.com/aws/aws-sdk-go-v2/service/sqs'], jvm: ['software.amazon.awssdk:sqs'],
    rubygems: ['aws-sdk-sqs'], nuget: ['AWSSDK.SQS'],
  },
  { name: 'AWS SNS', category: 'messaging', npm: ['@aws-sdk/client-sns'], go: ['github.com/aws/aws-sdk-go-v2/service/sns'], jvm: ['software.amazon.awssdk:sns'], nuget: ['AWSSDK.SimpleNotificationService'] },
  { name: 'Google Pub/Sub', category: 'messaging', npm: ['@google-cloud/pubsub'], pypi: ['google-cloud-pubsub'], go: ['cloud.google.com/go/pubsub'], jvm: ['com.google.cloud:google-cloud-pubsub'] },
  { name: 'Azure Service Bus', category: 'messaging', npm: ['@azure/service-bus'], pypi: ['azure-servicebus'], nuget: ['Azure.Messaging.ServiceBus'] },
  { name: 'MQTT', category: 'messaging', npm: ['mqtt'], pypi: ['paho-mqtt'], go: ['github.com/eclipse/paho.mqtt.golang'] },
  { name: 'BullMQ', category: 'messaging', npm: ['bullmq', 'bull'] },
  { name: 'Celery', category: 'messaging', pypi: ['celery'] },
  { name: 'Sidekiq', category: 'messaging', rubygems: ['sidekiq'] },
  { name: 'MassTransit', category: 'messaging', nuget: ['MassTransit*'] },

  // Test frameworks
  { name: 'Jest', category: 'testing', npm: ['jest'], files: /(^|\/)jest\.config\.(js|cjs|mjs|ts|json)$/ },
  { name: 'Vitest', category: 'testing', npm: ['vitest'], files: /(^|\/)vitest\.config\.(js|mjs|cjs|ts|mts)$/ },
  { name: 'Mocha', category: 'testing', npm: ['mocha'], files: /(^|\/)\.mocharc\.(js|cjs|json|ya?ml)$/ },
  { name: 'Jasmine', category: 'testing', npm: ['jasmine', 'jasmine-core'] },
  { name: 'AVA', category: 'testing', npm: ['ava'] },
  { name: 'Playwright', category: 'testing', npm: ['@playwright/test'], pypi: ['playwright', 'pytest-playwright'], files: /(^|\/)playwright\.config\.(js|ts|mjs)$/ },
  { name: 'Cypress', category: 'testing', npm: ['cypress'], files: /(^|\/)cypress\.config\.(js|ts|mjs)$/ },
  { name: 'Testing Library', category: 'testing', npm: ['@testing-library/*'] },
  { name: 'pytest', category: 'testing', pypi: ['pytest'], files: /(^|\/)(pytest\.ini|conftest\.py)$/ },
  { name: 'go test', category: 'testing', files: /_test\.go$/ },
  { name: 'Testify', category: 'testing', go: ['github.com/stretchr/testify'] },
  { name: 'Ginkgo', category: 'testing', go: ['github.com/onsi/ginkgo*'] },
  { name: 'JUnit', category: 'testing', jvm: ['junit:junit', 'org.junit.jupiter:*', 'org.junit:*', 'org.springframework.boot:spring-boot-starter-test'] },
  { name: 'TestNG', category: 'testing', jvm: ['org.testng:testng'] },
  { name: 'RSpec', category: 'testing', rubygems: ['rspec', 'rspec-rails', 'rspec-core'], files: /(^|\/)\.rspec$/ },
  { name: 'Minitest', category: 'testing', rubygems: ['minitest'] },
  { name: 'PHPUnit', category: 'testing', composer: ['phpunit/phpunit'], files: /(^|\/)phpunit\.xml(\.dist)?$/ },
  { name: 'Pest', category: 'testing', composer: ['pestphp/pest'] },
  { name: 'xUnit', category: 'testing', nuget: ['xunit', 'xunit.*'] },
  { name: 'NUnit', category: 'testing', nuget: ['NUnit'] },
  { name: 'MSTest', category: 'testing', nuget: ['MSTest.TestFramework', 'MSTest'] },
  { name: 'cargo test', category: 'testing', files: /(^|\/)tests\/[^/]+\.rs$/ },
];

/**
 * Technologies an ADR may choose or reject, with the words that name them in
 * prose and the packages that bring them into a project (npm, PyPI, Go). A
 * decision's technology becomes a dependency rule through these packages.
 */

export interface Technology {
  id: string;
  name: string;
  /** Matched on word boundaries; case-sensitive for names that are also English words (Express, React). */
  words: RegExp;
  packages: string[];
}

const t = (id: string, name: string, words: RegExp, packages: string[]): Technology => ({ id, name, words, packages });

export const TECHNOLOGIES: Technology[] = [
  t('postgresql', 'PostgreSQL', /\b(postgres(?:ql)?|pg)\b/i, ['pg', 'postgres', 'pg-promise', 'psycopg2', 'psycopg2-binary', 'psycopg', 'asyncpg', 'github.com/lib/pq', 'github.com/jackc/pgx']),
  t('mongodb', 'MongoDB', /\b(mongo(?:db)?|mongoose)\b/i, ['mongodb', 'mongoose', 'pymongo', 'motor', 'mongoengine', 'go.mongodb.org/mongo-driver']),
  t('mysql', 'MySQL', /\b(mysql|mariadb)\b/i, ['mysql', 'mysql2', 'mariadb', 'pymysql', 'mysqlclient', 'github.com/go-sql-driver/mysql']),
  t('sqlite', 'SQLite', /\bsqlite3?\b/i, ['sqlite3', 'better-sqlite3', 'github.com/mattn/go-sqlite3']),
  t('redis', 'Redis', /\bredis\b/i, ['redis', 'ioredis', 'github.com/redis/go-redis']),
  t('dynamodb', 'DynamoDB', /\bdynamo(?:db)?\b/i, ['@aws-sdk/client-dynamodb', 'aws-sdk', 'boto3']),
  t('elasticsearch', 'Elasticsearch', /\belastic ?search\b/i, ['@elastic/elasticsearch', 'elasticsearch']),
  t('cassandra', 'Cassandra', /\bcassandra\b/i, ['cassandra-driver']),
  t('prisma', 'Prisma', /\bprisma\b/i, ['prisma', '@prisma/client']),
  t('typeorm', 'TypeORM', /\btypeorm\b/i, ['typeorm']),
  t('sequelize', 'Sequelize', /\bsequelize\b/i, ['sequelize']),
  t('knex', 'Knex', /\bknex\b/i, ['knex']),
  t('sqlalchemy', 'SQLAlchemy', /\bsql ?alchemy\b/i, ['sqlalchemy']),
  t('express', 'Express', /\bExpress(?:\.?js)?\b/, ['express']),
  t('fastify', 'Fastify', /\bfastify\b/i, ['fastify']),
  t('koa', 'Koa', /\bKoa\b/, ['koa']),
  t('nestjs', 'NestJS', /\bnest(?:\.?js)\b/i, ['@nestjs/core']),
  t('react', 'React', /\bReact(?:\.?js)?\b/, ['react']),
  t('vue', 'Vue', /\bVue(?:\.?js)?\b/, ['vue']),
  t('angular', 'Angular', /\bangular\b/i, ['@angular/core']),
  t('svelte', 'Svelte', /\bsvelte\b/i, ['svelte']),
  t('jquery', 'jQuery', /\bjquery\b/i, ['jquery']),
  t('moment', 'Moment.js', /\bmoment(?:\.js)\b/i, ['moment']),
  t('graphql', 'GraphQL', /\bgraphql\b/i, ['graphql', 'graphene', 'strawberry-graphql']),
  t('kafka', 'Kafka', /\bkafka\b/i, ['kafkajs', 'kafka-python', 'confluent-kafka', 'github.com/segmentio/kafka-go']),
  t('rabbitmq', 'RabbitMQ', /\brabbit ?mq\b/i, ['amqplib', 'pika']),
  t('jest', 'Jest', /\bjest\b/i, ['jest']),
  t('vitest', 'Vitest', /\bvitest\b/i, ['vitest']),
  t('mocha', 'Mocha', /\bmocha\b/i, ['mocha']),
  t('django', 'Django', /\bdjango\b/i, ['django']),
  t('flask', 'Flask', /\bflask\b/i, ['flask']),
  t('fastapi', 'FastAPI', /\bfast ?api\b/i, ['fastapi']),
  t('gin', 'Gin', /\bGin\b/, ['github.com/gin-gonic/gin']),
  t('axios', 'Axios', /\baxios\b/i, ['axios']),
];

/** The technologies a piece of prose names, in table order. */
export function technologiesIn(text: string): Technology[] {
  return TECHNOLOGIES.filter((tech) => tech.words.test(text));
}

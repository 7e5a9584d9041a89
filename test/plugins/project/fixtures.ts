/** Small, realistic projects written to temp folders at test time, for the project scanner. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tempDir } from '../../helpers/workspace.js';

export type Tree = Record<string, string>;

export function writeTree(root: string, tree: Tree): string {
  for (const [path, content] of Object.entries(tree)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

export function project(tree: Tree, prefix = 'toolpack-project-'): string {
  return writeTree(tempDir(prefix), tree);
}

/** git with a fixed identity and no user or system config, so the host's settings cannot change the outcome. */
export function git(root: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' },
  });
}

export const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** An Express API on PostgreSQL, containerised, with compose (postgres, redis) and a GitHub Actions workflow. */
export const nodeService = (): Tree => ({
  'package.json': json({
    name: 'orders-api',
    version: '1.0.0',
    dependencies: { express: '^4.19.2', pg: '^8.11.3', ioredis: '^5.3.2' },
    devDependencies: { jest: '^29.7.0', supertest: '^6.3.4' },
  }),
  'src/index.js': "import express from 'express';\nimport { orders } from './routes/orders.js';\n\nconst app = express();\napp.use('/orders', orders);\napp.listen(3000);\n",
  'src/routes/orders.js': "import { Router } from 'express';\nimport { listOrders } from '../services/orders.js';\n\nexport const orders = Router().get('/', async (_req, res) => res.json(await listOrders()));\n",
  'src/services/orders.js': "import pg from 'pg';\n\nconst pool = new pg.Pool();\nexport const listOrders = async () => (await pool.query('select * from orders')).rows;\n",
  'test/orders.test.js': "import { listOrders } from '../src/services/orders.js';\n\ntest('lists', () => expect(listOrders).toBeDefined());\n",
  Dockerfile: [
    'FROM node:20-alpine AS deps',
    'WORKDIR /app',
    'COPY package*.json ./',
    'RUN npm ci --omit=dev',
    '',
    'FROM deps AS build',
    'COPY . .',
    '',
    'FROM --platform=linux/amd64 gcr.io/distroless/nodejs20-debian12',
    'COPY --from=build /app /app',
    'CMD ["/app/src/index.js"]',
    '',
  ].join('\n'),
  'docker-compose.yml': [
    'services:',
    '  api:',
    '    build: .',
    '    ports: ["3000:3000"]',
    '    depends_on: [postgres, redis]',
    '  postgres:',
    '    image: postgres:16',
    '    environment:',
    '      POSTGRES_PASSWORD: example',
    '  redis:',
    '    image: redis:7-alpine',
    '',
  ].join('\n'),
  '.github/workflows/ci.yml': [
    'name: CI',
    'on: [push, pull_request]',
    'jobs:',
    '  test:',
    '    runs-on: ubuntu-latest',
    '    steps:',
    '      - uses: actions/checkout@v4',
    '      - run: npm ci && npm test',
    '  docker:',
    '    runs-on: ubuntu-latest',
    '    steps:',
    '      - run: docker build .',
    '',
  ].join('\n'),
  'README.md': '# Orders API\n\nLists orders from PostgreSQL.\n',
});

/** A FastAPI service with PEP 621 metadata, a requirements file, pytest tests and MkDocs documentation. */
export const pythonApp = (): Tree => ({
  'pyproject.toml': [
    '[build-system]',
    'requires = ["hatchling"]',
    'build-backend = "hatchling.build"',
    '',
    '[project]',
    'name = "inventory"',
    'version = "0.3.0"',
    'requires-python = ">=3.11"',
    'dependencies = [',
    '  "fastapi>=0.110",',
    '  "uvicorn[standard]>=0.29",  # the ASGI server',
    '  "SQLAlchemy>=2.0",',
    "  'psycopg[binary]>=3.1; python_version >= \"3.11\"',",
    ']',
    '',
    '[project.optional-dependencies]',
    'dev = ["pytest>=8.0", "httpx"]',
    '',
    '[tool.pytest.ini_options]',
    'testpaths = ["tests"]',
    '',
  ].join('\n'),
  'requirements.txt': '# pinned for the container\nfastapi==0.110.0\nredis==5.0.1\n-r requirements-base.txt\n',
  'app/__init__.py': '',
  'app/main.py': 'from fastapi import FastAPI\n\napp = FastAPI()\n\n\n@app.get("/items")\ndef items():\n    return []\n',
  'tests/conftest.py': 'import pytest\n',
  'tests/test_main.py': 'from app.main import items\n\n\ndef test_items():\n    assert items() == []\n',
  'mkdocs.yml': 'site_name: Inventory\nnav:\n  - Home: index.md\n',
  'docs/index.md': '# Inventory\n',
  'README.md': '# Inventory\n',
});

/** A Go module on gin with Kafka, hexagonal folders, Terraform and Kubernetes manifests. */
export const goModule = (): Tree => ({
  'go.mod': [
    'module github.com/acme/ledger',
    '',
    'go 1.22',
    '',
    'require (',
    '\tgithub.com/gin-gonic/gin v1.9.1',
    '\tgithub.com/segmentio/kafka-go v0.4.47',
    '\tgolang.org/x/net v0.25.0 // indirect',
    ')',
    '',
    'require github.com/stretchr/testify v1.9.0',
    '',
  ].join('\n'),
  'main.go': 'package main\n\nimport "github.com/gin-gonic/gin"\n\nfunc main() {\n\tr := gin.Default()\n\tr.Run()\n}\n',
  'main_test.go': 'package main\n\nimport "testing"\n\nfunc TestMain(t *testing.T) {}\n',
  'internal/domain/ledger.go': 'package domain\n\ntype Entry struct{ Amount int64 }\n',
  'internal/ports/store.go': 'package ports\n\ntype Store interface{}\n',
  'internal/adapters/kafka.go': 'package adapters\n',
  'deploy/terraform/main.tf': [
    'terraform {',
    '  required_providers {',
    '    aws = {',
    '      source  = "hashicorp/aws"',
    '      version = "~> 5.0"',
    '    }',
    '    google = {',
    '      source = "hashicorp/google"',
    '    }',
    '  }',
    '}',
    '',
    'provider "aws" {',
    '  region = "eu-west-1"',
    '}',
    '',
    'resource "aws_s3_bucket" "ledger" {',
    '  bucket = "ledger"',
    '}',
    '',
  ].join('\n'),
  'deploy/k8s/ledger.yaml': [
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    '  name: ledger',
    'spec:',
    '  replicas: 2',
    '---',
    'apiVersion: v1',
    'kind: Service',
    'metadata:',
    '  name: ledger',
    'spec:',
    '  ports: [{ port: 80 }]',
    '',
  ].join('\n'),
  'deploy/k8s/values-note.yaml': 'replicas: 3\n',
});

/** npm workspaces with a Next.js web package and a Fastify API package. */
export const npmMonorepo = (): Tree => ({
  'package.json': json({ name: 'acme', private: true, workspaces: ['packages/*'], devDependencies: { vitest: '^2.0.0' } }),
  'packages/web/package.json': json({ name: '@acme/web', dependencies: { next: '14.2.3', react: '18.3.1', 'react-dom': '18.3.1' } }),
  'packages/web/app/page.tsx': 'export default function Page() {\n  return <main>Acme</main>;\n}\n',
  'packages/api/package.json': json({ name: '@acme/api', dependencies: { fastify: '^4.27.0', kafkajs: '^2.2.4' } }),
  'packages/api/src/server.ts': "import Fastify from 'fastify';\n\nFastify().listen({ port: 3000 });\n",
  'packages/api/Dockerfile': 'FROM node:20\nCOPY . .\n',
  'packages/web/Dockerfile': 'FROM node:20-slim\nCOPY . .\n',
});

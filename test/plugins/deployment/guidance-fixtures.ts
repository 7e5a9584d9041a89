/** Fixture projects for the deployment guidance tests: each a realistic tree written into a temp folder. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../../helpers/workspace.js';
import { FAKE } from '../security/fake-secrets.js';

export function writeTree(files: Record<string, string>, prefix = 'toolpack-deploy-'): string {
  const root = tempDir(prefix);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const adr = (number: number, title: string, status: string, decision: string, options = '') =>
  `# ${number}. ${title}\n\nDate: 2026-02-0${number}\n\n## Status\n\n${status}\n\n## Context\n\nWe need to run the shop API reliably.${options}\n\n## Decision\n\n${decision}\n\n## Consequences\n\nThe team learns the tooling.\n`;

/** A Node API on Kubernetes with a Helm chart, Terraform, a compose file for local work, PostgreSQL and migrations. */
export function kubernetesShop(): string {
  return writeTree({
    'package.json': JSON.stringify(
      {
        name: '@acme/shop-api',
        version: '1.4.0',
        scripts: { build: 'tsc -p .', test: 'vitest run', lint: 'eslint .', migrate: 'node scripts/migrate.js', start: 'node dist/server.js', dev: 'tsx watch src/server.ts' },
        dependencies: { express: '^4.19.0', pg: '^8.11.0' },
        devDependencies: { vitest: '^1.6.0', typescript: '^5.4.0' },
      },
      null,
      2,
    ),
    'package-lock.json': '{ "lockfileVersion": 3 }\n',
    'src/server.ts': "import express from 'express';\nimport pg from 'pg';\nexport const pool = new pg.Pool();\nexpress().listen(8080);\n",
    'scripts/migrate.js': "console.log('migrating');\n",
    'db/migrations/001_create_orders.sql': 'CREATE TABLE orders (id serial primary key);\n',
    Dockerfile: 'FROM node:20.11-alpine AS build\nWORKDIR /app\nCOPY . .\nRUN npm ci && npm run build\n\nFROM node:20.11-alpine\nWORKDIR /app\nCOPY --from=build /app/dist ./dist\nUSER node\nCMD ["node", "dist/server.js"]\n',
    'docker-compose.yml': 'name: shop\nservices:\n  api:\n    build: .\n    ports: ["8080:8080"]\n  db:\n    image: postgres:16.2\n',
    'k8s/deployment.yaml':
      'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: shop-api\nspec:\n  replicas: 2\n  selector:\n    matchLabels: { app: shop-api }\n  template:\n    metadata:\n      labels: { app: shop-api }\n    spec:\n      containers:\n        - name: api\n          image: registry.acme.io/shop-api:latest\n          ports: [{ containerPort: 8080 }]\n',
    'k8s/service.yaml': 'apiVersion: v1\nkind: Service\nmetadata:\n  name: shop-api\nspec:\n  selector: { app: shop-api }\n  ports: [{ port: 80, targetPort: 8080 }]\n',
    'charts/shop/Chart.yaml': 'apiVersion: v2\nname: shop\nversion: 0.3.0\n',
    'charts/shop/values.yaml': 'replicaCount: 1\n',
    'charts/shop/values-production.yaml': 'replicaCount: 3\n',
    'charts/shop/templates/deployment.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {{ .Release.Name }}\n',
    'infra/main.tf': 'terraform {\n  required_providers {\n    aws = { source = "hashicorp/aws" }\n  }\n}\nprovider "aws" {\n  region = var.region\n}\n',
    'infra/variables.tf': 'variable "region" {}\n',
    'infra/production.tfvars': 'region = "eu-west-1"\n',
    'infra/staging.tfvars': 'region = "eu-west-2"\n',
    '.env': `DATABASE_URL=postgres://shop:${FAKE.dbPassword}@db/shop\nGITHUB_TOKEN=${FAKE.githubToken}\n`,
    '.github/workflows/ci.yml': 'name: ci\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: npm ci && npm test\n',
    'docs/adrs/0001-use-kubernetes-for-deployment.md': adr(1, 'Use Kubernetes for deployment', 'Accepted', 'We will deploy the shop API to Kubernetes, packaged as a Helm chart.'),
    'docs/adrs/0002-use-postgresql.md': adr(2, 'Use PostgreSQL', 'Accepted', 'We will store orders in PostgreSQL.'),
    'docs/adrs/0003-use-aws-lambda.md': adr(3, 'Use AWS Lambda for image resizing', 'Proposed', 'We will resize images in AWS Lambda functions.'),
    'README.md': '# Shop API\n',
  });
}

/** A Python worker on the Serverless Framework, with a Makefile, pytest and Alembic migrations. */
export function serverlessWorker(): string {
  return writeTree({
    'pyproject.toml': '[project]\nname = "billing-worker"\nversion = "0.9.2"\ndependencies = ["boto3>=1.34", "sqlalchemy>=2.0"]\n\n[project.optional-dependencies]\ntest = ["pytest>=8"]\n\n[build-system]\nrequires = ["hatchling"]\nbuild-backend = "hatchling.build"\n',
    Makefile: 'install:\n\tpip install -e .[test]\n\ntest:\n\tpytest -q\n\ndeploy:\n\tsls deploy\n',
    'serverless.yml': 'service: billing-worker\nprovider:\n  name: aws\n  runtime: python3.12\nfunctions:\n  invoice:\n    handler: billing/handler.invoice\n    events:\n      - schedule: rate(1 hour)\n',
    'billing/__init__.py': '',
    'billing/handler.py': 'def invoice(event, context):\n    return {"ok": True}\n',
    'tests/test_handler.py': 'from billing.handler import invoice\n\ndef test_invoice():\n    assert invoice({}, None)["ok"]\n',
    'alembic.ini': '[alembic]\nscript_location = alembic\n',
    'alembic/env.py': '# alembic env\n',
    'alembic/versions/0001_invoices.py': 'revision = "0001"\n',
    '.gitignore': '.env\n.serverless/\n',
    'docs/adrs/0001-run-billing-on-aws-lambda.md': adr(1, 'Run billing on AWS Lambda', 'Accepted', 'We will run the billing jobs as AWS Lambda functions deployed with the Serverless Framework.'),
  });
}

/** Two services in compose, with a production override and Dockerfiles in their folders. */
export function composeApp(): string {
  return writeTree({
    'package.json': JSON.stringify({ name: 'ledger', private: true, scripts: { test: 'node --test' } }, null, 2),
    'docker-compose.yml': 'services:\n  web:\n    build: ./services/web\n    image: ledger/web\n  worker:\n    build:\n      context: ./services/worker\n      dockerfile: Dockerfile\n    image: ledger/worker\n  cache:\n    image: redis\n',
    'docker-compose.prod.yml': 'services:\n  web:\n    restart: always\n',
    'services/web/Dockerfile': 'FROM nginx:1.27-alpine\nCOPY . /usr/share/nginx/html\n',
    'services/worker/Dockerfile': 'FROM python:3.12-slim\nWORKDIR /app\nCOPY . .\nUSER 1000\nCMD ["python", "worker.py"]\n',
    'services/worker/worker.py': 'print("work")\n',
    'services/web/index.html': '<h1>Ledger</h1>\n',
  });
}

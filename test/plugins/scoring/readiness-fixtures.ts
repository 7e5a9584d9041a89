/** Projects for deployment_readiness: one ready for production, one neglected, committed to real git repositories under services/<name>. */
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { FAKE } from '../security/fake-secrets.js';
import { git, json, project, writeTree, type Tree } from '../project/fixtures.js';

const lockEntry = (version: string, license: string | null, extra: Record<string, unknown> = {}) => ({
  version,
  resolved: `https://registry.npmjs.org/x/-/x-${version}.tgz`,
  integrity: 'sha512-AAAA',
  ...(license ? { license } : {}),
  ...extra,
});

export const READY_SERVICE: Tree = {
  'package.json': json({ name: 'orders-api', version: '1.2.0', type: 'module', scripts: { start: 'node src/index.js', test: 'node --test' }, dependencies: { express: '^4.19.2' } }),
  'package-lock.json': json({
    name: 'orders-api',
    version: '1.2.0',
    lockfileVersion: 3,
    requires: true,
    packages: {
      '': { name: 'orders-api', version: '1.2.0', dependencies: { express: '^4.19.2' } },
      'node_modules/express': lockEntry('4.19.2', 'MIT'),
      'node_modules/node-forge': lockEntry('1.3.1', '(BSD-3-Clause OR GPL-2.0)'),
    },
  }),
  'README.md': '# Orders API\n\nConfiguration: `PORT` (default 3000) and `DATABASE_URL`.\n',
  '.env.example': 'PORT=3000\nDATABASE_URL=postgres://user:password@localhost:5432/orders\n',
  '.github/workflows/ci.yml': 'name: CI\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: npm ci\n      - run: npm test\n',
  Dockerfile: 'FROM node:20.11-alpine\nWORKDIR /app\nCOPY . .\nRUN npm ci --omit=dev\nUSER node\nHEALTHCHECK CMD wget -q -O- http://localhost:3000/health || exit 1\nCMD ["node", "src/index.js"]\n',
  'src/index.js': "import express from 'express';\n\nconst app = express();\napp.get('/health', (_req, res) => res.send('ok'));\napp.listen(Number(process.env.PORT ?? 3000));\nexport const db = process.env.DATABASE_URL;\n",
  'test/health.test.js': "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\n\ntest('adds', () => assert.equal(1 + 1, 2));\n",
};

export const NEGLECTED_SERVICE: Tree = {
  'package.json': json({ name: 'billing', version: '0.1.0', dependencies: { express: '^4.19.2', 'left-pad': '*', 'acme-utils': 'github:acme/utils' } }),
  Dockerfile: 'FROM node:latest\nWORKDIR /app\nCOPY . .\nRUN npm install\nCMD ["node", "index.js"]\n',
  'index.js': "const express = require('express');\nconst stripe = process.env.STRIPE_SECRET_KEY;\nexpress().listen(8080);\n",
};

/** A git repository holding `tree` under services/<name>, committed; the workspace is the repository. */
export function committedService(name: string, tree: Tree, extra: { untracked?: Tree; ignore?: string } = {}): { workspace: string; projectPath: string } {
  const workspace = realpathSync(project({}, 'toolpack-readiness-'));
  git(workspace, 'init', '-q', '-b', 'main');
  const projectPath = `services/${name}`;
  writeTree(join(workspace, projectPath), tree);
  if (extra.ignore) writeTree(workspace, { '.gitignore': extra.ignore });
  git(workspace, 'add', '-A');
  git(workspace, 'commit', '-q', '-m', `Add ${name}`);
  if (extra.untracked) writeTree(join(workspace, projectPath), extra.untracked);
  return { workspace, projectPath };
}

/** Leaks: a token in .env, a private key file, plus a binary and a large file the scan skips. */
export const LEAKY_FILES: Tree = {
  '.env': `PORT=3000\nGITHUB_TOKEN=${FAKE.githubToken}\n`,
  'deploy/id_rsa': 'not really a key, but the name is what is tracked\n',
  'assets/logo.png': `\x89PNG\r\n\x1a\n\0\0\0\rIHDR${'\0'.repeat(64)}`,
  'logs/big.log': `${'GET /orders 200 3ms\n'.repeat(60_000)}`,
};

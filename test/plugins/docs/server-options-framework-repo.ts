/**
 * A JavaScript web framework whose configuration is the options its factory takes:
 * `vantage(options)` in the entry module reads some of them, lib/options.js declares the
 * defaults and an options schema. Its docs/ folder of Reference/ and Guides/ pages (with
 * `Index.md` pages) is built elsewhere; maintainer scripts/ read GITHUB_TOKEN and take
 * flags of their own; a package-lock.json makes `npm ci` the contributors' install.
 * Written for these tests; no real project's text.
 */
import type { Tree } from '../project/fixtures.js';
import { json } from '../project/fixtures.js';

export const REFERENCE_INDEX = `# Reference

- [Server](./Server.md): the options of \`vantage(options)\` and the instance methods.
`;

export const GUIDES_INDEX = `# Guides

- [Benchmarking](./Benchmarking.md)
`;

export const SERVER_OPTIONS = [
  'connectionTimeout',
  'keepAliveTimeout',
  'bodyLimit',
  'caseSensitive',
  'ignoreTrailingSlash',
  'maxParamLength',
  'requestIdHeader',
  'trustProxy',
  'logger',
];

export const serverOptionsFramework = (): Tree => ({
  'package.json': json({
    name: 'vantage',
    version: '4.8.1',
    description: 'A small and fast web framework for Node.js',
    main: 'vantage.js',
    type: 'commonjs',
    scripts: { lint: 'eslint', unit: 'node --test test/', test: 'npm run lint && npm run unit', benchmark: 'node benchmarks/run.js' },
    dependencies: { 'find-my-way': '^9.0.0' },
    devDependencies: { eslint: '^9.0.0' },
  }),
  'package-lock.json': json({ name: 'vantage', version: '4.8.1', lockfileVersion: 3, requires: true, packages: {} }),
  'README.md': `# vantage

A small and fast web framework for Node.js.

## Install

\`\`\`sh
npm i vantage
\`\`\`

## Example

\`\`\`js
const vantage = require('vantage')
const app = vantage({ logger: true })
app.get('/', async () => ({ hello: 'world' }))
app.listen({ port: 3000 })
\`\`\`
`,
  'vantage.js': `'use strict'

const { defaultInitOptions, optionsSchema } = require('./lib/options')
const { buildServer } = require('./lib/server')
const { createLogger } = require('./lib/logger')

function vantage (options) {
  const logger = createLogger(options && options.logger)
  const trustProxy = Boolean(options && options.trustProxy)
  const settings = Object.assign({}, defaultInitOptions, options)
  validate(settings, optionsSchema)
  const server = buildServer(settings)

  const instance = {
    decorate: server.decorate,
    get: server.get,
    listen: server.listen,
    log: logger,
    trustProxy
  }
  return instance
}

function validate (settings, schema) {
  for (const key of Object.keys(schema.properties)) {
    if (settings[key] === undefined) throw new Error(\`missing option \${key}\`)
  }
}

module.exports = vantage
module.exports.vantage = vantage
`,
  'lib/options.js': `'use strict'

// The defaults of vantage(options); optionsSchema validates what users pass.
const defaultInitOptions = {
  connectionTimeout: 0,
  keepAliveTimeout: 72000,
  bodyLimit: 1048576,
  caseSensitive: true,
  ignoreTrailingSlash: false,
  maxParamLength: 100,
  requestIdHeader: 'request-id'
}

const optionsSchema = {
  type: 'object',
  additionalProperties: true,
  properties: {
    connectionTimeout: { type: 'integer', default: 0 },
    keepAliveTimeout: { type: 'integer', default: 72000 },
    bodyLimit: { type: 'integer', default: 1048576 },
    caseSensitive: { type: 'boolean', default: true },
    ignoreTrailingSlash: { type: 'boolean', default: false },
    maxParamLength: { type: 'integer', default: 100 },
    requestIdHeader: { type: 'string', default: 'request-id' }
  }
}

module.exports = { defaultInitOptions, optionsSchema }
`,
  'lib/server.js': `'use strict'

const http = require('node:http')

function buildServer (settings) {
  const routes = new Map()
  const server = http.createServer({ keepAliveTimeout: settings.keepAliveTimeout }, (req, res) => {
    const handler = routes.get(req.url)
    res.end(handler ? JSON.stringify(handler()) : '')
  })
  return {
    decorate: (name, value) => { server[name] = value },
    get: (url, handler) => routes.set(url, handler),
    listen: (opts, callback) => server.listen(opts.port, callback)
  }
}

module.exports = { buildServer }
`,
  'lib/logger.js': `'use strict'

function createLogger (enabled) {
  return enabled ? { info: (msg) => process.stdout.write(msg + '\\n') } : { info () {} }
}

module.exports = { createLogger }
`,
  'scripts/create-release-notes.js': `'use strict'

const token = process.env.GITHUB_TOKEN
const dryRun = process.argv.includes('--dry-run')
const since = process.argv.includes('--since-tag')

fetch('https://api.github.com/repos/vantage/vantage/releases', {
  method: dryRun ? 'GET' : 'POST',
  headers: { authorization: \`token \${token}\` },
  body: since ? undefined : '{}'
})
`,
  'benchmarks/run.js': `'use strict'

const connections = Number(process.env.BENCH_CONNECTIONS || 100)
console.log('connections', connections)
`,
  'test/server.test.js': `'use strict'

const { test } = require('node:test')
const vantage = require('..')

test('listens', () => {
  vantage({ logger: false })
})
`,
  'docs/Reference/Index.md': REFERENCE_INDEX,
  'docs/Reference/Server.md': `# Server

\`vantage(options)\` creates a server.

## Options

- \`connectionTimeout\`: socket timeout in milliseconds.
- \`bodyLimit\`: the largest body accepted, in bytes.
`,
  'docs/Guides/Index.md': GUIDES_INDEX,
  'docs/Guides/Benchmarking.md': `# Benchmarking

1. Run \`npm run benchmark\` on the main branch.
2. Run it again on your branch and compare.
`,
});

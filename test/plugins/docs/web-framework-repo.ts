/**
 * A JavaScript web framework laid out like the popular Node ones: CommonJS modules in lib/
 * whose public API is the properties of the instance object (`decorate: decorator.add`,
 * shorthand `addSchema,`, methods), a docs/ folder of Reference/ and Guides/ pages built
 * elsewhere (nested list items with continuation lines), and maintainer scripts reading
 * GITHUB_TOKEN. Written for these tests; no real project's text.
 */
import type { Tree } from '../project/fixtures.js';
import { json } from '../project/fixtures.js';

export const MAIN_JS = `'use strict'

const decorator = require('./lib/decorate')
const { buildRouting } = require('./lib/route')
const { Schemas } = require('./lib/schemas')
const { lifecycleHooks } = require('./lib/hooks')

function quill (options = {}) {
  const router = buildRouting(options)
  const schemas = new Schemas()

  const instance = {
    // Decorators
    decorate: decorator.add,
    hasDecorator: decorator.exist,
    decorateRequest: decorator.decorateRequest,
    // Schemas
    addSchema,
    getSchemas: schemas.getSchemas.bind(schemas),
    // Routes
    route: function _route (opts) {
      return router.route(opts)
    },
    addHook,
    ready (callback) {
      return router.ready(callback)
    },
    listen
  }

  function addSchema (schema) {
    schemas.add(schema)
    return instance
  }

  function addHook (name, fn) {
    if (!lifecycleHooks.includes(name)) throw new Error(\`\${name} hook not supported\`)
    router.hooks[name].push(fn)
    return instance
  }

  function listen (opts, callback) {
    return router.listen(opts, callback)
  }

  return instance
}

module.exports = quill
module.exports.quill = quill
`;

export const SERVER_MD = `# Server

The instance \`quill()\` returns has these methods.

## Methods

### \`decorate(name, value)\`

Adds a property to the instance. Decorators are described in
[Decorators](./Decorators.md).

\`\`\`js
app.decorate('conf', { db: 'postgres://localhost' })
\`\`\`

### \`addSchema(schemaObj)\`

Adds a JSON schema that routes can reference with \`$ref\`.

\`\`\`js
app.addSchema({ $id: 'user', type: 'object' })
\`\`\`

### \`hasDecorator(name)\`

Tells whether a decorator exists.

### \`listenSync(port)\`

Starts the server and blocks until it listens.

### \`ready(callback)\`

Calls \`callback\` once every plugin is loaded.
`;

export const HOOKS_MD = `# Hooks

Hooks run at fixed points of a request's life.

## Request hooks

- \`onRequest(request, reply, done)\`: runs first, before the body
  is parsed; use it for authentication
  and rate limits.
  - It receives the raw request.
- \`preHandlerLegacy(request, reply)\`: ran right before the handler
  and could change the reply; it took
  the parsed body as its third argument.
  - It ran after validation.
- \`onSend(request, reply, payload, done)\`: changes the payload
  before it is sent.

Register a hook with \`addHook(name, fn)\`.
`;

export const BENCHMARKING_MD = `# Benchmarking

Measure a change before you propose it.

1. Check out the main branch and run \`npm run benchmark\`.
2. Check out your branch and run it again.
3. Compare the requests per second of both runs.
`;

export const webFramework = (): Tree => ({
  'package.json': json({
    name: 'quill',
    version: '5.2.0',
    description: 'A fast web framework for Node.js',
    main: 'quill.js',
    type: 'commonjs',
    scripts: { lint: 'eslint', unit: 'node --test test/', test: 'npm run lint && npm run unit', benchmark: 'node benchmarks/run.js' },
    dependencies: { 'find-my-way': '^9.0.0' },
  }),
  'quill.js': MAIN_JS,
  'lib/decorate.js': `'use strict'

function decorateQuill (name, fn) {
  if (name in this) throw new Error(\`decorator \${name} already present\`)
  this[name] = fn
  return this
}

function checkExistence (name) {
  return name in this
}

function decorateRequest (name, fn) {
  this.request.prototype[name] = fn
  return this
}

module.exports = {
  add: decorateQuill,
  exist: checkExistence,
  decorateRequest
}
`,
  'lib/schemas.js': `'use strict'

class Schemas {
  constructor () {
    this.store = {}
  }

  add (schema) {
    this.store[schema.$id] = schema
  }

  getSchemas () {
    return { ...this.store }
  }
}

module.exports = { Schemas }
`,
  'lib/hooks.js': `'use strict'

const lifecycleHooks = ['onRequest', 'preParsing', 'preValidation', 'preHandler', 'onSend', 'onResponse']

module.exports = { lifecycleHooks }
`,
  'lib/route.js': `'use strict'

const { lifecycleHooks } = require('./hooks')

function buildRouting (options) {
  const hooks = Object.fromEntries(lifecycleHooks.map((name) => [name, []]))
  return {
    hooks,
    route: (opts) => opts,
    ready: (callback) => callback && callback(),
    listen: (opts, callback) => callback && callback(null, \`http://127.0.0.1:\${opts.port}\`)
  }
}

module.exports = { buildRouting }
`,
  'scripts/validate-release.js': `'use strict'
// Maintainers: checks that the release notes of a tag exist before publishing.
const token = process.env.GITHUB_TOKEN
const dryRun = process.argv.includes('--dry-run')

async function main () {
  const response = await fetch('https://api.github.com/repos/quill/quill/releases/latest', { headers: { authorization: \`token \${token}\` } })
  if (!dryRun && !response.ok) process.exit(1)
}

main()
`,
  'benchmarks/run.js': "'use strict'\nconst quill = require('..')\nquill().listen({ port: 3000 })\n",
  'test/decorate.test.js': "'use strict'\nconst test = require('node:test')\nconst quill = require('..')\ntest('decorate', () => quill().decorate('a', 1))\n",
  'docs/Reference/Server.md': SERVER_MD,
  'docs/Reference/Hooks.md': HOOKS_MD,
  'docs/Reference/Decorators.md': `# Decorators

Decorators add properties to the instance, the request or the reply.

- \`decorate(name, value)\`: adds to the instance.
- \`decorateRequest(name, value)\`: adds to every request.

\`\`\`js
const quill = require('quill')
const app = quill()
app.decorateRequest('user', null)
\`\`\`
`,
  'docs/Guides/Benchmarking.md': BENCHMARKING_MD,
  'docs/Guides/Getting-Started.md': `# Getting started

Install the framework with \`npm install quill\`, then create a server:

\`\`\`js
const quill = require('quill')
const app = quill()
app.route({ method: 'GET', url: '/', handler: async () => ({ hello: 'world' }) })
app.listen({ port: 3000 })
\`\`\`
`,
  'README.md': '# quill\n\nA fast web framework for Node.js.\n\n```sh\nnpm install quill\n```\n',
});

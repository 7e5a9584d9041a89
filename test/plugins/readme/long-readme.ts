/**
 * A long README as real projects grow them (about 600 lines): badges, a table of
 * contents, code in several languages, relative links and images, HTML images,
 * in-page anchors and reference-style links, with the files those links point to.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const METHODS = [
  ['connect', 'Opens a connection pool to the server.', 'const db = await skyline.connect({ url: process.env.SKYLINE_URL });'],
  ['write', 'Writes one or more points to a series.', "await db.write('cpu', [{ time: Date.now(), value: 0.42, tags: { host: 'web-1' } }]);"],
  ['query', 'Runs a SkyQL query and returns rows.', "const rows = await db.query('SELECT mean(value) FROM cpu GROUP BY time(1m)');"],
  ['stream', 'Streams query results as an async iterator.', "for await (const row of db.stream('SELECT * FROM cpu')) console.log(row);"],
  ['createSeries', 'Creates a series with a retention policy.', "await db.createSeries('cpu', { retention: '30d' });"],
  ['dropSeries', 'Deletes a series and all its points.', "await db.dropSeries('cpu');"],
  ['listSeries', 'Lists the series matching a pattern.', "const names = await db.listSeries('cpu.*');"],
  ['downsample', 'Defines a continuous downsampling rule.', "await db.downsample('cpu', { every: '5m', keep: '1y' });"],
  ['backup', 'Writes a consistent snapshot to a folder.', "await db.backup('/var/backups/skyline');"],
  ['close', 'Closes the pool and waits for pending writes.', 'await db.close();'],
];

const FAQ = [
  ['Does Skyline work with Deno?', 'Yes, through the npm: specifier. See [Installation](#installation) for the import path.'],
  ['How do I change the retention period?', 'Set `retention` per series, or the default in [Configuration](#configuration).'],
  ['Why are my writes slow?', 'Batch them: see [Performance](#performance) and the [tuning guide](docs/tuning.md).'],
  ['Can I query from Python?', 'Yes, the Python client mirrors the JavaScript API; see [the Python example](#querying-from-python).'],
  ['Where are the logs?', 'In `./logs` by default; the [Troubleshooting](#troubleshooting) section lists what they mean.'],
  ['Is there a hosted version?', 'Not yet. Follow [the roadmap](https://github.com/skyline-db/skyline/projects/1).'],
  ['How do I report a vulnerability?', 'Privately, as described under [Security](#security).'],
  ['Which licence applies to the plugins?', 'The same as the core: see [License](#license).'],
];

export function longReadme(): string {
  const out: string[] = [];
  const add = (...lines: string[]) => out.push(...lines);
  add(
    '# Skyline',
    '',
    '[![Build](https://github.com/skyline-db/skyline/actions/workflows/ci.yml/badge.svg)](https://github.com/skyline-db/skyline/actions) [![npm](https://img.shields.io/npm/v/skyline-db.svg)](https://www.npmjs.com/package/skyline-db)',
    '',
    'Skyline is a time-series database client for Node.js and Python that batches writes and streams queries. It talks to Skyline servers 3.x and later.',
    '',
    '<img src="assets/logo.svg" alt="Skyline logo" width="120">',
    '',
    '## Contents',
    '',
    '- [Features](#features)',
    '- [Installation](#installation)',
    '- [Quick start](#quick-start)',
    '- [Usage](#usage)',
    '- [Configuration](#configuration)',
    '- [Architecture](#architecture)',
    '- [Performance](#performance)',
    '- [API reference](#api-reference)',
    '- [FAQ](#faq)',
    '- [Troubleshooting](#troubleshooting)',
    '- [Contributing](#contributing)',
    '- [Security](#security)',
    '- [License](#license)',
    '',
    '## Features',
    '',
  );
  for (const feature of ['Batched writes with back-pressure', 'Streaming queries as async iterators', 'Automatic reconnection with jitter', 'Retention policies per series', 'Continuous downsampling', 'Consistent backups without downtime', 'TypeScript types for every call', 'A Python client with the same API', 'TLS and token authentication', 'Prometheus metrics for the client itself'])
    add(`- ${feature}.`);
  add('', 'See the [feature matrix](docs/features.md) for what each server version supports.', '');
  add(
    '## Installation',
    '',
    'Node.js 20 or later:',
    '',
    '```bash',
    'npm install skyline-db',
    '```',
    '',
    'Python 3.10 or later:',
    '',
    '```bash',
    'pip install skyline-db',
    '```',
    '',
    'A server for local development runs in Docker:',
    '',
    '```bash',
    'docker run -p 8086:8086 skyline/server:3',
    '```',
    '',
    '## Quick start',
    '',
    'Connect, write a point and read it back:',
    '',
    '```js',
    "import skyline from 'skyline-db';",
    '',
    "const db = await skyline.connect({ url: 'http://localhost:8086' });",
    "await db.write('cpu', [{ time: Date.now(), value: 0.42 }]);",
    "console.log(await db.query('SELECT * FROM cpu'));",
    'await db.close();',
    '```',
    '',
    '## Usage',
    '',
    'The client keeps a pool of connections and batches writes in the background. The sections below cover the common tasks; every call is listed in the [API reference](#api-reference).',
    '',
    '### Connecting',
    '',
    'Pass the server URL and, for secured servers, a token:',
    '',
    '```ts',
    "import skyline, { type Options } from 'skyline-db';",
    '',
    'const options: Options = {',
    "  url: 'https://skyline.example.com',",
    '  token: process.env.SKYLINE_TOKEN,',
    '  pool: { min: 2, max: 10 },',
    '};',
    'const db = await skyline.connect(options);',
    '```',
    '',
    '### Writing points',
    '',
    'Points are buffered and sent every 100 ms or every 5,000 points, whichever comes first:',
    '',
    '```ts',
    'for (const sample of samples) {',
    "  db.write('temperature', [{ time: sample.at, value: sample.celsius, tags: { room: sample.room } }]);",
    '}',
    'await db.flush();',
    '```',
    '',
    '### Querying from Python',
    '',
    'The Python client has the same calls with snake_case names:',
    '',
    '```python',
    'import skyline',
    '',
    'db = skyline.connect(url="http://localhost:8086")',
    'for row in db.query("SELECT mean(value) FROM temperature GROUP BY time(1h)"):',
    '    print(row.time, row.mean)',
    'db.close()',
    '```',
    '',
    '### Queries in SkyQL',
    '',
    'SkyQL is SQL with time functions:',
    '',
    '```sql',
    'SELECT time_bucket(\'5 minutes\', time) AS bucket, max(value)',
    'FROM temperature',
    "WHERE room = 'lab' AND time > now() - interval '1 day'",
    'GROUP BY bucket',
    'ORDER BY bucket;',
    '```',
    '',
    'The full grammar is in [the SkyQL reference](docs/skyql.md#grammar).',
    '',
    '## Configuration',
    '',
    'The client reads `skyline.yml` from the working folder, then environment variables, then the options passed to `connect`.',
    '',
    '```yaml',
    'url: http://localhost:8086',
    'token: ${SKYLINE_TOKEN}',
    'pool:',
    '  min: 2',
    '  max: 10',
    'batch:',
    '  size: 5000',
    '  interval_ms: 100',
    'retention:',
    '  default: 30d',
    '```',
    '',
    '| Variable | Default | Description |',
    '| --- | --- | --- |',
  );
  for (const [name, value, what] of [['SKYLINE_URL', 'http://localhost:8086', 'Server address.'], ['SKYLINE_TOKEN', '(none)', 'API token.'], ['SKYLINE_POOL_MAX', '10', 'Largest pool size.'], ['SKYLINE_BATCH_SIZE', '5000', 'Points per batch.'], ['SKYLINE_BATCH_INTERVAL', '100', 'Milliseconds between batches.'], ['SKYLINE_RETENTION', '30d', 'Default retention.'], ['SKYLINE_TLS_CA', '(system)', 'CA bundle for TLS.'], ['SKYLINE_LOG_LEVEL', 'info', 'Client log level.']])
    add(`| \`${name}\` | \`${value}\` | ${what} |`);
  add('', 'Every option is described in the [configuration reference](./docs/config-reference.md) and the schema is in [skyline.schema.json](schema/skyline.schema.json).', '');
  add(
    '## Architecture',
    '',
    'The client has three layers: the pool, the batcher and the query streamer. Writes go to the batcher, which flushes to a pooled connection; queries bypass it.',
    '',
    '![Architecture diagram](./assets/architecture.png "How writes and queries flow")',
    '',
    '<p align="center"><img src="assets/flow.svg" alt="Write path"></p>',
    '',
  );
  for (const layer of ['Pool', 'Batcher', 'Streamer', 'Reconnector', 'Metrics']) {
    add(`### ${layer}`, '');
    add(`The ${layer.toLowerCase()} is a single class with no shared state beyond the pool. It is tested in isolation in [test/${layer.toLowerCase()}.test.ts](test/${layer.toLowerCase()}.test.ts).`);
    add('It reports its state through the client metrics and logs a warning when it falls behind.', 'Its design notes are in the [design folder](design/).', '');
  }
  add('## Performance', '', 'Measured on a 4-core laptop against a local server (see [bench/README.md](bench/README.md) to reproduce):', '', '| Operation | Points/s | p99 latency |', '| --- | --- | --- |');
  for (const [op, rate, p99] of [['write, batch 1', '12,000', '4 ms'], ['write, batch 1,000', '410,000', '9 ms'], ['write, batch 5,000', '690,000', '21 ms'], ['query, 1 day', '2,100,000', '35 ms'], ['stream, 30 days', '3,400,000', '120 ms']])
    add(`| ${op} | ${rate} | ${p99} |`);
  add('', 'Run the benchmarks yourself:', '', '```bash', 'npm run bench -- --duration 60 --batch 5000', '```', '');
  for (let i = 1; i <= 6; i++) add(`Tip ${i}: larger batches raise throughput until the server's write buffer is full; watch the \`skyline_client_queue_depth\` metric.`, '');
  add('## API reference', '', 'Every method returns a promise and throws `SkylineError` with a `code` on failure. Types are in [src/types.ts](src/types.ts).', '');
  for (const [name, what, example] of METHODS) {
    add(`### ${name}`, '', what!, '', '```ts', example!, '```', '', '| Error code | When |', '| --- | --- |', '| `E_CONN` | The server cannot be reached. |', '| `E_AUTH` | The token is missing or wrong. |', '| `E_TIMEOUT` | No answer within the timeout. |', '');
    add(`See also [Usage](#usage) and the [${name} page](docs/api/${name}.md).`, '');
    add('Parameters are validated before anything is sent: a wrong type fails at once, with the parameter named.', '', 'Calls are safe to run concurrently; the pool serialises them per connection.', '');
  }
  add('## FAQ', '');
  for (const [question, answer] of FAQ) add(`### ${question}`, '', answer!, '', 'If this does not answer your question, ask in [Discussions](https://github.com/skyline-db/skyline/discussions).', '');
  add('## Troubleshooting', '', 'Most problems show up in the client log. Common messages:', '');
  for (const [message, fix] of [['ECONNREFUSED 127.0.0.1:8086', 'The server is not running: start it with Docker (see [Installation](#installation)).'], ['401 Unauthorized', 'Set `SKYLINE_TOKEN` (see [Configuration](#configuration)).'], ['queue depth above 100000', 'Writes outpace the server: raise the batch size.'], ['certificate has expired', 'Update the CA bundle given in `SKYLINE_TLS_CA`.']])
    add('```text', message!, '```', '', fix!, '');
  add('Enable debug logs to see every request:', '', '```bash', 'SKYLINE_LOG_LEVEL=debug node app.js', '```', '');
  add(
    '## Development',
    '',
    'Clone the repository and run the tests against a server in Docker:',
    '',
    '```bash',
    'git clone https://github.com/skyline-db/skyline.git',
    'cd skyline',
    'npm ci',
    'docker compose up -d',
    'npm test',
    '```',
    '',
    'The Python client lives in [python/](python/) and has its own [README](python/README.md).',
    '',
  );
  for (let i = 1; i <= 12; i++) add(`- Step ${i} of the release checklist is described in [RELEASING.md](RELEASING.md#step-${i}).`);
  add('');
  add('## Contributing', '', 'Pull requests are welcome. Read [CONTRIBUTING.md](CONTRIBUTING.md) and the [code of conduct][coc] first, and open an issue for large changes.', '', '```bash', 'npm run lint && npm test', '```', '');
  add('## Security', '', 'Report vulnerabilities privately to security@skyline.example.com, not in public issues. See [SECURITY.md](SECURITY.md) for the supported versions.', '');
  for (let i = 1; i <= 8; i++) add(`- Version 3.${i}: supported until ${2026 + Math.floor(i / 3)}-0${(i % 9) + 1}-01; fixes are backported [per the policy][policy].`);
  add('');
  add('## Changelog', '', 'Notable changes are listed in [CHANGELOG.md](CHANGELOG.md).', '');
  for (let i = 9; i >= 1; i--) add(`- 3.${i}.0: see [the release notes](https://github.com/skyline-db/skyline/releases/tag/v3.${i}.0).`);
  add('');
  add('## License', '', 'Apache-2.0. See [LICENSE](LICENSE).', '', '[coc]: ./CODE_OF_CONDUCT.md', '[policy]: docs/support-policy.md', '');
  return out.join('\n');
}

/** The files the README's relative links and images point to, so a test can check they still resolve. */
export const LINKED_FILES = [
  'assets/logo.svg', 'assets/architecture.png', 'assets/flow.svg', 'docs/features.md', 'docs/tuning.md', 'docs/skyql.md', 'docs/config-reference.md',
  'docs/support-policy.md', 'schema/skyline.schema.json', 'bench/README.md', 'src/types.ts', 'CONTRIBUTING.md', 'CODE_OF_CONDUCT.md', 'SECURITY.md',
  'CHANGELOG.md', 'LICENSE', 'python/README.md', 'RELEASING.md', 'design/notes.md',
  ...['pool', 'batcher', 'streamer', 'reconnector', 'metrics'].map((l) => `test/${l}.test.ts`),
  ...METHODS.map(([name]) => `docs/api/${name}.md`),
];

export function writeLongReadmeProject(root: string): void {
  writeFileSync(join(root, 'README.md'), longReadme());
  for (const file of LINKED_FILES) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), file === 'docs/skyql.md' ? '# SkyQL\n\n## Grammar\n\nStatements.\n' : file === 'RELEASING.md' ? Array.from({ length: 12 }, (_, i) => `## Step ${i + 1}\n`).join('\n') : `${file}\n`);
  }
  // A hand-written page with the name a moved section would take: it must survive.
  writeFileSync(join(root, 'docs/faq.md'), '# FAQ\n\nHand-written answers.\n');
}

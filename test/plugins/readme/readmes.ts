/**
 * READMEs written for the readme pack's tests, from excellent to nearly empty, as a reader
 * would rank them. `writeReadmeProjects` lays each out in its own project folder with the
 * files its links point at (the mediocre one keeps its planted broken link and anchor).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const FENCE = '```';

/** A real-looking library README: badges, contents, install, quick start, usage, config table, contributing, licence. */
export const EXCELLENT = `# ratekeeper

A small token-bucket rate limiter for Node.js services, with in-memory and Redis stores.

[![CI](https://github.com/ratekeeper/ratekeeper/actions/workflows/ci.yml/badge.svg)](https://github.com/ratekeeper/ratekeeper/actions/workflows/ci.yml)
[![npm version](https://img.shields.io/npm/v/ratekeeper.svg)](https://www.npmjs.com/package/ratekeeper)
[![codecov](https://codecov.io/gh/ratekeeper/ratekeeper/branch/main/graph/badge.svg)](https://codecov.io/gh/ratekeeper/ratekeeper)

## Contents

- [Installation](#installation)
- [Quick start](#quick-start)
- [Usage](#usage)
- [Configuration](#configuration)
- [Contributing](#contributing)
- [License](#license)

## Installation

${FENCE}sh
npm install ratekeeper
${FENCE}

Node.js 20 or later is needed. The Redis store also needs the \`redis\` package.

## Quick start

${FENCE}js
import { createLimiter } from 'ratekeeper';

const limiter = createLimiter({ capacity: 10, refillPerSecond: 5 });

if (await limiter.take('user:42')) {
  console.log('request allowed');
}
${FENCE}

## Usage

### Express middleware

Wrap any route. Requests over the limit get a 429 with a Retry-After header.

${FENCE}js
import express from 'express';
import { expressLimiter } from 'ratekeeper/express';

const app = express();
app.use('/api', expressLimiter({ capacity: 100, refillPerSecond: 20 }));
${FENCE}

### Redis store

Share one budget between all the instances of a service.

${FENCE}js
import { createClient } from 'redis';
import { createLimiter, redisStore } from 'ratekeeper';

const client = createClient({ url: process.env.REDIS_URL });
await client.connect();
const limiter = createLimiter({ capacity: 50, refillPerSecond: 10, store: redisStore(client) });
${FENCE}

## Configuration

| Option | Default | Description |
| --- | --- | --- |
| \`capacity\` | \`10\` | Most tokens a key can hold. |
| \`refillPerSecond\` | \`1\` | Tokens added each second. |
| \`store\` | memory | Where buckets live: \`memoryStore()\` or \`redisStore(client)\`. |

The [configuration guide](docs/configuration.md#redis-options) covers the Redis options.

## Contributing

Bug reports and pull requests are welcome. Read [CONTRIBUTING.md](CONTRIBUTING.md) first, then run the tests:

${FENCE}sh
npm ci
npm test
${FENCE}

## License

MIT. See [LICENSE](LICENSE).
`;

/** Clear and useful, but no badges, no configuration, no contributing guide. */
export const GOOD = `# csvtidy

Clean up messy CSV files from the command line: trim cells, fix quoting, drop empty rows.

## Install

${FENCE}sh
pip install csvtidy
${FENCE}

## Usage

${FENCE}sh
csvtidy input.csv --trim --drop-empty > clean.csv
${FENCE}

Use \`--delimiter ';'\` for files exported from European spreadsheets.
Run \`csvtidy --help\` for every flag.

## License

Apache-2.0.
`;

/** An install section without a command, a bare fence, a broken relative link and a broken anchor. */
export const MEDIOCRE = `# datawhirl

This project is a tool that we wrote in order to facilitate the processing of data pipelines in a configurable and extensible manner for various purposes within the organisation and beyond.

## Setup

You need to install it first, then it should work.

## How it works

${FENCE}
whirl run pipeline.yml
${FENCE}

More details are in the [pipeline guide](docs/pipelines.md) and the [setup notes](#setup-notes).
`;

/** A title and one line. */
export const POOR = `# scratch

Some scripts I use.
`;

/** Nearly empty: a title and nothing else. */
export const EMPTYISH = `# TODO
`;

export const QUALITY_ORDER = ['excellent', 'good', 'mediocre', 'poor', 'emptyish'] as const;
export const READMES: Readonly<Record<(typeof QUALITY_ORDER)[number], string>> = { excellent: EXCELLENT, good: GOOD, mediocre: MEDIOCRE, poor: POOR, emptyish: EMPTYISH };

/** 1-based line of the first line containing `text` (throws when absent, so a fixture edit cannot silently pass). */
export function lineOf(readme: string, text: string): number {
  const index = readme.split('\n').findIndex((line) => line.includes(text));
  if (index === -1) throw new Error(`fixture has no line containing ${JSON.stringify(text)}`);
  return index + 1;
}

const write = (root: string, path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};

/** Each README in `<root>/<quality>/README.md`, with the files the excellent one links to. */
export function writeReadmeProjects(root: string): void {
  for (const quality of QUALITY_ORDER) write(root, `${quality}/README.md`, READMES[quality]);
  write(root, 'excellent/CONTRIBUTING.md', '# Contributing\n\nOpen an issue first.\n');
  write(root, 'excellent/LICENSE', 'MIT License\n');
  write(root, 'excellent/docs/configuration.md', '# Configuration\n\n## Redis options\n\nURL and prefix.\n');
}

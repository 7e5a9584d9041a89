/**
 * The docs pack's shared acceptance fixture: "taskforge", a small Node CLI with
 * real code and a docs/ folder in the four Diataxis sections, with planted
 * defects. Every docs tool's test writes it with writeSampleProject and asserts
 * that each planted defect of its kinds is found at its file and line, and that
 * nothing else is reported (every other link, name and code block is valid).
 *
 * Lines are computed from a unique needle in the file, so editing a page keeps
 * the list right; keep needles unique within their file.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export type DefectKind =
  // check_documentation_links / validate_content
  | 'broken-link' // relative link to a file that does not exist
  | 'broken-anchor' // #fragment that matches no heading (same or other page)
  | 'near-miss-anchor' // broken anchor one edit away from a real slug (#instalation)
  | 'missing-image' // image whose file does not exist
  // detect_documentation_gaps
  | 'stale-name' // docs name a function the code no longer has
  | 'undocumented-flag' // CLI flag in code, in no page
  | 'undocumented-env' // environment variable read by code, in no page
  // validate_diataxis_content
  | 'code-syntax-error' // fenced code block that does not parse (line = the offending line in the page)
  | 'todo' // TODO left in a page
  | 'empty-section'; // heading with no content before the next heading of the same or higher level

export interface PlantedDefect {
  /** Project-relative path, forward slashes. */
  file: string;
  /** 1-based line of the defect in `file`. */
  line: number;
  kind: DefectKind;
  /** The name, link target or language the defect is about. */
  subject: string;
}

const PACKAGE_JSON = JSON.stringify(
  {
    name: 'taskforge',
    version: '1.4.0',
    description: 'Plan and track tasks from the terminal.',
    type: 'module',
    main: 'src/index.js',
    bin: { taskforge: 'bin/taskforge.js' },
    scripts: { test: 'node --test test/' },
    dependencies: { commander: '^12.1.0' },
  },
  null,
  2,
) + '\n';

const INDEX_JS = `/** taskforge's library API: the CLI is a thin layer over these. */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { settings } from './config.js';

export const DEFAULT_PRIORITY = 'normal';

/** Tasks kept in one JSON file under TASKFORGE_HOME. */
export class TaskStore {
  constructor(home = settings.home) {
    this.file = join(home, 'tasks.json');
  }

  load() {
    return existsSync(this.file) ? JSON.parse(readFileSync(this.file, 'utf8')) : [];
  }

  save(tasks) {
    writeFileSync(this.file, JSON.stringify(tasks, null, 2));
  }
}

export function createTask(title, { priority = DEFAULT_PRIORITY, due } = {}) {
  return { id: Date.now().toString(36), title, priority, due: due ?? null, done: false };
}

export function listTasks(store, { status = 'open' } = {}) {
  const tasks = store.load();
  return status === 'all' ? tasks : tasks.filter((task) => (status === 'done' ? task.done : !task.done));
}

function nextId(tasks) {
  return tasks.length + 1;
}
`;

const CONFIG_JS = `/** Settings from the environment; defaults suit a single user. */
import { homedir } from 'node:os';
import { join } from 'node:path';

export const settings = {
  home: process.env.TASKFORGE_HOME ?? join(homedir(), '.taskforge'),
  logLevel: process.env.TASKFORGE_LOG_LEVEL ?? 'info',
  color: !process.env.TASKFORGE_NO_COLOR,
};
`;

const CLI_JS = `/** The taskforge command line (commander). */
import { Command } from 'commander';
import { TaskStore, createTask, listTasks } from './index.js';

export function buildCli() {
  const program = new Command('taskforge').version('1.4.0');

  program
    .command('add <title>')
    .description('Add a task')
    .option('-p, --priority <level>', 'low, normal or high', 'normal')
    .option('--due <date>', 'due date (YYYY-MM-DD)')
    .option('--dry-run', 'print the task without saving it')
    .action((title, options) => {
      const store = new TaskStore();
      const task = createTask(title, options);
      if (!options.dryRun) store.save([...store.load(), task]);
      console.log(task.id);
    });

  program
    .command('list')
    .description('List tasks')
    .option('--status <status>', 'open, done or all', 'open')
    .option('--json', 'print JSON instead of a table')
    .action((options) => {
      const tasks = listTasks(new TaskStore(), options);
      console.log(options.json ? JSON.stringify(tasks) : tasks.map((t) => t.title).join('\\n'));
    });

  return program;
}
`;

const BIN_JS = `#!/usr/bin/env node
import { buildCli } from '../src/cli.js';

buildCli().parse(process.argv);
`;

const CONFIG_SCHEMA = JSON.stringify(
  {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'taskforge.config.json',
    type: 'object',
    properties: {
      defaultPriority: { type: 'string', enum: ['low', 'normal', 'high'] },
      dateFormat: { type: 'string' },
    },
  },
  null,
  2,
) + '\n';

const README = `# taskforge

Plan and track tasks from the terminal.

## Features

- Add tasks with a priority and a due date
- List open, done or all tasks, as a table or JSON

## Installation

\`\`\`bash
npm install --global taskforge
\`\`\`

## Development

Run the tests with \`npm test\`.

See the [documentation](docs/index.md).
`;

const DOCS_INDEX = `---
title: taskforge documentation
---
# taskforge documentation

taskforge keeps a task list in a JSON file and edits it from the terminal.

- Tutorial: [Getting started](tutorials/getting-started.md)
- How-to: [Export tasks](how-to/export-tasks.md) and [Prioritise work](how-to/prioritise-work.md)
- Reference: [Command line][cli], [Library API](reference/api.md), [Configuration](reference/configuration.md), [Archive API](reference/archive.md)
- Explanation: [Architecture](explanation/architecture.md)

[cli]: reference/cli.md#commands
`;

const TUTORIAL = `---
title: Getting started
---
# Getting started with taskforge

In this tutorial you will install taskforge, add your first task and list it.
You will learn how tasks are stored. Start with [installation](#instalation).

## Installation

1. Install Node.js 20 or later.
2. Install taskforge:

\`\`\`bash
npm install --global taskforge
\`\`\`

## Add your first task

1. Add a task with a due date:

\`\`\`bash
taskforge add "Write the release notes" --priority high --due 2026-12-01
\`\`\`

2. List the open tasks:

\`\`\`bash
taskforge list
\`\`\`

## Next steps

Read how to [prioritise work](../how-to/prioritise-work.md), the [configuration](../reference/config.md)
options, or the [command line reference][cli-ref]. Back to [installation](#installation).

[cli-ref]: ../reference/cli.md
`;

const HOWTO_EXPORT = `---
title: Export tasks
---
# How to export tasks

This guide shows how to export your tasks for a spreadsheet or another tool.

## Export to JSON

1. Run the list command with \`--json\`:

\`\`\`bash
taskforge list --status all --json > tasks.json
\`\`\`

2. Open \`tasks.json\` in your tool.

## Export to CSV

TODO: describe the CSV export once the command exists.

## Export from code

\`\`\`js
import { TaskStore, listTasks } from 'taskforge';

const tasks = listTasks(new TaskStore(), { status: 'all' );
console.log(tasks.length);
\`\`\`

## Troubleshooting

### Empty output

### File permissions

Make sure the folder in \`TASKFORGE_HOME\` is writable.
`;

const HOWTO_PRIORITY = `---
title: Prioritise work
---
# How to prioritise work

Use priorities to decide what to do first.

## Set a priority

1. Add the task with \`--priority\`:

\`\`\`bash
taskforge add "Fix the login bug" -p high
\`\`\`

2. See the [priority option](../reference/cli.md#--priority-level) for the allowed values.

## Show only open tasks

1. List with \`--status open\` (the default):

\`\`\`bash
taskforge list --status open
\`\`\`

See also [Export to JSON](export-tasks.md#export-to-json) and [the example](../reference/cli.md#example-1).
`;

const REF_CLI = `---
title: Command line
---
# Command line reference

## Commands

| Command | Description |
|---|---|
| \`taskforge add <title>\` | Add a task |
| \`taskforge list\` | List tasks |

## Options of add

### \`--priority <level>\`

One of \`low\`, \`normal\` (default) or \`high\`. Short form: \`-p\`.

### \`--due <date>\`

A date as \`YYYY-MM-DD\`.

## Example

\`\`\`bash
taskforge add "Pay rent" --due 2026-12-01
\`\`\`

## Options of list

| Option | Description |
|---|---|
| \`--status <status>\` | \`open\` (default), \`done\` or \`all\` |
| \`--json\` | Print JSON instead of a table |

## Example

\`\`\`bash
taskforge list --status done --json
\`\`\`

See the [commands](#commands), the [exit codes](#missing-heading) and the [global options](./cli.md#global-options).
`;

const REF_API = `---
title: Library API
---
# Library API reference

| Export | Kind | Description |
|---|---|---|
| \`createTask(title, options)\` | function | Returns a new task object |
| \`listTasks(store, options)\` | function | Tasks filtered by \`status\` |
| \`TaskStore\` | class | Loads and saves \`tasks.json\` |
| \`DEFAULT_PRIORITY\` | constant | \`normal\` |

## Example

\`\`\`ts
import { TaskStore, createTask } from 'taskforge';

const store: TaskStore = new TaskStore('/tmp/tasks');
store.save([createTask('Try taskforge', { priority: 'low' })]);
\`\`\`
`;

const REF_ARCHIVE = `---
title: Archive API
---
# Archive API reference

| Export | Kind | Description |
|---|---|---|
| \`archiveTask(id)\` | function | Moves a finished task to \`archive.json\` |
`;

const REF_CONFIG = `---
title: Configuration
---
# Configuration reference

## Environment variables

| Variable | Default | Description |
|---|---|---|
| \`TASKFORGE_HOME\` | \`~/.taskforge\` | Folder holding \`tasks.json\` |
| \`TASKFORGE_LOG_LEVEL\` | \`info\` | \`debug\`, \`info\` or \`warn\` |

## Configuration file

\`taskforge.config.json\` accepts \`defaultPriority\` and \`dateFormat\`:

\`\`\`json
{
  "defaultPriority": "high"
  "dateFormat": "YYYY-MM-DD"
}
\`\`\`

The same settings in YAML, for tools that convert it:

\`\`\`yaml
defaultPriority: high
colors:
  - red
  bad: indentation
\`\`\`

And in TOML:

\`\`\`toml
defaultPriority = "high"
dateFormat = "YYYY-MM-DD"
\`\`\`
`;

const EXPLANATION = `---
title: Architecture
---
# Why taskforge keeps tasks in one file

taskforge stores every task in a single JSON file because a personal task list is small,
and one file is easy to back up, sync and read by other tools. The trade-off is that two
processes writing at the same time can lose an update; taskforge accepts this because it
is used by one person at a time.

![Architecture](../images/architecture.png)

## Background

The CLI is a thin layer over the library API, so scripts can use the same functions.
The data flows from the command to the store:

![Data flow](../images/flow.png)
`;

// A 1x1 transparent PNG, so the valid image link points at a real image.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** Path -> content of every file of the sample project. */
export const SAMPLE_FILES: Readonly<Record<string, string | Buffer>> = {
  'package.json': PACKAGE_JSON,
  'README.md': README,
  'bin/taskforge.js': BIN_JS,
  'src/index.js': INDEX_JS,
  'src/config.js': CONFIG_JS,
  'src/cli.js': CLI_JS,
  'schema/config.schema.json': CONFIG_SCHEMA,
  'docs/index.md': DOCS_INDEX,
  'docs/tutorials/getting-started.md': TUTORIAL,
  'docs/how-to/export-tasks.md': HOWTO_EXPORT,
  'docs/how-to/prioritise-work.md': HOWTO_PRIORITY,
  'docs/reference/cli.md': REF_CLI,
  'docs/reference/api.md': REF_API,
  'docs/reference/archive.md': REF_ARCHIVE,
  'docs/reference/configuration.md': REF_CONFIG,
  'docs/explanation/architecture.md': EXPLANATION,
  'docs/images/architecture.png': PNG,
};

/** 1-based line of the only line of `file` containing `needle`; throws when absent or ambiguous so the list cannot silently drift. */
export function lineOf(file: string, needle: string): number {
  const content = SAMPLE_FILES[file];
  if (typeof content !== 'string') throw new Error(`sample project has no text file ${file}`);
  const lines = content.split('\n');
  const hits = lines.flatMap((text, index) => (text.includes(needle) ? [index + 1] : []));
  if (hits.length !== 1) throw new Error(`needle ${JSON.stringify(needle)} found ${hits.length} times in ${file}`);
  return hits[0]!;
}

const defect = (file: string, needle: string, kind: DefectKind, subject: string): PlantedDefect => ({
  file,
  line: lineOf(file, needle),
  kind,
  subject,
});

/** Every planted defect; anything a tool reports beyond its kinds here is a false positive. */
export const PLANTED_DEFECTS: readonly PlantedDefect[] = [
  defect('docs/tutorials/getting-started.md', '../reference/config.md', 'broken-link', '../reference/config.md'),
  defect('docs/tutorials/getting-started.md', '(#instalation)', 'near-miss-anchor', '#instalation'),
  defect('docs/reference/cli.md', '(#missing-heading)', 'broken-anchor', '#missing-heading'),
  defect('docs/reference/cli.md', './cli.md#global-options', 'broken-anchor', './cli.md#global-options'),
  defect('docs/explanation/architecture.md', '../images/flow.png', 'missing-image', '../images/flow.png'),
  defect('docs/reference/archive.md', 'archiveTask(id)', 'stale-name', 'archiveTask'),
  defect('src/cli.js', "'--dry-run'", 'undocumented-flag', '--dry-run'),
  defect('src/config.js', 'TASKFORGE_NO_COLOR', 'undocumented-env', 'TASKFORGE_NO_COLOR'),
  defect('docs/reference/configuration.md', '"dateFormat": "YYYY-MM-DD"', 'code-syntax-error', 'json'),
  defect('docs/reference/configuration.md', 'bad: indentation', 'code-syntax-error', 'yaml'),
  defect('docs/how-to/export-tasks.md', "{ status: 'all' );", 'code-syntax-error', 'js'),
  defect('docs/how-to/export-tasks.md', 'TODO: describe', 'todo', 'TODO'),
  defect('docs/how-to/export-tasks.md', '### Empty output', 'empty-section', 'Empty output'),
];

/** The planted defects of the given kinds. */
export function defectsOf(...kinds: DefectKind[]): PlantedDefect[] {
  return PLANTED_DEFECTS.filter((d) => kinds.includes(d.kind));
}

/** Write the sample project into `root` (created when missing); returns `root`. */
export function writeSampleProject(root: string): string {
  for (const [path, content] of Object.entries(SAMPLE_FILES)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

import { describe, expect, it } from 'vitest';
import { claimOf } from '../../../plugins/docs/gaps/mentions.js';
import type { ProjectText } from '../../../plugins/docs/gaps/project-files.js';
import { extractSurface } from '../../../plugins/docs/gaps/surface.js';

const project = (sources: Record<string, string>, configs: Record<string, string> = {}): ProjectText => ({
  sources: Object.entries(sources).map(([path, text]) => ({ path, text, own: true })),
  configs: Object.entries(configs).map(([path, text]) => ({ path, text, own: true })),
  skipped: 0,
});
const found = (p: ProjectText, depth: 'quick' | 'standard' | 'comprehensive' = 'standard') => extractSurface(p, depth).map((i) => `${i.kind} ${i.name} ${i.file}:${i.line}`);

describe('the code surface of each CLI and language style', () => {
  it('reads yargs options and commands', () => {
    const p = project({ 'cli.js': "const yargs = require('yargs');\nyargs\n  .command('serve', 'start')\n  .option('port', { type: 'number' })\n  .option('--help')\n" });
    expect(found(p)).toEqual(['cli-command serve cli.js:3', 'cli-flag --port cli.js:4']);
  });

  it('reads the keys of a yargs .options({...}) object and commander new Option()', () => {
    const p = project({
      'bin/run.js': [
        "const yargs = require('yargs');",
        'yargs(process.argv.slice(2)).options({',
        "  'kill-others': { type: 'boolean', describe: 'kill, others: all' },",
        '  // raw: { type: "string" },',
        '  names: {',
        "    alias: 'n',",
        '    default: [1, { nested: true }],',
        '  },',
        '});',
        "program.addOption(new Option('--log-level <level>', 'how much'));",
      ].join('\n'),
    });
    expect(found(p)).toEqual(['cli-flag --log-level bin/run.js:10', 'cli-flag --kill-others bin/run.js:3', 'cli-flag --names bin/run.js:5']);
  });

  it('reads click options and commands, and Python env reads, skipping comments and runtime variables', () => {
    const p = project({
      'tool/cli.py': "import click, os\n\n@click.command('sync')\n@click.option('--dry-run', is_flag=True)\n# @click.option('--old')\ndef sync(dry_run):\n    os.environ['TOOL_TOKEN']\n    os.getenv('HOME')\n",
    });
    expect(found(p)).toEqual(['cli-command sync tool/cli.py:3', 'cli-flag --dry-run tool/cli.py:4', 'env-var TOOL_TOKEN tool/cli.py:7']);
  });

  it('reads cobra flags and Go env reads', () => {
    const p = project({
      'cmd/root.go': 'package cmd\n\nimport "github.com/spf13/cobra"\n\nvar rootCmd = &cobra.Command{\n\tUse: "deploy",\n}\n\nfunc init() {\n\trootCmd.Flags().StringVarP(&region, "region", "r", "", "region")\n\trootCmd.PersistentFlags().Bool("verbose", false, "")\n\t_ = os.Getenv("DEPLOY_KEY")\n}\n',
    });
    expect(found(p)).toEqual(['cli-command deploy cmd/root.go:6', 'cli-flag --region cmd/root.go:10', 'cli-flag --verbose cmd/root.go:11', 'env-var DEPLOY_KEY cmd/root.go:12']);
  });

  it('reads package.json bin and scripts (no lifecycle hooks), .env templates, and a TS entry re-exporting a module', () => {
    const p = project(
      {
        'src/index.ts': "export * from './api.js';\nexport { helper as publicHelper } from './util.js';\nexport type { Options } from './types.js';\n",
        'src/api.ts': 'export async function start() {}\nexport class Server {}\nexport interface Hidden {}\n',
        'src/internal.ts': 'export function notPublic() {}\n',
      },
      {
        'package.json': JSON.stringify({ name: '@acme/srv', bin: 'dist/cli.js', main: 'dist/index.js', scripts: { build: 'tsc', prepare: 'npm run build', postinstall: 'x' } }, null, 2),
        '.env.example': '# settings\nSRV_PORT=8080\nexport SRV_SECRET=\nPATH=/usr/bin\n',
      },
    );
    expect(found(p)).toEqual([
      'cli-command srv package.json:3',
      'script build package.json:6',
      'env-var SRV_PORT .env.example:2',
      'env-var SRV_SECRET .env.example:3',
      'export publicHelper src/index.ts:2',
      'export start src/api.ts:1',
      'export Server src/api.ts:2',
    ]);
    expect(found(p, 'quick')).toEqual(['cli-command srv package.json:3', 'env-var SRV_PORT .env.example:2', 'env-var SRV_SECRET .env.example:3']);
  });
});

describe('what a code span claims exists', () => {
  it.each([
    ['archiveTask(id)', 'function archiveTask'],
    ['new TaskStore(dir)', 'function TaskStore'],
    ['store.save(tasks)', 'function save'],
    ['--dry-run', 'cli-flag --dry-run'],
    ['--priority <level>', 'cli-flag --priority'],
    ['TASKFORGE_HOME', 'env-var TASKFORGE_HOME'],
    ['createTask', 'identifier createTask'],
    ['TaskStore', 'identifier TaskStore'],
  ])('%s', (span, claim) => {
    const c = claimOf(span);
    expect(c && `${c.kind} ${c.name}`).toBe(claim);
  });

  it.each(['npm install --global taskforge', 'tasks.json', 'YYYY-MM-DD', 'low', '-p', 'taskforge add <title>', '~/.taskforge'])('%s claims nothing', (span) => {
    expect(claimOf(span)).toBeNull();
  });
});

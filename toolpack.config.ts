/**
 * The documented example configuration, used by `toolpack serve` (and `list`,
 * `call`, `doctor`) run in this folder. It serves every built-in pack; copy it
 * into your project and trim it: delete a pack's line to drop its tools, or
 * narrow them with `packs.<id>.tools` and `tools` below.
 */
import { defineConfig } from 'toolpack/sdk';

export default defineConfig({
  // Packs to load: built-in names, relative paths ('./packs/my-pack.ts') or package names,
  // each optionally with options checked against the pack's own schema.
  // Leaving `plugins` out also loads every built-in pack.
  plugins: [
    'memory', // what the other packs learned: recall, similar projects, export, preferences
    'project', // repository, ecosystem, environment and architecture analysis
    'adr', // architecture decision records and their TODO lists
    'security', // secret detection and content masking
    'scoring', // project health scores from evidence, deployment readiness checks
    'workflow', // failure analysis, diagnostics, test plans, tool-call plans for a goal
    'research', // research questions from the project's gaps, templates, findings into ADRs
    'rules', // architecture rules from ADRs and the code, checked against the code
    'deployment', // a git push that refuses secrets, deployment guidance and progress
    ['files', { maxReadBytes: 1_048_576, hideGitignored: false }],
    'system',
    'ssg', // documentation sites: recommend a generator, configure, structure, deploy, verify, test locally
    'docs', // documentation content: populate and update Diataxis pages, detect gaps, validate, check links
    'readme', // README health scores, best practices, checklists, templates and shortening
    'freshness', // documentation freshness from front matter and git, sitemap.xml
  ],

  // Per-pack settings: switch a pack off, pick its failure policy, time its init, filter its tools.
  packs: {
    files: { onFailure: 'abort', initTimeoutMs: 10_000 },
    system: { onFailure: 'skip', tools: { exclude: [] } },
  },

  // Tool filters across every pack; glob-like names such as 'memory_*' work.
  tools: { exclude: [] },

  // Named presets, picked with `toolpack serve --preset NAME` (adr, security, docs and all are built in).
  presets: {
    readonly: { description: 'Reading files only', packs: ['files'], tools: { include: ['read_file', 'list_directory'] } },
  },

  workspace: {
    // Defaults to the folder `serve` runs in (or --cwd DIR).
    // root: '.',
    allowedRoots: [],
  },

  logLevel: 'info', // or TOOLPACK_LOG_LEVEL; logs go to stderr only
  store: { path: '.toolpack/toolpack.db' },
});

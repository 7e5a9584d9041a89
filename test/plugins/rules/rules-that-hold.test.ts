/**
 * Issue 27 items 9 and 8 (generate_rules): rules that hold on real layouts, through a real
 * MCP client against the kernel with every pack.
 * - A Go monorepo whose layer folders are many and whose ADR decisions are long: generate_rules
 *   answers (no rule field over the schema's limits) and its rule set validates.
 * - A pnpm TypeScript monorepo with ten MADR records: "Avoid default exports" and the other
 *   checkable decisions become rules; validate_rules counts the 16 default exports of product
 *   code and nothing else (no logger class, Next.js route file, story, config or dotfile flagged).
 * - A Rails application: Ruby files get the naming and security rules that apply to them.
 */
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { RULE_SET_SCHEMA } from '../../../plugins/rules/model/schema.js';
import { project, type Tree } from '../project/fixtures.js';
import { PLANTED_RUBY_EVAL, PLANTED_RUBY_EVAL_LINE, PLANTED_RUBY_NAME, railsApp } from './rails-app.js';
import { DEFAULT_EXPORTS, PLANTED_NAMING, tsMonorepo } from './ts-monorepo.js';
import { toolClient } from '../../helpers/tool-client.js';

const client = toolClient;

const APPS = ['transfer', 'interchain-accounts', 'fee', 'callbacks', 'rate-limiting', 'packet-forward', 'wasm-hooks', 'async-icq'];
const CORE = ['02-client', '03-connection', '04-channel', '05-port', '23-commitment'];

/** Four Go modules; every app and core submodule has client/cli commands (presentation) and migrations (infrastructure). */
function goMonorepo(): Tree {
  const tree: Tree = {
    'go.mod': 'module github.com/example/interchain/v8\n\ngo 1.21\n\nrequire (\n\tgithub.com/cosmos/cosmos-sdk v0.50.5\n\tgithub.com/cometbft/cometbft v0.38.6\n)\n',
    'modules/light-clients/08-wasm/go.mod': 'module github.com/example/interchain/modules/light-clients/08-wasm\n\ngo 1.21\n',
    'modules/light-clients/08-wasm/client/cli/tx.go': 'package cli\n\n// NewTxCmd builds the wasm commands.\nfunc NewTxCmd() {}\n',
    'modules/light-clients/08-wasm/migrations/v2/migrate.go': 'package v2\n\n// Migrate moves the checksums.\nfunc Migrate() error { return nil }\n',
    'e2e/go.mod': 'module github.com/example/interchain/e2e\n\ngo 1.21\n',
    'e2e/suite.go': 'package e2e\n\n// Suite runs the chains.\ntype Suite struct{}\n',
  };
  const modules = [...APPS.map((app) => `modules/apps/${app}`), ...CORE.map((name) => `modules/core/${name}`)];
  for (const dir of modules) {
    const pkg = dir.split('/').pop()!.replace(/[^a-z]/g, '');
    tree[`${dir}/client/cli/query.go`] = `package cli\n\nimport "github.com/example/interchain/v8/${dir}/types"\n\n// GetQueryCmd lists the ${pkg} queries.\nfunc GetQueryCmd() { _ = types.ModuleName }\n`;
    tree[`${dir}/client/cli/tx.go`] = `package cli\n\nimport "github.com/example/interchain/v8/${dir}/types"\n\n// NewTxCmd builds the ${pkg} transactions.\nfunc NewTxCmd() { _ = types.ModuleName }\n`;
    tree[`${dir}/types/keys.go`] = `package types\n\n// ModuleName names the module.\nconst ModuleName = "${pkg}"\n`;
    tree[`${dir}/keeper/keeper.go`] = `package keeper\n\n// Keeper keeps the ${pkg} state.\ntype Keeper struct{}\n`;
    tree[`${dir}/migrations/v7/store.go`] = `package v7\n\n// MigrateStore rewrites the ${pkg} store.\nfunc MigrateStore() error { return nil }\n`;
  }
  const long = (topic: string) =>
    `We will keep ${topic} in the module that owns it and expose it only through the keeper interfaces, so that the light client modules, the applications and the core submodules can be versioned and released independently of one another; every change to the shared interfaces goes through a deprecation period of one major release in which both the old and the new functions exist, the old ones logging a warning once per process. ` +
    `The CLI commands and the controllers must not access the store, the database or any persistence of another module directly, because the store layout is an implementation detail that migrations change between releases and a command reading it would break silently after an upgrade of the chain, which operators have reported several times in the past releases of the repository and which cost them days of debugging in production networks. ` +
    'Queries go through the gRPC query services, which are versioned with the module and tested against every supported store layout.';
  const record = (n: number, title: string, decision: string) =>
    `# ADR ${String(n).padStart(3, '0')}: ${title}\n\n## Changelog\n\n- 2022-03-0${n}: Initial draft\n\n## Status\n\nAccepted\n\n## Context\n\n${title} affects every module of the repository and the chains that run it.\n\n## Decision\n\n${decision}\n\n## Consequences\n\n### Positive\n\n- Modules can be released independently.\n\n### Negative\n\n- More interfaces to maintain.\n`;
  const titles = ['Module boundaries', 'Store migrations', 'Light client state', 'Packet callbacks', 'Fee accounting', 'Channel upgrades'];
  titles.forEach((title, i) => (tree[`docs/architecture/adr-${String(i + 1).padStart(3, '0')}-${title.toLowerCase().replace(/ /g, '-')}.md`] = record(i + 1, title, long(title.toLowerCase()))));
  return tree;
}

describe('generate_rules never fails on its own output (Go monorepo, long ADR decisions)', () => {
  it('answers with a rule set valid against the published schema', async () => {
    const root = project(goMonorepo(), 'toolpack-rules-go-mono-');
    const { call, close } = await client(root);
    try {
      const generated = await call('generate_rules', { projectPath: root, outputFormat: 'json' });
      const validate = new Ajv({ strict: false }).compile(RULE_SET_SCHEMA);
      expect(validate(JSON.parse(generated.content)), JSON.stringify(validate.errors)).toBe(true);
      expect(generated.adrs).toMatchObject({ directory: 'docs/architecture', found: true, total: 6 });
      // The ADRs' boundary (commands must not reach the store) is a rule; its globs fit the schema and still select the folders.
      const boundary = generated.ruleSet.rules.filter((rule: any) => rule.source.kind === 'adr' && rule.check?.kind === 'forbid-import');
      expect(boundary.length).toBeGreaterThan(0);
      for (const rule of generated.ruleSet.rules) {
        for (const field of ['glob', 'from', 'to'] as const) if (rule.check?.[field] !== undefined) expect(rule.check[field].length, `${rule.id}.${field}`).toBeLessThanOrEqual(300);
      }
      const validated = await call('validate_rules', { projectPath: root, outputFormat: 'json', ruleTypes: ['dependencies'] });
      const checked = validated.byRule.find((rule: any) => rule.ruleId === boundary[0].id);
      expect(checked).toMatchObject({ status: 'checked' });
      expect(checked.files).toBeGreaterThanOrEqual(2 * (APPS.length + CORE.length));
    } finally {
      await close();
    }
  });
});

describe('rules that hold on a pnpm TypeScript monorepo with MADR records', () => {
  it('derives the checkable decisions of the ADRs as rules', async () => {
    const root = project(tsMonorepo(), 'toolpack-rules-ts-mono-');
    const { call, close } = await client(root);
    try {
      const generated = await call('generate_rules', { projectPath: root, outputFormat: 'json', source: 'adrs' });
      expect(generated.adrs).toMatchObject({ directory: 'docs/adr', found: true, total: 10 });
      const rules = generated.ruleSet.rules;
      const from = (slug: string) => rules.filter((rule: any) => rule.source.path.endsWith(`${slug}.md`));
      const defaults = from('avoid-default-exports');
      expect(defaults).toHaveLength(1);
      expect(defaults[0].check).toMatchObject({ kind: 'forbid-pattern' });
      expect(defaults[0].check.glob).toContain('packages/*/src');
      expect(from('use-prettier').map((rule: any) => rule.check)).toContainEqual({ kind: 'require-dependency', packages: ['prettier'] });
      expect(from('use-jest').map((rule: any) => rule.check)).toContainEqual({ kind: 'require-dependency', packages: ['jest'] });
      expect(from('use-pnpm-workspaces').filter((rule: any) => rule.check)).toHaveLength(1);
      expect(from('use-typescript-strict-mode').filter((rule: any) => rule.check?.kind === 'forbid-pattern')).toHaveLength(1);
      expect(generated.adrs.used).toBeGreaterThanOrEqual(5);
    } finally {
      await close();
    }
  });

  it('validate_rules counts the default exports of product code and reports no false violation', async () => {
    const root = project(tsMonorepo(), 'toolpack-rules-ts-mono-');
    const { call, close } = await client(root);
    try {
      const result = await call('validate_rules', { projectPath: root, outputFormat: 'json' });
      const ids = result.byRule.map((rule: any) => rule.ruleId);
      const defaultRule = result.byRule.find((rule: any) => /default-export/.test(rule.ruleId));
      expect(defaultRule, ids.join(', ')).toMatchObject({ status: 'checked', violations: DEFAULT_EXPORTS });
      const defaults = result.violations.filter((v: any) => v.ruleId === defaultRule.ruleId).map((v: any) => v.file);
      expect(defaults.every((file: string) => file.startsWith('packages/core/src/') && !file.includes('.test.'))).toBe(true);
      // Everything else holds: pnpm, strict mode, Prettier, Jest are in place; the one naming slip is the planted one.
      const others = result.violations.filter((v: any) => v.ruleId !== defaultRule.ruleId).map((v: any) => `${v.file} ${v.ruleId}`);
      expect(others).toEqual([expect.stringMatching(new RegExp(`^${PLANTED_NAMING} code-naming-`))]);
      // The checks ran: the console rule read the logger's folder, the naming rule the route files' folder.
      expect(ids).toEqual(expect.arrayContaining(['code-no-console-log', 'code-structure-source-folders']));
    } finally {
      await close();
    }
  });

  it('does not flag route files, dotfiles or configs under a saved rule set written by hand', async () => {
    const root = project(
      {
        ...tsMonorepo(),
        'rules.json': JSON.stringify({
          name: 'hand rules',
          version: 1,
          rules: [
            { id: 'tsx-pascal', type: 'naming', description: 'Components in Pascal case.', severity: 'warning', source: { kind: 'manual' }, check: { kind: 'file-naming', glob: 'packages/web/src/**/*.tsx', pattern: 'PascalCase' } },
            { id: 'code-in-packages', type: 'structure', description: 'Code lives in packages/.', severity: 'warning', source: { kind: 'manual' }, check: { kind: 'folder-structure', glob: '**/*.{js,ts,tsx}', within: ['packages'] } },
          ],
        }),
      },
      'toolpack-rules-ts-hand-',
    );
    const { call, close } = await client(root);
    try {
      const result = await call('validate_rules', { projectPath: root, rulesPath: 'rules.json', outputFormat: 'json' });
      expect(result.violations.map((v: any) => `${v.file} ${v.ruleId}`)).toEqual([`${PLANTED_NAMING} tsx-pascal`]);
    } finally {
      await close();
    }
  });
});

describe('Ruby files are checked (Rails application)', () => {
  it('derives snake_case naming for Ruby and reports the misnamed model and the eval', async () => {
    const root = project(railsApp(), 'toolpack-rules-rails-');
    const { call, close } = await client(root);
    try {
      const generated = await call('generate_rules', { projectPath: root, outputFormat: 'json', source: 'code' });
      const naming = generated.ruleSet.rules.filter((rule: any) => rule.check?.kind === 'file-naming' && rule.check.glob.endsWith('.rb'));
      expect(naming.map((rule: any) => [rule.check.glob, rule.check.pattern])).toContainEqual(['app/**/*.rb', 'snake_case']);
      const result = await call('validate_rules', { projectPath: root, outputFormat: 'json' });
      const found = result.violations.map((v: any) => `${v.file}:${v.line} ${v.ruleId}`);
      expect(found).toContain(`${PLANTED_RUBY_NAME}:null ${naming[0].id}`);
      expect(found).toContain(`${PLANTED_RUBY_EVAL}:${PLANTED_RUBY_EVAL_LINE} security-no-eval`);
      // Specs, migrations and config files are not naming or placement violations.
      expect(found.filter((entry: string) => /^(spec|db|config)\//.test(entry))).toEqual([]);
    } finally {
      await close();
    }
  });
});

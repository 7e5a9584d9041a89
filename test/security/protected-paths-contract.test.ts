/**
 * Issue 23 item 3: the protected paths (.git in any form and case at any depth,
 * .toolpack, Toolpack's config files) are refused for every reader and writer
 * of every pack. The contract is taken from the tools themselves: every
 * path-like parameter in every tool's input schema is called with each
 * protected target, against a workspace whose protected files carry markers.
 * Each call must be refused, no marker may appear in any result, and nothing
 * may be created or changed under a protected name.
 */
import { lstatSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startToolpack } from '../../core/bootstrap.js';
import type { Kernel } from '../../core/kernel/kernel.js';
import { createRootLogger } from '../../core/services/logger.js';
import { canonicalName, isConfigName, isGitName, isToolpackDataName } from '../../sdk/protected-paths.js';
import { connectTestClient } from '../../sdk/testing.js';
import { createWorkspace, inProcessClient } from './helpers.js';
import { commitAll, git } from './git-repo.js';

/** The security key planted before the server starts (the vault uses it as is). */
const KEY = 'c0a1f2e3d4b5a6978877665544332211ffeeddccbbaa99887766554433221100';
const GIT_MARKER = 'GITMARKER7f3a';
const STORE_MARKER = 'STOREMARKER91c';
const CONFIG_MARKER = 'CONFIGMARKER5d2';
const MARKERS = [KEY, KEY.slice(0, 24), GIT_MARKER, STORE_MARKER, CONFIG_MARKER];

const TARGETS = ['.git/config', '.GIT/config', 'sub/.git', '.git', '.toolpack/security.key', '.toolpack', 'sub/toolpack.config.ts', 'sub/.toolpackrc.json', 'toolpack.config.ts', '.toolpackrc.json'];

const README = '# Orders\n\nThe orders service keeps orders.\n\n## Install\n\n```sh\nnpm install\n```\n\n## Usage\n\nRun `npm start`.\n';

/** A workspace with a git repository, markers in every protected place, and the files tools expect. */
function plant(dir: string): void {
  const write = (relative: string, text: string) => {
    mkdirSync(join(dir, relative, '..'), { recursive: true });
    writeFileSync(join(dir, relative), text);
  };
  write('README.md', README);
  write('package.json', JSON.stringify({ name: 'orders', version: '1.0.0', scripts: { start: 'node src/index.js' }, dependencies: { express: '^4.0.0' } }));
  write('src/index.js', "const express = require('express');\nexpress().listen(3000);\n");
  write('docs/index.md', '# Orders docs\n\nHow the orders service works.\n');
  write('docs/adrs/0001-use-express.md', '# 1. Use Express\n\n## Status\n\nAccepted\n\n## Context\n\nWe need HTTP.\n\n## Decision\n\nWe will use Express.\n\n## Consequences\n\nSet up Express.\n');
  write('docs/prd.md', '# Orders PRD\n\n## Requirements\n\nThe service stores orders in PostgreSQL.\n');
  write('docs/research/cache.md', '# Cache research\n\n## Findings\n\nRedis is fast.\n');
  write('TODO.md', '# TODO\n\n- [ ] Ship it\n');
  commitAll(dir);
  git(dir, 'config', 'toolpack.marker', GIT_MARKER);
  write('.git/notes.md', `# ${GIT_MARKER}\n\n${GIT_MARKER} in a page.\n`);
  // A second repository folder in upper case (another folder on Linux) and a nested one.
  write('.GIT/config', `[core]\n\tbare = false\n# ${GIT_MARKER}\n`);
  write('.GIT/notes.md', `# ${GIT_MARKER}\n`);
  write('sub/.git/config', `[core]\n\tbare = false\n# ${GIT_MARKER}\n`);
  write('sub/.git/README.md', `# ${GIT_MARKER}\n`);
  write('sub/readme.md', '# Sub\n\nA sub folder.\n');
  write('.toolpack/security.key', `${KEY}\n`);
  write('.toolpack/notes.md', `# ${STORE_MARKER}\n\n${STORE_MARKER} in a page.\n`);
  write('sub/toolpack.config.ts', `// ${CONFIG_MARKER}\nexport default { logLevel: 'silent' };\n`);
  write('sub/.toolpackrc.json', JSON.stringify({ logLevel: 'silent', $comment: CONFIG_MARKER }));
}

/** Every entry at or below a protected name (and every protected name), with what would show a change. */
function protectedState(dir: string): Map<string, string> {
  const state = new Map<string, string>();
  const visit = (relative: string, inside: boolean) => {
    for (const entry of readdirSync(join(dir, relative), { withFileTypes: true })) {
      const path = relative ? `${relative}/${entry.name}` : entry.name;
      // The store itself is written by the server on every call.
      if (/^\.toolpack\/toolpack\.db/.test(path)) continue;
      const isProtected = inside || isGitName(entry.name) || isToolpackDataName(entry.name) || isConfigName(entry.name);
      const info = lstatSync(join(dir, path));
      if (isProtected) state.set(path, `${info.isDirectory() ? 'dir' : info.size}:${info.isDirectory() ? '' : info.mtimeMs}`);
      if (entry.isDirectory() && entry.name !== 'node_modules') visit(path, isProtected);
    }
  };
  visit('', false);
  return state;
}

const PATH_NAME = /(path|dir|directory|file|folder|repository)$/i;
/** Parameters whose name looks path-like but are not paths: ids, enums and free text. */
const NOT_PATHS = new Set(['analysisId']);

interface PathParam {
  /** Dotted name (nested objects); `[]` marks array items. */
  name: string;
}

/** Path-like string parameters of a tool's input schema, nested objects and arrays of strings included. */
function pathParams(schema: any, prefix = ''): PathParam[] {
  const found: PathParam[] = [];
  for (const [key, value] of Object.entries<any>(schema?.properties ?? {})) {
    const name = prefix ? `${prefix}.${key}` : key;
    const options = value.anyOf ?? [value];
    for (const option of options) {
      if (option.type === 'object') found.push(...pathParams(option, name));
      const leaf = option.type === 'array' ? option.items : option;
      if (leaf?.type !== 'string' || leaf.enum || NOT_PATHS.has(key)) continue;
      const described = /\b(path|folder|directory)\b/i.test(String(value.description ?? '')) && !/content|text|title|query|message/i.test(key);
      if (PATH_NAME.test(key) || described) found.push({ name: option.type === 'array' ? `${name}[]` : name });
    }
  }
  return [...new Map(found.map((p) => [p.name, p])).values()];
}

function withParam(base: Record<string, unknown>, name: string, value: string): Record<string, unknown> {
  const args = structuredClone(base);
  const parts = name.replace(/\[\]$/, '').split('.');
  let node: any = args;
  for (const part of parts.slice(0, -1)) node = node[part] ??= {};
  node[parts.at(-1)!] = name.endsWith('[]') ? [value] : value;
  return args;
}

/**
 * Minimal valid arguments per tool (the tested parameter replaces its own), one
 * set per operation that reads or writes a path; `$params` limits a set to the
 * parameters its operation uses. A tool missing here fails the test, so a new
 * tool is covered from its first day.
 */
const BASE: Record<string, Array<Record<string, unknown> & { $params?: string[] }>> = {
  memory_recall: [{ query: 'orders' }],
  memory_insights: [{}],
  memory_similar: [{ analysisId: 'none' }],
  memory_export: [{}],
  memory_cleanup: [{}],
  manage_preferences: [{ action: 'get' }],
  analyze_deployments: [{}],
  analyze_project_ecosystem: [{ projectPath: '.' }],
  get_architectural_context: [{}],
  analyze_environment: [{}],
  analyze_repository: [{ path: '.' }],
  discover_existing_adrs: [{}],
  get_adr_graph: [{}],
  validate_adrs: [{}],
  generate_adrs_from_prd: [{ prdPath: 'docs/prd.md' }],
  generate_adr_from_decision: [{ decisionData: { title: 'Use Redis', context: 'We need a cache.', decision: 'We will use Redis.' } }],
  suggest_adrs: [{}],
  generate_adr_todo: [{}],
  manage_todo_json: [
    { operation: 'import_from_markdown', $params: ['todoPath', 'projectPath'] },
    { operation: 'sync_to_markdown', $params: ['todoPath', 'projectPath'] },
    { operation: 'get_tasks', task: {}, $params: ['projectPath', 'task.linkedAdr'] },
    { operation: 'create_task', task: { title: 'Ship it' }, $params: ['task.linkedAdr'] },
  ],
  compare_adr_progress: [{}],
  analyze_content_security: [{ content: 'hello' }],
  generate_content_masking: [{ content: 'hello' }],
  apply_basic_content_masking: [{ content: 'hello' }],
  validate_content_masking: [{ originalContent: 'a', maskedContent: 'a' }],
  configure_custom_patterns: [{ projectPath: '.' }],
  configure_output_masking: [{}],
  smart_score: [{ operation: 'recalculate_scores' }],
  deployment_readiness: [{ operation: 'check_readiness' }],
  troubleshoot_guided_workflow: [
    { operation: 'run_diagnostics' },
    { operation: 'create_workflow' },
    { operation: 'analyze_failure', failureInfo: { failureType: 'test_failure', failureDetails: 'Error at src/index.js:1' } },
  ],
  get_workflow_guidance: [{ goal: 'ship the orders service' }],
  get_development_guidance: [{ developmentPhase: 'setup' }],
  generate_research_questions: [{ analysisType: 'general' }],
  create_research_template: [{ title: 'Cache choice' }],
  incorporate_research: [{ researchPath: 'docs/research/cache.md' }],
  generate_rules: [{}],
  validate_rules: [{}],
  create_rule_set: [{ name: 'rules', rules: [] }],
  smart_git_push: [{ operation: 'security_check' }, { operation: 'commit_analysis' }],
  generate_deployment_guidance: [{ targetEnvironment: 'development' }],
  analyze_deployment_progress: [{ analysisType: 'pre_deployment' }],
  read_file: [{ path: 'README.md' }],
  write_file: [{ path: 'out.txt', content: 'written by the test\n' }],
  list_directory: [{ path: '.' }],
  manage_cache: [{ action: 'stats' }],
  check_ai_execution_status: [{}],
  request_action_confirmation: [{ action: 'x', description: 'y' }],
  recommend_ssg: [{}],
  generate_config: [{ ssg: 'mkdocs', projectName: 'Orders', outputPath: 'site' }],
  setup_structure: [{ path: 'site', ssg: 'mkdocs' }],
  deploy_pages: [{ repository: '.', ssg: 'mkdocs' }],
  verify_deployment: [{ repository: '.' }],
  test_local_deployment: [{ repositoryPath: '.', ssg: 'mkdocs' }],
  populate_diataxis_content: [{ analysisId: '<analysis>', docsPath: 'docs' }],
  update_existing_documentation: [{ analysisId: '<analysis>', docsPath: 'docs' }],
  detect_documentation_gaps: [{ repositoryPath: '.' }],
  detect_documentation_drift: [{ repositoryPath: '.' }],
  validate_diataxis_content: [{ contentPath: 'docs' }],
  validate_content: [{ contentPath: 'docs' }],
  check_documentation_links: [{ check_external_links: false }],
  evaluate_readme_health: [{ readme_path: 'README.md' }],
  readme_best_practices: [{ readme_path: 'README.md' }],
  generate_readme_template: [{ projectName: 'Orders', description: 'The orders service.', templateType: 'application' }],
  validate_readme_checklist: [{ readmePath: 'README.md' }],
  analyze_readme: [{ project_path: '.' }],
  optimize_readme: [{ readme_path: 'README.md' }],
  track_documentation_freshness: [{ docsPath: 'docs' }],
  validate_documentation_freshness: [{ docsPath: 'docs', projectPath: '.' }],
  manage_sitemap: [{ action: 'generate', docsPath: 'docs' }, { action: 'validate', docsPath: 'docs' }, { action: 'list', docsPath: 'docs' }],
  generate_llms_txt: [{ docsPath: 'docs', baseUrl: 'https://example.org/' }, { docsPath: 'docs', action: 'validate' }],
};

/**
 * Parameters that name a project only to filter stored results (no file is
 * opened): a protected value there may be accepted, as long as nothing
 * protected is read or written (checked for every call all the same).
 */
const CONTEXT_ONLY = new Set<string>(['memory_insights.projectId', 'memory_export.filter.project']);

describe('item 3: every path parameter of every tool refuses the protected paths', { timeout: 600_000 }, () => {
  let dir: string;
  let kernel: Kernel;
  let client: Client;
  let analysisId = '';
  let cleanup: () => void;

  beforeAll(async () => {
    const { mkdtempSync, realpathSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const parent = realpathSync(mkdtempSync(join(tmpdir(), 'toolpack-protected-')));
    dir = join(parent, 'workspace');
    mkdirSync(dir);
    cleanup = () => rmSync(parent, { recursive: true, force: true });
    plant(dir);
    kernel = await startToolpack({ cwd: dir, preset: 'all', logger: createRootLogger('silent') }); // every tool listed
    client = await connectTestClient(kernel);
    const analysed = await client.callTool({ name: 'analyze_repository', arguments: { path: '.' } });
    analysisId = (analysed.structuredContent as { analysisId?: string; id?: string }).analysisId ?? (analysed.structuredContent as { id?: string }).id ?? '';
    expect(analysisId).not.toBe('');
  }, 120_000);

  afterAll(async () => {
    await client?.close().catch(() => {});
    await kernel?.stop();
    cleanup?.();
  });

  it('finds the path parameters of every tool and has arguments for each tool', async () => {
    const { tools } = await client.listTools();
    expect(tools.length).toBeGreaterThan(60);
    expect(tools.map((tool) => tool.name).filter((name) => !BASE[name])).toEqual([]);
    const counted = tools.flatMap((tool) => pathParams(tool.inputSchema).map((param) => `${tool.name}.${param.name}`));
    // The parameters the issue names are among them.
    for (const name of ['validate_rules.filePath', 'validate_rules.rulesPath', 'populate_diataxis_content.docsPath', 'deploy_pages.repository', 'update_existing_documentation.docsPath', 'manage_sitemap.sitemapPath', 'generate_adr_todo.todoPath', 'analyze_readme.project_path']) {
      expect(counted).toContain(name);
    }
  });

  it('refuses every protected target in every path parameter, leaks no marker and changes nothing protected', async () => {
    const { tools } = await client.listTools();
    const failures: string[] = [];
    for (const tool of tools) {
      const params = pathParams(tool.inputSchema);
      for (const param of params) {
        for (const { $params, ...base } of BASE[tool.name] ?? [{}]) {
          if (Array.isArray($params) && !$params.includes(param.name.replace(/\[\]$/, ''))) continue;
          for (const target of TARGETS) {
            const args = withParam(JSON.parse(JSON.stringify(base).replace('<analysis>', analysisId)), param.name, target);
            const before = protectedState(dir);
            const result = await client.callTool({ name: tool.name, arguments: args });
            const shown = `${tool.name} ${JSON.stringify(args)}`;
            const all = JSON.stringify(result);
            for (const marker of MARKERS) if (all.includes(marker)) failures.push(`${shown}: result shows ${marker === KEY || marker === KEY.slice(0, 24) ? 'the security key' : marker}`);
            const after = protectedState(dir);
            const changed = [...after].filter(([path, value]) => before.get(path) !== value).map(([path]) => path);
            const removed = [...before.keys()].filter((path) => !after.has(path));
            if (changed.length || removed.length) failures.push(`${shown}: changed ${[...changed, ...removed].join(', ')}`);
            const key = `${tool.name}.${param.name.replace(/\[\]$/, '')}`;
            if (result.isError !== true && !CONTEXT_ONLY.has(key)) failures.push(`${shown}: accepted`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('item 3: the attacks of the issue', { timeout: 120_000 }, () => {
  /** 64 positions x 16 hex digits: rule `p<i>-<c>` counts a violation when character i of the file is c. */
  const spellingRules = () =>
    Array.from({ length: 64 }, (_, i) =>
      [...'0123456789abcdef'].map((c) => ({
        id: `p${i}-${c}`,
        type: 'patterns',
        description: `character ${i} is ${c}`,
        severity: 'warning',
        source: { kind: 'manual' },
        check: { kind: 'forbid-pattern', glob: '**', regex: `^.{${i}}${c}` },
      })),
    ).flat();

  const spelled = (byRule: Array<{ ruleId: string; violations: number }> | undefined) => {
    const chars = Array.from({ length: 64 }, () => '?');
    for (const rule of byRule ?? []) {
      const [, i, c] = /^p(\d+)-(.)$/.exec(rule.ruleId) ?? [];
      if (i !== undefined && rule.violations > 0) chars[Number(i)] = c!;
    }
    return chars.join('');
  };

  it.each(['.toolpack/security.key', '.git/config', 'x/../store-link/security.key'])('validate_rules with 1,024 per-character rules cannot spell %s', async (filePath) => {
    const ws = createWorkspace({ 'README.md': '# ws\n', 'rules.json': JSON.stringify({ name: 'spell', version: 1, rules: spellingRules() }) });
    ws.write('.toolpack/security.key', `${KEY}\n`);
    // A link to the store folder under an innocent name: where the path leads counts, not how it is spelled.
    symlinkSync('.toolpack', ws.path('store-link'));
    commitAll(ws.dir);
    git(ws.dir, 'config', 'core.fakekey', KEY);
    const client = await inProcessClient(ws.dir);
    const result = await client.call('validate_rules', { filePath, rulesPath: 'rules.json', outputFormat: 'json' });
    expect(spelled(result.data?.byRule)).not.toContain(KEY.slice(0, 16));
    expect(result.isError).toBe(true);
    expect(result.text).toContain('filePath');
    expect(result.text).not.toContain(KEY);
  });

  it.each([
    ['populate_diataxis_content', 'docsPath'],
    ['update_existing_documentation', 'docsPath'],
  ])('%s cannot create or write .git, .Git or .toolpack folders', async (tool, param) => {
    const ws = createWorkspace({ 'README.md': README, 'package.json': JSON.stringify({ name: 'orders' }), 'src/index.js': 'module.exports = 1;\n', 'docs/index.md': '# Docs\n' });
    commitAll(ws.dir);
    const client = await inProcessClient(ws.dir);
    const analysis = await client.call('analyze_repository', { path: '.' });
    const analysisId = analysis.data.analysisId ?? analysis.data.id;
    for (const target of ['.git', '.Git', 'docs/.git', 'a/.GIT/b', '.toolpack', '.toolpack/docs', 'sub/.ToolPack']) {
      const before = protectedState(ws.dir);
      const result = await client.call(tool, { analysisId, [param]: target });
      expect(result.isError, `${tool} ${target}`).toBe(true);
      expect(result.text).toContain(param);
      const after = protectedState(ws.dir);
      expect([...after.keys()].filter((path) => !/^\.toolpack\/(security\.key|\.gitignore)$/.test(path) && before.get(path) !== after.get(path)), `${tool} ${target}`).toEqual([]);
    }
    const names = readdirSync(ws.dir).map(canonicalName);
    expect(names.filter((name) => name === '.git')).toHaveLength(1);
  });

  it.each(['.git', '.Git', 'sub/.GIT', '.toolpack', 'x/.toolpack'])('deploy_pages cannot write a workflow into %s', async (repository) => {
    const ws = createWorkspace({ 'README.md': README, 'docs/index.md': '# Docs\n', 'sub/keep.txt': 'x\n' });
    commitAll(ws.dir);
    const client = await inProcessClient(ws.dir);
    const before = protectedState(ws.dir);
    const result = await client.call('deploy_pages', { repository, ssg: 'mkdocs' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('repository');
    const after = protectedState(ws.dir);
    expect([...after.keys()].filter((path) => !/^\.toolpack\/(security\.key|\.gitignore)$/.test(path) && before.get(path) !== after.get(path))).toEqual([]);
  });
});

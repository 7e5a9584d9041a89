/**
 * Issue 26 item 5: every tool's structured result starts with a one-line `summary`
 * and is at most 25 KB, on a realistic repository, through a real MCP client with
 * every toolset served; each output schema lists `summary` first.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startToolpack } from '../../core/bootstrap.js';
import type { Kernel } from '../../core/kernel/kernel.js';
import { createRootLogger } from '../../core/services/logger.js';
import { connectTestClient } from '../../sdk/testing.js';
import { nodeService, writeTree } from '../plugins/project/fixtures.js';
import { commitAll } from '../security/git-repo.js';
import { tempDir } from '../helpers/workspace.js';

const BUDGET = 25 * 1024;

const README = [
  '# Orders API',
  '',
  'The orders service stores and serves orders over HTTP.',
  '',
  '## Installation',
  '',
  '```sh',
  'npm install',
  '```',
  '',
  '## Usage',
  '',
  'Run `npm start` and open http://localhost:3000/orders.',
  '',
  '## Contributing',
  '',
  'Open a pull request; see [the docs](docs/index.md).',
  '',
  '## License',
  '',
  'MIT',
  '',
].join('\n');

const adr = (n: number, title: string, decision: string) =>
  `# ${n}. ${title}\n\nDate: 2024-0${n}-01\n\n## Status\n\nAccepted\n\n## Context\n\nWe need to choose.\n\n## Decision\n\n${decision}\n\n## Consequences\n\nWe will maintain it.\n`;

/** An Express service with docs in Diataxis folders, ADRs, a PRD, research notes and a TODO, committed. */
function repository(): string {
  const dir = writeTree(tempDir('toolpack-summary-'), {
    ...nodeService(),
    'README.md': README,
    'docs/index.md': '# Orders docs\n\n- [Tutorial](tutorials/first-order.md)\n- [Reference](reference/api.md)\n',
    'docs/tutorials/first-order.md': '# Your first order\n\nInstall, then run `npm start`.\n\n```js\nfetch("/orders");\n```\n',
    'docs/how-to/deploy.md': '# Deploy\n\nBuild the image with `docker build .` and push it.\n',
    'docs/reference/api.md': '# API\n\n## GET /orders\n\nLists orders.\n',
    'docs/explanation/architecture.md': '# Architecture\n\nExpress in front of PostgreSQL, Redis as a cache.\n',
    'docs/adrs/0001-use-express.md': adr(1, 'Use Express', 'We will use Express for the HTTP API.'),
    'docs/adrs/0002-use-postgresql.md': adr(2, 'Use PostgreSQL', 'We will use PostgreSQL for orders.'),
    'docs/prd.md': '# Orders PRD\n\n## Requirements\n\nThe service stores orders in PostgreSQL and caches reads in Redis. Users sign in with OAuth.\n',
    'docs/research/cache.md': '# Cache research\n\n## Findings\n\nRedis answers reads in under a millisecond.\n\n## Recommendation\n\nUse Redis.\n',
    'TODO.md': '# TODO\n\n- [ ] Add pagination to GET /orders\n',
  });
  commitAll(dir);
  return dir;
}

type Args = Record<string, unknown>;

/** Arguments for every tool: realistic calls a model would make on this repository. */
function argumentsFor(analysisId: string): Record<string, Args> {
  const decision = { title: 'Use Redis for caching', context: 'Reads are slow.', decision: 'We will cache reads in Redis.', consequences: ['Another service to run.'] };
  return {
    analyze_project_ecosystem: { projectPath: '.' },
    get_architectural_context: { projectPath: '.' },
    analyze_environment: { projectPath: '.' },
    analyze_repository: { path: '.' },
    discover_existing_adrs: { adrDirectory: 'docs/adrs' },
    validate_adrs: { adrDirectory: 'docs/adrs' },
    get_adr_graph: { adrDirectory: 'docs/adrs' },
    generate_adrs_from_prd: { prdPath: 'docs/prd.md', adrDirectory: 'docs/adrs' },
    generate_adr_from_decision: { decisionData: decision, adrDirectory: 'docs/adrs' },
    suggest_adrs: { projectPath: '.' },
    generate_adr_todo: { adrDirectory: 'docs/adrs' },
    manage_todo_json: { operation: 'get_tasks' },
    compare_adr_progress: {},
    analyze_content_security: { content: 'const password = "hunter2-very-secret";\nconst email = "ann@example.com";\n' },
    generate_content_masking: { content: 'api_key = "AKIAIOSFODNN7EXAMPLE"\n' },
    apply_basic_content_masking: { content: 'token: ghp_0123456789abcdefghijklmnopqrstuvwxyz\n' },
    validate_content_masking: { originalContent: 'password = "hunter2"\n', maskedContent: 'password = "xxxxxxx"\n' },
    configure_custom_patterns: { projectPath: '.' },
    configure_output_masking: {},
    smart_score: { operation: 'diagnose_scores' },
    deployment_readiness: { operation: 'check_readiness' },
    troubleshoot_guided_workflow: { operation: 'analyze_failure', failureInfo: { failureType: 'runtime', failureDetails: 'TypeError: Cannot read properties of undefined (reading \'rows\')\n    at listOrders (src/services/orders.js:4:60)' } },
    get_workflow_guidance: { goal: 'Document the orders service architecture' },
    get_development_guidance: { developmentPhase: 'implementation' },
    generate_research_questions: { analysisType: 'performance', context: 'Order reads are slow under load.' },
    create_research_template: { title: 'Message queue choice' },
    incorporate_research: { researchPath: 'docs/research/cache.md' },
    generate_rules: {},
    validate_rules: { filePath: 'src/index.js' },
    create_rule_set: { name: 'orders', rules: [{ id: 'no-eval', type: 'security', description: 'No eval.', severity: 'error', check: { kind: 'forbid-pattern', glob: 'src/**/*.js', regex: 'eval\\(' } }] },
    smart_git_push: { operation: 'security_check' },
    generate_deployment_guidance: { targetEnvironment: 'production' },
    analyze_deployment_progress: { analysisType: 'pre_deployment' },
    read_file: { path: 'README.md' },
    write_file: { path: 'notes/new.md', content: '# Notes\n' },
    list_directory: { path: '.' },
    manage_cache: { action: 'stats' },
    check_ai_execution_status: {},
    request_action_confirmation: { action: 'Delete the build folder', description: 'Removes dist/.' },
    recommend_ssg: { analysisId },
    generate_config: { ssg: 'mkdocs', projectName: 'Orders', outputPath: '.' },
    setup_structure: { path: 'site/docs', ssg: 'mkdocs' },
    deploy_pages: { repository: '.', ssg: 'mkdocs' },
    verify_deployment: { repository: '.' },
    test_local_deployment: { repositoryPath: '.', ssg: 'mkdocs' },
    populate_diataxis_content: { analysisId, docsPath: 'docs' },
    update_existing_documentation: { analysisId, docsPath: 'docs' },
    detect_documentation_gaps: { repositoryPath: '.', documentationPath: 'docs' },
    detect_documentation_drift: { repositoryPath: '.', documentationPath: 'docs' },
    generate_llms_txt: { docsPath: 'docs', baseUrl: 'https://orders.example.com' },
    validate_diataxis_content: { contentPath: 'docs' },
    validate_content: { contentPath: 'docs', followExternalLinks: false },
    check_documentation_links: { documentation_path: 'docs', check_external_links: false },
    evaluate_readme_health: { readme_path: 'README.md' },
    readme_best_practices: { readme_path: 'README.md' },
    generate_readme_template: { projectName: 'Orders', description: 'Stores orders.', templateType: 'api' },
    validate_readme_checklist: { readmePath: 'README.md' },
    analyze_readme: { project_path: '.' },
    optimize_readme: { readme_path: 'README.md' },
    track_documentation_freshness: { docsPath: 'docs' },
    validate_documentation_freshness: { docsPath: 'docs', projectPath: '.' },
    manage_sitemap: { action: 'generate', docsPath: 'docs', baseUrl: 'https://orders.example.com' },
    manage_preferences: { action: 'get' },
    analyze_deployments: {},
    memory_recall: { query: 'orders' },
    memory_insights: {},
    memory_similar: { analysisId },
    memory_export: {},
    memory_cleanup: { dryRun: true },
  };
}

describe('every tool answers summary first, within 25 KB', () => {
  let kernel: Kernel;
  let client: Client;
  let dir: string;

  beforeAll(async () => {
    dir = repository();
    kernel = await startToolpack({ cwd: dir, preset: 'all', logger: createRootLogger('silent') });
    client = await connectTestClient(kernel);
  }, 60_000);
  afterAll(async () => {
    await client?.close();
    await kernel?.stop();
  });

  it('lists summary first in every output schema', async () => {
    const { tools } = await client.listTools();
    const packTools = tools.filter((tool) => tool.outputSchema && !['list_available_toolsets', 'get_toolset_tools', 'enable_toolset'].includes(tool.name));
    expect(packTools.length).toBeGreaterThanOrEqual(65);
    const notFirst = packTools.filter((tool) => Object.keys(tool.outputSchema!.properties ?? {})[0] !== 'summary').map((tool) => tool.name);
    expect(notFirst).toEqual([]);
  });

  it('calls every tool: the first key is a one-line summary, the JSON at most 25 KB', async () => {
    const analysis = (await client.callTool({ name: 'analyze_repository', arguments: { path: '.' } })).structuredContent as { id: string };
    const calls = argumentsFor(analysis.id);
    const { tools } = await client.listTools();
    const packTools = tools.map((tool) => tool.name).filter((name) => !['list_available_toolsets', 'get_toolset_tools', 'enable_toolset'].includes(name));
    expect(packTools.filter((name) => !(name in calls))).toEqual([]);
    const problems: string[] = [];
    for (const name of packTools) {
      const result = await client.callTool({ name, arguments: calls[name] });
      const data = result.structuredContent as Record<string, unknown>;
      // A tool that runs the project's code asks first; this client cannot answer, so nothing ran and there is no result to check.
      if (result.isError && (data as { error: { type: string } }).error.type === 'ConfirmationRequired') continue;
      if (result.isError) {
        problems.push(`${name}: error ${JSON.stringify(data).slice(0, 300)}`);
        continue;
      }
      const summary = data.summary;
      const bytes = Buffer.byteLength(JSON.stringify(data));
      if (Object.keys(data)[0] !== 'summary') problems.push(`${name}: first key is ${Object.keys(data)[0]}`);
      if (typeof summary !== 'string' || summary.trim() === '' || /[\r\n]/.test(summary)) problems.push(`${name}: summary is not one line: ${JSON.stringify(summary)}`);
      if (bytes > BUDGET) problems.push(`${name}: ${bytes} bytes`);
    }
    expect(problems).toEqual([]);
  }, 300_000);
});

/**
 * Prompts for the recommended flows (issue 26 item 3), through a real MCP client: the seven
 * documentation flows and four ADR sequences are listed with their arguments, a get names the
 * tools in the seed's order with their real parameter names and what to pass on, and enables
 * the toolsets the steps need for the session.
 */
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { builtPacks } from '../../core/plugins/catalog.js';
import { connectModelHost } from '../helpers/model-host.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function connect(preset?: string): Promise<{ client: Client; changes: () => number }> {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'toolpack-prompts-')));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return connectModelHost(dir, preset);
}

/** The seeds' flows, written out here independently of core/server/prompts.ts. */
const SEED_FLOWS: Record<string, string[]> = {
  'docs-site-deploy': ['analyze_repository', 'recommend_ssg', 'generate_config', 'setup_structure', 'deploy_pages'],
  'docs-populate': ['analyze_repository', 'populate_diataxis_content', 'validate_diataxis_content'],
  'docs-update': ['detect_documentation_gaps', 'update_existing_documentation', 'validate_content'],
  'docs-freshness': ['validate_documentation_freshness', 'track_documentation_freshness'],
  'docs-sitemap-deploy': ['manage_sitemap', 'deploy_pages', 'manage_sitemap'],
  'docs-full-setup': ['analyze_repository', 'recommend_ssg', 'generate_config', 'setup_structure', 'populate_diataxis_content', 'deploy_pages'],
  'docs-quality-check': ['detect_documentation_gaps', 'validate_content', 'validate_diataxis_content'],
  'adr-new-project': ['analyze_project_ecosystem', 'generate_adrs_from_prd', 'generate_adr_todo', 'smart_score'],
  'adr-existing-project': ['discover_existing_adrs', 'analyze_project_ecosystem', 'suggest_adrs', 'compare_adr_progress'],
  'security-review': ['analyze_content_security', 'generate_content_masking', 'smart_git_push', 'deployment_readiness'],
  troubleshoot: ['troubleshoot_guided_workflow', 'check_ai_execution_status', 'smart_score', 'get_workflow_guidance'],
};

/** Every argument a prompt takes, given. */
const FULL_ARGS: Record<string, string> = {
  projectPath: 'app',
  docsPath: 'app/docs',
  projectName: 'Demo',
  baseUrl: 'https://example.com/docs/',
  ssg: 'mkdocs',
  prdPath: 'app/PRD.md',
  adrDirectory: 'docs/decisions',
  problem: 'npm test fails with ECONNREFUSED',
};

const textOf = (result: { messages: Array<{ role: string; content: { type: string; text?: string } }> }) => {
  expect(result.messages.length).toBeGreaterThan(0);
  expect(result.messages.every((m) => m.role === 'user' && m.content.type === 'text')).toBe(true);
  return result.messages.map((m) => m.content.text).join('\n');
};

/** The numbered steps of a rendered prompt: tool and the arguments it says to pass (null when skipped). */
const stepsOf = (text: string) =>
  [...text.matchAll(/^\d+\. (\w+)(?: \(only if [^)]*\))?(?: with (\{.*\})|: skip it.*)$/gm)].map((m) => ({
    tool: m[1]!,
    args: m[2] ? (JSON.parse(m[2]) as Record<string, unknown>) : null,
  }));

const isSubsequence = (wanted: string[], got: string[]) => {
  let at = 0;
  for (const tool of got) if (tool === wanted[at]) at++;
  return at === wanted.length;
};

async function getError(promise: Promise<unknown>): Promise<McpError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(McpError);
  return error as McpError;
}

describe('prompts for the recommended flows', () => {
  it('prompts/list has the seven documentation flows and four ADR sequences with their arguments', async () => {
    const { client } = await connect();
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name).sort()).toEqual(Object.keys(SEED_FLOWS).sort());
    for (const prompt of prompts) {
      expect(prompt.title).toBeTruthy();
      expect(prompt.description!.length).toBeGreaterThan(20);
      const projectArg = prompt.arguments!.find((a) => a.name === 'projectPath');
      expect(projectArg, prompt.name).toMatchObject({ required: true });
      expect(prompt.arguments!.every((a) => a.description && a.description.length > 10)).toBe(true);
    }
    const args = (name: string) => Object.fromEntries(prompts.find((p) => p.name === name)!.arguments!.map((a) => [a.name, a.required]));
    expect(args('docs-populate')).toEqual({ projectPath: true, docsPath: true });
    expect(args('docs-sitemap-deploy')).toMatchObject({ docsPath: true, baseUrl: true, ssg: false });
    expect(args('docs-site-deploy')).toMatchObject({ docsPath: false });
    expect(args('adr-new-project')).toMatchObject({ prdPath: false });
    expect(args('troubleshoot')).toMatchObject({ problem: true });
  });

  it('a docs flow names its tools in the seed\'s order and says to pass analyze_repository\'s id on as analysisId', async () => {
    const { client } = await connect();
    const text = textOf(await client.getPrompt({ name: 'docs-populate', arguments: { projectPath: 'app', docsPath: 'app/docs' } }));
    const steps = stepsOf(text);
    expect(steps.map((s) => s.tool)).toEqual(SEED_FLOWS['docs-populate']);
    expect(steps[0]!.args).toEqual({ path: 'app', depth: 'standard' });
    expect(text).toMatch(/`id`.*`analysisId`/);
    expect(steps[1]!.args).toMatchObject({ analysisId: expect.stringMatching(/analyze_repository/), docsPath: 'app/docs' });
    expect(steps[2]!.args).toMatchObject({ contentPath: 'app/docs', analysisId: expect.stringMatching(/analyze_repository/) });
  });

  it('every prompt names the seed\'s tools in order, each an existing tool passed its real parameters', async () => {
    const { client } = await connect('all');
    const { tools } = await client.listTools();
    const schemas = new Map(tools.map((t) => [t.name, t.inputSchema as { properties?: Record<string, unknown>; required?: string[] }]));
    const catalogue = new Set(builtPacks().flatMap((p) => p.tools));
    for (const prompt of (await client.listPrompts()).prompts) {
      const given = Object.fromEntries(prompt.arguments!.map((a) => [a.name, FULL_ARGS[a.name]!]));
      const steps = stepsOf(textOf(await client.getPrompt({ name: prompt.name, arguments: given })));
      expect(isSubsequence(SEED_FLOWS[prompt.name]!, steps.map((s) => s.tool)), `${prompt.name}: ${steps.map((s) => s.tool).join(', ')}`).toBe(true);
      for (const step of steps) {
        expect(catalogue.has(step.tool), `${prompt.name}: ${step.tool}`).toBe(true);
        const schema = schemas.get(step.tool)!;
        const passed = Object.keys(step.args!);
        expect(passed.filter((p) => !(p in (schema.properties ?? {}))), `${prompt.name}: ${step.tool}`).toEqual([]);
        expect((schema.required ?? []).filter((r) => !passed.includes(r)), `${prompt.name}: ${step.tool} required`).toEqual([]);
      }
    }
  });

  it('fills in the arguments: the docs folder relative to the project for detect_documentation_gaps, optional ones left out or skipped', async () => {
    const { client } = await connect();
    const update = stepsOf(textOf(await client.getPrompt({ name: 'docs-update', arguments: { projectPath: 'app', docsPath: 'app/guide' } })));
    expect(update.find((s) => s.tool === 'detect_documentation_gaps')!.args).toMatchObject({ repositoryPath: 'app', documentationPath: 'guide' });

    const adr = stepsOf(textOf(await client.getPrompt({ name: 'adr-new-project', arguments: { projectPath: '.' } })));
    expect(adr.find((s) => s.tool === 'generate_adrs_from_prd')!.args).toBeNull();
    expect(adr.find((s) => s.tool === 'generate_adr_todo')!.args).toEqual({ projectPath: '.' });
    const trouble = stepsOf(textOf(await client.getPrompt({ name: 'troubleshoot', arguments: { projectPath: '.', problem: 'npm test fails' } })));
    expect(trouble[0]!.args).toMatchObject({ operation: 'analyze_failure', failureInfo: { failureDetails: 'npm test fails' } });
    const withPrd = stepsOf(textOf(await client.getPrompt({ name: 'adr-new-project', arguments: { projectPath: '.', prdPath: 'PRD.md' } })));
    expect(withPrd.find((s) => s.tool === 'generate_adrs_from_prd')!.args).toEqual({ prdPath: 'PRD.md', projectPath: '.' });
  });

  it('a get whose tools are not listed enables their toolsets: list_changed is sent and the next tools/list has them', async () => {
    const { client, changes } = await connect();
    const before = (await client.listTools()).tools.map((t) => t.name);
    expect(before).not.toContain('validate_diataxis_content');
    expect(before).not.toContain('smart_git_push');

    const text = textOf(await client.getPrompt({ name: 'security-review', arguments: { projectPath: '.' } }));
    expect(text).toMatch(/Toolsets enabled for this session[^:]*: security, scoring, deployment /);
    await expect.poll(changes).toBe(1);
    const after = (await client.listTools()).tools.map((t) => t.name);
    expect(after).toEqual(expect.arrayContaining(SEED_FLOWS['security-review']!));

    // Already listed: nothing to enable, no second notification, no claim that something was enabled.
    const again = textOf(await client.getPrompt({ name: 'security-review', arguments: { projectPath: '.' } }));
    expect(again).not.toMatch(/Toolsets enabled/);
    expect(changes()).toBe(1);
  });

  it('a missing required argument, an unknown argument or an unknown prompt is an InvalidParams error naming it', async () => {
    const { client } = await connect();
    const missing = await getError(client.getPrompt({ name: 'docs-populate', arguments: { projectPath: 'app' } }));
    expect(missing.code).toBe(ErrorCode.InvalidParams);
    expect(missing.message).toMatch(/argument "docsPath" is required/);
    const blank = await getError(client.getPrompt({ name: 'troubleshoot', arguments: { projectPath: ' ', problem: 'x' } }));
    expect(blank.message).toMatch(/argument "projectPath" is required/);
    const unknownArg = await getError(client.getPrompt({ name: 'docs-freshness', arguments: { projectPath: '.', docsPath: 'docs', docs: 'x' } }));
    expect(unknownArg.code).toBe(ErrorCode.InvalidParams);
    expect(unknownArg.message).toMatch(/no argument "docs" \(arguments: projectPath, docsPath\)/);
    const unknown = await getError(client.getPrompt({ name: 'docs-popluate', arguments: {} }));
    expect(unknown.code).toBe(ErrorCode.InvalidParams);
    expect(unknown.message).toMatch(/no prompt "docs-popluate"; prompts: .*docs-populate/);
  });

  it('a server that does not expose a flow\'s tools does not offer its prompt', async () => {
    const { client } = await connect('security');
    const names = (await client.listPrompts()).prompts.map((p) => p.name);
    expect(names).not.toContain('docs-populate');
    const error = await getError(client.getPrompt({ name: 'docs-populate', arguments: { projectPath: '.', docsPath: 'docs' } }));
    expect(error.code).toBe(ErrorCode.InvalidParams);
    expect(error.message).toMatch(/no prompt "docs-populate" on this server/);
  });
});

/**
 * Every contribution to an extension point is checked when a module adds it,
 * against the schema the point declares (SsgAdapterSchema, SecurityRuleSchema):
 * a broken one fails start-up with a TP_ code naming the module and the field,
 * instead of failing every later recommend_ssg call or silently never matching.
 * Under onFailure 'skip' the module alone is skipped, its contributions taken
 * back, and doctor and the log say why. Modules are loaded by path from a real
 * config, as a third party's are.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { startToolpack } from '../../core/bootstrap.js';
import { parseCli } from '../../core/cli/args.js';
import { doctor } from '../../core/cli/commands.js';
import { createRootLogger } from '../../core/services/logger.js';
import type { Logger } from '../../sdk/index.js';
import { failedStart } from '../helpers/packs.js';
import { tempDir } from '../helpers/workspace.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const VITEPRESS = JSON.stringify(join(repo, 'examples', 'ssg-adapter-vitepress', 'vitepress-adapter.ts'));

/** A module file: `body` is the init's code, with `vitepress` (a valid adapter) and `acme` (a valid rule) in scope. */
function moduleSource(pluginId: 'ssg' | 'security', moduleId: string, body: string): string {
  const point = pluginId === 'ssg' ? "import { ssgAdaptersExtensionPoint as point } from 'toolpack/packs/ssg';" : "import { securityRulesExtensionPoint as point } from 'toolpack/packs/security';";
  return [
    "import { defineModule } from 'toolpack/sdk';",
    point,
    `import { vitepress } from ${VITEPRESS};`,
    "const acme = { id: 'acme-internal-token', category: 'secret', description: 'ACME internal service token', pattern: /\\bacme_svc_[A-Za-z0-9]{32}\\b/, severity: 'critical', confidence: 0.9, recommendation: 'Revoke it.' };",
    `export default defineModule({ pluginId: '${pluginId}', moduleId: '${moduleId}', version: '1.2.0', register(env) {`,
    `  env.registerInit({ deps: { point }, init({ point }) { ${body} } });`,
    '}});',
  ].join('\n');
}

interface Project {
  dir: string;
}

/** A folder with a .toolpackrc.json loading `packs` and the given module files by path. */
function project(packs: string[], modules: Record<string, string>, settings: Record<string, unknown> = {}): Project {
  const dir = tempDir('toolpack-contrib-');
  mkdirSync(join(dir, 'modules'));
  for (const [name, source] of Object.entries(modules)) writeFileSync(join(dir, 'modules', `${name}.ts`), source);
  const plugins = [...packs, ...Object.keys(modules).map((name) => `./modules/${name}.ts`)];
  writeFileSync(join(dir, '.toolpackrc.json'), JSON.stringify({ plugins, store: { path: ':memory:' }, logLevel: 'silent', ...settings }, null, 2));
  return { dir };
}

const startError = (p: Project) => failedStart(() => startToolpack({ cwd: p.dir, logger: createRootLogger('silent') }));

const SSG = ['project', 'ssg'];
const SECURITY = ['security'];

describe('a broken contribution fails start-up naming the module and the field', () => {
  it('an SSG adapter with only id and name (no traits, no methods)', async () => {
    const error = await startError(project(SSG, { 'acme-ssg': moduleSource('ssg', 'acme-ssg', "point.add({ id: 'vitepress', name: 'VitePress' });") }));
    expect(error.code).toBe('TP_CONTRIBUTION_INVALID');
    expect(error.message).toContain('Module "acme-ssg" (extends ssg): ssg.adapters contribution "vitepress": ');
    expect(error.message).toContain('field "traits" is required');
    expect(error.message).toContain('field "configFiles" is required');
  });

  it('an SSG adapter whose traits lack the ecosystem', async () => {
    const body = 'const { ecosystem, ...traits } = vitepress.traits; point.add({ ...vitepress, traits });';
    const error = await startError(project(SSG, { 'acme-ssg': moduleSource('ssg', 'acme-ssg', body) }));
    expect(error.code).toBe('TP_CONTRIBUTION_INVALID');
    expect(error.message).toBe('Module "acme-ssg" (extends ssg): ssg.adapters contribution "vitepress": field "traits.ecosystem" is required');
  });

  it('an SSG adapter whose serve is not a function', async () => {
    const body = "point.add({ ...vitepress, serve: { command: 'npx', args: ['vitepress', 'preview'] } });";
    const error = await startError(project(SSG, { 'acme-ssg': moduleSource('ssg', 'acme-ssg', body) }));
    expect(error.code).toBe('TP_CONTRIBUTION_INVALID');
    expect(error.message).toBe('Module "acme-ssg" (extends ssg): ssg.adapters contribution "vitepress": field "serve" must be a function');
  });

  it('a security rule without a category', async () => {
    const error = await startError(project(SECURITY, { 'acme-rules': moduleSource('security', 'acme-rules', 'const { category, ...rule } = acme; point.addRule(rule);') }));
    expect(error.code).toBe('TP_CONTRIBUTION_INVALID');
    expect(error.message).toBe('Module "acme-rules" (extends security): security.rules contribution "acme-internal-token": field "category" is required');
  });

  it('a security rule without a severity, or with one the scanner does not know', async () => {
    const missing = await startError(project(SECURITY, { 'acme-rules': moduleSource('security', 'acme-rules', 'const { severity, ...rule } = acme; point.addRule(rule);') }));
    expect(missing.code).toBe('TP_CONTRIBUTION_INVALID');
    expect(missing.message).toBe('Module "acme-rules" (extends security): security.rules contribution "acme-internal-token": field "severity" is required');
    const unknown = await startError(project(SECURITY, { 'acme-rules': moduleSource('security', 'acme-rules', "point.addRule({ ...acme, severity: 'severe' });") }));
    expect(unknown.message).toContain('field "severity" must be one of "low", "medium", "high", "critical"');
  });

  it('a security rule whose pattern is a string, not a RegExp', async () => {
    const error = await startError(project(SECURITY, { 'acme-rules': moduleSource('security', 'acme-rules', "point.addRule({ ...acme, pattern: 'acme_svc_[A-Za-z0-9]{32}' });") }));
    expect(error.code).toBe('TP_CONTRIBUTION_INVALID');
    expect(error.message).toContain('Module "acme-rules" (extends security): security.rules contribution "acme-internal-token": field "pattern" must be a RegExp');
  });

  it('a security rule reusing a built-in rule id blames the module, not the security pack', async () => {
    const error = await startError(project(SECURITY, { 'acme-rules': moduleSource('security', 'acme-rules', "point.addRule({ ...acme, id: 'aws-access-key-id' });") }));
    expect(error.code).toBe('TP_CONTRIBUTION_DUPLICATE');
    expect(error.message).toBe(
      'Module "acme-rules" (extends security): security.rules contribution "aws-access-key-id" refused: security rule "aws-access-key-id" is already registered (a built-in rule has that id)',
    );
  });

  it('a second adapter with a taken id names the module that added it and the one that came first', async () => {
    const error = await startError(
      project(SSG, {
        'vitepress-a': moduleSource('ssg', 'vitepress-a', 'point.add(vitepress);'),
        'vitepress-b': moduleSource('ssg', 'vitepress-b', "point.add({ ...vitepress, name: 'VitePress again' });"),
      }),
    );
    expect(error.code).toBe('TP_CONTRIBUTION_DUPLICATE');
    expect(error.message).toBe('Module "vitepress-b" (extends ssg): ssg.adapters contribution "vitepress" refused: Module "vitepress-a" (extends ssg) already added one with that id');
  });
});

describe("onFailure: 'skip' skips the broken module, not its pack", () => {
  it('starts the pack without the module, takes back what the module added before failing, and doctor and the log say why', async () => {
    // The module adds a valid adapter, then a broken one: neither may remain.
    const broken = moduleSource('ssg', 'acme-ssg', "point.add({ ...vitepress, id: 'vitepress-fine' }); point.add({ id: 'half', name: 'Half an adapter' });");
    const p = project(SSG, { 'acme-ssg': broken, good: moduleSource('ssg', 'good', 'point.add(vitepress);') }, { packs: { ssg: { onFailure: 'skip' } } });
    const warnings: Array<{ obj: unknown; msg?: string }> = [];
    const logger: Logger = {
      error: () => {},
      warn: (obj, msg) => void warnings.push({ obj, msg }),
      info: () => {},
      debug: () => {},
      child: () => logger,
    };
    const kernel = await startToolpack({ cwd: p.dir, logger });
    try {
      const ssg = kernel.packInfo().find((pack) => pack.id === 'ssg')!;
      expect(ssg.state).toBe('loaded');
      expect(ssg.modules).toEqual([
        {
          id: 'acme-ssg',
          version: '1.2.0',
          state: 'failed',
          error: 'Module "acme-ssg" (extends ssg): ssg.adapters contribution "half": field "homepage" is required; field "traits" is required; field "markers" is required; field "configFiles" is required; field "sectionDir" is required; field "pageFile" is required; field "navigation" is required; field "build" is required; field "serve" is required; field "requires" is required; field "workflowSteps" is required',
        },
        { id: 'good', version: '1.2.0', state: 'loaded' },
      ]);
      const generate = kernel.registry.listing().find((tool) => tool.name === 'generate_config')!;
      expect((generate.inputSchema as { properties: { ssg: { enum: string[] } } }).properties.ssg.enum).toEqual(['jekyll', 'hugo', 'docusaurus', 'mkdocs', 'eleventy', 'vitepress']);
      const recommended = await kernel.call('recommend_ssg', {});
      expect(recommended.isError, JSON.stringify(recommended.content)).not.toBe(true);
      const compared = (recommended.structuredContent as { featureComparison: Array<{ ssg: string }> }).featureComparison.map((row) => row.ssg);
      expect(compared).toEqual(['jekyll', 'hugo', 'docusaurus', 'mkdocs', 'eleventy', 'vitepress']);
      expect(warnings).toContainEqual({
        obj: expect.objectContaining({ pack: 'ssg', module: 'acme-ssg', err: expect.stringContaining('field "traits" is required') }),
        msg: 'module failed to start and was skipped (onFailure: skip)',
      });
    } finally {
      await kernel.stop();
    }

    const printed: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (printed.push(String(chunk)), true));
    let code: number;
    try {
      code = await doctor(parseCli(['doctor', '--cwd', p.dir]));
    } finally {
      write.mockRestore();
    }
    const text = printed.join('');
    expect(text).toMatch(/^ssg@\d+\.\d+\.\d+\s+loaded/m);
    expect(text).toContain('  module acme-ssg@1.2.0  failed\n    why: Module "acme-ssg" (extends ssg): ssg.adapters contribution "half": field "homepage" is required');
    expect(text).toContain('  module good@1.2.0  loaded\n');
    expect(code).toBe(1);
  });
});

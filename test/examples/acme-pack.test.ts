/**
 * examples/acme-pack: a third-party pack written outside the source tree with
 * only the public exports (a tool on kernel services, a security rule, a Zola
 * adapter). Copied out of the repository and installed the way npm installs
 * its `file:../..` dependency (a symlink in node_modules), it type-checks with
 * its own strict tsconfig (skipLibCheck: false) against the built
 * declarations; it passes the exported contract suite; loaded from its config
 * by path, its tool and both extensions answer a real MCP client.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { startToolpack } from '../../core/bootstrap.js';
import { moduleLoaderFor } from '../../core/plugins/module-loader.js';
import { createRootLogger } from '../../core/services/logger.js';
import { assertPackContract, connectTestClient } from '../../sdk/testing.js';
import { assertBuilt } from '../e2e/helpers.js';
import { tempDir } from '../helpers/workspace.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const TOKEN = 'acme_svc_Q3v9XkT2mLp8RwZ4bN7cY1hF6dJ0sGa5';

/** The example outside the repository, with node_modules as `npm install` would leave it. */
function installedCopy(): string {
  const dir = join(tempDir('toolpack-acme-'), 'acme-pack');
  cpSync(join(repo, 'examples', 'acme-pack'), dir, { recursive: true });
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(repo, join(dir, 'node_modules', 'toolpack'), 'dir');
  symlinkSync(join(repo, 'node_modules', '@types'), join(dir, 'node_modules', '@types'), 'dir');
  return dir;
}

describe('examples/acme-pack', () => {
  beforeAll(assertBuilt);

  it('type-checks with strict and skipLibCheck: false, reading no engine internals', () => {
    const dir = installedCopy();
    expect(JSON.parse(readFileSync(join(dir, 'tsconfig.json'), 'utf8')).compilerOptions).toMatchObject({ strict: true, skipLibCheck: false });
    const tsc = join(repo, 'node_modules', 'typescript', 'bin', 'tsc');
    let output = '';
    let status = 0;
    try {
      output = execFileSync(process.execPath, [tsc, '-p', dir, '--noEmit', '--listFiles'], { cwd: dir, encoding: 'utf8' });
    } catch (error) {
      status = (error as { status: number }).status;
      output = String((error as { stdout?: string }).stdout ?? error);
    }
    const errors = output.split('\n').filter((line) => line.includes('error TS'));
    expect(errors).toEqual([]);
    expect(status).toBe(0);
    const read = output.split('\n').filter(Boolean);
    // What toolpack/sdk, toolpack/testing and the packs' api.d.ts pull in: not the kernel, the
    // security engine, the MCP SDK (zod, ajv) or web-tree-sitter's Emscripten types.
    const fromToolpack = read.filter((f) => f.startsWith(join(repo, 'dist')));
    expect(fromToolpack.length).toBeGreaterThan(0);
    expect(fromToolpack.filter((f) => /dist\/core\/(?!config\/schema\.d\.ts)|security\/(engine|jobs|worker)\//.test(f))).toEqual([]);
    expect(read.filter((f) => /node_modules\/(@modelcontextprotocol|zod|ajv|web-tree-sitter)\//.test(f))).toEqual([]);
  }, 180_000);

  it('passes the pack contract exported by toolpack/testing', async () => {
    const loader = await moduleLoaderFor(join(repo, 'examples', 'acme-pack'));
    const exported = await loader.import<unknown[]>(join(repo, 'examples', 'acme-pack', 'src', 'index.ts'), { default: true });
    const report = await assertPackContract(exported as never, { config: { plugins: ['project', 'ssg', 'security'] } });
    expect(report.packs).toEqual(['acme']);
    expect(report.modules).toEqual(['security/acme-token-rule', 'ssg/zola']);
    expect(report.tools).toEqual(['audit_acme_config']);
  }, 120_000);

  it('loaded from its config by path: the tool finds the rule\'s token, and the ssg tools serve Zola', async () => {
    const project = installedCopy();
    writeFileSync(join(project, 'acme.yaml'), `service: billing\nauth:\n  token: ${TOKEN}\n`);
    writeFileSync(join(project, 'clean.yaml'), 'service: billing\nauth:\n  token: ${ACME_TOKEN}\n');
    const kernel = await startToolpack({ cwd: project, storePath: ':memory:', logger: createRootLogger('silent') });
    const client = await connectTestClient(kernel);
    try {
      const security = kernel.packInfo().find((p) => p.id === 'security');
      expect(security?.modules?.map((m) => [m.id, m.state])).toContainEqual(['acme-token-rule', 'loaded']);

      const audit = await client.callTool({ name: 'audit_acme_config', arguments: {} });
      expect(audit.isError).toBeFalsy();
      expect(audit.structuredContent).toEqual({ path: 'acme.yaml', clean: false, findings: [{ rule: 'acme-service-token', severity: 'critical', line: 3 }] });
      expect(JSON.stringify(audit)).not.toContain(TOKEN);
      const clean = await client.callTool({ name: 'audit_acme_config', arguments: { path: 'clean.yaml' } });
      expect(clean.structuredContent).toEqual({ path: 'clean.yaml', clean: true, findings: [] });
      const outside = await client.callTool({ name: 'audit_acme_config', arguments: { path: '../../etc/passwd' } });
      expect(outside.isError).toBe(true);
      expect((outside.structuredContent as { error: { type: string } }).error.type).toBe('FileSystemError');

      const { tools } = await client.listTools();
      const ssg = tools.find((t) => t.name === 'generate_config')!.inputSchema.properties!.ssg as { enum: string[] };
      expect(ssg.enum).toContain('zola');
      const config = await client.callTool({ name: 'generate_config', arguments: { ssg: 'zola', projectName: 'ACME billing', outputPath: 'site' } });
      expect(config.isError, JSON.stringify(config.content)).toBeFalsy();
      expect(readFileSync(join(project, 'site', 'config.toml'), 'utf8')).toContain('title = "ACME billing"');
      const structure = await client.callTool({ name: 'setup_structure', arguments: { path: 'site', ssg: 'zola' } });
      expect(structure.isError, JSON.stringify(structure.content)).toBeFalsy();
      expect(readFileSync(join(project, 'site', 'content', 'tutorials', '_index.md'), 'utf8')).toMatch(/^\+\+\+\ntitle = ".+"/);
    } finally {
      await client.close();
      await kernel.stop();
    }
  }, 120_000);
});

/**
 * The `toolpack` command as a user runs it: list, call, doctor and serve's
 * start-up checks, with configs found in the folder it runs in.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADR_TOOLS, assertBuilt, BUILTIN_TOOLS, createWorkspace, DEPLOYMENT_TOOLS, DOCS_TOOLS, FILES_TOOLS, FRESHNESS_TOOLS, README_TOOLS, RESEARCH_TOOLS, RULES_TOOLS, SCORING_TOOLS, WORKFLOW_TOOLS, MEMORY_TOOLS, PROJECT_TOOLS, SSG_TOOLS, packOf, repoRoot, runCli, SECURITY_TOOLS, SYSTEM_TOOLS } from './helpers.js';

const TEST_TIMEOUT = 60_000;

interface ListedTool {
  name: string;
  pack: string;
  description: string;
}

const SERVICE_README = '# Shipping labels service\n\nGenerates carrier labels (UPS, DHL) from order events.\n';

describe('toolpack CLI', () => {
  beforeAll(assertBuilt);

  describe('list', () => {
    it('prints every built-in tool with its pack', { timeout: TEST_TIMEOUT }, async () => {
      const ws = createWorkspace({ 'README.md': SERVICE_README });
      const run = await runCli(['list'], { cwd: ws.dir });
      expect(run.code, run.stderr).toBe(0);
      const lines = run.stdout.trimEnd().split('\n');
      expect(lines[0]).toMatch(/^TOOL\s+PACK\s+DESCRIPTION$/);
      expect(lines).toHaveLength(1 + BUILTIN_TOOLS.length);
      for (const name of FILES_TOOLS) expect(run.stdout).toMatch(new RegExp(`^${name}\\s+files\\s+[A-Z].+\\.$`, 'm'));
      for (const name of SYSTEM_TOOLS) expect(run.stdout).toMatch(new RegExp(`^${name}\\s+system\\s+[A-Z].+\\.$`, 'm'));
      for (const name of SECURITY_TOOLS) expect(run.stdout).toMatch(new RegExp(`^${name}\\s+security\\s+[A-Z].+\\.$`, 'm'));
    });

    it("in a clone, the repository's own toolpack.config.ts serves every built-in tool", { timeout: TEST_TIMEOUT }, async () => {
      const run = await runCli(['list', '--json'], { cwd: repoRoot });
      expect(run.code, run.stderr).toBe(0);
      expect((JSON.parse(run.stdout) as ListedTool[]).map((r) => r.name)).toEqual([...BUILTIN_TOOLS]);
    });

    it('--json prints an array of {name, pack, description}', { timeout: TEST_TIMEOUT }, async () => {
      const ws = createWorkspace();
      const run = await runCli(['list', '--json'], { cwd: ws.dir });
      expect(run.code, run.stderr).toBe(0);
      const rows = JSON.parse(run.stdout) as ListedTool[];
      expect(Array.isArray(rows)).toBe(true);
      expect(rows.map((r) => r.name)).toEqual([...BUILTIN_TOOLS]);
      for (const row of rows) {
        expect(Object.keys(row).sort()).toEqual(['description', 'name', 'pack']);
        expect(row.pack).toBe(packOf(row.name));
        expect(row.description).toMatch(/^[A-Z].{20,}\.$/);
      }
    });
  });

  describe('call', () => {
    it('prints the structured result and exits 0', { timeout: TEST_TIMEOUT }, async () => {
      const text = 'carrier=DHL\nweight_kg=2.4\n';
      const ws = createWorkspace({ 'a.txt': text });
      const run = await runCli(['call', 'read_file', '--json', '{"path":"a.txt"}'], { cwd: ws.dir });
      expect(run.code, run.stderr).toBe(0);
      const result = JSON.parse(run.stdout) as { path: string; content: string; size: number; lines: number };
      expect(result).toMatchObject({ path: 'a.txt', content: text, size: Buffer.byteLength(text), lines: 2 });
      expect(run.stderr).toBe('');
    });

    it('exits 1 with the error text on stderr when the tool fails', { timeout: TEST_TIMEOUT }, async () => {
      const ws = createWorkspace({ 'a.txt': 'present\n' });
      const run = await runCli(['call', 'read_file', '--json', '{"path":"missing.txt"}'], { cwd: ws.dir });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('Error executing read_file');
      expect(run.stderr).toContain('missing.txt');
      // stdout still carries the structured error envelope.
      expect((JSON.parse(run.stdout) as { error: { type: string } }).error.type).toBe('FileSystemError');
    });

    it('exits 2 for an unknown tool', { timeout: TEST_TIMEOUT }, async () => {
      const ws = createWorkspace();
      const run = await runCli(['call', 'nosuch_tool'], { cwd: ws.dir });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('nosuch_tool');
      expect(run.stdout).toBe('');
    });

    it('exits 2 when --json is not valid JSON', { timeout: TEST_TIMEOUT }, async () => {
      const ws = createWorkspace({ 'a.txt': 'x\n' });
      const run = await runCli(['call', 'read_file', '--json', '{path: a.txt}'], { cwd: ws.dir });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('not valid JSON');
    });

    it('reads the arguments from --file', { timeout: TEST_TIMEOUT }, async () => {
      const guide = '# Deploying\n\n1. Tag the release.\n2. Run the pipeline.\n';
      const ws = createWorkspace({ 'docs/deploy.md': guide, 'args.json': JSON.stringify({ path: 'docs/deploy.md' }) });
      const run = await runCli(['call', 'read_file', '--file', 'args.json'], { cwd: ws.dir });
      expect(run.code, run.stderr).toBe(0);
      expect((JSON.parse(run.stdout) as { content: string }).content).toBe(guide);
    });

    it('write_file through --file writes the file into the workspace', { timeout: TEST_TIMEOUT }, async () => {
      const content = 'LOG_LEVEL=info\nQUEUE_URL=amqp://localhost\n';
      const ws = createWorkspace({ 'write.json': JSON.stringify({ path: 'config/app.env', content }) });
      const run = await runCli(['call', 'write_file', '--file', 'write.json'], { cwd: ws.dir });
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({ path: 'config/app.env', created: true, bytesWritten: Buffer.byteLength(content) });
      expect(readFileSync(ws.path('config/app.env'), 'utf8')).toBe(content);
    });
  });

  describe('configuration', () => {
    it('an unknown pack in .toolpackrc.json makes serve and list exit 2 naming the pack and the file', { timeout: TEST_TIMEOUT }, async () => {
      const ws = createWorkspace();
      const config = ws.write('.toolpackrc.json', JSON.stringify({ plugins: ['files', 'nosuchpack'] }, null, 2));
      for (const command of ['serve', 'list']) {
        const run = await runCli([command], { cwd: ws.dir });
        expect(run.code, `${command}: ${run.stderr}`).toBe(2);
        expect(run.stderr).toContain('nosuchpack');
        expect(run.stderr).toContain(config);
        expect(run.stdout).toBe('');
      }
    });

    it('an unknown key exits 2 naming the file and the key', { timeout: TEST_TIMEOUT }, async () => {
      const ws = createWorkspace();
      const config = ws.write('.toolpackrc.json', JSON.stringify({ plugin: [] }));
      const run = await runCli(['list'], { cwd: ws.dir });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(config);
      expect(run.stderr).toContain('"plugin"');
    });

    it('a missing workspace.allowedRoots folder exits 2 naming the file and the key, without a stack trace', { timeout: TEST_TIMEOUT }, async () => {
      const ws = createWorkspace();
      ws.write('shared-docs/adr/0001-use-postgres.md', '# 1. Use PostgreSQL\n');
      const config = ws.write('.toolpackrc.json', JSON.stringify({ workspace: { allowedRoots: ['shared-docs', '../design-notes'] } }));
      for (const command of ['serve', 'list']) {
        const run = await runCli([command], { cwd: ws.dir });
        expect(run.code, `${command}: ${run.stderr}`).toBe(2);
        expect(run.stderr).toContain(config);
        expect(run.stderr).toContain('workspace.allowedRoots[1]');
        expect(run.stderr).toContain('../design-notes');
        expect(run.stderr).not.toMatch(/^\s+at /m);
        expect(run.stdout).toBe('');
      }
    });

    it('packs.files.enabled=false removes the files tools', { timeout: TEST_TIMEOUT }, async () => {
      const ws = createWorkspace({ 'README.md': SERVICE_README });
      ws.write('.toolpackrc.json', JSON.stringify({ packs: { files: { enabled: false } } }));
      const run = await runCli(['list', '--json'], { cwd: ws.dir });
      expect(run.code, run.stderr).toBe(0);
      const names = (JSON.parse(run.stdout) as ListedTool[]).map((r) => r.name);
      expect(names).toEqual([...MEMORY_TOOLS, ...PROJECT_TOOLS, ...ADR_TOOLS, ...SECURITY_TOOLS, ...SCORING_TOOLS, ...WORKFLOW_TOOLS, ...RESEARCH_TOOLS, ...RULES_TOOLS, ...DEPLOYMENT_TOOLS, ...SYSTEM_TOOLS, ...SSG_TOOLS, ...FRESHNESS_TOOLS, ...DOCS_TOOLS, ...README_TOOLS]);
      for (const name of FILES_TOOLS) expect(names).not.toContain(name);
    });

    it('a toolpack.config.ts importing toolpack/sdk works with no node_modules in the workspace', { timeout: TEST_TIMEOUT }, async () => {
      const ws = createWorkspace();
      const config = ws.write(
        'toolpack.config.ts',
        [
          "import { defineConfig } from 'toolpack/sdk';",
          '',
          '// Only the housekeeping tools for this repository.',
          "const packs: string[] = ['system'];",
          '',
          'export default defineConfig({ plugins: packs });',
          '',
        ].join('\n'),
      );
      expect(existsSync(ws.path('node_modules'))).toBe(false);
      const run = await runCli(['list', '--json'], { cwd: ws.dir });
      expect(run.code, run.stderr).toBe(0);
      expect((JSON.parse(run.stdout) as ListedTool[]).map((r) => r.name)).toEqual([...SYSTEM_TOOLS]);

      const doctor = await runCli(['doctor'], { cwd: ws.dir });
      expect(doctor.code, doctor.stderr).toBe(0);
      expect(doctor.stdout).toContain(`Config file: ${config}`);
      expect(doctor.stdout).not.toMatch(/^files@/m);
    });
  });

  describe('presets', () => {
    it('--preset security exposes the security, files and system tools', { timeout: TEST_TIMEOUT }, async () => {
      const ws = createWorkspace();
      const run = await runCli(['list', '--json', '--preset', 'security'], { cwd: ws.dir });
      expect(run.code, run.stderr).toBe(0);
      expect((JSON.parse(run.stdout) as ListedTool[]).map((r) => r.name).sort()).toEqual([...SECURITY_TOOLS, ...FILES_TOOLS, ...SYSTEM_TOOLS].sort());
    });

    it('--preset adr exposes the project, adr, scoring, workflow, research, rules and deployment tools with files and system, not the security tools', { timeout: TEST_TIMEOUT }, async () => {
      const ws = createWorkspace();
      const run = await runCli(['list', '--json', '--preset', 'adr'], { cwd: ws.dir });
      expect(run.code, run.stderr).toBe(0);
      const names = (JSON.parse(run.stdout) as ListedTool[]).map((r) => r.name);
      expect(names.sort()).toEqual([...PROJECT_TOOLS, ...ADR_TOOLS, ...SCORING_TOOLS, ...WORKFLOW_TOOLS, ...RESEARCH_TOOLS, ...RULES_TOOLS, ...DEPLOYMENT_TOOLS, ...FILES_TOOLS, ...SYSTEM_TOOLS].sort());
    });

    it('--preset docs exposes the project, memory, ssg, docs, readme and freshness tools, and no files, system or adr tools', { timeout: TEST_TIMEOUT }, async () => {
      const ws = createWorkspace();
      const run = await runCli(['list', '--json', '--preset', 'docs'], { cwd: ws.dir });
      expect(run.code, run.stderr).toBe(0);
      const names = (JSON.parse(run.stdout) as ListedTool[]).map((r) => r.name);
      expect(names.sort()).toEqual([...PROJECT_TOOLS, ...MEMORY_TOOLS, ...SSG_TOOLS, ...DOCS_TOOLS, ...README_TOOLS, ...FRESHNESS_TOOLS].sort());
    });

    it('--preset nosuch exits 2 naming the preset', { timeout: TEST_TIMEOUT }, async () => {
      const ws = createWorkspace();
      const run = await runCli(['list', '--preset', 'nosuch'], { cwd: ws.dir });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('"nosuch"');
      expect(run.stdout).toBe('');
    });
  });

  describe('doctor', () => {
    it('explains the config, each pack with its state, tools and timing', { timeout: TEST_TIMEOUT }, async () => {
      const ws = createWorkspace({ 'README.md': SERVICE_README });
      const config = ws.write('.toolpackrc.json', JSON.stringify({ plugins: ['files', 'system'] }, null, 2));
      const run = await runCli(['doctor'], { cwd: ws.dir });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain(`Config file: ${config}`);
      expect(run.stdout).toMatch(/^Start-up:\s+\d+ ms$/m);
      expect(run.stdout).toMatch(/^files@\d+\.\d+\.\d+\s+loaded \(\d+(\.\d+)? ms\)$/m);
      expect(run.stdout).toMatch(/^system@\d+\.\d+\.\d+\s+loaded \(\d+(\.\d+)? ms\)$/m);
      expect(run.stdout).toContain(`tools: ${FILES_TOOLS.join(', ')}`);
      expect(run.stdout).toContain(`tools: ${SYSTEM_TOOLS.join(', ')}`);
      expect(run.stdout).toContain(`${FILES_TOOLS.length + SYSTEM_TOOLS.length} tools exposed`);
    });

    it('says when no config file was found', { timeout: TEST_TIMEOUT }, async () => {
      const ws = createWorkspace();
      const run = await runCli(['doctor'], { cwd: ws.dir });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/^Config file: \(none found/m);
      expect(run.stdout).toContain(`Workspace:   ${ws.dir}`);
    });
  });

  describe('usage', () => {
    it('--version prints the package version', { timeout: TEST_TIMEOUT }, async () => {
      const ws = createWorkspace();
      const { version } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };
      const run = await runCli(['--version'], { cwd: ws.dir });
      expect(run.code).toBe(0);
      expect(run.stdout.trim()).toBe(version);
    });

    it('an unknown command or flag exits 2 with the usage', { timeout: TEST_TIMEOUT }, async () => {
      const ws = createWorkspace();
      const command = await runCli(['frobnicate'], { cwd: ws.dir });
      expect(command.code).toBe(2);
      expect(command.stderr).toContain('unknown command "frobnicate"');
      expect(command.stderr).toContain('Usage: toolpack');
      const flag = await runCli(['list', '--verbose'], { cwd: ws.dir });
      expect(flag.code).toBe(2);
      expect(flag.stderr).toContain('--verbose');
    });
  });
});

/**
 * Modules carry a pack's metadata: a version, a kernel range and dependencies
 * of their own, checked before any of their code runs, the dependencies loaded
 * and started before the pack the module extends, their services given to the
 * module's init; and doctor lists each module under its pack with its state.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { parseCli } from '../../core/cli/args.js';
import { doctor } from '../../core/cli/commands.js';
import { KERNEL_VERSION } from '../../core/version.js';
import { createExtensionPoint, defineModule, definePlugin, type ModuleManifest } from '../../sdk/index.js';
import { startTestToolpack } from '../../sdk/testing.js';
import { securityScannerRef, type SecurityScanner } from '../../plugins/security/api.js';
import { startError } from '../helpers/packs.js';
import { tempDir } from '../helpers/workspace.js';

const labels = createExtensionPoint<{ add(label: string): void }>({ id: 'host.labels' });

/** A pack with an extension point: what its modules added is in `added` by the time its init runs. */
function host(added: string[] = []) {
  return definePlugin({
    id: 'host',
    version: '1.0.0',
    kernel: '^0.1.0',
    register(env) {
      env.registerExtensionPoint(labels, { add: (label) => void added.push(label) });
      env.registerInit({ deps: {}, init: () => ({}) });
    },
  });
}

const labelModule = (extra: Partial<ModuleManifest> = {}) =>
  defineModule({
    pluginId: 'host',
    moduleId: 'labeller',
    version: '2.1.0',
    register: (env) => env.registerInit({ deps: { labels }, init: ({ labels: point }) => point.add('urgent') }),
    ...extra,
  });

describe('module metadata', () => {
  it('refuses a module whose kernel range this kernel does not satisfy, before its code runs', async () => {
    const register = vi.fn();
    const error = await startError({ plugins: [host(), labelModule({ kernel: '^9.0.0', register })] });
    expect(error.code).toBe('TP_PLUGIN_KERNEL_MISMATCH');
    expect(error.message).toBe(`Module "labeller" (extends host) (inline module) needs kernel ^9.0.0, but this is Toolpack kernel ${KERNEL_VERSION}`);
    expect(register).not.toHaveBeenCalled();
  });

  it('refuses a malformed version or dependency list the way it refuses a pack\'s', async () => {
    const version = await startError({ plugins: [host(), labelModule({ version: 'two' })] });
    expect(version.code).toBe('TP_PLUGIN_INVALID_MANIFEST');
    expect(version.message).toBe('Module "labeller" (extends host) (inline module): version "two" is not a semantic version');
    const self = await startError({ plugins: [host(), labelModule({ dependsOn: ['host'] })] });
    expect(self.message).toContain('dependsOn lists "host", the pack it extends');
  });

  it('refuses a module that depends on a pack that is neither loaded nor built in', async () => {
    const error = await startError({ plugins: [host(), labelModule({ dependsOn: ['billing'] })] });
    expect(error.code).toBe('TP_PLUGIN_UNKNOWN_DEPENDENCY');
    expect(error.message).toContain('Module "labeller" (extends host) depends on "billing", which is neither listed in');
  });

  it("gives a module the services of its declared dependency (a built-in one is loaded for it), and refuses them undeclared", async () => {
    let scanner: SecurityScanner | undefined;
    const scanning = (dependsOn?: string[]) =>
      labelModule({
        dependsOn,
        register: (env) =>
          env.registerInit({
            deps: { labels, scanner: securityScannerRef },
            init({ labels: point, scanner: service }) {
              scanner = service;
              point.add(`${service.rules({ includeSensitiveFiles: true }).length} rules`);
            },
          }),
      });
    // The config loads no security pack: the module's dependsOn brings it in, started before "host".
    const added: string[] = [];
    const kernel = await startTestToolpack({ config: { plugins: [] }, plugins: [host(added), scanning(['security'])] });
    try {
      expect(scanner).toBeDefined();
      expect(added).toHaveLength(1);
      expect(added[0]).toMatch(/^[1-9]\d* rules$/);
      const packs = kernel.packInfo().map((p) => [p.id, p.state]);
      expect(packs).toEqual([
        ['security', 'dependency'],
        ['host', 'loaded'],
      ]);
    } finally {
      await kernel.stop();
    }
    const undeclared = await startError({ config: { plugins: ['security'] }, plugins: [host(), scanning()] });
    expect(undeclared.code).toBe('TP_SERVICE_UNDECLARED_DEPENDENCY');
    expect(undeclared.message).toContain('Module "labeller" (extends host) uses "security.scanner" of pack "security" without listing "security" in dependsOn');
  });

  it('refuses two modules of one pack with the same id', async () => {
    const error = await startError({ plugins: [host(), labelModule(), labelModule()] });
    expect(error.code).toBe('TP_PLUGIN_DUPLICATE_ID');
    expect(error.message).toContain('Two modules of pack "host" have the id "labeller"');
  });
});

describe('doctor', () => {
  it('lists each module under the pack it extends, with its version and state', async () => {
    const dir = tempDir('toolpack-doctor-modules-');
    mkdirSync(join(dir, 'modules'));
    const module = (id: string, version: string, init: string) =>
      [
        "import { defineModule } from 'toolpack/sdk';",
        "import { securityRulesExtensionPoint } from 'toolpack/packs/security';",
        `export default defineModule({ pluginId: 'security', moduleId: '${id}', version: '${version}', kernel: '^0.1.0', register(env) {`,
        `  env.registerInit({ deps: { rules: securityRulesExtensionPoint }, init({ rules }) { ${init} } });`,
        '}});',
      ].join('\n');
    writeFileSync(join(dir, 'modules', 'tokens.ts'), module('acme-tokens', '1.4.0', "rules.addRule({ id: 'acme-token', category: 'secret', description: 'ACME token', pattern: /acme_[a-z0-9]{20}/, severity: 'high', confidence: 0.9, recommendation: 'Revoke it.' });"));
    writeFileSync(join(dir, 'modules', 'broken.ts'), module('acme-broken', '0.0.1', "throw new Error('rule file missing');"));
    const config = { plugins: ['security', './modules/tokens.ts', './modules/broken.ts'], store: { path: ':memory:' }, logLevel: 'silent', packs: { security: { onFailure: 'skip' } } };
    writeFileSync(join(dir, '.toolpackrc.json'), JSON.stringify(config));

    const printed: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (printed.push(String(chunk)), true));
    let code: number;
    try {
      code = await doctor(parseCli(['doctor', '--cwd', dir]));
    } finally {
      write.mockRestore();
    }
    const text = printed.join('');
    expect(text).toMatch(/^security@\d+\.\d+\.\d+\s+loaded.*\n  module acme-tokens@1\.4\.0  loaded\n  module acme-broken@0\.0\.1  failed\n    why: Module "acme-broken" \(extends security\) failed to start: rule file missing\n/m);
    expect(code).toBe(1);
  });
});

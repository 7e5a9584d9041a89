/**
 * Third parties import the built-in packs' public APIs from the package
 * (`toolpack/packs/<id>`, package.json "exports"), as an installed dependency:
 * every pack with an api.ts resolves to its built api.js, which loads without
 * the pack behind it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, repoRoot } from '../e2e/helpers.js';
import { tempDir } from '../helpers/workspace.js';

const packs = readdirSync(join(repoRoot, 'plugins'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(repoRoot, 'plugins', entry.name, 'api.ts')))
  .map((entry) => entry.name)
  .sort();

describe('toolpack/packs/<id>', () => {
  beforeAll(assertBuilt);

  it('resolves for every built-in pack from a project that has toolpack installed', () => {
    expect(packs).toEqual(expect.arrayContaining(['adr', 'files', 'project', 'security', 'system']));
    const project = tempDir('toolpack-pack-apis-');
    mkdirSync(join(project, 'node_modules'));
    symlinkSync(repoRoot, join(project, 'node_modules', 'toolpack'), 'dir');
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'acme-pack', type: 'module', dependencies: { toolpack: '*' } }));
    writeFileSync(
      join(project, 'list-apis.mjs'),
      [
        `const ids = ${JSON.stringify(packs)};`,
        'const apis = {};',
        'for (const id of ids) {',
        '  const api = await import(`toolpack/packs/${id}`);',
        '  apis[id] = Object.fromEntries(Object.entries(api).map(([name, value]) => [name, value && typeof value === "object" && "id" in value ? `${value.kind ?? "topic"}:${value.id}` : typeof value]));',
        '}',
        'console.log(JSON.stringify(apis));',
      ].join('\n'),
    );
    const apis = JSON.parse(execFileSync(process.execPath, ['list-apis.mjs'], { cwd: project, encoding: 'utf8' }));
    expect(Object.keys(apis).sort()).toEqual(packs);
    expect(apis.security).toMatchObject({ securityRulesExtensionPoint: 'extension-point:security.rules', securityScannerRef: 'service:security.scanner' });
    expect(apis.project).toMatchObject({ projectScannerRef: 'service:project.scanner', projectDecisionsRef: 'service:project.decisions', ProjectPath: 'function' });
    expect(apis.project.analysisCompletedTopic).toMatch(/:project\.analysis\.completed$/);
    expect(apis.adr).toMatchObject({ adrCatalogRef: 'service:adr.catalog' });
    expect(apis.adr.adrTodoGeneratedTopic).toMatch(/:adr\.todo\.generated$/);
    expect(apis.files).toMatchObject({ filesOptions: 'object' });
    // Not the manifest: an api is what a pack offers others, not the pack itself.
    for (const id of packs) expect(apis[id]).not.toHaveProperty('default');
  }, 60_000);
});

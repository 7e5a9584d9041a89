/**
 * The VitePress example module, loaded from its config by path, contributes an
 * adapter every ssg tool then serves: recommend_ssg weighs it (well, for a Vue
 * project), generate_config and setup_structure write its files, and
 * test_local_deployment knows it. VitePress itself is not installed here, so no
 * real VitePress build runs: the tool's answer is the clear "not installed" error.
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startToolpack } from '../../core/bootstrap.js';
import { createRootLogger } from '../../core/services/logger.js';
import type { Kernel } from '../../core/kernel/kernel.js';
import { outcome } from '../helpers/tool-result.js';
import { tempDir } from '../helpers/workspace.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));

/** A small Vue 3 app with Vite, the kind of project VitePress is made for. */
function vueProject(root: string): void {
  const files: Record<string, string> = {
    'package.json': `${JSON.stringify({ name: 'harbor-dashboard', version: '1.2.0', private: true, type: 'module', scripts: { dev: 'vite', build: 'vite build' }, dependencies: { vue: '^3.5.13', 'vue-router': '^4.5.0' }, devDependencies: { vite: '^6.0.0', '@vitejs/plugin-vue': '^5.2.1', typescript: '^5.7.2' } }, null, 2)}\n`,
    'README.md': '# Harbor dashboard\n\nA Vue 3 dashboard showing berth occupancy for the harbour master.\n\n## Develop\n\n```sh\nnpm install\nnpm run dev\n```\n',
    'index.html': '<!doctype html>\n<html><body><div id="app"></div><script type="module" src="/src/main.ts"></script></body></html>\n',
    'vite.config.ts': "import { defineConfig } from 'vite';\nimport vue from '@vitejs/plugin-vue';\n\nexport default defineConfig({ plugins: [vue()] });\n",
    'src/main.ts': "import { createApp } from 'vue';\nimport App from './App.vue';\nimport { router } from './router';\n\ncreateApp(App).use(router).mount('#app');\n",
    'src/router.ts': "import { createRouter, createWebHistory } from 'vue-router';\nimport Berths from './views/Berths.vue';\n\nexport const router = createRouter({ history: createWebHistory(), routes: [{ path: '/', component: Berths }] });\n",
    'src/App.vue': '<template>\n  <header>Harbor</header>\n  <RouterView />\n</template>\n',
    'src/views/Berths.vue': '<script setup lang="ts">\nimport { ref } from \'vue\';\nconst berths = ref<string[]>([]);\n</script>\n\n<template>\n  <ul><li v-for="b in berths" :key="b">{{ b }}</li></ul>\n</template>\n',
    'src/components/BerthCard.vue': '<script setup lang="ts">\ndefineProps<{ name: string }>();\n</script>\n\n<template><article>{{ name }}</article></template>\n',
  };
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

describe('examples/ssg-adapter-vitepress', () => {
  let project: string;
  let kernel: Kernel;
  const call = async (name: string, args: Record<string, unknown>) => outcome(await kernel.call(name, args));

  beforeAll(async () => {
    project = tempDir('toolpack-vitepress-example-');
    cpSync(join(repo, 'examples', 'ssg-adapter-vitepress'), project, { recursive: true });
    vueProject(project);
    kernel = await startToolpack({ cwd: project, storePath: ':memory:', logger: createRootLogger('silent') });
  });
  afterAll(() => kernel?.stop());

  it('is loaded from its config: the ssg parameter of every ssg tool accepts vitepress', () => {
    const tools = kernel.registry.listing().filter((t) => ['generate_config', 'setup_structure', 'test_local_deployment'].includes(t.name));
    expect(tools).toHaveLength(3);
    for (const tool of tools) {
      const ssg = (tool.inputSchema as { properties: Record<string, { enum: string[] }> }).properties.ssg!;
      expect(ssg.enum).toEqual(['jekyll', 'hugo', 'docusaurus', 'mkdocs', 'eleventy', 'vitepress']);
    }
  });

  it('recommend_ssg weighs it: for a Vue project among the best, and first when simplicity matters', async () => {
    const result = await call('recommend_ssg', {});
    expect(result.isError, result.text).toBe(false);
    const ranked: Array<{ ssg: string; score: number }> = [result.data.recommended, ...result.data.alternatives];
    const score = (id: string) => ranked.find((r) => r.ssg === id)!.score;
    // JavaScript like the project: as high as the best (the JavaScript generators tie on ecosystem, size and needs), above the rest.
    expect(score('vitepress'), JSON.stringify(ranked)).toBe(result.data.recommended.score);
    for (const other of ['hugo', 'mkdocs', 'jekyll']) expect(score('vitepress')).toBeGreaterThan(score(other));
    expect(result.data.featureComparison.some((row: Record<string, unknown>) => Object.values(row).includes('VitePress') || Object.values(row).includes('vitepress'))).toBe(true);

    // Its low setup complexity decides among the JavaScript generators when the user favours simplicity.
    const simple = await call('recommend_ssg', { preferences: { priority: 'simplicity' } });
    expect(simple.data.recommended.ssg, simple.data.summary).toBe('vitepress');
    expect(simple.data.setupComplexity.install).toContain('vitepress');
  });

  it('generate_config and setup_structure write its config, pages and sidebar', async () => {
    const config = await call('generate_config', { ssg: 'vitepress', projectName: 'Harbor dashboard', projectDescription: 'Berth occupancy at a glance', outputPath: 'docs' });
    expect(config.isError, config.text).toBe(false);
    expect(config.data.files.map((f: { path: string }) => f.path)).toEqual(
      expect.arrayContaining([expect.stringMatching(/\.vitepress\/config\.mts$/), expect.stringMatching(/\.vitepress\/sidebar\.json$/), expect.stringMatching(/package\.json$/)]),
    );
    const mts = readFileSync(join(project, 'docs', '.vitepress', 'config.mts'), 'utf8');
    expect(mts).toContain("import { defineConfig } from 'vitepress';");
    expect(mts).toContain('title: "Harbor dashboard"');
    // VitePress is not installed, so the config is not run: it must at least be valid TypeScript.
    const transpiled = ts.transpileModule(mts, { reportDiagnostics: true, compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } });
    expect(transpiled.diagnostics).toEqual([]);
    expect(JSON.parse(readFileSync(join(project, 'docs', 'package.json'), 'utf8')).devDependencies).toHaveProperty('vitepress');

    const structure = await call('setup_structure', { path: 'docs', ssg: 'vitepress' });
    expect(structure.isError, structure.text).toBe(false);
    for (const section of ['tutorials', 'how-to', 'reference', 'explanation']) {
      const index = readFileSync(join(project, 'docs', section, 'index.md'), 'utf8');
      expect(index, section).toMatch(/^---\ntitle: ".+"\n---\n/);
    }
    const sidebar = JSON.parse(readFileSync(join(project, 'docs', '.vitepress', 'sidebar.json'), 'utf8')) as Array<{ text: string; link: string; items: unknown[] }>;
    expect(sidebar.map((g) => g.link)).toEqual(['/tutorials/', '/how-to/', '/reference/', '/explanation/']);
    expect(sidebar.every((g) => g.items.length >= 1)).toBe(true);
  });

  it('test_local_deployment finds the site and says VitePress is not installed (no real VitePress build here)', async () => {
    const result = await call('test_local_deployment', { repositoryPath: '.', ssg: 'vitepress', port: 4173 });
    expect(result.isError).toBe(true);
    expect(result.data.error.type).toBe('ConfigurationError');
    expect(result.data.error.message).toContain('VitePress is not installed: "vitepress"');
    expect(result.data.error.message).toContain('npm install');
  });
});

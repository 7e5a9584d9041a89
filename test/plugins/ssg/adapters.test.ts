/**
 * The adapter contract, checked for every registered adapter: its config files
 * parse as what they claim to be (YAML, TOML, JSON, JS modules Node loads), its
 * pages carry front matter that parses with the title, its navigation merges
 * into what the user has (other keys and entries kept, idempotent), and its
 * commands are argument arrays. Also the registry: built-in first, contributed
 * after, duplicate ids refused naming both.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml, parseDocument } from 'yaml';
import { BUILTIN_ADAPTERS } from '../../../plugins/ssg/adapters/index.js';
import { ssgAdaptersExtensionPoint } from '../../../plugins/ssg/api.js';
import { createSsgRegistry } from '../../../plugins/ssg/registry.js';
import { DIATAXIS_SECTIONS, defineSsgAdapter, type SiteFile, type SitePage, type SsgAdapter } from '../../../sdk/index.js';
import { startTestToolpack } from '../../../sdk/testing.js';
import { tempDir } from '../../helpers/workspace.js';

const PAGES: SitePage[] = DIATAXIS_SECTIONS.flatMap((section) => [
  { section, slug: 'index', title: `About ${section}`, body: `What ${section} holds.\n`, order: 0 },
  { section, slug: 'first-steps', title: `First ${section}: "quoted" & <b>`, body: '## Part\n\nText with `code` and {braces}.\n', order: 1 },
]);

function frontMatterOf(content: string): Record<string, unknown> {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(content);
  expect(match, `front matter in:\n${content}`).not.toBeNull();
  return parseYaml(match![1]!) as Record<string, unknown>;
}

async function parses(file: SiteFile, dir: string): Promise<unknown> {
  const ext = file.path.split('.').pop();
  if (ext === 'yml' || ext === 'yaml') {
    const doc = parseDocument(file.content);
    expect(doc.errors, file.path).toEqual([]);
    return doc.toJSON();
  }
  if (ext === 'toml') return parseToml(file.content);
  if (ext === 'json') return JSON.parse(file.content);
  if (ext === 'md') return frontMatterOf(file.content);
  if (ext === 'js' || ext === 'mjs' || ext === 'cjs') return (await import(pathToFileURL(join(dir, file.path)).href)).default;
  return file.content;
}

const writeAll = (dir: string, files: SiteFile[]) => {
  for (const f of files) {
    mkdirSync(dirname(join(dir, f.path)), { recursive: true });
    writeFileSync(join(dir, f.path), f.content);
  }
};

const reader = (files: SiteFile[]) => (path: string) => files.find((f) => f.path === path)?.content;

/** Each adapter's site with a user's own edits: a key of their own and a navigation entry of their own, and what must survive. */
const USER_EDITS: Record<string, { edit: (files: SiteFile[]) => SiteFile[]; kept: (nav: SiteFile[]) => void }> = {
  mkdocs: {
    edit: (files) => files.map((f) => (f.path === 'mkdocs.yml' ? { ...f, content: `# Our docs\n${f.content}extra:\n  analytics: UA-1\nnav:\n  - Home: index.md\n  - Changelog: changelog.md\n` } : f)),
    kept: ([config]) => {
      expect(config!.content).toContain('# Our docs');
      const parsed = parseYaml(config!.content);
      expect(parsed.extra).toEqual({ analytics: 'UA-1' });
      expect(parsed.theme).toEqual({ name: 'mkdocs' });
      expect(parsed.nav.map((e: object) => Object.keys(e)[0])).toEqual(['Home', 'Changelog', 'Tutorials', 'How-to guides', 'Reference', 'Explanation']);
    },
  },
  hugo: {
    edit: (files) => files.map((f) => (f.path === 'hugo.toml' ? { ...f, content: `${f.content}\n[[menu.main]]\nname = "Blog"\npageRef = "/blog"\nweight = 99\n\n[taxonomies]\ntag = "tags"\n` } : f)),
    kept: ([config]) => {
      const parsed = parseToml(config!.content) as any;
      expect(parsed.title).toBe('Tidewater');
      expect(parsed.taxonomies).toEqual({ tag: 'tags' });
      expect(parsed.menu.main.map((m: any) => m.name)).toEqual(['Blog', 'Tutorials', 'How-to guides', 'Reference', 'Explanation']);
    },
  },
  jekyll: {
    edit: (files) => [...files, { path: '_data/navigation.yml', content: '- title: Blog\n  url: /blog/\n' }],
    kept: ([nav]) => expect((parseYaml(nav!.content) as any[]).map((e) => e.title)).toEqual(['Blog', 'Tutorials', 'How-to guides', 'Reference', 'Explanation']),
  },
  eleventy: {
    edit: (files) => [...files, { path: 'docs/_data/navigation.json', content: '[{ "title": "Blog", "url": "/blog/" }]' }],
    kept: ([nav]) => expect((JSON.parse(nav!.content) as any[]).map((e) => e.title)).toEqual(['Blog', 'Tutorials', 'How-to guides', 'Reference', 'Explanation']),
  },
  docusaurus: {
    // A hand-written sidebars.js cannot be merged: it is left alone and the Diataxis sidebar goes beside it.
    edit: (files) => files.map((f) => (f.path === 'sidebars.js' ? { ...f, content: "module.exports = { docs: ['index', 'changelog'] };\n" } : f)),
    kept: (nav) => expect(nav.map((f) => f.path)).toEqual(['sidebars.diataxis.js']),
  },
};

describe.each(BUILTIN_ADAPTERS.map((a) => [a.id, a] as const))('adapter %s', (id, adapter: SsgAdapter) => {
  const config = adapter.configFiles({ projectName: 'Tidewater', projectDescription: 'Tide tables: "for humans"' });

  it('writes config files that parse as their format, one of them a marker the adapter detects', async () => {
    const dir = tempDir(`toolpack-adapter-${id}-`);
    writeAll(dir, [...config, ...adapter.navigation(PAGES, reader(config))]);
    const marker = config.find((f) => adapter.markers.includes(f.path));
    expect(marker, `a config file among ${adapter.markers.join(', ')}`).toBeDefined();
    expect(adapter.detectText?.(marker!.path, marker!.content) ?? true).toBe(true);
    for (const file of config) expect(await parses(file, dir), file.path).toBeTruthy();
    expect(config.filter((f) => f.content.includes('Tide tables: "for humans"')).length, 'the description is in the config').toBeGreaterThan(0);
  });

  it('gives each page a path under its section folder and front matter with the title', () => {
    for (const page of PAGES) {
      const file = adapter.pageFile(page);
      expect(file.path.startsWith(`${adapter.sectionDir(page.section)}/`), file.path).toBe(true);
      expect(file.path).toMatch(/\.(md|mdx)$/);
      expect(frontMatterOf(file.content).title).toBe(page.title);
      expect(file.content).toContain(page.body.trim().split('\n')[0]);
    }
    const paths = PAGES.map((p) => adapter.pageFile(p).path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("merges its navigation into the user's files, keeping their keys and entries, and a second run changes nothing", () => {
    const edited = USER_EDITS[id]!.edit(config);
    const nav = adapter.navigation(PAGES, reader(edited));
    USER_EDITS[id]!.kept(nav);
    const again = adapter.navigation(PAGES, reader([...nav, ...edited.filter((f) => !nav.some((n) => n.path === f.path))]));
    expect(again).toEqual(nav);
  });

  it('lists every section and page in its navigation', () => {
    const text = adapter.navigation(PAGES, reader(config)).map((f) => f.content).join('\n');
    for (const section of DIATAXIS_SECTIONS) expect(text).toContain(section);
  });

  it('runs as argument arrays, serves on the port asked, builds into outputDir, and deploys from siteDir', () => {
    expect(adapter.build.args.every((a) => typeof a === 'string')).toBe(true);
    expect(adapter.build.outputDir).toMatch(/^[\w.-]+$/);
    expect(adapter.build.command).toBe(adapter.requires.binary);
    expect(adapter.serve(4173).args.join(' ')).toContain('4173');
    expect(adapter.requires.install.length).toBeGreaterThan(20);
    for (const baseUrlFromPages of [true, false]) {
      const steps = adapter.workflowSteps({ siteDir: 'docs', baseUrlFromPages });
      for (const step of steps) {
        expect(step.name).toBeTruthy();
        expect(Boolean(step.uses) !== Boolean(step.run), step.name).toBe(true);
        if (step.uses) expect(step.uses).toMatch(/^[\w-]+\/[\w-]+@v\d+$/);
      }
      const build = steps.at(-1)!;
      expect(build['working-directory']).toBe('docs');
      expect(build.run).toContain(adapter.build.outputDir);
      expect(build.run!.includes('steps.pages.outputs')).toBe(baseUrlFromPages && id !== 'mkdocs');
    }
  });
});

describe('detection refines generic names', () => {
  const byId = (id: string) => BUILTIN_ADAPTERS.find((a) => a.id === id)!;
  it("reads a config.toml as Hugo's only when it has Hugo keys, and a Hexo _config.yml not as Jekyll's", () => {
    expect(byId('hugo').detectText!('config.toml', 'baseURL = "https://example.org/"\ntitle = "x"\n')).toBe(true);
    expect(byId('hugo').detectText!('config.toml', '[tool.black]\nline-length = 100\n')).toBe(false);
    expect(byId('jekyll').detectText!('_config.yml', 'title: Blog\nnew_post_name: :title.md\ntheme: landscape\n')).toBe(false);
    expect(byId('jekyll').detectText!('_config.yml', 'title: Blog\nmarkdown: kramdown\n')).toBe(true);
  });
});

describe('adapter registry', () => {
  const vitepress = defineSsgAdapter({ ...BUILTIN_ADAPTERS.find((a) => a.id === 'eleventy')!, id: 'vitepress', name: 'VitePress' });

  it('lists the five built-in adapters first, in the spec order, then contributed ones; refuses a taken id naming both', () => {
    const registry = createSsgRegistry(BUILTIN_ADAPTERS);
    registry.add(vitepress);
    expect(registry.list().map((a) => a.id)).toEqual(['jekyll', 'hugo', 'docusaurus', 'mkdocs', 'eleventy', 'vitepress']);
    expect(registry.get('vitepress')).toBe(vitepress);
    expect(() => registry.add({ ...vitepress, name: 'Other VitePress' })).toThrow('SSG adapter "vitepress" (Other VitePress) refused: adapter "vitepress" (VitePress) is already registered with that id');
    expect(() => registry.add({ ...vitepress, id: 'Bad Id' })).toThrow(/invalid/);
  });

  it('fails the start when a contribution takes a built-in id, naming both adapters', async () => {
    const impostor = { ...vitepress, id: 'hugo', name: 'Not Hugo' };
    await expect(startTestToolpack({ config: { plugins: ['project', 'ssg'] }, extensions: [[ssgAdaptersExtensionPoint, (adapters) => adapters.add(impostor)]] })).rejects.toThrow(
      /SSG adapter "hugo" \(Not Hugo\) refused: adapter "hugo" \(Hugo\) is already registered/,
    );
  });

  it('offers contributed adapters in the tools\' ssg enum and through the registry service', async () => {
    const kernel = await startTestToolpack({ config: { plugins: ['project', 'ssg'] }, extensions: [[ssgAdaptersExtensionPoint, (adapters) => adapters.add(vitepress)]] });
    try {
      const tool = kernel.registry.listing().find((t) => t.name === 'generate_config')!;
      expect((tool.inputSchema as any).properties.ssg.enum).toEqual(['jekyll', 'hugo', 'docusaurus', 'mkdocs', 'eleventy', 'vitepress']);
      const refused = await kernel.call('generate_config', { ssg: 'gatsby', projectName: 'x', outputPath: 'docs' });
      expect(refused.isError).toBe(true);
    } finally {
      await kernel.stop();
    }
  });
});

/**
 * Issue 28 item 10: optimize_readme moves sections into docs/, which an MkDocs site beside the
 * README uses as its docs_dir; with an explicit nav the moved pages join it (else MkDocs builds them
 * unlisted). The config is edited in place: comments, !!python/name and !ENV tags, every other line
 * kept. Through a real MCP client, on a long README with a themed MkDocs site.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { parse } from 'yaml';
import { connectTestClient, startTestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { tempDir } from '../../helpers/workspace.js';
import { writeLongReadmeProject } from './long-readme.js';

const MKDOCS = `# Skyline documentation site
site_name: Skyline
docs_dir: docs
theme:
  name: material
  palette:
    primary: indigo # brand colour
markdown_extensions:
  - admonition
  - pymdownx.emoji:
      emoji_index: !!python/name:material.extensions.emoji.twemoji
      emoji_generator: !!python/name:material.extensions.emoji.to_svg
extra:
  analytics:
    property: !ENV [SKYLINE_ANALYTICS, ""]

nav:
  - Features: features.md
  # Tuning before the language reference.
  - Guides:
      - Tuning: tuning.md
      - SkyQL: skyql.md
  - Configuration reference: config-reference.md

copyright: Copyright &copy; Skyline authors
`;

async function serve(root: string) {
  const kernel = await startTestToolpack({ workspace: root, config: { plugins: ['project', 'readme'] } });
  const mcp = await connectTestClient(kernel);
  onTestFinished(async () => {
    await mcp.close().catch(() => {});
    await kernel.stop();
  });
  return async (args: Record<string, unknown>) => {
    const result = outcome((await mcp.callTool({ name: 'optimize_readme', arguments: { readme_path: 'README.md', ...args } })) as never);
    expect(result.isError, result.text).toBe(false);
    return result.data;
  };
}

const navFiles = (text: string): string[] => {
  const files: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') files.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk((parse(text, { logLevel: 'silent' }) as { nav: unknown }).nav);
  return files;
};

describe('optimize_readme and an MkDocs nav', () => {
  it('adds the pages it moves into docs_dir to the nav, keeping the rest of mkdocs.yml', { timeout: 60_000 }, async () => {
    const root = tempDir('toolpack-readme-mkdocs-');
    writeLongReadmeProject(root);
    writeFileSync(join(root, 'mkdocs.yml'), MKDOCS);
    const optimize = await serve(root);

    const proposal = await optimize({ create_docs_directory: false });
    expect(proposal.moved.length).toBeGreaterThan(0);
    expect(readFileSync(join(root, 'mkdocs.yml'), 'utf8')).toBe(MKDOCS);
    expect(proposal.files.map((f: { path: string }) => f.path)).toContain('mkdocs.yml');

    const data = await optimize({});
    expect(data.written).toBe(true);
    const after = readFileSync(join(root, 'mkdocs.yml'), 'utf8');
    const moved = data.moved.map((m: { path: string }) => m.path.replace(/^docs\//, ''));
    expect(navFiles(after)).toEqual(['features.md', 'tuning.md', 'skyql.md', 'config-reference.md', ...moved]);
    // Each under its section's title.
    const nav = (parse(after, { logLevel: 'silent' }) as { nav: Array<Record<string, unknown>> }).nav;
    for (const m of data.moved) expect(nav).toContainEqual({ [m.heading]: m.path.replace(/^docs\//, '') });
    // Every line of the original is still there, in order, tags and comments included.
    const kept = after.split('\n').filter((line) => MKDOCS.split('\n').includes(line));
    expect(kept).toEqual(MKDOCS.split('\n'));
    expect(after).toContain('emoji_index: !!python/name:material.extensions.emoji.twemoji\n');
    expect(data.notes.join(' ')).toMatch(new RegExp(`${moved.length} pages? added to the nav of mkdocs.yml`));
  });

  it('leaves an MkDocs config alone when its docs_dir is another folder', { timeout: 60_000 }, async () => {
    const root = tempDir('toolpack-readme-mkdocs-other-');
    writeLongReadmeProject(root);
    const config = MKDOCS.replace('docs_dir: docs', 'docs_dir: site-src');
    writeFileSync(join(root, 'mkdocs.yml'), config);
    const data = await (await serve(root))({});
    expect(data.written).toBe(true);
    expect(readFileSync(join(root, 'mkdocs.yml'), 'utf8')).toBe(config);
  });
});

/**
 * setup_structure on the existing themed MkDocs site: the nav gets the new sections and every
 * other line of mkdocs.yml stays as written: flow collections (`base_path: ["."]`, which the YAML
 * writer would respace to `[ "." ]`) and `!!python/name:` tags (which it would give a `""` value).
 * The nav keeps the user's sections whole and lists no page twice: a new page in a folder the user's
 * nav already covers joins that section. Called through a real MCP client.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { parse } from 'yaml';
import { connectTestClient, startTestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { project } from '../project/fixtures.js';
import { themedMkdocsLibrary } from './existing-sites.js';

/** The pages a MkDocs nav lists, in order, with repeats. */
const navPages = (nav: unknown): string[] =>
  typeof nav === 'string' ? [nav] : Array.isArray(nav) ? nav.flatMap(navPages) : nav && typeof nav === 'object' ? Object.values(nav).flatMap(navPages) : [];

describe('setup_structure on an existing themed MkDocs site', () => {
  it('adds its sections to the nav and keeps every other line of mkdocs.yml', async () => {
    const tree = themedMkdocsLibrary();
    const workspace = project(tree, 'toolpack-structure-existing-');
    const kernel = await startTestToolpack({ workspace, config: { plugins: ['project', 'ssg'] } });
    const client = await connectTestClient(kernel);
    onTestFinished(async () => {
      await client.close();
      await kernel.stop();
    });
    const result = outcome((await client.callTool({ name: 'setup_structure', arguments: { path: '.', ssg: 'mkdocs' } })) as never);
    expect(result.isError, result.text).toBe(false);
    const after = readFileSync(join(workspace, 'mkdocs.yml'), 'utf8').split('\n');
    const navStart = tree['mkdocs.yml']!.indexOf('\nnav:');
    const lost = tree['mkdocs.yml']!.slice(0, navStart).split('\n').filter((line) => !after.includes(line));
    expect(lost, after.join("\n")).toEqual([]);
    expect(after).toContain('      base_path: ["."]');

    // The nav: the user's sections whole, no page twice, each new page listed once, beside the pages of its folder.
    const nav = (parse(after.join('\n'), { logLevel: 'silent' }) as { nav: unknown[] }).nav;
    const listed = navPages(nav);
    expect(listed.filter((page, i) => listed.indexOf(page) !== i)).toEqual([]);
    for (const page of navPages((parse(tree['mkdocs.yml']!, { logLevel: 'silent' }) as { nav: unknown[] }).nav)) expect(listed).toContain(page);
    const created = result.data.created.map((path: string) => path.replace(/^docs\//, ''));
    expect(created.length).toBeGreaterThan(0);
    for (const page of created) expect(listed, page).toContain(page);
    const tutorial = nav.find((entry) => Object.keys(entry as object)[0] === 'Tutorial') as { Tutorial: unknown[] };
    expect(navPages(tutorial.Tutorial).slice(0, 2)).toEqual(['tutorial/first-steps.md', 'tutorial/options.md']);

    // A second run changes nothing.
    const again = outcome((await client.callTool({ name: 'setup_structure', arguments: { path: '.', ssg: 'mkdocs' } })) as never);
    expect(again.data.navigation).toEqual([{ path: 'mkdocs.yml', status: 'unchanged' }]);
  });
});

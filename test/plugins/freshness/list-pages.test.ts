/** listDocPages: Markdown pages by glob, build and data folders skipped, symbolic links and `..` globs never followed out. */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listDocPages } from '../../../plugins/freshness/pages/list-pages.js';
import { tempDir } from '../../helpers/workspace.js';

const put = (root: string, path: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), '# page\n');
};

describe('listDocPages', () => {
  it('lists .md and .mdx pages sorted, without node_modules, build output or tool data', async () => {
    const root = tempDir('toolpack-list-pages-');
    const outside = tempDir('toolpack-list-outside-');
    for (const path of ['b.md', 'a/index.mdx', 'a/UPPER.MD', 'notes.txt', 'node_modules/x/README.md', 'dist/a.md', 'build/b.md', '.documcp/c.md', '.toolpack/d.md', 'sub/.git/e.md']) put(root, path);
    put(outside, 'secret.md');
    symlinkSync(join(outside, 'secret.md'), join(root, 'linked.md'));
    symlinkSync(join(root, 'b.md'), join(root, 'alias.md'));
    const pages = await listDocPages(root);
    expect(pages).toEqual([join(root, 'a/UPPER.MD'), join(root, 'a/index.mdx'), join(root, 'b.md')]);
    // Symbolic links are not followed even when the area is wider.
    expect(await listDocPages(root, { contains: () => true })).toEqual(pages);
  });

  it('takes include and exclude globs', async () => {
    const root = tempDir('toolpack-list-globs-');
    for (const path of ['guide/a.md', 'guide/drafts/b.md', 'api/c.md', 'api/c.html']) put(root, path);
    expect(await listDocPages(root, { include: ['guide/**/*.md'], exclude: ['**/drafts/**'] })).toEqual([join(root, 'guide/a.md')]);
    expect(await listDocPages(root, { include: ['**/*.html'] })).toEqual([join(root, 'api/c.html')]);
    // Globs climbing out of the folder are dropped, not walked.
    expect(await listDocPages(root, { include: ['../**/*.md', '/tmp/**/*.md'] })).toEqual([]);
    expect(await listDocPages(root, { include: ['api/../guide/a.md', 'api/*.md'] })).toEqual([join(root, 'api/c.md')]);
  });
});

/**
 * Item 5, one call stalls every client (globs): a glob like `**\/*a*a*…*b` compiled by picomatch
 * backtracks exponentially against a long file name (30 s at 30 characters), and tinyglobby ran the
 * client's include and exclude patterns that way. User globs are translated to RE2 (sdk/glob.ts) and
 * matched in linear time; what RE2 cannot express is refused naming the parameter and the pattern.
 */
import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { compileGlob } from '../../sdk/glob.js';
import { createWorkspace, inProcessClient, pingDuring } from './helpers.js';

const EVIL = `**/${'*a'.repeat(30)}*b`;
const LONG_NAME = `${'a'.repeat(200)}.md`;

describe('glob translation (unit)', () => {
  const patterns = ['**/*.md', '*.md', '**', '**/*', 'docs/**', 'docs/**/*.md', 'a/*/b', '**/drafts/**', '**/drafts', 'guide/?.md', '{a,b}/*.md', '**/*.{md,mdx}', '[abc].md', '[^abc].md', '[a-c]*.md', 'a\\*b.md', '*', 'a/**/b/*.md', '.vitepress/**', '**/.hidden/*.md', '*.{md,html}', 'src/{a,b/{c,d}}/x', '{a}.md', 'a{b.md', '**/index.md', 'docs/*', '?', './a/*.md'];
  const paths = ['a.md', 'b.md', 'd.md', '.md', '.hidden.md', 'docs/a.md', 'docs/x/y.md', 'docs', 'a/x/b', 'a/b', 'a/x/y/b', 'drafts/a.md', 'x/drafts/b.md', 'x/drafts', 'guide/a.md', 'guide/ab.md', 'a/z.md', 'b/z.md', 'c/z.md', 'x/y.mdx', 'x/.y.md', '.vitepress/config.md', 'p/.hidden/a.md', 'a.html', 'src/a/x', 'src/b/c/x', 'src/b/e/x', '{a}.md', 'a{b.md', 'x/index.md', 'index.md', 'a*b.md', 'axb.md', 'x', 'a/b/x.md', 'a/q/b/x.md', 'a/.q/b/x.md', 'a/b/', 'x/.git/y.md'];

  it.each([false, true])('matches what picomatch matches (dot: %s)', (dot) => {
    const differences: string[] = [];
    for (const pattern of patterns) {
      const expected = picomatch(pattern, { dot });
      const actual = compileGlob(pattern, { dot });
      for (const path of paths) if (expected(path) !== actual(path)) differences.push(`${pattern} ${path}: picomatch ${expected(path)}`);
    }
    expect(differences).toEqual([]);
  });

  it('runs an exponential pattern against a long name to completion', () => {
    expect(compileGlob(EVIL)(`docs/${LONG_NAME}`)).toBe(false);
    expect(compileGlob(EVIL)(`docs/${'a'.repeat(200)}b`)).toBe(true);
  });

  it('refuses what RE2 cannot express, naming the parameter and the pattern', () => {
    expect(() => compileGlob('!(draft).md', { parameter: 'excludePatterns' })).toThrow(/excludePatterns: glob "!\(draft\)\.md" uses an extended glob/);
  });
});

describe('hostile globs through the tools', () => {
  it('manage_sitemap runs an exponential exclude pattern against a long file name, and another client is answered meanwhile', async () => {
    const ws = createWorkspace({ 'docs/index.md': '# Home\n', [`docs/${LONG_NAME}`]: '# Long\n' });
    const client = await inProcessClient(ws.dir);
    const { result, pings } = await pingDuring(client, () =>
      client.call('manage_sitemap', { action: 'generate', docsPath: 'docs', baseUrl: 'https://example.com/', includePatterns: ['**/*.md', EVIL], excludePatterns: [EVIL], useGitHistory: false }),
    );
    expect(result.isError, result.text).toBe(false);
    expect(result.text).toContain('2');
    pings.sort((a, b) => a - b);
    expect(pings[Math.floor(pings.length / 2)]).toBeLessThan(250);
  });

  it('manage_sitemap refuses an extended glob with a ValidationError naming the parameter and the pattern', async () => {
    const ws = createWorkspace({ 'docs/index.md': '# Home\n' });
    const client = await inProcessClient(ws.dir);
    const result = await client.call('manage_sitemap', { action: 'generate', docsPath: 'docs', baseUrl: 'https://example.com/', excludePatterns: ['+(a|aa)*b'] });
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/excludePatterns/);
    expect(result.text).toContain('+(a|aa)*b');
  });

  it('validate_rules matches a rule set\'s exponential globs in linear time', async () => {
    const ws = createWorkspace({
      [`src/${'a'.repeat(200)}.ts`]: 'export const a = 1;\n',
      'rules.yaml': ['name: hostile', 'version: 1', 'rules:', '  - id: naming', '    type: naming', '    description: Names.', '    severity: info', '    source: { kind: manual }', `    check: { kind: file-naming, glob: '${EVIL}', pattern: kebab-case }`, ''].join('\n'),
    });
    const client = await inProcessClient(ws.dir);
    const result = await client.call('validate_rules', { rulesPath: 'rules.yaml', outputFormat: 'json' });
    expect(result.isError, result.text).toBe(false);
  });
});

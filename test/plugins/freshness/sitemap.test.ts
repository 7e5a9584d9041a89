/**
 * manage_sitemap on a MkDocs site in a real git repository with back-dated
 * commits: generate (lastmod = commit date, priority and changefreq by Diataxis
 * folder, drafts and excluded folders left out, valid against the sitemaps.org
 * schema by xmllint), validate of a broken sitemap (xmllint rejects it too),
 * update (adds and drops), list, the URL limit, and the parameter errors.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestToolpack, type TestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { tempDir } from '../../helpers/workspace.js';

const XSD = join(import.meta.dirname, '../../fixtures/sitemap/sitemap.xsd');
const BASE = 'https://example.com/docs/';

/** xmllint's verdict on a sitemap: null when valid, else its complaints. */
function xmllint(file: string): string | null {
  try {
    execFileSync('xmllint', ['--noout', '--schema', XSD, file], { stdio: 'pipe' });
    return null;
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  }
}

const write = (root: string, path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};

function commit(cwd: string, message: string, date: string) {
  const env = { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date };
  execFileSync('git', ['add', '-A'], { cwd, env });
  execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=T', 'commit', '-q', '-m', message], { cwd, env });
}

describe('manage_sitemap on a git repository', () => {
  const workspace = tempDir('toolpack-sitemap-');
  let kernel: TestToolpack;
  const call = async (args: Record<string, unknown>) => outcome(await kernel.call('manage_sitemap', args));
  const sitemapFile = join(workspace, 'docs', 'sitemap.xml');

  beforeAll(async () => {
    execFileSync('git', ['init', '-q'], { cwd: workspace });
    write(workspace, 'mkdocs.yml', 'site_name: Demo\nnav:\n  - Home: index.md\n');
    write(workspace, 'docs/index.md', '# Demo\n');
    write(workspace, 'docs/tutorials/getting-started.md', '# Getting started\n');
    write(workspace, 'docs/how-to/deploy the site.md', '# Deploy\n');
    write(workspace, 'docs/reference/über.md', '# Über\n');
    write(workspace, 'docs/reference/index.md', '# Reference\n');
    write(workspace, 'docs/explanation/design.md', '---\ntitle: Design\n---\n# Design\n');
    write(workspace, 'docs/changelog.md', '---\ncategory: reference\n---\n# Changes\n');
    write(workspace, 'docs/upcoming.md', '---\ndraft: true\n---\n# Soon\n');
    write(workspace, 'docs/notes/private.md', '# Private\n');
    write(workspace, 'docs/build/generated.md', '# Built\n');
    write(workspace, 'docs/robots.txt', 'User-agent: *\nDisallow:\n');
    commit(workspace, 'first', '2025-01-10T08:00:00Z');
    write(workspace, 'docs/tutorials/getting-started.md', '# Getting started\n\nMore.\n');
    commit(workspace, 'second', '2025-06-01T12:00:00Z');
    kernel = await startTestToolpack({ workspace, config: { plugins: ['freshness'] } });
  }, 60_000);
  afterAll(async () => kernel?.stop());

  it('generates a sitemap from the pages: pretty URLs, encoded names, commit dates, category priorities, valid for xmllint', async () => {
    const result = await call({ action: 'generate', docsPath: 'docs', baseUrl: BASE, excludePatterns: ['notes', 'build'] });
    expect(result.isError).toBe(false);
    const data = result.data;
    expect(data.written).toBe(true);
    expect(data.replaced).toBe(false);
    expect(data.generator).toBe('mkdocs');
    expect(data.valid).toBe(true);
    expect(xmllint(sitemapFile)).toBeNull();

    const byLoc = Object.fromEntries(data.urls.map((u: any) => [u.loc, u]));
    expect(Object.keys(byLoc).sort()).toEqual(
      [
        'https://example.com/docs/',
        'https://example.com/docs/changelog/',
        'https://example.com/docs/explanation/design/',
        'https://example.com/docs/how-to/deploy%20the%20site/',
        'https://example.com/docs/reference/',
        'https://example.com/docs/reference/%C3%BCber/',
        'https://example.com/docs/tutorials/getting-started/',
      ].sort(),
    );
    expect(byLoc['https://example.com/docs/tutorials/getting-started/']).toMatchObject({ lastmod: '2025-06-01T12:00:00+00:00', priority: '0.8', changefreq: 'weekly', category: 'tutorials', page: 'docs/tutorials/getting-started.md' });
    expect(byLoc['https://example.com/docs/']).toMatchObject({ lastmod: '2025-01-10T08:00:00+00:00', priority: '1.0', category: 'home' });
    expect(byLoc['https://example.com/docs/how-to/deploy%20the%20site/']).toMatchObject({ priority: '0.7', changefreq: 'weekly' });
    expect(byLoc['https://example.com/docs/changelog/']).toMatchObject({ priority: '0.6', changefreq: 'monthly', category: 'reference' }); // from front matter
    expect(byLoc['https://example.com/docs/explanation/design/']).toMatchObject({ priority: '0.5', category: 'explanation' });
    expect(data.statistics).toMatchObject({ urls: 7, oldestLastmod: '2025-01-10T08:00:00.000Z', newestLastmod: '2025-06-01T12:00:00.000Z', withoutLastmod: 0 });
    expect(data.statistics.byCategory).toMatchObject({ home: 1, tutorials: 1, 'how-to': 1, reference: 3, explanation: 1, other: 0 });
    expect(data.pages.lastmodFromGit).toBe(7);
    expect(data.pages.skipped).toEqual([{ file: 'docs/upcoming.md', reason: 'draft: true' }]);
    expect(data.recommendations.join('\n')).not.toMatch(/copies files/); // docs/ is what mkdocs publishes
    expect(data.recommendations.join('\n')).toMatch(/docs\/robots\.txt has no Sitemap: line.*https:\/\/example\.com\/docs\/sitemap\.xml/);

    const xml = readFileSync(sitemapFile, 'utf8');
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).not.toContain('upcoming');
    expect(xml).not.toContain('private');

    // Again: the sitemap is replaced, and the result says so.
    const again = await call({ action: 'generate', docsPath: 'docs', baseUrl: BASE, excludePatterns: ['notes', 'build'] });
    expect(again.data.replaced).toBe(true);
    expect(again.data.summary).toMatch(/^Replaced docs\/sitemap\.xml with 7 URLs \(valid/);
  });

  it('validate reports what xmllint rejects (priority, changefreq), duplicates and URLs whose page is gone, with lines', async () => {
    const broken = [
      '<?xml version="1.0" encoding="UTF-8"?>', // 1
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', // 2
      '  <url><loc>https://example.com/docs/</loc><priority>1.5</priority></url>', // 3
      '  <url><loc>https://example.com/docs/tutorials/getting-started/</loc><changefreq>sometimes</changefreq></url>', // 4
      '  <url><loc>https://example.com/docs/reference/</loc><lastmod>2025-13-01</lastmod></url>', // 5
      '  <url><loc>https://example.com/docs/reference/</loc></url>', // 6
      '  <url><loc>https://example.com/docs/removed-page/</loc></url>', // 7
      '  <url><lastmod>2025-01-01</lastmod></url>', // 8
      '</urlset>',
      '',
    ].join('\n');
    write(workspace, 'broken/sitemap.xml', broken);
    expect(xmllint(join(workspace, 'broken/sitemap.xml'))).toMatch(/priority[\s\S]*changefreq/);

    const result = await call({ action: 'validate', docsPath: 'docs', sitemapPath: 'broken/sitemap.xml', baseUrl: BASE, excludePatterns: ['notes', 'build'] });
    expect(result.isError).toBe(false);
    expect(result.data.valid).toBe(false);
    const errors = result.data.errors.filter((e: any) => e.severity === 'error').map((e: any) => `${e.line} ${e.kind}`);
    expect(errors).toEqual(['3 bad-priority', '4 bad-changefreq', '5 bad-lastmod', '6 duplicate', '7 missing-page', '8 missing-loc']);
    expect(result.data.errors.find((e: any) => e.kind === 'missing-page').url).toBe('https://example.com/docs/removed-page/');
    // Pages the broken sitemap forgot are warnings.
    const notListed = result.data.errors.filter((e: any) => e.kind === 'not-listed').map((e: any) => e.page).sort();
    expect(notListed).toEqual(['docs/changelog.md', 'docs/explanation/design.md', 'docs/how-to/deploy the site.md', 'docs/reference/über.md']);
    expect(result.data.summary).toMatch(/^broken\/sitemap\.xml: 6 URLs \(6 errors, 4 warnings\)/);

    // The generated one is clean for our validate too, with the base URL inferred.
    const clean = await call({ action: 'validate', docsPath: 'docs', excludePatterns: ['notes', 'build'] });
    expect(clean.data).toMatchObject({ valid: true, errorTotal: 0, warningTotal: 0, baseUrl: 'https://example.com/docs' });
  });

  it('reports a document that is not well-formed XML or not a sitemap', async () => {
    write(workspace, 'broken/bad.xml', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <url><loc>https://example.com/</loc>\n</urlset>\n');
    const bad = await call({ action: 'validate', docsPath: 'docs', sitemapPath: 'broken/bad.xml' });
    expect(bad.data.errors[0]).toMatchObject({ kind: 'not-well-formed', line: 3 });
    write(workspace, 'broken/ns.xml', '<urlset xmlns="http://www.google.com/schemas/sitemap/0.84"><url><loc>https://example.com/docs/</loc></url></urlset>');
    const ns = await call({ action: 'validate', docsPath: 'docs', sitemapPath: 'broken/ns.xml' });
    expect(ns.data.errors.map((e: any) => e.kind)).toContain('namespace');
    expect(xmllint(join(workspace, 'broken/ns.xml'))).not.toBeNull();
  });

  it('update adds new pages, drops URLs of removed pages, refreshes lastmod and keeps hand-set priorities', async () => {
    const xml = readFileSync(sitemapFile, 'utf8');
    // A hand-tuned priority and a stale lastmod on the design page.
    writeFileSync(
      sitemapFile,
      xml.replace(/(<loc>https:\/\/example\.com\/docs\/explanation\/design\/<\/loc>\n\s*)<lastmod>[^<]*<\/lastmod>([\s\S]*?)<priority>0\.5<\/priority>/, '$1<lastmod>2020-01-01</lastmod>$2<priority>0.9</priority>'),
    );
    rmSync(join(workspace, 'docs/changelog.md'));
    write(workspace, 'docs/how-to/rollback.md', '# Roll back\n');
    commit(workspace, 'third', '2025-09-15T10:30:00Z');

    const result = await call({ action: 'update', docsPath: 'docs', baseUrl: BASE, excludePatterns: ['notes', 'build'] });
    expect(result.isError).toBe(false);
    expect(result.data.changes.added).toEqual({ urls: ['https://example.com/docs/how-to/rollback/'], total: 1 });
    expect(result.data.changes.removed).toEqual({ urls: ['https://example.com/docs/changelog/'], total: 1 });
    expect(result.data.changes.updated.urls).toEqual(['https://example.com/docs/explanation/design/']);
    expect(xmllint(sitemapFile)).toBeNull();
    const design = result.data.urls.find((u: any) => u.loc.endsWith('/design/'));
    expect(design).toMatchObject({ lastmod: '2025-01-10T08:00:00+00:00', priority: '0.9' });
    const rollback = result.data.urls.find((u: any) => u.loc.endsWith('/rollback/'));
    expect(rollback).toMatchObject({ lastmod: '2025-09-15T10:30:00+00:00', priority: '0.7', changefreq: 'weekly' });
    expect(result.data.statistics.urls).toBe(7);
  });

  it('update without a sitemap yet writes one with every page added', async () => {
    const result = await call({ action: 'update', docsPath: 'docs', baseUrl: BASE, sitemapPath: 'docs/new/sitemap.xml', excludePatterns: ['notes', 'build'] });
    expect(result.data).toMatchObject({ written: true, replaced: false, valid: true });
    expect(result.data.changes.added.total).toBe(7);
    expect(result.data.changes.removed.total).toBe(0);
    expect(xmllint(join(workspace, 'docs/new/sitemap.xml'))).toBeNull();
  });

  it('list shows the URLs with their data and counts by category; updateFrequency overrides every changefreq', async () => {
    const listed = await call({ action: 'list', docsPath: 'docs', excludePatterns: ['notes', 'build'] });
    expect(listed.data.urlTotal).toBe(7);
    expect(listed.data.written).toBe(false);
    expect(listed.data.statistics.byCategory).toMatchObject({ home: 1, tutorials: 1, 'how-to': 2, reference: 2, explanation: 1 });
    expect(listed.data.urls[0]).toMatchObject({ loc: 'https://example.com/docs/', priority: '1.0', page: 'docs/index.md' });

    const daily = await call({ action: 'generate', docsPath: 'docs', baseUrl: BASE, sitemapPath: 'site/daily.xml', updateFrequency: 'daily', useGitHistory: false });
    expect(daily.data.urls.every((u: any) => u.changefreq === 'daily')).toBe(true);
    expect(daily.data.pages.lastmodFromGit).toBe(0);
    expect(xmllint(join(workspace, 'site/daily.xml'))).toBeNull();
    expect(daily.data.recommendations.join('\n')).toMatch(/mkdocs copies files to the built site from docs\/: put the sitemap there/);
  });

  it('refuses generate and update without an absolute http(s) baseUrl, and a sitemapPath outside the workspace', async () => {
    const missing = await call({ action: 'generate', docsPath: 'docs' });
    expect(missing.isError).toBe(true);
    expect(missing.data.error).toMatchObject({ type: 'ValidationError', details: { parameter: 'baseUrl' } });
    expect(missing.text).toMatch(/baseUrl/);
    const relative = await call({ action: 'update', docsPath: 'docs', baseUrl: 'example.com/docs' });
    expect(relative.isError).toBe(true);
    expect(relative.data.error).toMatchObject({ type: 'ValidationError', details: { parameter: 'baseUrl' } });
    const ftp = await call({ action: 'generate', docsPath: 'docs', baseUrl: 'ftp://example.com/' });
    expect(ftp.text).toMatch(/baseUrl/);

    const outside = await call({ action: 'generate', docsPath: 'docs', baseUrl: BASE, sitemapPath: '../escaped-sitemap.xml' });
    expect(outside.isError).toBe(true);
    expect(outside.data.error).toMatchObject({ type: 'FileSystemError' });
    expect(outside.text).toMatch(/sitemapPath/);
    expect(existsSync(join(dirname(workspace), 'escaped-sitemap.xml'))).toBe(false);

    const none = await call({ action: 'validate', docsPath: 'docs', sitemapPath: 'nowhere/sitemap.xml' });
    expect(none.isError).toBe(true);
    expect(none.text).toMatch(/sitemapPath/);
  });

  it('validate reports more than 50,000 URLs', async () => {
    const urls = Array.from({ length: 50_001 }, (_, i) => `<url><loc>https://big.example.com/p/${i}/</loc></url>`);
    write(workspace, 'big/sitemap.xml', `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`);
    const result = await call({ action: 'validate', docsPath: 'big' });
    expect(result.data.valid).toBe(false);
    expect(result.data.errors.map((e: any) => e.kind)).toEqual(['too-many-urls']);
    expect(result.data.statistics.urls).toBe(50_001);
    expect(result.data.urls).toHaveLength(100);
    expect(result.data.truncated).toBe(true);
  });

  it('validate reports a sitemap over 50 MB without reading it', async () => {
    write(workspace, 'huge/sitemap.xml', '<?xml version="1.0"?>\n');
    truncateSync(join(workspace, 'huge/sitemap.xml'), 51 * 1024 * 1024); // sparse: no 51 MB written
    const result = await call({ action: 'validate', docsPath: 'huge' });
    expect(result.data.valid).toBe(false);
    expect(result.data.errors).toEqual([expect.objectContaining({ kind: 'too-large', message: expect.stringMatching(/51\.0 MB.*at most 50 MB/) })]);
  });
});

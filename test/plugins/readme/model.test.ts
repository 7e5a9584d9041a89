/**
 * The README model on the fixtures: sections recognised by meaning at any depth, badge
 * services named, code blocks with language and lines, tables, the table of contents,
 * GitHub anchors, and a reading level that ranks plain prose above convoluted prose.
 */
import { describe, expect, it } from 'vitest';
import { badgeService } from '../../../plugins/readme/model/badges.js';
import { countSyllables } from '../../../plugins/readme/model/reading-level.js';
import { readReadme } from '../../../plugins/readme/model/read-readme.js';
import { sectionKinds } from '../../../plugins/readme/model/section-kinds.js';
import { slugsOf } from '../../../sdk/slug.js';
import { EXCELLENT, lineOf, MEDIOCRE } from './readmes.js';

describe('README model', () => {
  it('reads sections, badges, code blocks, tables and the table of contents of a full README', async () => {
    const model = await readReadme(EXCELLENT);
    expect(model.title).toEqual({ text: 'ratekeeper', line: 1 });
    expect(model.description?.line).toBe(3);
    const usage = model.sections.find((s) => s.title === 'Usage')!;
    expect(usage).toMatchObject({ depth: 2, line: lineOf(EXCELLENT, '## Usage'), endLine: lineOf(EXCELLENT, '## Configuration') - 1, anchor: 'usage' });
    expect(model.sections.find((s) => s.title === 'Express middleware')?.parent).toBe(model.sections.indexOf(usage));
    expect(model.badges.map((b) => [b.service, b.line])).toEqual([
      ['GitHub Actions', 5],
      ['npm', 6],
      ['Codecov', 7],
    ]);
    expect(model.codeBlocks.map((b) => b.language)).toEqual(['sh', 'js', 'js', 'js', 'sh']);
    expect(model.codeBlocks[1]!.line).toBe(lineOf(EXCELLENT, '```js'));
    expect(model.tables).toEqual([expect.objectContaining({ line: lineOf(EXCELLENT, '| Option |'), rows: 4, columns: 3 })]);
    expect(model.toc).toEqual({ line: lineOf(EXCELLENT, '- [Installation]'), via: 'list' });
    expect(model.links.filter((l) => l.kind === 'file').map((l) => l.url)).toEqual(['docs/configuration.md#redis-options', 'CONTRIBUTING.md', 'LICENSE']);
    expect(model.length.lines).toBe(EXCELLENT.split('\n').length - 1);
  });

  it('recognises headings by meaning, any case and depth, with synonyms', () => {
    expect(sectionKinds('Installation')).toContain('install');
    expect(sectionKinds('🚀 Getting Started')).toEqual(expect.arrayContaining(['install', 'quick_start']));
    expect(sectionKinds('SETUP')).toContain('install');
    expect(sectionKinds('Examples')).toContain('usage');
    expect(sectionKinds('Options')).toContain('configuration');
    expect(sectionKinds('Settings')).toContain('configuration');
    expect(sectionKinds('Development')).toContain('contributing');
    expect(sectionKinds('Licence')).toContain('license');
    expect(sectionKinds('How it works')).toEqual([]);
  });

  it('names badge services from the image or the link', () => {
    expect(badgeService('https://img.shields.io/crates/v/serde.svg', null)).toBe('crates.io');
    expect(badgeService('https://img.shields.io/pypi/v/requests', null)).toBe('PyPI');
    expect(badgeService('https://pkg.go.dev/badge/github.com/x/y.svg', null)).toBe('Go reference');
    expect(badgeService('https://docs.rs/serde/badge.svg', null)).toBe('docs.rs');
    expect(badgeService('https://readthedocs.org/projects/x/badge/?version=latest', null)).toBe('Read the Docs');
    expect(badgeService('https://img.shields.io/badge/style-flat-blue', null)).toBe('shields.io');
    expect(badgeService('https://example.com/status.svg', 'https://travis-ci.com/x/y')).toBe('Travis CI');
    expect(badgeService('https://example.com/logo.png', null)).toBeNull();
  });

  it('slugs headings as GitHub does, repeats numbered', () => {
    expect(slugsOf(['Quick start', 'API: v2.0 (beta)', 'Usage', 'Usage'])).toEqual(['quick-start', 'api-v20-beta', 'usage', 'usage-1']);
  });

  it('measures reading level on prose only and ranks plain prose as easier', async () => {
    const plain = await readReadme('# A\n\nThe cat sat. It was warm. We like it here.\n\n```js\nconst extraordinarilyComplicatedIdentifier = initialiseConfiguration();\n```\n');
    const dense = await readReadme('# B\n\nThe configuration initialisation procedure necessitates comprehensive understanding of asynchronous serialisation semantics and organisational interoperability considerations.\n');
    expect(plain.readingLevel!.words).toBe(10); // the code block is not prose
    expect(plain.readingLevel!.fleschReadingEase).toBeGreaterThan(dense.readingLevel!.fleschReadingEase + 50);
    expect(dense.readingLevel!.fleschKincaidGrade).toBeGreaterThan(15);
    expect([countSyllables('make'), countSyllables('table'), countSyllables('configuration'), countSyllables('named')]).toEqual([1, 2, 5, 1]);
  });

  it('reads an empty file as nothing at all', async () => {
    const model = await readReadme('');
    expect(model).toMatchObject({ title: null, description: null, sections: [], badges: [], toc: null, readingLevel: null, length: { lines: 0, words: 0 } });
  });

  it('keeps the mediocre README\'s bare fence without a language', async () => {
    const model = await readReadme(MEDIOCRE);
    expect(model.codeBlocks).toEqual([expect.objectContaining({ language: null, line: lineOf(MEDIOCRE, '```') })]);
    expect(model.badges).toEqual([]);
  });
});

/** setFrontMatterIn: one top-level key set, everything else in the page kept byte for byte. */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readFrontMatter, setFrontMatterIn } from '../../../sdk/front-matter.js';

const SET = { last_updated: '2026-01-01T00:00:00.000Z', last_validated: '2026-02-01T00:00:00.000Z' };

describe('setFrontMatterIn', () => {
  it('keeps other keys, comments, spacing, the delimiters and the body exactly, in CRLF', () => {
    const front = '---\r\ntitle:   "Odd"   # a comment\r\n# own line\r\ntags: [a,  b]\r\n---  \r\n';
    const body = '# Body\r\n\r\n---\r\nnot: front matter\r\n---\r\n';
    const out = setFrontMatterIn(front + body, 'toolpack', SET);
    expect(out).toBe(`---\r\ntitle:   "Odd"   # a comment\r\n# own line\r\ntags: [a,  b]\r\ntoolpack:\r\n  last_updated: 2026-01-01T00:00:00.000Z\r\n  last_validated: 2026-02-01T00:00:00.000Z\r\n---  \r\n${body}`);
    expect(readFrontMatter(out).data).toMatchObject({ title: 'Odd', tags: ['a', 'b'], toolpack: SET });
  });

  it('updates an existing entry in place, keeping its other fields and the keys after it', () => {
    const text = '---\ntitle: x\ntoolpack:\n  update_frequency: weekly  # why\n  last_updated: old\nafter:   1\n---\nbody';
    expect(setFrontMatterIn(text, 'toolpack', SET)).toBe('---\ntitle: x\ntoolpack:\n  update_frequency: weekly # why\n  last_updated: 2026-01-01T00:00:00.000Z\n  last_validated: 2026-02-01T00:00:00.000Z\nafter:   1\n---\nbody');
    // An empty entry (`toolpack:` alone) is filled where it is.
    expect(setFrontMatterIn('---\ntoolpack:\nz:   2\n---\n', 'toolpack', { a: 1 })).toBe('---\ntoolpack:\n  a: 1\nz:   2\n---\n');
  });

  it('adds a block at the top of a page without one, in its line endings, after a BOM', () => {
    expect(setFrontMatterIn('# Title\r\n\r\ntext\r\n', 'toolpack', { a: 1 })).toBe('---\r\ntoolpack:\r\n  a: 1\r\n---\r\n# Title\r\n\r\ntext\r\n');
    expect(setFrontMatterIn('\uFEFF# T\n', 'toolpack', { a: 1 })).toBe('\uFEFF---\ntoolpack:\n  a: 1\n---\n# T\n');
    expect(setFrontMatterIn('---\n---\nbody\n', 'toolpack', { a: 1 })).toBe('---\ntoolpack:\n  a: 1\n---\nbody\n');
  });

  it('leaves a sibling key such as documcp untouched and refuses what it cannot edit', () => {
    const legacy = '---\ndocumcp:\n  last_updated: "2025-01-01"\n---\n';
    const out = setFrontMatterIn(legacy, 'toolpack', { a: 1 });
    expect(out.startsWith('---\ndocumcp:\n  last_updated: "2025-01-01"\n')).toBe(true);
    expect(parse(out.split('---\n')[1]!)).toEqual({ documcp: { last_updated: '2025-01-01' }, toolpack: { a: 1 } });
    expect(() => setFrontMatterIn('---\ntitle: [x\n---\n', 'toolpack', { a: 1 })).toThrow(/not valid YAML/);
    expect(() => setFrontMatterIn('---\n- a\n---\n', 'toolpack', { a: 1 })).toThrow(/not a mapping/);
    expect(() => setFrontMatterIn('---\ntoolpack: yes\n---\n', 'toolpack', { a: 1 })).toThrow(/"toolpack" is not a mapping/);
  });
});

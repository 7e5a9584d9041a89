/**
 * llms.txt titles and notes come from the page's Markdown tree: a framework's page that opens with
 * an HTML banner and has shell comments in its code blocks is titled by its real heading, and a
 * changelog's note is its first entry.
 */
import { describe, expect, it } from 'vitest';
import { pageText } from '../../../plugins/docs/llms-txt/page-text.js';

describe('llms.txt page text', () => {
  it('skips an HTML <h1> banner and "#" lines inside code blocks', async () => {
    const page = [
      '<h1 align="center">Fastify</h1>',
      '',
      '## Recommendations',
      '',
      '```conf',
      '# The global section defines base HAProxy (engine) instance configuration.',
      'global',
      '```',
      '',
      'This document contains a set of recommendations. It is long.',
    ].join('\n');
    expect(await pageText(page)).toEqual({ title: 'Recommendations', sentence: 'This document contains a set of recommendations.' });
  });

  it('reads a note from a quote or a list when the page opens with one, and none from images or admonitions', async () => {
    expect((await pageText('# Changelog\n\n## 2.1.0\n\n- Added scheduling.\n- Fixed paging.\n')).sentence).toBe('Added scheduling.');
    expect((await pageText('# Guide\n\n![logo](logo.png)\n\n!!! note\n    Beta.\n\n> Start here. Then read on.\n')).sentence).toBe('Start here.');
    expect(await pageText('```sh\n# not a title\n```\n')).toEqual({ title: null, sentence: null });
  });
});

/**
 * A third-party pack in one file: one tool that counts words in a Markdown
 * file of the workspace. It imports only `toolpack/sdk`; load it from a config:
 *
 *   plugins: ['files', './examples/minimal-pack/index.ts']
 */
import { readFile } from 'node:fs/promises';
import { ContentError, Params, Type, coreServices, definePlugin, defineTool } from 'toolpack/sdk';

const wordCount = defineTool({
  name: 'word_count',
  title: 'Word count',
  description: 'Count the words, headings and fenced code blocks of a Markdown file in the workspace. Use it to gauge how long a document is before reading or editing it.',
  input: Params({ path: Type.String({ description: 'Markdown file, relative to the workspace root.' }) }),
  output: Type.Object({
    path: Type.String(),
    words: Type.Integer(),
    headings: Type.Integer(),
    codeBlocks: Type.Integer(),
  }),
  annotations: { readOnlyHint: true },
  async handler({ path }, { workspace }) {
    const file = await workspace.resolve(path, 'path');
    const text = await readFile(file, 'utf8');
    if (text.includes('\0')) throw new ContentError(`"${path}" is not a text file`);
    const lines = text.split('\n');
    let inCode = false;
    let words = 0;
    let headings = 0;
    let codeBlocks = 0;
    for (const line of lines) {
      if (/^\s*(```|~~~)/.test(line)) {
        if (!inCode) codeBlocks++;
        inCode = !inCode;
        continue;
      }
      if (inCode) continue;
      if (/^#{1,6}\s/.test(line)) headings++;
      words += line.replace(/^#{1,6}\s/, '').split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
    }
    return { path: workspace.relative(file), words, headings, codeBlocks };
  },
});

export default definePlugin({
  id: 'minimal-pack',
  version: '1.0.0',
  kernel: '^0.1.0',
  description: 'Example third-party pack with one tool.',
  register(env) {
    env.registerInit({
      deps: { logger: coreServices.logger },
      init({ logger }) {
        logger.debug('minimal-pack ready');
        return { tools: [wordCount] };
      },
    });
  },
});

import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../sdk/index.js';
import { checkCodeBlocks } from '../../../plugins/docs/validate/code-blocks.js';

const page = [
  '# Setup', //                       1
  '',
  '1. Write the config:', //          3
  '',
  '   ```toml', //                    5
  '   [server]',
  '   port = ', //                    7: no value
  '   ```',
  '',
  '2. Start it:', //                  10
  '',
  '   ```tsx', //                     12
  '   const App = () => <div className="app">{title}</div>;',
  '   export default App;',
  '   ```',
  '',
  '```json', //                       17
  '{ "host": "localhost", ... }', //  18: a sketch, not data
  '```',
  '',
  '```ts',
  'function start(port: number): void {',
  '  listen(port;', //                23
  '}',
  '```',
  '',
  '```rust',
  'fn main( {}', //                   not parsed: no grammar wired for it
  '```',
  '',
].join('\n');

describe('checkCodeBlocks', () => {
  it('reports each parse error at its page line, inside list items too, with lower confidence for sketches', async () => {
    const report = await checkCodeBlocks(await parseMarkdown(page));
    expect(report.blocks).toBe(5);
    expect(report.checked).toBe(4);
    expect(report.errors.map((e) => [e.language, e.line, e.confidence])).toEqual([
      ['toml', 7, 0.95],
      ['json', 18, 0.6],
      ['ts', 23, 0.85],
    ]);
  });
});

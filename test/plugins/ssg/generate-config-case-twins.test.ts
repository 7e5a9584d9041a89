/**
 * Issue 28 (first flow, JavaScript framework docs): generate_config must not write
 * docs/index.md beside the project's docs/Index.md, nor anything beside a folder named in
 * another case: on macOS and Windows those are one file, and on Linux the generated page
 * would shadow the project's home page.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { project } from '../project/fixtures.js';
import { toolClient } from '../../helpers/tool-client.js';

describe('generate_config beside files named in another case', () => {
  it("keeps the project's docs/Index.md, says why it skipped docs/index.md, and writes the home page as README.md", async () => {
    const home = '# Ferry\n\nA fast web framework. Start with the [guides](Guides/Index.md).\n';
    const root = project({
      'package.json': '{ "name": "ferry", "version": "4.2.0", "main": "lib/ferry.js" }\n',
      'lib/ferry.js': 'module.exports = function ferry () { return {} }\n',
      'docs/Index.md': home,
      'docs/Guides/Index.md': '# Guides\n\n- [Getting started](Getting-Started.md)\n',
      'docs/Guides/Getting-Started.md': '# Getting started\n\nInstall with `npm install ferry`.\n',
    }, 'toolpack-case-twins-');
    const { call, close } = await toolClient(root);
    try {
      const result = await call('generate_config', { ssg: 'mkdocs', projectName: 'ferry', outputPath: root });
      expect(existsSync(join(root, 'mkdocs.yml'))).toBe(true);
      const names = (await import('node:fs')).readdirSync(join(root, 'docs'));
      expect(names).not.toContain('index.md');
      expect(readFileSync(join(root, 'docs/Index.md'), 'utf8')).toBe(home);
      expect(JSON.stringify(result)).toMatch(/docs\/Index\.md exists: the same file on case-insensitive file systems/);
      // MkDocs makes only index.md or README.md a folder's index: the home page is README.md, leading to the project's page.
      expect(readFileSync(join(root, 'docs/README.md'), 'utf8')).toMatch(/\[Index\]\(Index\.md\)/);
    } finally {
      await close();
    }
  }, 60_000);
});

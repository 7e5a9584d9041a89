/**
 * The ssg pack as a client sees it: its resource kinds, and generate_config's
 * stored configuration (readable, holding the generated version of a file it
 * did not replace), and what it remembers when the memory pack is loaded.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectTestClient, startTestToolpack } from '../../../sdk/testing.js';
import { sampleProject } from './sample-project.js';

describe('ssg pack', () => {
  it('registers config/{ssg} and deployment, and stores what generate_config generated, skipped files included', async () => {
    const root = sampleProject();
    mkdirSync(join(root, 'docs'));
    writeFileSync(join(root, 'docs/hugo.toml'), 'baseURL = "https://tides.example.org/"\ntitle = "Tides"\n');
    const kernel = await startTestToolpack({ workspace: root, config: { plugins: ['memory', 'project', 'ssg'] } });
    const client = await connectTestClient(kernel);
    try {
      const { resourceTemplates } = await client.listResourceTemplates();
      expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(expect.arrayContaining(['toolpack://config/{ssg}/{id}', 'toolpack://deployment/{id}']));

      const result = await client.callTool({ name: 'generate_config', arguments: { ssg: 'hugo', projectName: 'Tidewater', outputPath: 'docs' } });
      const data = result.structuredContent as any;
      expect(data.files[0]).toMatchObject({ path: 'docs/hugo.toml', status: 'skipped' });
      expect(data.summary).toContain('existing, not replaced: docs/hugo.toml');
      const read = await client.readResource({ uri: data.resourceUri });
      const stored = JSON.parse((read.contents[0] as { text: string }).text);
      expect(stored.files[0]).toMatchObject({ path: 'hugo.toml', status: 'skipped', content: expect.stringContaining('title = "Tidewater"') });

      const recall = await client.callTool({ name: 'memory_recall', arguments: { query: 'hugo' } });
      expect((recall.structuredContent as any).hits).toEqual([expect.objectContaining({ type: 'configuration', project: '.', summary: 'Hugo configured in docs: 5 written, 1 skipped' })]);
    } finally {
      await client.close();
      await kernel.stop();
    }
  });
});

/** The example module adds a rule through security.rules from a config; analysis finds it and masking hides it. */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startToolpack } from '../../core/bootstrap.js';
import { createRootLogger } from '../../core/services/logger.js';
import { tempDir } from '../helpers/workspace.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const TOKEN = 'acme_svc_Q3v9XkT2mLp8RwZ4bN7cY1hF6dJ0sGa5';

describe('examples/custom-security-rule', () => {
  it('is loaded from its config and used by analysis and masking', async () => {
    const project = tempDir('toolpack-rule-example-');
    cpSync(join(repo, 'examples', 'custom-security-rule'), project, { recursive: true });
    const kernel = await startToolpack({ cwd: project, storePath: ':memory:', logger: createRootLogger('silent') });
    try {
      const content = `const client = new Acme({\n  token: '${TOKEN}',\n});\n`;
      const analysis = (await kernel.call('analyze_content_security', { content })).structuredContent as any;
      const issue = analysis.securityIssues.find((i: any) => i.pattern === 'acme-internal-token');
      expect(issue).toMatchObject({ line: 2, column: 11, severity: 'critical', type: 'secret', cwe: 'CWE-798' });
      expect(JSON.stringify(analysis)).not.toContain(TOKEN);

      const masked = (await kernel.call('generate_content_masking', { content })).structuredContent as any;
      expect(masked.maskedContent).toBe("const client = new Acme({\n  token: '[MASKED_ACME_INTERNAL_TOKEN]',\n});\n");
      expect(masked.maskingReport.patternsFound.map((p: any) => p.pattern)).toContain('acme-internal-token');

      // The rule's allow-list (a field of the pack's SecurityRule type) keeps ACME's documented sample token out.
      const sample = (await kernel.call('analyze_content_security', { content: "token: 'acme_svc_Zk4dQ9wXr2Lm7Tb1Vy5Hn8Pc3Jf6Gs0A'\n" })).structuredContent as any;
      expect(sample.securityIssues.filter((i: any) => i.pattern === 'acme-internal-token')).toEqual([]);
    } finally {
      await kernel.stop();
    }
  });
});

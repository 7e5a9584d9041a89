/**
 * Issue 27 item 2, the folder's own template on the Go-monorepo kind: records
 * `adr-NNN-*.md` titled "# ADR 001: …" with a Changelog section, and an `adr.template.md`
 * beside them. A new record takes the next number in the folder's padding and prefix, the
 * template's title style and its sections in its order (not the built-in Nygard layout).
 */
import { describe, expect, it } from 'vitest';
import { toolClient } from '../../helpers/tool-client.js';
import { project, type Tree } from '../project/fixtures.js';

const TEMPLATE = `# ADR {ADR-NUMBER}: {TITLE}\n\n## Changelog\n\n* {date}: {changelog}\n\n## Status\n\n{DRAFT | PROPOSED} Not Implemented\n\n## Context\n\n> The forces at play, stated plainly.\n\n## Decision\n\n> What we will do about them.\n\n## Consequences\n\n> What follows from it.\n\n### Positive\n\n### Negative\n\n### Neutral\n\n## References\n\n* {links}\n`;

const record = (n: number, title: string) =>
  `# ADR ${String(n).padStart(3, '0')}: ${title}\n\n## Changelog\n\n* 2022-03-0${n}: Initial draft\n\n## Status\n\nAccepted\n\n## Context\n\nThe modules need one design for ${title.toLowerCase()}.\n\n## Decision\n\nWe will implement ${title.toLowerCase()} in the core module.\n\n## Consequences\n\n### Positive\n\n* One design.\n\n### Negative\n\n* Modules must follow it.\n\n### Neutral\n\n* None.\n\n## References\n\n* The design discussion.\n`;

function goMonorepo(): Tree {
  const titles = ['Coin source tracing', 'Go module versioning', 'Events', 'Fee middleware', 'Consensus height'];
  const tree: Tree = {
    'go.mod': 'module github.com/example/interchain/v8\n\ngo 1.21\n',
    'modules/core/keeper/keeper.go': 'package keeper\n\ntype Keeper struct{}\n',
    'modules/apps/callbacks/go.mod': 'module github.com/example/interchain/modules/apps/callbacks\n\ngo 1.21\n',
    'docs/architecture/README.md': '# Architecture Decision Records\n\nThe design decisions of the protocol modules.\n',
    'docs/architecture/adr.template.md': TEMPLATE,
  };
  titles.forEach((title, i) => (tree[`docs/architecture/adr-${String(i + 1).padStart(3, '0')}-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.md`] = record(i + 1, title)));
  return tree;
}

describe("a new record follows the folder's own template (Go monorepo, docs/architecture)", () => {
  it('numbers it adr-006, titles it "ADR 006: …" and keeps the template\'s sections in order', async () => {
    const root = project(goMonorepo(), 'toolpack-go-template-');
    const { call, close } = await toolClient(root);
    try {
      const written = await call('generate_adr_from_decision', {
        decisionData: {
          title: 'Light client recovery',
          context: 'An expired light client cannot be revived without a governance proposal.',
          decision: 'We will let governance substitute an expired client with an active one of the same type.',
          consequences: ['Good: expired clients can be recovered', 'Bad: governance must review each substitution'],
        },
      });
      expect(written.path).toBe('docs/architecture/adr-006-light-client-recovery.md');
      expect(written.number).toBe(6);
      expect(written.template).toBe('docs/architecture/adr.template.md');
      const content: string = written.content;
      expect(content.split('\n')[0]).toBe('# ADR 006: Light client recovery');
      expect([...content.matchAll(/^#{2,3} .+$/gm)].map((m) => m[0])).toEqual([
        '## Changelog', '## Status', '## Context', '## Decision', '## Consequences', '### Positive', '### Negative', '### Neutral', '## References',
      ]);
      expect(content).toMatch(/## Status\n\nProposed\n/);
      expect(content).toMatch(/### Positive\n\n\* expired clients can be recovered\n/);
      expect(content).toMatch(/### Negative\n\n\* governance must review each substitution\n/);
      expect(content).not.toMatch(/\{[A-Z-]+\}|Not Implemented|Forces at play/);

      const found = await call('discover_existing_adrs', {});
      expect(found.adrDirectory).toBe('docs/architecture');
      expect(found.adrs).toHaveLength(6);
      expect(found.adrs[5]).toMatchObject({ number: 6, title: 'Light client recovery', status: 'proposed' });
      expect(found.problems).toEqual([]);
    } finally {
      await close();
    }
  }, 120_000);
});

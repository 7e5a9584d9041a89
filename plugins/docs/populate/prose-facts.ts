/**
 * Facts read from prose: usage examples from the README's usage or getting
 * started section, decision records (title and status), and the architecture
 * signals of the project scan.
 */
import type { Code } from 'mdast';
import { parseMarkdown } from '../../../sdk/index.js';
import type { ArchitectureSignal } from '../../project/api.js';
import { type Fact, lineOfMatch } from './facts.js';

const USAGE_HEADING = /\b(usage|getting started|quick ?start|examples?|how to use)\b/i;

/** Code blocks under the README's usage-like headings (subsections included). */
export async function readmeFacts(path: string, text: string): Promise<Fact[]> {
  const doc = await parseMarkdown(text);
  const facts: Fact[] = [];
  for (const section of doc.sections) {
    if (!USAGE_HEADING.test(section.heading.text)) continue;
    for (const block of section.full) {
      if (block.type !== 'code') continue;
      const code = (block as Code).value.trim();
      if (!code) continue;
      facts.push({
        kind: 'usage',
        name: code,
        detail: section.heading.text,
        ...((block as Code).lang ? { group: (block as Code).lang! } : {}),
        source: { file: path, line: block.position?.start.line ?? section.heading.line },
      });
    }
  }
  // A section nested in another usage section would list its blocks twice.
  const seen = new Set<string>();
  return facts.filter((f) => (seen.has(`${f.source.line}`) ? false : (seen.add(`${f.source.line}`), true)));
}

/** Where decision records live, by convention. */
export const ADR_FOLDER = /^(docs\/adrs?|doc\/adrs?|docs\/decisions)\/[^/]+\.md$/i;

/** An ADR's title (its first heading, the "0001." numbering dropped) and status ("Status: x" or a Status section). */
export function decisionFact(path: string, text: string): Fact | undefined {
  const heading = /^#[ \t]+(.+)$/m.exec(text);
  if (!heading) return undefined;
  const title = heading[1]!.replace(/^(ADR[-\s]?)?\d+[.:]?\s*/i, '').trim();
  // Whitespace runs are matched by one quantifier each: no backtracking on a crafted record.
  const inline = /^\**status\**[ \t]*:[ \t]*(?:\*+[ \t]*)?([A-Za-z-]+)/im.exec(text);
  const section = /^#{2,}[ \t]+status[ \t]*\r?\n(?:[ \t]*\r?\n)*[ \t]*([A-Za-z-]+)/im.exec(text);
  const status = (inline?.[1] ?? section?.[1])?.toLowerCase();
  return {
    kind: 'decision',
    name: title,
    ...(status ? { detail: status } : {}),
    source: { file: path, line: lineOfMatch(text, /^#[ \t]+/m) },
  };
}

const SIGNAL_TEXT: Record<ArchitectureSignal['kind'], string> = {
  monorepo: 'The repository is a monorepo: several packages are developed and versioned together.',
  'multiple-services': 'The project deploys several services, each built on its own.',
  layered: 'The code is organised in layers (presentation, domain, data access).',
  hexagonal: 'The code follows ports and adapters: the domain does not depend on its adapters.',
  'event-driven': 'Components communicate through events or a message broker.',
};

/** Each signal cites its first evidence that names a listed file or folder. */
export function architectureFacts(signals: readonly ArchitectureSignal[], exists: (path: string) => boolean): Fact[] {
  const facts: Fact[] = [];
  for (const signal of signals) {
    const cited = signal.evidence.map((e) => e.replace(/^[^(]*\(([^:)]+).*$/, '$1').replace(/\/$/, '').trim()).find(exists);
    if (!cited) continue;
    facts.push({ kind: 'architecture', name: signal.kind, detail: SIGNAL_TEXT[signal.kind], source: { file: cited, line: 0 } });
  }
  return facts;
}

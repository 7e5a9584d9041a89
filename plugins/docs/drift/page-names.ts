/**
 * How often a page names each word of the code: every `--flag` and identifier it writes, with
 * the line of the first mention. A plain lower-case word (`connect`, `output`) counts only in
 * code (inline spans, fenced blocks: gaps/mentions.ts readPage), as prose uses such words for
 * other things; a distinctive one (`createClient`, `--output`, `API_KEY`) counts anywhere.
 */
import { readPage } from '../gaps/mentions.js';
import type { TextFile } from '../gaps/project-files.js';

export interface PageNames {
  path: string;
  /** Mentions per name, and the line of the first. */
  count(name: string): { count: number; line: number } | null;
}

const TOKEN = /--?[A-Za-z][\w-]*|[A-Za-z_$][\w$]*/g;
const SIMPLE = /^(?:--?[A-Za-z][\w-]*|[A-Za-z_$][\w$]*)$/;
const distinctive = (name: string) => name.startsWith('-') || /[A-Z_$0-9]/.test(name.slice(1)) || /^[A-Z]/.test(name);

function tally(text: string, into: Map<string, { count: number; line: number }>, line = 0): void {
  text.split('\n').forEach((row, i) => {
    for (const m of row.matchAll(TOKEN)) {
      const seen = into.get(m[0]);
      if (seen) seen.count++;
      else into.set(m[0], { count: 1, line: line + i + 1 });
    }
  });
}

export function pageNames(page: TextFile): PageNames {
  const all = new Map<string, { count: number; line: number }>();
  tally(page.text, all);
  const read = readPage(page);
  const code = new Map<string, { count: number; line: number }>();
  for (const span of read.spans) tally(span.text, code, span.line - 1);
  tally(read.blocks, code);
  return {
    path: page.path,
    count(name) {
      if (!SIMPLE.test(name)) {
        // A dashed command name (`my-tool`): whole-word occurrences in the text.
        const lines = page.text.split('\n');
        let count = 0;
        let line = 0;
        const word = new RegExp(`(?<![\\w-])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`, 'g');
        lines.forEach((row, i) => {
          const n = row.match(word)?.length ?? 0;
          if (n && !line) line = i + 1;
          count += n;
        });
        return count ? { count, line } : null;
      }
      if (distinctive(name)) return all.get(name) ?? null;
      const inCode = code.get(name);
      // Lines of fenced blocks are not tracked per block: the first mention in the page stands for them.
      return inCode ? { count: inCode.count, line: all.get(name)?.line ?? inCode.line } : null;
    },
  };
}

/**
 * Which of a site's pages the build rendered: each expected page (site-pages.ts) is
 * looked up in the build output. A page is rendered when one of its HTML outputs exists,
 * raw when the generator copied the Markdown as is, and missing otherwise, each with why.
 */
import { lstat, readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { SitePages, Why } from './site-pages.js';

export interface PageProblem extends Why {
  file: string;
}

export interface RenderedPages {
  checked: number;
  /** Pages with their output path (relative to the output folder), in page order. */
  rendered: Array<{ file: string; output: string }>;
  raw: PageProblem[];
  missing: PageProblem[];
  /** Pages beyond the bound, not checked. */
  more: number;
}

const MAX_OUTPUT_FILES = 200_000;

/** Every file under `folder`, relative and with forward slashes (symlinks not followed), bounded. */
export async function outputFiles(folder: string): Promise<Set<string>> {
  const files = new Set<string>();
  // An output folder that is a symlink is not the build's: nothing of it is listed.
  if (!(await lstat(folder).catch(() => null))?.isDirectory()) return files;
  const pending = [folder];
  while (pending.length > 0 && files.size < MAX_OUTPUT_FILES) {
    const dir = pending.pop()!;
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) pending.push(path);
      else if (entry.isFile()) files.add(relative(folder, path).split(sep).join('/'));
    }
  }
  return files;
}

/** `outputDir`: the output folder as the reasons name it (workspace-relative). */
export function checkRenderedPages(expected: SitePages, built: Set<string>, outputDir: string): RenderedPages {
  const result: RenderedPages = { checked: expected.pages.length, rendered: [], raw: [], missing: [], more: expected.more };
  for (const page of expected.pages) {
    if (page.notBuilt) {
      result.missing.push({ file: page.file, ...page.notBuilt });
      continue;
    }
    const output = page.outputs.find((o) => built.has(o));
    if (output) result.rendered.push({ file: page.file, output });
    else if (page.raw && built.has(page.raw.output)) result.raw.push({ file: page.file, reason: page.raw.reason, many: page.raw.many });
    else result.missing.push({ file: page.file, reason: `${page.file} was not built: no ${outputDir}/${page.outputs[0] ?? ''}`, many: `were not built (no HTML for them in ${outputDir}/)` });
  }
  return result;
}

/**
 * One sentence per kind of problem: "docs/index.md has no front matter, so Jekyll copied it raw",
 * "37 pages outside content/ were not built by Hugo (it builds only content/) (a.md, b.md, c.md and 34 more)".
 */
export function describeProblems(problems: PageProblem[], shown = 3): string[] {
  const groups = new Map<string, PageProblem[]>();
  for (const problem of problems) groups.set(problem.many, [...(groups.get(problem.many) ?? []), problem]);
  return [...groups].map(([many, list]) => {
    if (list.length === 1) return list[0]!.reason;
    const names = list.slice(0, shown).map((p) => p.file).join(', ');
    return `${list.length} pages ${many} (${names}${list.length > shown ? ` and ${list.length - shown} more` : ''})`;
  });
}

/**
 * Whether a locally built and served site works: the home page answers with rendered HTML,
 * and the site's pages were rendered (their HTML is in the build output) and are served.
 * Each problem comes back as a sentence saying which pages and why.
 */
import { join } from 'node:path';
import type { SsgAdapter, Workspace } from '../../../sdk/index.js';
import type { LocalPlan } from './plan.js';
import { checkRenderedPages, describeProblems, outputFiles, type PageProblem } from './rendered-pages.js';
import type { LocalDeployment } from './schema.js';
import { fetchServedPage, urlOfOutput } from './served-pages.js';
import { sitePages } from './site-pages.js';

/** Rendered pages fetched from the server besides the home page: a sample, each folder first. */
const MAX_SERVED = 8;
const MAX_LISTED = 30;

export interface SiteVerdict {
  pages: LocalDeployment['pages'];
  home?: LocalDeployment['home'];
  /** Sentences for the summary; empty when the site works. */
  problems: string[];
}

export async function judgeSite(
  adapter: SsgAdapter,
  plan: LocalPlan,
  workspace: Workspace,
  served: { homeUrl: string; signal: AbortSignal } | undefined,
): Promise<SiteVerdict> {
  const outputDir = join(plan.siteRoot, adapter.build.outputDir);
  const outputName = workspace.relative(outputDir);
  const [expected, built] = await Promise.all([sitePages(adapter, plan.siteRoot, plan.repository, workspace), outputFiles(outputDir)]);
  const checked = checkRenderedPages(expected, built, outputName);
  const problems: string[] = [];
  let home: SiteVerdict['home'];
  const notServed: PageProblem[] = [];
  let fetched = 0;

  if (served) {
    const answer = await fetchServedPage(served.homeUrl, served.signal);
    home = { url: answer.url, status: answer.status, contentType: answer.contentType, rendered: !answer.problem, ...(answer.problem ? { problem: answer.problem } : {}) };
    if (answer.problem) problems.push(`the home page ${answer.problem}${homeCause(expected.pages, checked.raw, built, outputName)}`);
    for (const page of sample(checked.rendered)) {
      if (served.signal.aborted) break;
      const got = await fetchServedPage(urlOfOutput(answer.url, page.output), served.signal);
      fetched++;
      if (got.problem) notServed.push({ file: page.file, reason: `${page.file} was built but ${got.problem}`, many: 'were built but not served as HTML' });
    }
  } else if (!built.has('index.html') && built.size > 0) {
    problems.push(`there is no home page: no ${outputName}/index.html${homeCause(expected.pages, checked.raw, built, outputName)}`);
  }

  const missing = [...checked.missing, ...notServed];
  const notRendered = checked.raw.length + missing.length;
  if (notRendered > 0) {
    problems.push(`${notRendered} of ${checked.checked} page(s) not rendered: ${describeProblems([...checked.raw, ...missing]).join('; ')}`);
  }
  const listed = (list: PageProblem[], room: number) => list.slice(0, Math.max(0, room)).map(({ file, reason }) => ({ file, reason }));
  const raw = listed(checked.raw, MAX_LISTED);
  const missingListed = listed(missing, MAX_LISTED - raw.length);
  return {
    pages: {
      checked: checked.checked,
      rendered: checked.rendered.length - notServed.length,
      served: fetched - notServed.length,
      raw,
      missing: missingListed,
      notListed: notRendered - raw.length - missingListed.length + checked.more,
    },
    ...(home ? { home } : {}),
    problems,
  };
}

/** Why there is no rendered home page, when the build says: the index page copied raw, or none at all. */
function homeCause(pages: Array<{ file: string; outputs: string[] }>, raw: PageProblem[], built: Set<string>, outputName: string): string {
  if (built.has('index.html')) return '';
  const index = pages.find((p) => p.outputs.includes('index.html'));
  const copied = index && raw.find((r) => r.file === index.file);
  if (copied) return ` (${copied.reason})`;
  return index ? ` (${index.file} was not rendered to ${outputName}/index.html)` : ` (no ${outputName}/index.html: no page of the site renders to it; add an index.md)`;
}

/** Up to MAX_SERVED rendered pages, one per folder first, so a sample covers the site's sections. */
function sample<T extends { output: string }>(rendered: T[]): T[] {
  const seen = new Set<string>();
  const first: T[] = [];
  const rest: T[] = [];
  for (const page of rendered) {
    const folder = page.output.split('/').slice(0, -2).join('/');
    (seen.has(folder) ? rest : first).push(page);
    seen.add(folder);
  }
  return [...first, ...rest].slice(0, MAX_SERVED);
}

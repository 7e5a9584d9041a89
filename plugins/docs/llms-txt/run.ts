/**
 * The generate_llms_txt flow: the site's pages (freshness pack, manage_sitemap's
 * URLs), its config (name, summary, base URL, nav), then either the files
 * written where the generator publishes them or the existing llms.txt checked.
 */
import { join } from 'node:path';
import { ValidationError, type Workspace } from '../../../sdk/index.js';
import type { SitePages } from '../../freshness/api.js';
import { collectEntries } from './collect.js';
import { placeLlmsTxt } from './placement.js';
import { isGenerated, renderLlmsFullTxt, renderLlmsTxt } from './render.js';
import { readSiteConfig } from './site-config.js';
import { validateLlmsTxt, type LlmsFinding } from './validate.js';

const MAX_EXISTING_BYTES = 5 * 1024 * 1024;

export interface LlmsRun {
  sitePages: SitePages;
  workspace: Workspace;
  docsPath: string;
  baseUrl: string | undefined;
  action: 'generate' | 'validate';
  includeFullText: boolean;
  write(workspace: Workspace, target: string, text: string): Promise<boolean>;
  signal?: AbortSignal;
}

export interface LlmsOutcome {
  summary: string;
  action: string;
  generator: string | null;
  baseUrl: string | null;
  files: Array<{ path: string; url: string | null; written: boolean; replaced: boolean; bytes: number }>;
  sections: Array<{ title: string; links: number }>;
  links: Array<{ section: string; title: string; url: string; page: string }>;
  findings: Array<LlmsFinding & { file: string }>;
  notes: string[];
}

const readExisting = (workspace: Workspace, file: string): Promise<string | null> => workspace.readText(file, { maxBytes: MAX_EXISTING_BYTES }).catch(() => null);

/** The files generate would replace that this tool did not write (workspace-relative); empty when none. */
export async function existingHandWritten(sitePages: SitePages, workspace: Workspace, docsPath: string, includeFullText: boolean): Promise<string[]> {
  const site = await sitePages.detect(workspace, docsPath);
  const config = await readSiteConfig(workspace, site.generator, site.marker, site.siteRoot);
  const { folder } = placeLlmsTxt(site, config);
  const names = includeFullText ? ['llms.txt', 'llms-full.txt'] : ['llms.txt'];
  const found: string[] = [];
  for (const name of names) {
    const text = await readExisting(workspace, join(folder, name));
    if (text !== null && !isGenerated(text)) found.push(workspace.relative(join(folder, name)));
  }
  return found;
}

export async function runLlmsTxt(run: LlmsRun): Promise<LlmsOutcome> {
  const { workspace, sitePages } = run;
  const site = await sitePages.collect(workspace, run.docsPath, run.signal ? { signal: run.signal } : {});
  const config = await readSiteConfig(workspace, site.generator, site.marker, site.siteRoot);
  const baseUrl = run.baseUrl ?? config.baseUrl;
  const placement = placeLlmsTxt(site, config);
  const notes = [...placement.notes];
  if (site.marker) notes.push(`generator ${site.generator} from ${site.marker}`);
  if (!run.baseUrl && baseUrl) notes.push(`baseUrl from the ${site.generator} config: ${baseUrl}`);
  const llmsFile = join(placement.folder, 'llms.txt');
  const shown = workspace.relative(llmsFile);
  const published = (name: string) => (baseUrl ? sitePages.url(baseUrl, `/${name}`) : null);

  if (run.action === 'validate') {
    const text = await readExisting(workspace, llmsFile);
    if (text === null) {
      return {
        summary: `No llms.txt at ${shown} (where ${site.generator ?? 'the site'} publishes it); run generate_llms_txt with action generate.`,
        action: 'validate', generator: site.generator, baseUrl, files: [], sections: [], links: [],
        findings: [{ file: shown, line: 0, rule: 'missing', severity: 'error', message: `${shown} does not exist` }],
        notes,
      };
    }
    const base = baseUrl ? sitePages.canonical(baseUrl).replace(/\/+$/, '') : null;
    const urls = new Set(baseUrl ? site.pages.map((page) => sitePages.canonical(sitePages.url(baseUrl, page.path))) : []);
    const checked = validateLlmsTxt(text, { base, canonical: sitePages.canonical, urls, paths: new Set(site.pages.map((page) => page.path)) });
    if (!baseUrl) notes.push('No base URL (parameter baseUrl or the generator config): absolute links were not checked against the pages.');
    const errors = checked.findings.filter((f) => f.severity === 'error').length;
    const warnings = checked.findings.length - errors;
    return {
      summary: `${shown}: ${errors ? `${errors} error${errors === 1 ? '' : 's'}` : 'valid'}${warnings ? `, ${warnings} warning${warnings === 1 ? '' : 's'}` : ''}; ${checked.sections} section${checked.sections === 1 ? '' : 's'}, ${checked.links} link${checked.links === 1 ? '' : 's'} against ${site.pages.length} published page${site.pages.length === 1 ? '' : 's'}.`,
      action: 'validate', generator: site.generator, baseUrl,
      files: [{ path: shown, url: published('llms.txt'), written: false, replaced: false, bytes: Buffer.byteLength(text) }],
      sections: [], links: [],
      findings: checked.findings.map((f) => ({ file: shown, ...f })),
      notes,
    };
  }

  if (!baseUrl) {
    throw new ValidationError(`parameter "baseUrl": required: the ${site.generator ?? 'site'} config${site.marker ? ` (${site.marker})` : ''} names no base URL; give the absolute http(s) URL the site is published at, e.g. https://example.com/docs/`, { parameter: 'baseUrl' });
  }
  const sections = await collectEntries(site, config, workspace, (path) => sitePages.url(baseUrl, path), run.signal);
  const files: LlmsOutcome['files'] = [];
  const texts: Array<[string, string]> = [['llms.txt', renderLlmsTxt(config.name!, config.description, sections)]];
  if (run.includeFullText) texts.push(['llms-full.txt', renderLlmsFullTxt(config.name!, config.description, sections)]);
  for (const [name, text] of texts) {
    const target = join(placement.folder, name);
    const replaced = (await readExisting(workspace, target)) !== null;
    const written = await run.write(workspace, target, text);
    files.push({ path: workspace.relative(target), url: published(name), written, replaced: replaced && written, bytes: Buffer.byteLength(text) });
  }
  const links = sections.flatMap((section) => section.entries.map((entry) => ({ section: section.title, title: entry.title, url: entry.url, page: entry.page })));
  const skipped = site.skipped.length ? `; ${site.skipped.length} unpublished page${site.skipped.length === 1 ? '' : 's'} left out` : '';
  return {
    summary: `${files.some((f) => f.replaced) ? 'Replaced' : 'Wrote'} ${files.map((f) => f.path).join(' and ')}: ${links.length} link${links.length === 1 ? '' : 's'} in ${sections.length} section${sections.length === 1 ? '' : 's'} (${sections.map((s) => s.title).join(', ')}), ${site.generator ?? 'plain'} permalinks at ${baseUrl}${skipped}.`,
    action: 'generate', generator: site.generator, baseUrl,
    files,
    sections: sections.map((section) => ({ title: section.title, links: section.entries.length })),
    links,
    findings: [],
    notes,
  };
}

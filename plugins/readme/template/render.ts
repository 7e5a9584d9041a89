/**
 * A complete README for a project type: title, one-line description, badges, the type's
 * sections, contributing and licence, with a table of contents once the file is long
 * enough to need one. Values the user must supply are `{{FILL: ...}}` markers (placeholders.ts).
 */
import { knownLicense, licenseBadge } from './licenses.js';
import { fill } from './placeholders.js';
import { githubSlug } from '../../../sdk/slug.js';
import { sectionsFor, slugOf, type TemplateSection, type TemplateType } from './sections.js';

export interface ReadmeTemplateOptions {
  projectName: string;
  description: string;
  templateType: TemplateType;
  author?: string;
  /** An SPDX id; defaults to MIT. Unknown ids are written as given. */
  license?: string;
}

/** A README longer than this many lines gets a table of contents (readers scan, then jump). */
export const TOC_MIN_LINES = 60;

export function renderReadmeTemplate(options: ReadmeTemplateOptions): string {
  const license = knownLicense(options.license ?? 'MIT') ?? (options.license ?? 'MIT').trim();
  const sections: TemplateSection[] = [...sectionsFor(options.templateType, slugOf(options.projectName)), licenseSection(license, options.author?.trim())];
  const body = sections.flatMap((section) => [`## ${section.title}`, '', ...section.lines, '']);
  const head = [`# ${options.projectName.trim()}`, '', oneLine(options.description), '', `${licenseBadge(license)} ${fill('more badges: build status, package version')}`, ''];
  const toc = head.length + body.length > TOC_MIN_LINES ? ['## Contents', '', ...sections.map((s) => `- [${s.title}](#${githubSlug(s.title)})`), ''] : [];
  return [...head, ...toc, ...body].join('\n').replace(/\n+$/, '\n');
}

function licenseSection(license: string, author: string | undefined): TemplateSection {
  const lines = [`Distributed under the ${license} licence. See [LICENSE](LICENSE) for the full text.`];
  if (author) lines.push('', `Copyright © ${author}.`);
  return { title: 'License', lines };
}

/** The description on one line: it is the README's summary sentence. */
const oneLine = (text: string) => text.trim().replace(/\s*\n\s*/g, ' ');


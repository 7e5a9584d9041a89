/**
 * Title rules: a record has a title, its file name says the same thing (compared as slugs,
 * whatever the case, punctuation, number or date prefix; a shorter file name is fine when each
 * of its words is in the title, in any order, words with digits aside: real folders name files by
 * a few keywords, "ics29-lock-fee-module" for "Lock fee module upon escrow out of balance"), and
 * no two records share a title (the catalogue's finding).
 */
import { basename } from 'node:path';
import { dateFromFileName } from '../catalog/naming.js';
import { slugWords } from '../templates/file-name.js';
import { finding, problemFindings, type ValidationContext } from './context.js';
import type { Finding } from './rules.js';


/** The file's slug words: extension, "adr-" and number or date prefix left out. */
export function fileSlugWords(path: string): string[] {
  const file = basename(path).replace(/\.(?:md|markdown)$/i, '');
  const dated = dateFromFileName(file);
  const slug = dated ? dated.slug : file.replace(/^(?:adr[-_ ]?)?\d+(?=[-_. ]|$)[-_. ]*/i, '');
  return slugWords(slug);
}

/** A word with digits ("v6", "ics29", "02"): a version or a spec's number, often left out of titles, so not compared. */
const NUMBERED = /\d/;

/** True when the file's words are the title's: equal once punctuation goes ("nextjs" = "Next.js"), or each of them in it. */
export function titleMatchesFile(title: string, path: string): boolean {
  const file = fileSlugWords(path).filter((word) => !NUMBERED.test(word));
  const named = slugWords(title);
  if (file.length === 0 || named.length === 0) return true;
  const [fileText, titleText] = [file.join(''), named.join('')];
  if (titleText.startsWith(fileText) || fileText.startsWith(titleText)) return true;
  // Found in the title's letters: "typescript" in "Use TypeScript", "heights" holds "height".
  return file.every((word) => titleText.includes(word));
}

export function titleFindings(ctx: ValidationContext): Finding[] {
  const out = problemFindings(ctx, ['duplicate-title']);
  for (const adr of ctx.catalog.adrs) {
    if (adr.outline && adr.outline.title === null) {
      out.push(finding(ctx, 'missing-title', adr.path, 1, `${ctx.file(adr.path)} has no title heading (its title is taken from the file name)`));
      continue;
    }
    if (!titleMatchesFile(adr.title, adr.path)) {
      out.push(finding(ctx, 'title-mismatch', adr.path, adr.outline?.title, `${ctx.file(adr.path)}: title "${adr.title}" does not match the file name ("${fileSlugWords(adr.path).join('-')}")`));
    }
  }
  return out;
}

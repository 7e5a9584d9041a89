/**
 * A new record in the shape of the folder's own template (folder-template.ts): its front
 * matter keys, field lines, title style and sections in its order, each filled from the
 * draft by what the section is for. Optional sections with nothing to say are left out;
 * a required one the draft cannot fill says so rather than keeping the template's prompt.
 */
import { stringify } from 'yaml';
import { consequenceBullets, optionDetails, paragraphs, polarityBullet } from './blocks.js';
import { classifyConsequence, lowerFirst, withoutFinalStop } from './consequences.js';
import type { FolderTemplate, SectionRole, TemplateSection } from './folder-template.js';
import { capitalise } from './nygard.js';
import type { AdrDraft } from './types.js';

const NOT_RECORDED = 'Not recorded when this ADR was written.';

/** `width`: the folder's zero padding ("ADR 016"), used when the template's title shows none. */
export function renderFromTemplate(draft: AdrDraft, template: FolderTemplate, width = 0): string {
  const madr = template.format === 'madr';
  const parts: string[] = [];
  const frontMatter = frontMatterOf(draft, template.frontMatter);
  if (frontMatter.length > 0) parts.push(`---\n${frontMatter.join('\n')}\n---`);
  parts.push(`# ${titleOf(draft, template, width)}`);
  const fields = template.fields.map((field) => {
    const value = valueFor(field.label.toLowerCase(), draft, madr);
    if (value === null) return null;
    const label = field.bold ? `**${field.label}:**` : `${field.label}:`;
    return `${field.bullet}${label} ${value}`;
  }).filter((line): line is string => line !== null);
  if (fields.length > 0) parts.push(fields.join(field0Bullet(template) ? '\n' : '\n\n'));

  const roles = new Set(template.sections.map((s) => s.role));
  // The record must say its status somewhere the catalogue reads it.
  const statusShown = template.frontMatter.some((k) => /^status$/i.test(k)) || template.fields.some((f) => /^status$/i.test(f.label)) || roles.has('status');
  if (!statusShown) parts.push(`## Status\n\n${capitalise(draft.status)}`);

  const used = new Set<SectionRole>();
  let skipBelow = Infinity; // children of a section we filled ourselves (the template's "### [option 1]") or left out
  template.sections.forEach((section, index) => {
    if (section.level > skipBelow) return;
    skipBelow = Infinity;
    const body = bodyFor(section, draft, madr, roles);
    // The subsections of these are the template's examples ("### [option 1]"); the body replaces them.
    const filledHere = section.role === 'prosCons' || section.role === 'options';
    const parent = !filledHere && (template.sections[index + 1]?.level ?? 0) > section.level;
    if (filledHere) skipBelow = section.level;
    if (body === null && section.optional && !parent) {
      skipBelow = section.level;
      return;
    }
    if (section.role) used.add(section.role);
    const text = body ?? (parent ? '' : NOT_RECORDED);
    parts.push(`${'#'.repeat(section.level)} ${section.heading}${text ? `\n\n${text}` : ''}`);
  });
  // A template without a context or decision section still gets them: a record needs both.
  if (!used.has('context')) parts.push(`## Context\n\n${draft.context.trim()}`);
  if (!used.has('decision') && !used.has('outcome')) parts.push(`## Decision\n\n${draft.decision.trim()}`);
  for (const extra of draft.extraSections ?? []) parts.push(`## ${extra.heading}\n\n${extra.body.trim()}`);
  return `${parts.join('\n\n')}\n`;
}

const field0Bullet = (template: FolderTemplate) => template.fields[0]?.bullet !== '';

function titleOf(draft: AdrDraft, template: FolderTemplate, folderWidth: number): string {
  const { style, adrSeparator, after } = template.title;
  const width = template.title.width || folderWidth;
  if (draft.number === null || style === 'plain') return draft.title;
  const digits = width > 0 ? String(draft.number).padStart(width, '0') : String(draft.number);
  return style === 'dotted' ? `${digits}. ${draft.title}` : `ADR${adrSeparator}${digits}${after}${draft.title}`;
}

function frontMatterOf(draft: AdrDraft, keys: string[]): string[] {
  const lines: string[] = [];
  for (const key of keys) {
    const value = valueFor(key.toLowerCase(), draft, true, true);
    if (value !== null) lines.push(`${key}: ${value}`);
  }
  return lines;
}

/** A field's value (front matter or "- Key: value" line); null when the draft has none. */
function valueFor(key: string, draft: AdrDraft, madr: boolean, yaml = false): string | null {
  const scalar = (value: string) => (yaml ? stringify(value).trim() : value);
  const list = (values: string[]) => (values.length === 0 ? null : yaml ? stringify(values, { collectionStyle: 'flow' }).trim() : values.join(', '));
  switch (key) {
    case 'status':
      return scalar(madr ? draft.status : capitalise(draft.status));
    case 'date':
      return draft.date;
    case 'title':
      return scalar(draft.title);
    case 'deciders':
    case 'decision-makers':
    case 'decision makers':
      return list(draft.deciders);
    case 'tags':
      return list(draft.tags);
    default:
      return null;
  }
}

function bodyFor(section: TemplateSection, draft: AdrDraft, madr: boolean, roles: Set<SectionRole | null>): string | null {
  const options = draft.options.length > 0 ? draft.options.map((o) => o.name) : draft.chosen;
  const classified = draft.consequences.map(classifyConsequence).filter((c) => c.text !== '');
  const bullets = (items: string[]) => (items.length > 0 ? items.join('\n') : null);
  switch (section.role) {
    case 'context': {
      // Forces go into the context when the template has no place of their own for them.
      const forces = !roles.has('drivers') && draft.drivers.length > 0 ? `\n\nForces at play:\n\n${draft.drivers.map((d) => `* ${d}`).join('\n')}` : '';
      return `${draft.context.trim()}${forces}`;
    }
    case 'drivers':
      return bullets(draft.drivers.map((d) => `* ${d}`));
    case 'options':
      return bullets(options.map((name) => `* ${name}`));
    case 'outcome': {
      const outcome: string[] = [];
      if (draft.chosen.length > 0) {
        const chosen = draft.chosen.map((name) => `"${name}"`).join(' and ');
        const label = draft.chosen.length > 1 ? 'Chosen options' : 'Chosen option';
        outcome.push(draft.rationale ? `${label}: ${chosen}, because ${lowerFirst(withoutFinalStop(draft.rationale))}.` : `${label}: ${chosen}.`);
      }
      outcome.push(draft.decision.trim());
      return outcome.join('\n\n');
    }
    case 'decision': {
      const why = draft.rationale && !roles.has('rationale') && !roles.has('outcome') ? `\n\n${draft.rationale.trim()}` : '';
      return `${draft.decision.trim()}${why}`;
    }
    case 'rationale':
      return draft.rationale?.trim() || null;
    case 'consequences': {
      // Split lists below it ("### Positive", "### Negative") take the items when the template has them.
      if (roles.has('positive') || roles.has('negative')) return null;
      const items = madr ? consequenceBullets(draft.consequences) : draft.consequences.map((c) => `* ${c.trim()}`);
      return items.length > 0 ? paragraphs(items, '') : null;
    }
    case 'positive':
      return bullets(classified.filter((c) => c.polarity === 'good' || (c.polarity === 'neutral' && !roles.has('neutral'))).map((c) => (madr ? polarityBullet(c.polarity, c.text, 'because') : `* ${c.text}`)));
    case 'negative':
      return bullets(classified.filter((c) => c.polarity === 'bad' || (c.polarity === 'neutral' && !roles.has('positive') && !roles.has('neutral'))).map((c) => (madr ? polarityBullet(c.polarity, c.text, 'because') : `* ${c.text}`)));
    case 'neutral':
      return bullets(classified.filter((c) => c.polarity === 'neutral').map((c) => (madr ? polarityBullet(c.polarity, c.text, 'because') : `* ${c.text}`)));
    case 'prosCons': {
      const detailed = draft.options.map((o) => [o.name, optionDetails(o, madr ? 'because' : 'colon')] as const).filter(([, details]) => details !== '');
      const level = '#'.repeat(Math.min(section.level + 1, 6));
      return detailed.length > 0 ? detailed.map(([name, details]) => `${level} ${name}\n\n${details}`).join('\n\n') : null;
    }
    case 'status':
      return capitalise(draft.status);
    case 'date':
      return draft.date;
    case 'deciders':
      return draft.deciders.length > 0 ? draft.deciders.join(', ') : null;
    case 'changelog':
      return `* ${draft.date}: First draft`;
    default:
      return null;
  }
}

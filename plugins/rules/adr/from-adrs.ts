/**
 * Rules from the decision records: an accepted ADR's chosen technology must be
 * a dependency, one it turns down ("rather than MongoDB") and one a rejected,
 * superseded or deprecated ADR chose must not be; an accepted ADR stating a
 * layer boundary ("the UI must not access the database directly") forbids the
 * imports across it, with globs taken from where the project keeps those layers;
 * an accepted ADR deciding a checkable practice ("Avoid default exports", "Use
 * pnpm") gives that practice's rule (practices.ts).
 */
import { posix } from 'node:path';
import type { Catalog, ParsedAdr } from '../../adr/api.js';
import type { ProjectSourceFile } from '../../project/api.js';
import type { RuleValue } from '../model/schema.js';
import { declaredDependencies, normalisePackage, type ProjectView } from '../project-view.js';
import { folderGlob } from '../code/folder-glob.js';
import { practiceRules, type DecisionProse } from './practices.js';
import { technologiesIn, type Technology } from './technologies.js';

const TURNED_DOWN = /\b(rather than|instead of|not (?:to )?(?:use|adopt|choose|pick)|no longer|reject(?:s|ed|ing)?|avoid(?:s|ed|ing)?|replac(?:e|es|ed|ing)|drop(?:s|ped|ping)?|abandon(?:s|ed|ing)?|away from)\b/i;
const FORBIDDING = /\b(must not|mustn't|should not|shouldn't|shall not|cannot|can't|may not|never|not allowed|forbidden|prohibited|no direct)\b/i;
const RETIRED = new Set(['rejected', 'superseded', 'deprecated']);

const LAYER_WORDS: Array<[string, RegExp]> = [
  ['presentation', /\b(ui|user interface|presentation|front-?end|views?|pages?|components?|controllers?|screens?)\b/gi],
  ['infrastructure', /\b(database|db|persistence|data access|data layer|repositor(?:y|ies)|infrastructure|storage)\b/gi],
  ['domain', /\b(domain|business logic|entities)\b/gi],
  ['application', /\b(services?|application layer|use ?cases?)\b/gi],
];

const LAYER_LABEL: Record<string, string> = { presentation: 'UI', infrastructure: 'database', domain: 'domain', application: 'service' };

export function rulesFromAdrs(catalog: Catalog, adrFolder: string, view: ProjectView): RuleValue[] {
  const rules: RuleValue[] = [];
  const declared = declaredDependencies(view.manifests);
  const source = (adr: ParsedAdr): RuleValue['source'] => ({ kind: 'adr', path: posix.join(adrFolder, adr.path), title: adr.title, number: adr.number, status: adr.status });
  const label = (adr: ParsedAdr) => (adr.number !== null ? `ADR ${adr.number} (${adr.title})` : `ADR "${adr.title}"`);

  const chosen = new Map<string, { tech: Technology; adr: ParsedAdr }>();
  const forbidden = new Map<string, { tech: Technology; adr: ParsedAdr; why: string }>();
  // Retired decisions first: their source is the clearest one for a forbidden technology.
  const ordered = [...catalog.adrs.filter((adr) => RETIRED.has(adr.status ?? '')), ...catalog.adrs.filter((adr) => adr.status === 'accepted')];
  for (const adr of ordered) {
    const { picked, declined } = decisionTechnologies(adr);
    if (adr.status === 'accepted') {
      for (const tech of picked) if (!chosen.has(tech.id)) chosen.set(tech.id, { tech, adr });
      for (const tech of declined) if (!forbidden.has(tech.id)) forbidden.set(tech.id, { tech, adr, why: `turned down by ${label(adr)}` });
    } else {
      for (const tech of picked) if (!forbidden.has(tech.id)) forbidden.set(tech.id, { tech, adr, why: `chosen by ${label(adr)}, now ${adr.status}` });
    }
  }

  for (const { tech, adr } of chosen.values()) {
    const present = tech.packages.filter((name) => declared.has(normalisePackage(name)));
    rules.push({
      id: `adr-${adr.number ?? 'x'}-require-${tech.id}`,
      type: 'dependencies',
      description: `${tech.name} is the chosen technology (${label(adr)}): the project depends on ${present.length > 0 ? present.join(', ') : `one of ${tech.packages.join(', ')}`}.`,
      severity: 'warning',
      source: source(adr),
      check: { kind: 'require-dependency', packages: present.length > 0 ? present : tech.packages },
      fix: `Add the ${tech.name} client (${(present.length > 0 ? present : tech.packages).slice(0, 3).join(', ')}) to the project's manifest, or record a new decision.`,
    });
  }
  for (const { tech, adr, why } of forbidden.values()) {
    if (chosen.has(tech.id)) continue; // Chosen again by an accepted ADR: not forbidden any more.
    rules.push({
      id: `adr-${adr.number ?? 'x'}-forbid-${tech.id}`,
      type: 'dependencies',
      description: `${tech.name} must not be used: ${why}.`,
      severity: 'error',
      source: source(adr),
      check: { kind: 'forbid-dependency', packages: tech.packages },
      fix: `Remove ${tech.name} (${tech.packages.slice(0, 3).join(', ')}) and use what the accepted decisions chose${chosen.size > 0 ? ` (${[...chosen.values()].map((c) => c.tech.name).join(', ')})` : ''}.`,
    });
  }
  for (const adr of catalog.adrs.filter((item) => item.status === 'accepted')) {
    rules.push(...layerRules(adr, source(adr), label(adr), view.sources));
    rules.push(...practiceRules(decisionProse(adr), view, `adr-${adr.number ?? 'x'}`, source(adr), label(adr)));
  }
  return rules;
}

/** The decision's prose, and the part of each sentence before a turned-down marker (what it picks). */
function decisionProse(adr: ParsedAdr): DecisionProse {
  const all = [adr.title, adr.decision ?? adr.yStatement?.decision ?? ''].join('\n');
  const chosen = all.split(/(?<=[.!?;])\s+|\n+/).map((sentence) => {
    const marker = TURNED_DOWN.exec(sentence);
    return marker ? sentence.slice(0, marker.index) : sentence;
  });
  return { all, chosen: chosen.join('\n') };
}

/** Technologies the decision picks and the ones it turns down (named after "rather than", "not", ... in the same sentence). */
function decisionTechnologies(adr: ParsedAdr): { picked: Technology[]; declined: Technology[] } {
  const text = [adr.title, adr.decision ?? adr.yStatement?.decision ?? ''].join('\n');
  const picked = new Map<string, Technology>();
  const declined = new Map<string, Technology>();
  for (const sentence of text.split(/(?<=[.!?;])\s+|\n+/)) {
    const marker = TURNED_DOWN.exec(sentence);
    const before = marker ? sentence.slice(0, marker.index) : sentence;
    const after = marker ? sentence.slice(marker.index) : '';
    for (const tech of technologiesIn(before)) picked.set(tech.id, tech);
    for (const tech of technologiesIn(after)) declined.set(tech.id, tech);
  }
  for (const tech of technologiesIn(adr.yStatement?.neglected ?? '')) declined.set(tech.id, tech);
  for (const id of picked.keys()) declined.delete(id);
  return { picked: [...picked.values()], declined: [...declined.values()] };
}

function layerRules(adr: ParsedAdr, source: RuleValue['source'], label: string, files: readonly ProjectSourceFile[]): RuleValue[] {
  const rules: RuleValue[] = [];
  const text = [adr.title, adr.decision ?? '', adr.consequences ?? ''].join('\n');
  const seen = new Set<string>();
  for (const sentence of text.split(/(?<=[.!?;])\s+|\n+/)) {
    if (!FORBIDDING.test(sentence)) continue;
    const mentions = LAYER_WORDS.flatMap(([layer, words]) => [...sentence.matchAll(words)].map((match) => ({ layer, index: match.index }))).sort((a, b) => a.index - b.index);
    const from = mentions[0]?.layer;
    const to = mentions.find((mention) => mention.layer !== from)?.layer;
    if (!from || !to || seen.has(`${from}>${to}`)) continue;
    seen.add(`${from}>${to}`);
    const id = `adr-${adr.number ?? 'x'}-no-${from}-to-${to}`;
    const description = `${LAYER_LABEL[from]} code must not import the ${LAYER_LABEL[to]} layer (${label}: "${sentence.trim().replace(/[.;]+$/, '').slice(0, 200)}").`;
    const globs = layerGlobs(files, from, to);
    rules.push({
      id,
      type: 'dependencies',
      description,
      severity: 'error',
      source,
      ...(globs
        ? { check: { kind: 'forbid-import' as const, from: globs.from, to: globs.to } }
        : { check: null, uncheckedReason: `no folders of ${from} files and of ${to} files that a glob of at most 300 characters can tell apart` }),
      fix: `Go through the ${to === 'infrastructure' ? 'service layer' : 'layer between them'} instead of importing ${LAYER_LABEL[to]} modules directly.`,
    });
  }
  return rules;
}

/** Globs for the folders holding each layer's files, none of them holding the other layer's; null when a layer has no such folder. */
export function layerGlobs(files: readonly ProjectSourceFile[], from: string, to: string): { from: string; to: string } | null {
  const fromDirs = layerFolders(files, from, to);
  const toDirs = layerFolders(files, to, from);
  if (fromDirs.length === 0 || toDirs.length === 0) return null;
  const fromGlob = folderGlob(fromDirs, files.filter((file) => file.layer === to).map((file) => file.path));
  const toGlob = folderGlob(toDirs, files.filter((file) => file.layer === from).map((file) => file.path));
  return fromGlob && toGlob ? { from: fromGlob, to: toGlob } : null;
}

function layerFolders(files: readonly ProjectSourceFile[], layer: string, other: string): string[] {
  const dirs = [...new Set(files.filter((file) => file.layer === layer).map((file) => posix.dirname(file.path)))].sort();
  const top = dirs.filter((dir) => !dirs.some((parent) => parent !== dir && dir.startsWith(`${parent}/`)));
  const others = files.filter((file) => file.layer === other).map((file) => file.path);
  return top.filter((dir) => dir !== '.' && !others.some((path) => path.startsWith(`${dir}/`)));
}


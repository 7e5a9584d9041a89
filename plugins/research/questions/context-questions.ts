/**
 * Questions on what the caller's `context` names: the technologies it mentions (the
 * project pack's catalogue, plus capitalised product names it does not know), whether
 * the project uses them today (scan detections, manifests, the files importing them),
 * the ADRs that recorded them, and the concerns the context weighs (latency, cost...).
 * Each question asks about one aspect, so a realistic context yields several distinct
 * ones; they are asked first because the caller asked about them.
 */
import type { Catalog } from '../../adr/api.js';
import { technologies, type Detection, type FileEntry, type ProjectScan } from '../../project/api.js';
import { importersOf } from './competing.js';
import { names } from './select.js';
import type { Candidate } from './types.js';

interface Subject {
  /** As the context writes it, or the catalogue's name for it. */
  name: string;
  detection: Detection | null;
  adrs: Array<{ path: string; label: string }>;
}

const CONCERNS: Array<[label: string, re: RegExp, type: Candidate['types'][number]]> = [
  ['latency', /\b(latenc\w*|response times?|slow(?:er|est|ness)?|fast(?:er|est)?|speed)\b/i, 'performance'],
  ['throughput and scale', /\b(throughput|scal\w*|load|volume|traffic)\b/i, 'performance'],
  ['cost', /\b(cost\w*|pric\w*|licen[cs]\w*|budget|spend\w*|cheap\w*|expensive)\b/i, 'technology'],
  ['operations and hosting', /\b(host\w*|operat\w*|maintenance|managed|self-?hosted|on-?call|ops)\b/i, 'architecture'],
  ['security', /\b(secur\w*|auth\w*|encrypt\w*|complian\w*|gdpr|pii)\b/i, 'security'],
  ['data migration', /\b(migrat\w*|reindex\w*|backfill\w*|data)\b/i, 'architecture'],
  ['team skills', /\b(team|skills?|experience|learning curve|hiring)\b/i, 'technology'],
];

/** Capitalised words that are no product name. */
const COMMON = new Set('We Our The This That These Those It In On For With And Or But If When Should Would Could Can Do Does Is Are Was Were Be Which What Why How Where Who Whether Also Today Now Then Both Either API APIs ADR ADRs CI CD UI UX JSON HTTP HTTPS REST SQL PR TODO I A An As At By From Of To Our Their Its Next New Old'.split(' '));

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
const list = (items: readonly string[], max = 3) => items.slice(0, max).join(', ') + (items.length > max ? ` and ${items.length - max} more` : '');
const orList = (items: readonly string[]) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`);

/** Technologies and product names the context mentions, in the order it mentions them. */
export function contextSubjects(context: string): string[] {
  const found: Array<{ name: string; at: number }> = [];
  const add = (name: string, at: number) => {
    if (at >= 0 && !found.some((f) => f.name.toLowerCase() === name.toLowerCase())) found.push({ name, at });
  };
  for (const entry of technologies()) {
    for (const alias of [entry.name, ...(entry.prose ?? []).filter((p): p is string => typeof p === 'string')]) {
      const m = new RegExp(`(?<![\\w@/-])${alias.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`, 'i').exec(context);
      // An alias names its own product ("OpenSearch" is not "Elasticsearch" to someone choosing between them).
      if (m) add(alias === entry.name ? entry.name : m[0], m.index);
    }
  }
  for (const m of context.matchAll(/(?<![\w./-])[A-Z][A-Za-z0-9]*(?:[A-Z.][A-Za-z0-9]+)*(?![\w-])/g)) {
    const word = m[0].replace(/\.$/, '');
    const startsSentence = /(^|[.!?]\s+)$/.test(context.slice(0, m.index));
    if (COMMON.has(word) || word.length < 3 || (startsSentence && !/[A-Z].*[A-Z]|\d/.test(word.slice(1)) && !/[a-z][A-Z]/.test(word))) continue;
    add(word, m.index);
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.name);
}

export async function contextCandidates(input: {
  context: string;
  scan: ProjectScan;
  files: readonly FileEntry[];
  root: string;
  catalog: Catalog;
  adrPath: (path: string) => string;
  adrDir: string;
  read: (path: string) => Promise<string>;
}): Promise<{ candidates: Candidate[]; subjects: string[]; note: string | null }> {
  const { context, scan, catalog } = input;
  const detections = [...scan.frameworks, ...scan.databases, ...scan.messaging, ...scan.testing];
  // A context naming no product but a subject the ADRs record ("the search engine"): the ADR's technology is the subject.
  let named = contextSubjects(context);
  if (!named.some((n) => detections.some((d) => names(n, d.name) || names(d.name, n)))) {
    const words = (context.toLowerCase().match(/[a-z]{4,}/g) ?? []).filter((w) => !/^(what|whether|should|would|could|with|from|that|this|there|their|about|replace|decide|evaluate|choose|move|switch|keep)$/.test(w));
    for (const adr of catalog.adrs) {
      if (!words.some((w) => adr.title.toLowerCase().includes(w))) continue;
      for (const d of detections) if ([adr.title, adr.decision ?? ''].some((t) => names(t, d.name)) && !named.includes(d.name)) named = [d.name, ...named];
    }
  }
  if (!named.length) return { candidates: [], subjects: [], note: 'context names no technology or product: only the project\'s own gaps were asked about' };

  const subjects: Subject[] = named.map((name) => ({
    name,
    detection: detections.find((d) => d.name.toLowerCase() === name.toLowerCase()) ?? null,
    adrs: catalog.adrs
      .filter((adr) => adr.status !== 'rejected' && [adr.title, adr.decision ?? ''].some((t) => names(t, name)))
      .map((adr) => ({ path: input.adrPath(adr.path), label: `${adr.number === null ? 'ADR' : `ADR ${adr.number}`} "${adr.title}" (${adr.status ?? 'no status'})` })),
  }));
  const inUse = subjects.filter((s) => s.detection);
  const options = subjects.filter((s) => !s.detection);
  const concerns = CONCERNS.filter(([, re]) => re.test(context));
  const packages = [...new Set(inUse.flatMap((s) => s.detection!.evidence.map((e) => /:\s*([@\w./-]+)\s*$/.exec(e)?.[1]).filter((p): p is string => !!p)))];
  const importers = packages.length ? await importersOf(input.root, input.files, packages, input.read) : new Map<string, string[]>();
  const usedIn = (s: Subject) => [...new Set(s.detection!.evidence.flatMap((e) => importers.get(/:\s*([@\w./-]+)\s*$/.exec(e)?.[1] ?? '') ?? []))];
  const all: Candidate['types'] = ['technology', 'architecture', 'performance', 'security', 'compliance'];
  const candidates: Candidate[] = [];
  const ask = (ref: string, c: Omit<Candidate, 'sourceKind' | 'sourceRef' | 'priority' | 'types'> & { types?: Candidate['types'] }) =>
    candidates.push({ sourceKind: 'context', sourceRef: `context:${ref}`, priority: 'high', types: c.types ?? all, ...c });

  for (const s of inUse) {
    const files = usedIn(s);
    ask(`${slug(s.name)}#footprint`, {
      question: `Where does the project depend on ${s.name} today${files.length ? ` (${list(files)})` : ''}, and what would ${options.length ? `moving to ${orList(options.map((o) => o.name))}` : 'changing it'} touch?`,
      subjects: [s.name],
      whyItMatters: `${s.name} is in use (${list(s.detection!.evidence)}): the cost of the decision the context asks about is the code and configuration that depend on it.`,
      evidence: [...s.detection!.evidence, ...files],
      howToAnswer: [files.length ? `Read ${list(files, 5)}: list the calls and settings specific to ${s.name}.` : `Find where ${s.name} is configured and called (${list(s.detection!.evidence)}).`, 'Count what would have to change, and whether a thin interface could hide the choice.'],
    });
    for (const adr of s.adrs.slice(0, 1)) {
      ask(`${slug(s.name)}#adr`, {
        question: `Do the reasons ${adr.label} gave for ${s.name} still hold${concerns.length ? `, given ${list(concerns.map(([label]) => label))}` : ''}?`,
        subjects: [s.name],
        whyItMatters: `${adr.path} records the current choice; replacing ${s.name} supersedes it, so its context and alternatives are the baseline.`,
        evidence: [adr.path],
        howToAnswer: [`Read ${adr.path}: its context, the options it weighed and why they lost.`, `Note which of its assumptions changed; a new ADR in ${input.adrDir} supersedes it if the decision changes.`],
      });
    }
  }
  const current = inUse[0]?.name ?? null;
  for (const o of options) {
    ask(`${slug(o.name)}#fit`, {
      question: current
        ? `Does ${o.name} do what ${current} does for this project${usedIn(inUse[0]!).length ? ` (${list(usedIn(inUse[0]!), 2)})` : ''}, and what would it lack?`
        : `What would ${o.name} bring to this project, and what would adopting it require?`,
      subjects: [o.name],
      whyItMatters: `The context names ${o.name} as an option${o.adrs.length ? ` (${o.adrs[0]!.label} mentions it)` : '; no ADR records it yet'}.`,
      evidence: o.adrs.map((a) => a.path),
      howToAnswer: [`List the features the project uses${current ? ` from ${current}` : ''} and check each against ${o.name}'s documentation.`, `Try it on one real case from the code before deciding.`],
    });
  }
  const compared = [...inUse, ...options].map((s) => s.name);
  if (compared.length >= 2) {
    for (const [label, , type] of concerns.length ? concerns : [['fit for this project', /./, 'technology'] as const]) {
      ask(`${slug(compared.join('-'))}#${slug(label)}`, {
        question: `How do ${orList(compared).replace(/ or ([^,]+)$/, ' and $1')} compare on ${label} for this project's workload?`,
        subjects: compared,
        whyItMatters: `The context weighs ${label}; the answer decides between ${list(compared, 4)}.`,
        evidence: inUse.flatMap((s) => s.detection!.evidence),
        howToAnswer: [`Measure or look up ${label} for each on a workload like this project's${current ? ` (what ${current} handles today)` : ''}.`, 'Record the figures and their sources in the research file.'],
        types: [type, 'technology'],
      });
    }
    if (current && options.length) {
      ask(`${slug(current)}-to-${slug(options.map((o) => o.name).join('-'))}#migration`, {
        question: `What would the move from ${current} to ${orList(options.map((o) => o.name))} cost: data, client code, deployment and rollback?`,
        subjects: [current, ...options.map((o) => o.name)],
        whyItMatters: `A replacement is only worth it when its gains exceed the migration; ${current} is wired into ${list(inUse[0]!.detection!.evidence)}.`,
        evidence: inUse[0]!.detection!.evidence,
        howToAnswer: ['Estimate the data to move or rebuild, the code to change, and how to run both side by side and roll back.'],
        types: ['architecture', 'technology'],
      });
    }
  }
  // Distinct questions only: two aspects that came out with the same words are one question.
  const seen = new Set<string>();
  const distinct = candidates.filter((c) => {
    const key = c.question.toLowerCase().replace(/\W+/g, ' ').trim();
    if (seen.has(key) || seen.has(c.sourceRef)) return false;
    seen.add(key).add(c.sourceRef);
    return true;
  });
  return { candidates: distinct, subjects: named, note: null };
}

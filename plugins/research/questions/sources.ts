/**
 * Where research questions come from: the project's real gaps. Decisions the
 * code shows without an ADR (adr.suggestions), accepted ADRs the code does not
 * carry out (adr.progress), proposals nobody decided (the catalogue), competing
 * dependencies (competing.ts) and security findings in config files (the
 * security pack, when loaded and asked for).
 */
import { join } from 'node:path';
import type { Workspace } from '../../../sdk/index.js';
import type { Catalog } from '../../adr/api.js';
import type { FileEntry } from '../../project/api.js';
import type { ResearchDeps } from '../deps.js';
import { competingDependencies, importersOf } from './competing.js';
import { contextCandidates } from './context-questions.js';
import type { Candidate, Priority, SourceKind } from './types.js';

export interface GatherOptions {
  workspace: Workspace;
  /** Run the security scan (analysisType security or general, and the security pack loaded). */
  security: boolean;
  now: Date;
  signal?: AbortSignal | undefined;
  /** What the research is for: questions on the subjects it names are added (context-questions.ts). */
  context?: string;
}

export interface Gathered {
  candidates: Candidate[];
  /** The kinds looked for on this call: a stored question of another kind cannot be judged answered. */
  evaluated: Set<SourceKind>;
  catalog: Catalog;
  /** Workspace-relative path of each catalogue record, by its catalogue path. */
  adrPath: (path: string) => string;
  adrDirectory: { path: string; exists: boolean };
  notes: string[];
  /** The technologies and products the context names. */
  contextSubjects: string[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A proposal older than this is overdue for a decision. */
const STALE_PROPOSAL_DAYS = 30;
const list = (items: string[], max = 3) => items.slice(0, max).join(', ') + (items.length > max ? ` and ${items.length - max} more` : '');
/** File paths inside evidence entries ("package.json: pg", "Kafka (package.json: kafkajs)", "Dockerfile (FROM node:20)", "config/app.yml:12"). */
const FILE = /(?:\.?[\w@-]+\/)*(?:Dockerfile[\w.-]*|\.?[\w@.-]+\.(?:json|ya?ml|toml|lock|txt|xml|gradle|kts|mod|cfg|ini|env|properties|[cm]?[jt]sx?|py|go|rs|rb|php|tf))(?=$|[:\s),])/g;
const filesIn = (evidence: readonly string[]) => [...new Set(evidence.flatMap((entry) => entry.match(FILE) ?? []))];
const fileOf = (place: string) => place.replace(/:\d+$/, '');

type Typed = Candidate['types'][number];
/** The research types a decision area matters to (area labels from adr.suggestions and adr.progress). */
function typesOfArea(area: string, base: Typed[]): Typed[] {
  const a = area.toLowerCase();
  const types = new Set<Typed>(base);
  if (/auth|security|secret/.test(a)) types.add('security').add('compliance');
  if (/cach|database|messag|orm|data access|web framework|queue/.test(a)) types.add('performance');
  if (/api|architecture|messag|database|deployment|platform/.test(a)) types.add('architecture');
  if (/observab|logging|audit/.test(a)) types.add('compliance');
  return [...types];
}

export async function gatherCandidates(deps: ResearchDeps, root: string, options: GatherOptions): Promise<Gathered> {
  const { workspace, signal } = options;
  const location = await deps.catalog.locate(root, undefined, workspace);
  const catalog = await deps.catalog.read(location);
  const adrPath = (path: string) => workspace.relative(join(catalog.dir, path));
  const adrDir = location.relative;
  const candidates: Candidate[] = [];
  const notes: string[] = [];
  const evaluated = new Set<SourceKind>(['no-adr', 'adr-gap', 'adr-conflict', 'proposed-adr', 'competing-dependencies']);

  // Decisions the code shows that no ADR records.
  const { suggestions } = await deps.suggestions.suggest(root, { workspace, signal });
  for (const s of suggestions) {
    const tech = s.technology ?? s.title;
    const others = s.competitors.length ? ` (the code also uses ${s.competitors.join(', ')})` : '';
    candidates.push({
      sourceKind: 'no-adr',
      sourceRef: `no-adr:${tech}`,
      question: `Is ${tech} the project's settled choice for ${s.area}${others}, and why was it chosen?`,
      priority: s.priority,
      types: typesOfArea(s.area, ['technology']),
      subjects: [tech, ...s.competitors],
      whyItMatters: `${tech} is in use (${list(s.evidence)}) but no ADR in ${adrDir} records the ${s.area} decision: nobody can tell whether it is deliberate or what replacing it would cost.`,
      evidence: s.evidence,
      howToAnswer: [
        filesIn(s.evidence).length
          ? `Read ${list(filesIn(s.evidence))} and find the modules that use ${tech}, to see how much of the code depends on it.`
          : `Find the modules that use ${tech} (${list(s.evidence)}), to see how much of the code depends on it.`,
        s.competitors.length
          ? `Compare ${tech} with ${s.competitors.join(', ')}, which the code also uses: where each is used, and whether one can go.`
          : `List the alternatives that were (or should have been) weighed for ${s.area} and the constraint that decided it.`,
        `Record the answer as an ADR in ${adrDir} (generate_adr_from_decision); the next generate_research_questions call marks this question answered.`,
      ],
    });
  }

  // Accepted ADRs whose technology the code does not show (gap) or contradicts (conflict).
  const progress = await deps.progress.compare(root, { workspace, signal });
  for (const adr of progress.adrs) {
    const label = `${adr.number === null ? 'ADR' : `ADR ${adr.number}`} "${adr.title}"`;
    for (const d of adr.decisions) {
      if (d.status !== 'gap' && d.status !== 'conflict') continue;
      const mismatch = progress.mismatches.find((m) => m.adrPath === adr.path && m.technology === d.technology);
      const gap = d.status === 'gap';
      candidates.push({
        sourceKind: gap ? 'adr-gap' : 'adr-conflict',
        sourceRef: `${gap ? 'adr-gap' : 'adr-conflict'}:${adr.path}#${d.technology}`,
        question: gap
          ? `${label} chose ${d.technology}, but the code shows no sign of it: is the decision still valid, or not carried out yet?`
          : `${label} chose ${d.technology}, but the code does otherwise: which one is right, the ADR or the code?`,
        priority: 'high',
        types: typesOfArea(d.area, ['technology', 'architecture', 'compliance']),
        subjects: [d.technology, adr.title],
        whyItMatters:
          `Accepted ${adr.path} decides on ${d.technology} (${d.area}); ` +
          (mismatch ? mismatch.message : gap ? 'no dependency, config or infrastructure file in the project shows it.' : 'the code shows a competing choice.') +
          ' Readers of the ADR are told something the code does not do.',
        evidence: [adr.path, ...d.evidence, ...(mismatch?.evidence ?? [])].filter((v, i, all) => all.indexOf(v) === i),
        howToAnswer: gap
          ? [
              `Search the project for ${d.technology}: its client package in the manifests, its service in docker-compose files, its connection settings in config and env files.`,
              `If the decision still holds, plan the work (generate_adr_todo for ${adr.path}); if the project went another way, supersede ${adr.path} with an ADR recording what it does instead.`,
            ]
          : [
              `Compare what ${adr.path} decided with the evidence (${list(d.evidence) || 'see compare_adr_progress'}).`,
              `Either change the code to follow the ADR, or supersede the ADR with one recording the choice the code made.`,
            ],
      });
    }
  }

  // Proposals nobody decided.
  for (const adr of catalog.adrs.filter((a) => a.status === 'proposed')) {
    const path = adrPath(adr.path);
    const dated = adr.date ? Date.parse(adr.date) : Number.NaN;
    const age = Number.isNaN(dated) ? null : Math.max(0, Math.floor((options.now.getTime() - dated) / DAY_MS));
    const priority: Priority = age === null ? 'medium' : age >= STALE_PROPOSAL_DAYS ? 'high' : 'medium';
    const label = `${adr.number === null ? 'ADR' : `ADR ${adr.number}`} "${adr.title}"`;
    candidates.push({
      sourceKind: 'proposed-adr',
      sourceRef: `proposed:${path}`,
      question: `${label} ${age === null ? 'is still proposed (undated)' : `has been proposed for ${age} days`}: should it be accepted or rejected?`,
      priority,
      types: ['technology', 'architecture', 'compliance'],
      subjects: [adr.title],
      whyItMatters: `${path} is still Proposed${adr.date ? ` (dated ${adr.date})` : ''}: the code and other ADRs cannot rely on an undecided record, and the longer it waits the more the code decides for it.`,
      evidence: [path],
      howToAnswer: [
        `Read its Context${adr.consideredOptions.length ? ` and the options it weighs (${list(adr.consideredOptions, 4)})` : ''}, and check which option the code already follows (compare_adr_progress once accepted).`,
        `Decide${adr.deciders.length ? ` with ${adr.deciders.join(', ')}` : ''} and set its Status to Accepted or Rejected.`,
      ],
    });
  }

  // Dependencies with several competing choices.
  const { scan, files } = await deps.scanner.scan(root, { signal });
  const competing = competingDependencies(scan);
  if (competing.length) {
    const importers = await importersOf(root, files, competing.flatMap((c) => c.members.map((m) => m.name)), (path) => workspace.readText(path, { maxBytes: 256 * 1024 }));
    for (const { group, members } of competing) {
      const names = members.map((m) => m.name);
      const manifests = [...new Set(members.flatMap((m) => m.manifests))];
      const usage = members.map((m) => `${m.name}: ${importers.get(m.name)!.length ? list(importers.get(m.name)!) : 'imported nowhere'}`);
      candidates.push({
        sourceKind: 'competing-dependencies',
        sourceRef: `competing:${group.id}`,
        question: `Which ${group.label} should the project standardise on: ${names.join(', ')}?`,
        priority: members.length >= 3 ? 'high' : 'medium',
        types: group.performance ? ['technology', 'performance'] : ['technology'],
        subjects: [...names, group.label],
        whyItMatters: `${list(manifests)} declare${manifests.length === 1 ? 's' : ''} ${members.length} ${group.label}s (${names.join(', ')}): each has its own configuration, error handling and upgrades, and new code has no rule for which to use.`,
        evidence: [...members.flatMap((m) => m.manifests.map((p) => `${p}: ${m.name}`)), ...members.flatMap((m) => importers.get(m.name)!)],
        howToAnswer: [
          `Where each is imported — ${usage.join('; ')}: the least used is the cheapest to remove.`,
          `Compare them on ${group.criteria}.`,
          `Record the choice in an ADR and remove the others from ${list(manifests)}.`,
        ],
      });
    }
  }

  let subjects: string[] = [];
  if (options.context?.trim()) {
    const asked = await contextCandidates({ context: options.context, scan, files, root, catalog, adrPath, adrDir, read: (path) => workspace.readText(path, { maxBytes: 256 * 1024 }) });
    subjects = asked.subjects;
    if (asked.note) notes.push(`The context was read, but it ${asked.note}.`);
    candidates.push(...asked.candidates);
  }

  if (options.security) {
    if (!deps.security) notes.push('Security findings were not looked for: the security pack is not loaded.');
    else {
      evaluated.add('security-finding');
      candidates.push(...(await securityCandidates(deps.security, root, files, workspace, adrDir, signal)));
    }
  }
  return { candidates, evaluated, catalog, adrPath, adrDirectory: { path: adrDir, exists: location.exists }, notes, contextSubjects: subjects };
}

/** Config files worth a quick security scan, from the scanner's listing (git's view: ignored files left out): environment files, YAML/TOML/INI/properties, Dockerfiles, JSON configs (lockfiles left out). */
const CONFIG = /(^|\/)(\.env(\.[\w.-]+)?|[^/]+\.(ya?ml|toml|ini|cfg|conf|properties)|Dockerfile[^/]*|[^/]+\.config\.(js|cjs|mjs|ts)|(?!package-lock|composer\.lock)[^/]+\.json)$/;
const MAX_CONFIG_FILES = 100;
const MAX_CONFIG_BYTES = 128 * 1024;
const SEVERITY_PRIORITY: Record<string, Priority> = { critical: 'high', high: 'high', medium: 'medium', low: 'low' };
const SEVERITY_RANK: Record<string, number> = { critical: 0, high: 1, medium: 2, low: 3 };

async function securityCandidates(
  security: NonNullable<ResearchDeps['security']>,
  root: string,
  files: readonly FileEntry[],
  workspace: Workspace,
  adrDir: string,
  signal?: AbortSignal,
): Promise<Candidate[]> {
  const configs = files.filter((f) => CONFIG.test(f.path) && (!f.folder || f.folder === 'product') && f.size <= MAX_CONFIG_BYTES).slice(0, MAX_CONFIG_FILES);
  const texts: Array<{ name: string; content: string }> = [];
  for (const file of configs) {
    const content = await workspace.readText(join(root, file.path), { maxBytes: MAX_CONFIG_BYTES }).catch(() => null);
    if (content !== null) texts.push({ name: workspace.relative(join(root, file.path)), content });
  }
  if (!texts.length) return [];
  const { results } = await security.scanTexts(texts, { signal, maxFindings: 20 });
  // One question per rule: the same leaked-key rule in five files is one decision (where secrets live).
  const byRule = new Map<string, { severity: string; category: string; places: string[] }>();
  for (const result of results) {
    for (const f of result.findings) {
      const entry = byRule.get(f.rule) ?? { severity: f.severity, category: f.category, places: [] };
      if (SEVERITY_RANK[f.severity]! < SEVERITY_RANK[entry.severity]!) entry.severity = f.severity;
      entry.places.push(`${result.name}:${f.line}`);
      byRule.set(f.rule, entry);
    }
  }
  return [...byRule].map(([rule, { severity, category, places }]): Candidate => {
    const secret = category === 'secret' || category === 'credential';
    return {
      sourceKind: 'security-finding',
      sourceRef: `security:${rule}`,
      question: secret
        ? `Where should the values flagged by ${rule} live instead of ${list([...new Set(places.map(fileOf))])}, and do they need rotating?`
        : `How should the ${rule} finding in ${list([...new Set(places.map(fileOf))])} be fixed, and what keeps it from coming back?`,
      priority: SEVERITY_PRIORITY[severity] ?? 'low',
      types: ['security', 'compliance'],
      subjects: [rule, category],
      whyItMatters: `The security scan of the project's config files found ${places.length} ${severity} ${category} finding${places.length === 1 ? '' : 's'} (${rule}) at ${list(places)}.`,
      evidence: places.slice(0, 10),
      howToAnswer: secret
        ? [
            `Open ${list(places)} and check whether the value is real; run \`git log -p -- ${fileOf(places[0]!)}\` to see whether it is in the history, and rotate it if so.`,
            `Decide where such values come from (environment variables, a secret manager) and record it as an ADR in ${adrDir}.`,
          ]
        : [`Open ${list(places)} and read the setting against the rule ${rule} (analyze_content_security explains it).`, `Fix it, or record in an ADR why it is acceptable here.`],
    };
  });
}

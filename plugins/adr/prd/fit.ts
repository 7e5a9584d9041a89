/**
 * Which options fit the PRD at hand, and which areas cannot be made specific to it: an API
 * fixed by an external contract is a constraint, machine-to-machine signatures are not a
 * choice of identity provider, and a latency target on one outbound call gets no CDN.
 * An area that would only get generic options is left out, with the reason, not written.
 */
import type { Detection } from '../../project/api.js';
import { AREAS, TARGET, type AreaId, type AreaOption, type PrdFacts } from './areas.js';
import { regimesServed, type AreaFinding } from './extract.js';
import type { PrdSentence } from './sentences.js';

/** What the drafts of one PRD are judged against. */
export interface PrdContext {
  facts: PrdFacts;
  /** Compliance regimes the controls must serve: named, or implied by the data the PRD names. */
  regimes: string[];
  /** Options the project already uses, by area (from the project scan). */
  project: Partial<Record<AreaId, AreaOption[]>>;
}

const WEB = /\bweb ?(?:shop|site|pages?|app\w*|front[- ]?end|UI|client)\b|\bstatic assets\b|\bbrowsers?\b|\blanding pages?\b/i;
const LOAD = /\b(?:throughput|concurren\w*|peak|requests? per (?:second|minute)|RPS|TPS|QPS|scal(?:e|ing) (?:to|out|up))\b|\b\d[\d,.]*\s*k?\s*(?:(?:orders|requests|transactions|events|messages|users|sessions|calls|payments) (?:per|a|each|\/)\s*(?:second|minute|hour|day)|concurrent)/i;
const BACKGROUND = /\b(?:e-?mails?|digests?|reports?|batch\w*|bulk|background|nightly|scheduled jobs?)\b/i;
// Interfaces whose shape someone else defines: the system implements them, it does not choose a style.
const EXTERNAL_API = /\bJSON-RPC\b|\bAPI extensions?\b|\bwebhooks?\b|\bSOAP\b|\bEDI\b|\bas (?:defined|specified) (?:by|in)\b|\bspecification\b/i;
// People who sign in: identity providers serve them, not services signing requests to each other.
const PEOPLE = /\b(?:users?|staff|customers?|merchants?|admins?|administrators?|employees?|agents?|members?|shoppers?|editors?|clinicians?|patients?|sign[- ]?(?:in|on|up)|log ?in|SSO|single sign-on|MFA|2FA|passwords?|accounts?)\b/i;

export function prdFacts(sentences: PrdSentence[], findings: AreaFinding[]): PrdFacts {
  const storage = findings.find((f) => f.area.id === 'storage');
  const any = (pattern: RegExp) => sentences.some((s) => pattern.test(s.text));
  return {
    database: !!storage && storage.ruledOut.length === 0,
    web: findings.some((f) => f.area.id === 'frontend') || any(WEB),
    load: any(LOAD),
    backgroundWork: any(BACKGROUND),
    cacheRuledOut: any(/\b(?:no|without(?: an?| any)?)\s+(?:[\w-]+\s+){0,2}cach(?:e|es|ing)\b/i),
  };
}

export function prdContext(sentences: PrdSentence[], findings: AreaFinding[], detections: Partial<Record<AreaId, Detection[]>>): PrdContext {
  const compliance = findings.find((f) => f.area.id === 'compliance');
  return {
    facts: prdFacts(sentences, findings),
    regimes: compliance ? regimesServed(compliance, sentences) : [],
    project: projectOptions(detections),
  };
}

/**
 * The project's detections as options of their areas, when an option's pattern matches the
 * detection's name. Unmatched detections are left out: the scanner's "databases" include ORMs
 * and caches (Prisma, Redis), which are not candidates for the primary database.
 */
function projectOptions(detections: Partial<Record<AreaId, Detection[]>>): Partial<Record<AreaId, AreaOption[]>> {
  const result: Partial<Record<AreaId, AreaOption[]>> = {};
  for (const [id, found] of Object.entries(detections) as Array<[AreaId, Detection[]]>) {
    const area = AREAS.find((a) => a.id === id);
    const options = (found ?? []).flatMap((d) => area?.options.filter((o) => o.pattern.test(d.name)) ?? []);
    if (options.length > 0) result[id] = [...new Set(options)];
  }
  return result;
}

/** A compliance control for other regimes (payment tokenisation for a GDPR-only PRD) is not a candidate. */
function servesRegimes(option: AreaOption, regimes: string[]): boolean {
  return !option.regimes || option.regimes.some((r) => regimes.includes(r));
}

/** The options an ADR offers: those the PRD names, then those the project uses, then the usual ones that apply. */
export function candidatesFor(finding: AreaFinding, ctx: PrdContext): AreaOption[] {
  const { area } = finding;
  const named = [...finding.chosen, ...finding.open, ...finding.setAside];
  // A decision the PRD records as made, or a question naming its options, weighs what the PRD names: nothing else is attributed to it.
  if (finding.accepted) return named;
  const project = (ctx.project[area.id] ?? []).filter((o) => !named.includes(o));
  if (finding.asked.length > 0) return [...named, ...project];
  const applies = (o: AreaOption) =>
    !o.onlyWhenNamed && (area.id !== 'compliance' || servesRegimes(o, ctx.regimes)) && (!o.appliesWhen || o.appliesWhen.some((fact) => ctx.facts[fact])) && !(o.unlessFact && ctx.facts[o.unlessFact]);
  return [...named, ...project, ...area.options.filter((o) => !named.includes(o) && !project.includes(o) && applies(o))];
}

/**
 * Why an open area is left out instead of written, or null to write it. Decided areas (an
 * option chosen, the area ruled out) and areas with options under evaluation are always written.
 */
export function leaveOutReason(finding: AreaFinding, candidates: AreaOption[]): string | null {
  if (finding.chosen.length > 0 || finding.open.length > 0 || finding.ruledOut.length > 0) return null;
  const quotes = finding.evidence.map((e) => e.quote);
  const first = (pattern: RegExp) => quotes.find((q) => pattern.test(q));
  const cut = (q: string) => (q.length > 240 ? `${q.slice(0, 239)}…` : q);
  const external = finding.area.id === 'api' ? first(EXTERNAL_API) : undefined;
  if (external) return `the interface is fixed by an external contract ("${cut(external)}"): a constraint to implement, not a choice of API style`;
  if (finding.area.id === 'auth' && !quotes.some((q) => PEOPLE.test(q))) {
    return `the PRD asks for authentication between systems ("${cut(quotes[0] ?? '')}"), not for people signing in, so no identity provider applies`;
  }
  if (candidates.length === 0) {
    const target = finding.targets[0]?.quote ?? quotes.find((q) => TARGET.test(q)) ?? quotes[0] ?? '';
    return `none of the usual options fits what the PRD describes (${finding.area.id === 'performance' ? 'no database, web pages or stated load' : 'nothing named'}); the requirement stays as written: "${cut(target)}"`;
  }
  return null;
}

/**
 * A PRD finding → a proposed ADR draft: the PRD's own words as context, the area's options
 * with their trade-offs, and a decision that is either the option the PRD names or plainly
 * marked "To be decided" with the candidates.
 */
import type { ParsedAdr } from '../catalog/types.js';
import type { AdrDraft, OptionDraft } from '../templates/types.js';
import { joinNames, ownSense, type AreaOption } from './areas.js';
import { optionsChosenIn, type AreaFinding, type Evidence } from './extract.js';
import { candidatesFor, type PrdContext } from './fit.js';

export interface PrdInfo {
  /** As the user gave it, for the text of the record. */
  path: string;
  title: string | null;
}

/** Decision sentences per area, completing "We will use X …". */
const USAGE: Record<string, string> = {
  storage: 'as the primary database',
  hosting: 'to host the system',
  auth: 'to authenticate users',
  secrets: 'to keep keys and secrets',
  messaging: 'for messaging between services',
  api: 'as the style of the system\'s APIs',
  frontend: 'to build the web front end',
  desktop: 'to build the desktop user interface',
  // What the PRD's line says the products are for; "metrics, logs and traces" would claim more than a tracing choice.
  observability: 'for observability',
  backend: 'to build the back end',
  tenancy: 'to keep tenants\' data apart',
  infrastructure: 'to declare the infrastructure as code',
  jobs: 'to run background jobs',
};

/** "(section "Technical decisions", line 12)" */
const where = (e: Evidence) => `(${e.section ? `section "${e.section}", ` : ''}line ${e.line})`;

/** The PRD lines that carry the choice, quoted, so "as the PRD states" points at the words that state it. */
function statedBy(finding: AreaFinding): Evidence[] {
  return finding.statedIn.filter((e) => finding.chosen.some((o) => o.pattern.test(e.quote)));
}

const phrase = (option: AreaOption) => option.phrase ?? option.name;

// Where the PRD keeps what a database would hold: "all state stays in the commercetools payment".
const KEPT_IN = /\b(?:stays?|remains?|lives?|(?:is|are) (?:kept|held|stored))\s+in\s+((?:the\s+)?[^.;,:()]+?)(?=\s+(?:and|but|which|so|because|for|until)\b|[.;,:()]|$)/i;

/** "No database: state stays in memory" when the PRD rules the area out; null otherwise. */
function absence(finding: AreaFinding): { name: string; where: string | null } | null {
  if (!finding.area.absent || finding.ruledOut.length === 0 || finding.chosen.length > 0) return null;
  const where = finding.ruledOut.map((e) => KEPT_IN.exec(e.quote)?.[1]?.trim()).find(Boolean) ?? null;
  return { name: finding.area.absent.name, where };
}

/** The PRD decides the area: an option chosen, or the area ruled out. */
export function isDecided(finding: AreaFinding): boolean {
  return finding.chosen.length > 0 || absence(finding) !== null;
}

export function draftTitle(finding: AreaFinding): string {
  const none = absence(finding);
  if (none) return none.where ? `${none.name}: state stays in ${none.where}` : none.name;
  const names = joinNames(finding.chosen.map(phrase));
  return finding.chosen.length > 0 ? finding.area.chosenTitle(names, finding.regimes) : finding.area.openTitle(finding.regimes);
}

function quoteBlock(evidence: Evidence[]): string {
  return evidence.map((e) => `> "${e.quote}"\n> ${where(e)}`).join('\n\n');
}

function decisionText(finding: AreaFinding, candidates: AreaOption[]): string {
  const { area, chosen, regimes } = finding;
  // Mid-sentence, an option reads as its phrase ("a shared schema with row-level security").
  const names = joinNames(chosen.map(phrase));
  const candidateNames = joinNames(candidates.map((o) => o.name));
  const none = absence(finding);
  if (none) return `We will not introduce ${none.name.replace(/^No /, 'a ')}${none.where ? `: state stays in ${none.where}` : ''}, as the PRD states.`;
  if (finding.asked.length > 0) {
    // An open question: its options, never a choice among them.
    const asks = finding.asked.map((e) => `"${e.quote}" ${where(e)}`).join('; ');
    return `To be decided: ${area.question} The PRD leaves it open: ${asks}. Options it names: ${joinNames(finding.open.map((o) => o.name))}${candidates.length > finding.open.length ? `; also in use or named elsewhere: ${joinNames(candidates.filter((o) => !finding.open.includes(o)).map((o) => o.name))}` : ''}. Choose one, record why, and update this ADR.`;
  }
  if (finding.open.length > 0) {
    return `To be decided: ${area.question} The PRD names ${joinNames(finding.open.map((o) => o.name))} and leaves the choice open. Candidates: ${candidateNames}. Choose one, record why, and update this ADR.`;
  }
  if (area.kind === 'choice') {
    if (chosen.length > 0 && finding.accepted) {
      const lines = statedBy(finding);
      return `We will use ${names} ${USAGE[area.id] ?? `for ${area.topic}`}, as the PRD decides: ${lines.map((e) => `"${e.quote}" ${where(e)}`).join('; ')}.`;
    }
    if (chosen.length > 0) return `We will use ${names} ${USAGE[area.id] ?? `for ${area.topic}`}, as the PRD states.`;
    if (finding.setAside.length > 0) {
      // The PRD turned options down without choosing: say which, and that the others are suggestions, not the PRD's.
      const others = candidates.filter((o) => !finding.setAside.includes(o));
      return `To be decided: ${area.question} The PRD rejects ${joinNames(finding.setAside.map((o) => o.name))} and chooses no other option.${others.length > 0 ? ` Candidates the PRD does not name: ${joinNames(others.map((o) => o.name))}.` : ''} Choose one, record why, and update this ADR.`;
    }
    return `To be decided: ${area.question} The PRD states requirements for ${area.topic} but names no option. Candidates: ${candidateNames}. Choose one, record why, and update this ADR.`;
  }
  const goal = area.id === 'compliance' ? `meet ${regimes.length > 0 ? joinNames(regimes) : 'the PRD\'s data protection requirements'}` : 'meet the performance targets quoted above';
  const open = candidates.filter((o) => !chosen.includes(o));
  if (chosen.length > 0) {
    const rest = open.length > 0 ? ` Still to be decided: whether ${joinNames(open.map(phrase))} ${open.length > 1 ? 'are' : 'is'} also needed.` : '';
    return `We will ${goal} with ${joinNames(chosen.map(phrase))}, as the PRD states.${rest}`;
  }
  return `To be decided: ${area.question} The PRD sets the requirements but names no approach. Candidates: ${candidateNames}. Choose, record why, and update this ADR.`;
}

export function draftFromFinding(finding: AreaFinding, prd: PrdInfo, date: string, ctx: PrdContext, candidates = candidatesFor(finding, ctx)): Omit<AdrDraft, 'number'> {
  const { area } = finding;
  const none = absence(finding);
  // Ruling the area out is the decision: the record is about that, not about the usual products.
  const chosen = none ? [{ name: none.name, pattern: /$^/, good: 'there is no new component to run, secure, back up or migrate', bad: none.where ? `everything must fit in ${none.where}; a need that does not is a new decision` : 'a later need for one is a new decision' }] : finding.chosen;
  if (none) candidates = chosen;
  // An option the PRD sets aside is listed as rejected, with the PRD's sentence as the reason.
  const rejectedBy = (o: AreaOption) => finding.setAsideWhy[finding.setAside.indexOf(o)];
  const options: OptionDraft[] = candidates.map((o) => {
    const why = finding.setAside.includes(o) ? rejectedBy(o) : undefined;
    return { name: o.name, ...(why ? { description: `Rejected by the PRD: "${why.quote}" ${where(why)}` } : {}), pros: [o.good], cons: o.bad ? [o.bad] : [] };
  });
  const source = prd.title ? `The PRD "${prd.title}" (${prd.path})` : `The PRD ${prd.path}`;
  const context = [
    `${source} implies a decision on ${area.topic} (${area.label}). ${area.question}`,
    'What the PRD says:',
    quoteBlock(none ? finding.ruledOut : finding.evidence),
  ].join('\n\n');

  const consequences: string[] = [];
  for (const option of chosen) {
    const who = chosen.length > 1 ? ` (${option.name.replace(/\s*\(.*\)$/, '')})` : '';
    consequences.push(`Good: ${option.good}${who}`, ...(option.bad ? [`Bad: ${option.bad}${who}`] : []));
  }
  if (finding.setAside.length > 0) consequences.push(`Neutral: the PRD rejects ${joinNames(finding.setAside.map((o) => o.name))}; revisiting that needs a new ADR`);
  if (area.id === 'performance' && finding.targets.length > 0) consequences.push('Neutral: the quoted targets become acceptance criteria, so they need load tests that measure them');
  if (area.id === 'compliance' && finding.regimes.length > 0) consequences.push(`Neutral: audits for ${joinNames(finding.regimes)} will ask for evidence that the controls are in place`);
  if (chosen.length === 0) consequences.push(`Neutral: until the choice is made, work that depends on ${area.topic} cannot be finished`);

  // Regimes are forces on the decision; the quotes already stand in the context.
  const drivers = area.id === 'compliance' ? finding.regimes.map((r) => `${r} compliance`) : [];

  return {
    title: draftTitle(finding),
    date,
    status: finding.accepted && !none ? 'accepted' : 'proposed',
    context,
    contextSummary: `${area.topic} for ${prd.title ?? 'the product the PRD describes'}`,
    facing: `the question "${area.question}"`,
    decision: decisionText(finding, candidates),
    rationale: finding.accepted ? `the PRD records the decision, in the words quoted in the context` : chosen.length > 0 ? `the PRD requires ${chosen.length > 1 ? 'them' : 'it'}, in the words quoted in the context` : undefined,
    // Only a made choice neglects the other candidates; options still open, or approaches that may be added, are not neglected.
    neglected: (area.kind === 'choice' && chosen.length > 0 ? candidates.filter((o) => !chosen.includes(o)) : finding.setAside).map((o) => o.name),
    consequences,
    options,
    chosen: chosen.map((o) => o.name),
    drivers,
    deciders: [],
    tags: [area.id, 'prd'],
  };
}

/** An existing ADR on the same topic, so the area is not proposed twice; rejected and deprecated records do not count. */
export function coveringAdr(finding: AreaFinding, adrs: ParsedAdr[]): ParsedAdr | null {
  const live = adrs.filter((adr) => adr.status !== 'rejected' && adr.status !== 'deprecated' && adr.status !== 'superseded');
  // Covering means deciding the area: tagged with it, titled with its topic, or choosing one of its options in the
  // title or decision (attributed as in a PRD, so "Azure AD" is not hosting); a word in passing does not count.
  // Words in another sense do not count ("Pre-authorisation and authorisation adjustment" is a payment record), and
  // for requirement areas a control named in passing does not either ("Adyen" in a record on matching notifications).
  const { area } = finding;
  const decides = (adr: ParsedAdr) =>
    area.covers.test(ownSense(area, [adr.title, ...adr.tags].join(' \n '))) ||
    [adr.title, adr.decision ?? '', adr.yStatement?.decision ?? ''].some(
      (text) => text !== '' && optionsChosenIn(area, text).length > 0 && (area.kind === 'choice' || area.covers.test(ownSense(area, text))),
    );
  return live.find((adr) => adr.tags.includes(finding.area.id)) ?? live.find(decides) ?? null;
}

/**
 * When the PRD names options for an area an ADR already covers but the ADR's title
 * and decision mention none of them (PRD: MySQL, ADR: PostgreSQL), say so: the area
 * is still skipped, but someone has to reconcile the two.
 */
export function prdDisagreement(finding: AreaFinding, adr: ParsedAdr): string | null {
  if (finding.chosen.length === 0) return null;
  const adrText = [adr.title, adr.decision ?? '', adr.yStatement?.decision ?? ''].join('\n');
  if (finding.chosen.some((option) => option.pattern.test(adrText))) return null;
  return `the PRD names ${finding.chosen.map((option) => option.name).join(', ')}, which ADR ${adr.number ?? '(unnumbered)'} does not choose`;
}

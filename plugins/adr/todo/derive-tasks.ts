/**
 * An accepted ADR → the work it calls for, test first: one pair (a test task, then
 * the implementation task that depends on it) for the decision, and one pair per
 * consequence that asks for work. Assessments are not work: MADR's "Good, because",
 * "Bad, because" and "Neutral" bullets, the items of "Positive"/"Negative"/"Trade-offs"
 * lists, labelled effects ("Learning curve: the team must learn Rust") and descriptive
 * consequences ("Backups are handled by the platform") never become tasks.
 */
import type { ParsedAdr } from '../catalog/types.js';
import type { DecisionEvidence } from './decision-evidence.js';
import type { TaskPriority } from './types.js';

export interface DerivedPair {
  /** "decision", or "consequence" for work a consequence asks for. */
  source: 'decision' | 'consequence';
  /** What the pair is about, as a short imperative ("Add a migration step to the deploy pipeline"). */
  subject: string;
  /** Absent where tests mean nothing: a process decision, one already in the code, effort or refactoring. */
  test?: { title: string; description: string };
  implementation: { title: string; description: string };
  /** The task's kind when it is not an implementation: following a process decision, verifying one the code already shows. */
  kind?: 'process' | 'verify';
}

export interface DeriveOptions {
  /** Evidence that the code already carries the decision out (compare_adr_progress's "implemented" verdict). */
  inPlace?: string[];
  /** What the code shows of the decision (decision-evidence.ts), and the manifests it looked in. */
  evidence?: DecisionEvidence & { manifests: string[] };
  /** Today (ISO), to tell a decision taken years ago from a recent one. */
  now?: string;
}

/** An accepted decision this old whose technology the code shows is taken as done: verified, not implemented again. */
const SETTLED_DAYS = 365;
const RANK: TaskPriority[] = ['low', 'medium', 'high', 'critical'];
const atLeast = (priority: TaskPriority, floor: TaskPriority): TaskPriority => (RANK.indexOf(priority) >= RANK.indexOf(floor) ? priority : floor);

/** Days since the ADR's date, null when undated. */
function ageInDays(adr: ParsedAdr, now: string | undefined): number | null {
  const dated = adr.date ? Date.parse(adr.date) : Number.NaN;
  const today = now ? Date.parse(now) : Number.NaN;
  return Number.isNaN(dated) || Number.isNaN(today) ? null : Math.floor((today - dated) / 86_400_000);
}

/** Where the work of a gap goes: the technologies with no sign in the code, the packages that bring them in, the manifests looked in. */
function gapWhere(evidence: DeriveOptions['evidence']): string {
  if (!evidence?.missing.length) return '';
  const parts = evidence.missing.map((m) => `${m.technology}${m.clients.length ? ` (${m.clients.join(', ')})` : ''}`);
  const manifests = evidence.manifests.slice(0, 4).join(', ');
  return ` The code shows no sign of ${parts.join(', ')}${manifests ? ` in ${manifests}${evidence.manifests.length > 4 ? ' and more' : ''}` : ''}: add it to the package that needs it.`;
}

/** Decisions about how the team works (records, documents, conventions, workflow, release policy): followed, not implemented or tested. */
const PROCESS = /\b(?:record(?:ing|s)?|document(?:ing|s)?|writ(?:e|ing) down)\b[^.\n]{0,40}\bdecisions?\b|\barchitecture decision records?\b|\badrs?\b|\bconventions?\b|\bworkflows?\b|\bprocess(?:es)?\b|\bbranching\b|\bcode reviews?\b|\bcommit messages?\b|\bversioning\b|\b(?:alpha|beta|pre-release)\b[^.\n]{0,20}\bversions?\b|\bchangelogs?\b|\bstyle guides?\b|\bguidelines?\b/i;
export const isProcessDecision = (adr: ParsedAdr) => PROCESS.test(adr.title);
/** Consequences that describe effort or clean-up ("all existing tests … must be refactored"): work, but nothing a new test verifies. */
const EFFORT = /\b(?:refactor\w*|rewrit\w*|rework\w*|clean(?:ed|ing)? up|spend|spent|effort|learn\w*|train\w*|(?:existing|old|current) tests?)\b/i;

export interface DerivedTasks {
  priority: TaskPriority;
  /** Why the priority was chosen: the words found, or "no security, compliance or data-loss words". */
  priorityReason: string;
  pairs: DerivedPair[];
}

const MAX_SUBJECT = 120;

// Assessments (MADR pros and cons, split-consequence labels), never work.
const ASSESSMENT = /^(good|bad|neutral|pro|con|positive|negative|benefit|drawback|downside|upside)\b\s*(,|:|because|-|–)/i;
const LABEL = /^(positive|negative|neutral)( consequences?)?\s*:?$/i;
// Headings or lead-in lines that open a list of assessments ("### Negative", "**Trade-offs:**", "Positive consequences:").
const ASSESSMENT_HEADING =
  /^(?:#{1,6}\s+)?(?:\*\*|__)?(?:positive|negative|neutral|good|bad|pros?|cons?|pros and cons|benefits?|drawbacks?|downsides?|upsides?|advantages?|disadvantages?|risks?|trade-?offs?|costs?|gains?|impacts?)(?:\s+(?:consequences?|impacts?|effects?|aspects?))?\s*:?(?:\*\*|__)?\s*:?$/i;
// A "Label: text" bullet ("Learning curve: the team must learn Rust", "**Performance**: faster"):
// it describes an effect of the decision. Only labels that announce work keep their bullet.
const LABELLED = /^([A-Za-z][\w'/&-]*(?:\s+[\w'/&-]+){0,4})\s*:\s+\S/;
// Labels that announce work, or say nothing about it ("Note: we must …"): the text after them is judged as usual.
const WORK_LABEL = /^(?:follow[- ]?ups?|action(?: items?)?|actions|to-?dos?|to do|next steps?|work(?: items?)?|required work|tasks?|notes?|important|nb)$/i;
// Obligation or planned work: "we need to", "must", "will have to", "we will add".
// "We will …" counts only when a verb of work follows, not "we will be able to" or "we will lose".
const OBLIGATION =
  /\b(must|needs? to|will have to|ha(?:ve|s) to|(?:is|are) required to|shall|we are going to|requires? (?:us|teams?|developers|every\w*) to)\b|\bwe(?: will|'ll) (?!(?:be|have|lose|get|gain|benefit|no|not|never|see|need|still|also be)\b)/i;
const NO_WORK = /\b(no longer|not need|don't need|do not need|doesn't need|does not need|need not|needn't|won't have to|will not have to|don't have to|do not have to|no need)\b/i;
// Imperative openings of a work item ("Add …", "Migrate …").
const IMPERATIVE =
  /^(add|adopt|automate|build|configure|create|define|deploy|document|enable|encrypt|ensure|establish|implement|install|integrate|introduce|migrate|monitor|move|provide|remove|replace|rewrite|rotate|run|set up|train|update|upgrade|write|validate|verify|review|audit|backfill|port|refactor|split|extract|wire|expose|publish|schedule|retire|decommission)\b/i;
// Lead-ins removed so the subject reads as an imperative.
const LEAD_IN =
  /^(?:so,? |therefore,? |as a result,? |consequently,? )?(?:we|the team|teams|developers)(?:(?:'ll|\s+will)(?:\s+(?:need to|have to))?|\s+(?:need to|must|have to|are required to|are going to))\s+/i;

const CRITICAL = /\b(data loss|lose data|losing data|lost data|data corruption|corrupt(?:ed|ion)? data|breach(?:es)?|vulnerabilit(?:y|ies)|exploit(?:s|ed)?|disaster recovery)\b/gi;
const HIGH = /\b(security|secure|authenticat\w*|authori[sz]\w*|encrypt\w*|secrets?|credentials?|privacy|personal data|pii|gdpr|hipaa|pci(?:[- ]dss)?|sox|compliance|compliant|regulat\w*|audit\w*|backups?)\b/gi;
/** A risk named as a possibility among others ("may cause crashes, data loss (potentially), or high CPU load") is not the decision's subject. */
const HEDGED = /\b(?:may|might|could|potentially|possibly|in theory|in rare cases|unlikely)\b/i;
/** "compliance with old Python versions", "compliant with Node 18": compatibility, not regulation. */
const COMPATIBILITY = /^\s+with\s+(?:(?:the|old|older|new|newer|legacy|previous|current|recent|latest|all)\s+)*[\w.+#-]+(?:\s+[\w.+#-]+)?\s+(?:versions?|releases?|runtimes?|browsers?)\b|^\s+with\s+[\w.+#-]+\s+v?\d/i;

function sentenceAround(text: string, index: number): string {
  const start = Math.max(text.lastIndexOf('\n', index), ...['. ', '! ', '? '].map((end) => text.lastIndexOf(end, index))) + 1;
  const ends = ['\n', '. ', '! ', '? '].map((end) => text.indexOf(end, index)).filter((i) => i >= 0);
  return text.slice(start, ends.length ? Math.min(...ends) : text.length);
}

/** The first match of `pattern` the decision is about: not hedged as a possible risk, not compatibility. */
function subjectMatch(text: string, pattern: RegExp): string | null {
  for (const match of text.matchAll(pattern)) {
    if (HEDGED.test(sentenceAround(text, match.index))) continue;
    if (/^complian/i.test(match[0]) && COMPATIBILITY.test(text.slice(match.index + match[0].length))) continue;
    return match[0];
  }
  return null;
}

/**
 * Priority rule (documented in the tool): critical when the ADR's title, context or
 * decision mention data loss, corruption, breaches, vulnerabilities or exploits; high
 * when they mention security, authentication/authorisation, encryption, secrets,
 * privacy, compliance, regulation, audits or backups; medium otherwise. A word in a
 * sentence that only says a risk may happen, or "compliance with old X versions"
 * (compatibility), does not count.
 */
export function priorityOf(adr: ParsedAdr): { priority: TaskPriority; reason: string } {
  const text = [adr.title, adr.context ?? '', adr.decision ?? ''].join('\n');
  const critical = subjectMatch(text, CRITICAL);
  if (critical) return { priority: 'critical', reason: `mentions "${critical}"` };
  const high = subjectMatch(text, HIGH);
  if (high) return { priority: 'high', reason: `mentions "${high}"` };
  return { priority: 'medium', reason: 'no security, compliance or data-loss words in title, context or decision' };
}

export function deriveTasks(adr: ParsedAdr, linkedAdr: string, options: DeriveOptions = {}): DerivedTasks {
  const { priority, reason } = priorityOf(adr);
  const label = adr.number !== null ? ` (ADR ${adr.number})` : '';
  const ref = adr.number !== null ? `ADR ${adr.number} (${linkedAdr})` : linkedAdr;
  const decision = adr.decision ? oneLine(adr.decision, 400) : null;
  const title = shorten(adr.title.replace(/\s+/g, ' ').trim() || linkedAdr);

  if (isProcessDecision(adr)) {
    const implementation = { title: `Follow the decision "${title}"${label}`, description: `${ref} is a decision about how the team works${decision ? `: ${decision}` : '.'} There is nothing to implement or test; keep to it in everyday work.` };
    return { priority, priorityReason: reason, pairs: [{ source: 'decision', subject: title, implementation, kind: 'process' }] };
  }
  // Done already: the evidence says implemented, or the decision is old and the code shows it.
  const evidence = options.evidence;
  const age = ageInDays(adr, options.now);
  const settled = !!evidence && evidence.evidence.length > 0 && (evidence.verdict === 'implemented' || (age !== null && age >= SETTLED_DAYS && evidence.verdict !== 'conflict'));
  const inPlace = options.inPlace?.length ? options.inPlace : settled ? evidence!.evidence : null;
  if (inPlace) {
    const shown = inPlace.slice(0, 5).join(', ');
    const why = evidence && evidence.verdict !== 'implemented' && age !== null ? ` It was decided ${Math.floor(age / 365)} year(s) ago.${gapWhere(evidence).replace(': add it to the package that needs it.', ': check whether that part still applies.')}` : '';
    const implementation = { title: `Verify the decision "${title}" is in place${label}`, description: `The code already shows ${ref} (${shown}).${why} Check it matches the decision${decision ? ` (${decision.replace(/[.…]$/, '')})` : ''} and close this task.` };
    return { priority: 'low', priorityReason: `low: the code already shows it (${shown}); only a check is left`, pairs: [{ source: 'decision', subject: title, implementation, kind: 'verify' }] };
  }
  // A gap where the code could have shown it (the project has manifests) is accepted work not started: at least high.
  const gap = evidence?.verdict === 'gap' && evidence.manifests.length > 0;
  const gapPriority = gap ? atLeast(priority, 'high') : priority;
  const gapReason = gap ? `accepted, but the code shows no sign of ${evidence!.missing.map((m) => m.technology).join(', ') || 'it'} (looked in ${evidence!.manifests.length} manifest(s))${priority === gapPriority ? `; ${reason}` : ''}` : reason;
  const where = gapWhere(evidence);

  const pairs: DerivedPair[] = [
    {
      source: 'decision',
      subject: title,
      test: {
        title: `Write tests that verify the decision "${title}"${label}`,
        description: `${ref} is accepted${decision ? `: ${decision}` : '.'} Write tests that check the decision is in place; they fail until the implementation task is done.`,
      },
      implementation: {
        title: `Implement the decision "${title}"${label}`,
        description: `Implement ${ref}${decision ? `: ${decision}` : ''}${where} Done when its tests pass.`,
      },
    },
  ];

  const seen = new Set<string>([title.toLowerCase()]);
  for (const action of actionableConsequences(adr.consequences ?? '')) {
    const subject = shorten(action);
    if (seen.has(subject.toLowerCase())) continue;
    seen.add(subject.toLowerCase());
    const stated = /[.!?]$/.test(action) ? action : `${action}.`;
    if (EFFORT.test(action)) {
      pairs.push({ source: 'consequence', subject, implementation: { title: `Implement "${subject}"${label}`, description: `A consequence of ${ref}: ${stated}` } });
      continue;
    }
    pairs.push({
      source: 'consequence',
      subject,
      test: {
        title: `Write tests that verify "${subject}"${label}`,
        description: `A consequence of ${ref}: ${stated} Write tests (or automated checks) that verify it; they fail until the implementation task is done.`,
      },
      implementation: {
        title: `Implement "${subject}"${label}`,
        description: `A consequence of ${ref}: ${stated} Done when its tests pass.`,
      },
    });
  }
  return { priority: gapPriority, priorityReason: gapReason, pairs };
}

/**
 * The statements of a consequences text that ask for work, as imperatives. List items are
 * candidates one by one (an assessment bullet is dropped whole); prose is split into sentences.
 */
export function actionableConsequences(text: string): string[] {
  const actions: string[] = [];
  for (const found of candidates(text)) {
    if (describesEffect(found)) continue;
    const candidate = LABELLED.test(found) && WORK_LABEL.test(LABELLED.exec(found)![1]!) ? found.slice(found.indexOf(':') + 1).trim() : found;
    if (ASSESSMENT.test(candidate) || LABEL.test(candidate)) continue;
    if (NO_WORK.test(candidate)) continue;
    if (!OBLIGATION.test(candidate) && !IMPERATIVE.test(candidate)) continue;
    actions.push(asImperative(candidate));
  }
  return actions;
}

/** "Learning curve: …", "Performance: …": a labelled description of an effect, not a work item. */
function describesEffect(text: string): boolean {
  const labelled = LABELLED.exec(text);
  if (!labelled) return false;
  const label = labelled[1]!;
  // "We need to add dashboards: …" and "Add alerts: …" are work, whatever follows the colon.
  if (WORK_LABEL.test(label) || IMPERATIVE.test(label) || OBLIGATION.test(label) || /^(?:we|i|you|they|it|this|that|the team|teams|developers|each|every)\b/i.test(label)) return false;
  return true;
}

function candidates(text: string): string[] {
  const out: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0 && !assessing) for (const sentence of sentences(paragraph.join(' '))) out.push(sentence); // no spread: a huge paragraph would overflow the stack
    paragraph = [];
  };
  let item: string[] | null = null;
  // Inside a "Positive"/"Negative"/"Trade-offs" list: everything is an assessment until the next heading.
  let assessing = false;
  const flushItem = () => {
    if (item && !assessing) {
      const whole = plainText(item.join(' '));
      // An assessment bullet is dropped whole, whatever its later sentences say.
      if (ASSESSMENT.test(whole) || describesEffect(whole)) out.push(whole);
      else for (const sentence of sentences(whole)) out.push(sentence);
    }
    item = null;
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const bullet = /^(?:[*+-]|\d+[.)])\s+(?:\[[ xX]\]\s+)?(.*)$/.exec(line);
    const heading = /^#{1,6}\s/.test(line);
    if (heading || (!bullet && ASSESSMENT_HEADING.test(line))) {
      flushItem();
      flush();
      assessing = ASSESSMENT_HEADING.test(line);
      continue;
    }
    if (line === '' || /^<!--.*-->$/.test(line)) {
      flushItem();
      flush();
      continue;
    }
    if (bullet) {
      flush();
      flushItem();
      item = [bullet[1]!];
    } else if (item && /^\s+/.test(raw)) {
      item.push(line);
    } else {
      flushItem();
      paragraph.push(line);
    }
  }
  flushItem();
  flush();
  return out.map(plainText).filter((s) => s.length > 3);
}

function sentences(text: string): string[] {
  return plainText(text)
    .split(/(?<=[.!?;])\s+(?=[A-Z"“(])/)
    .map((s) => s.trim())
    .filter(Boolean);
}

function asImperative(sentence: string): string {
  // "But all existing tests …": a connective that joined the sentence to the one before it.
  const bare = sentence.replace(/^(?:but|and|also|however|still),?\s+/i, '').replace(LEAD_IN, '').replace(/[.;:!]+$/, '').trim();
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}

function plainText(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/\s+/g, ' ')
    .trim();
}

function oneLine(text: string, max: number): string {
  const flat = plainText(text.replace(/^\s*(?:[*+-]|\d+[.)])\s+/gm, ''));
  const cut = flat.length > max ? `${flat.slice(0, max).replace(/\s+\S*$/, '')} …` : flat;
  return /[.!?…]$/.test(cut) ? cut : `${cut}.`;
}

/** At most MAX_SUBJECT characters, cut at a word boundary. */
function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= MAX_SUBJECT) return flat;
  return `${flat.slice(0, MAX_SUBJECT).replace(/\s+\S*$/, '')} …`;
}

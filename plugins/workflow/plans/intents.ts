/**
 * A goal read as intents, not one keyword: "prepare the next release and check ADR
 * compliance" is a release and an ADR-compliance check. Rules run most specific
 * first and each match takes its words out of the goal, so "ADR compliance" is not
 * read again as a security "compliance", nor "decide whether to replace" as adoption.
 * The primary intent is the one ranked first; the others add their steps after it.
 */

export const INTENTS = [
  'new-project-setup', 'existing-project-analysis', 'security-review', 'deployment', 'troubleshooting', 'documentation', 'adr-work', 'testing', 'development',
  'adr-compliance', 'decision-research', 'onboarding',
] as const;
export type Intent = (typeof INTENTS)[number];

export interface ReadIntent {
  intent: Intent;
  /** The goal's words it was read from. */
  matched: string;
}

const ADRS = String.raw`(?:adrs?|architecture decision records?|architectur(?:e|al) decisions?|decisions?)`;

/** Most specific first: a rule's match is removed before the next rule reads the goal. */
const RULES: Array<[Intent, RegExp]> = [
  // Does the code follow the decisions already taken?
  ['adr-compliance', new RegExp(String.raw`\b(?:adrs?|architecture|architectural|decisions?)\s+(?:compliance|conformance|adherence|drift|progress)\b|\bcompl(?:y|ies|iance|iant)\s+with\s+(?:the\s+|our\s+)?${ADRS}|\b(?:follow(?:s|ed|ing)?|match(?:es|ing)?|respect(?:s|ing)?|honou?r(?:s|ing)?|deviat\w*\s+from|drift(?:ed|s)?\s+from)\s+(?:the\s+|our\s+|its\s+)?${ADRS}|\b${ADRS}\s+(?:are\s+|were\s+|is\s+)?(?:still\s+)?(?:implemented|followed|carried out|respected|up to date)\b|\bcompar\w*\b[^.;]{0,30}\b(?:with|to|against)\s+(?:the\s+|our\s+)?${ADRS}`, 'i')],
  // An open question between options: research before any record.
  ['decision-research', /\b(?:decid(?:e|es|ing)|whether|evaluat\w*|should we|choos(?:e|ing)|pick(?:ing)? (?:between|a|an)|compar(?:e|ing) \w+(?: \w+)? (?:and|with|to|vs\.?|versus)|alternatives? (?:to|for)|trade-?offs?|versus|vs\.?|pros and cons|worth (?:switching|replacing|migrating|moving))(?=\W|$)/i],
  // Someone new to the code.
  ['onboarding', /\b(?:onboard\w*|new (?:developers?|engineers?|joiners?|hires?|team ?members?|contributors?|teammates?|colleagues?)|get(?:ting)? (?:up to speed|familiar|started)|ramp(?:ing)? up|familiari[sz]\w*|new to (?:this|the) (?:code ?base|repo\w*|project|team)|where (?:do|should) (?:i|we|they) start|(?:walk ?through|tour) of)\b/i],
  ['troubleshooting', /\b(fix|bug|fail\w*|error|debug\w*|broken|crash\w*|troubleshoot\w*|incident|regression)\b/i],
  ['security-review', /\b(secur\w*|secrets?|credentials?|vulnerab\w*|leak\w*|cves?|audit\w*|compliance|pen ?test\w*|owasp|harden\w*)\b/i],
  ['deployment', /\b(deploy\w*|releas\w*|ship\w*|production|rollout|roll out|go live|go-live|launch\w*|kubernetes|docker|(?:cut|tag|publish|bump)\s+(?:a\s+|the\s+)?(?:new\s+)?(?:release|version|v?\d+\.\d+))\b/i],
  ['new-project-setup', /\b(new project|set ?up|bootstrap|scaffold|greenfield|start(ing)? (a|the) project|initiali[sz]e)\b/i],
  ['adr-work', /\b(adrs?|decision|decisions|architecture record|architectural decision)\b/i],
  ['documentation', /\b(docs?|documentation|document (?:the|our|how|what|it|this)|readme|guides?|tutorials?|api reference|how-?tos?)\b/i],
  ['testing', /\b(tests?|testing|coverage|tdd)\b/i],
  // Bringing in or swapping a technology is a decision before it is code.
  ['adr-work', /\b(adopt\w*|introduc\w*|migrat\w*|switch(es|ing)? (to|from)|replac\w*|integrat\w*)\b/i],
  ['development', /\b(implement\w*|feature|develop\w*|refactor\w*)\b/i],
  ['existing-project-analysis', /\b(analy[sz]\w*|assess\w*|audit)\b/i],
  // Words too common to add an intent beside another ("make sure the code follows"): they decide only alone.
  ['development', /\b(build|code|add(ing)?)\b/i],
  ['existing-project-analysis', /\b(understand|review)\b/i],
];
const WEAK_FROM = RULES.length - 2;

/** Which intent leads when a goal has several: the one whose work must come first or matters most. */
const RANK: readonly Intent[] = ['troubleshooting', 'security-review', 'deployment', 'decision-research', 'adr-compliance', 'onboarding', 'new-project-setup', 'adr-work', 'documentation', 'testing', 'development', 'existing-project-analysis'];

/** An intent whose plan already does another's work makes that one redundant ("decide whether to replace": research, then the ADR). */
const SUBSUMES: Partial<Record<Intent, Intent[]>> = {
  'decision-research': ['adr-work'],
  onboarding: ['existing-project-analysis', 'new-project-setup'],
  troubleshooting: ['testing'],
};

/** What a phase is about when the goal's words say nothing known. */
const PHASE_INTENT: Record<string, Intent> = { planning: 'adr-work', development: 'development', testing: 'testing', deployment: 'deployment' };

export function readIntents(goal: string, phase?: string): { intent: Intent; matched: string | null; intents: ReadIntent[] } {
  let rest = goal;
  const found: Array<ReadIntent & { at: number }> = [];
  for (const [index, [intent, re]] of RULES.entries()) {
    const global = new RegExp(re.source, 'gi');
    if (index >= WEAK_FROM && found.length) break;
    for (const m of rest.matchAll(global)) {
      if (!found.some((f) => f.intent === intent)) found.push({ intent, matched: m[0].trim(), at: m.index });
    }
    // The words read are taken out (same length, so positions stay).
    rest = rest.replace(global, (m) => ' '.repeat(m.length));
  }
  const dropped = new Set(found.flatMap((f) => SUBSUMES[f.intent] ?? []));
  const kept = found.filter((f) => !dropped.has(f.intent));
  if (!kept.length) {
    const byPhase = phase ? PHASE_INTENT[phase] : undefined;
    return byPhase
      ? { intent: byPhase, matched: `currentPhase ${phase}`, intents: [{ intent: byPhase, matched: `currentPhase ${phase}` }] }
      : { intent: 'existing-project-analysis', matched: null, intents: [] };
  }
  const primary = [...kept].sort((a, b) => RANK.indexOf(a.intent) - RANK.indexOf(b.intent))[0]!;
  // The others in the order the goal names them.
  const others = kept.filter((f) => f !== primary).sort((a, b) => a.at - b.at);
  return { intent: primary.intent, matched: primary.matched, intents: [primary, ...others].map(({ intent, matched }) => ({ intent, matched })) };
}

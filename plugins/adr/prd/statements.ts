/**
 * What a PRD sentence does with the options it names: asks (an open question), sets aside
 * (a non-goal, a rejected alternative), records a decision already made, or only requires.
 * The wording and the section decide it, so "Auth provider: Auth0 or Keycloak?" never becomes
 * "We will use Auth0", and "The backend is built with NestJS" under "Technical decisions" is
 * an accepted decision while "Orders must be stored in PostgreSQL" stays a requirement to confirm.
 */
import type { PrdSentence } from './sentences.js';

export type SentenceMode = 'question' | 'aside' | 'decision' | 'statement';

// Sections whose items are questions still open, things the product will not do, or options turned down.
const QUESTION_SECTION = /\b(?:open (?:questions?|issues?|points?|decisions?)|questions?|unresolved|undecided|to be decided|TBD|to decide|pending decisions?)\b/i;
const ASIDE_SECTION = /\b(?:non[- ]?goals?|out of scope|not in scope|rejected(?: options| alternatives)?|alternatives (?:considered|rejected)|considered (?:and rejected|alternatives)|won'?t do|anti[- ]?goals?)\b/i;
// Sections that record decisions made (not requirements): "Technical decisions", "Tech stack", "Architecture choices".
const DECISION_SECTION = /\b(?:decisions?|decided|tech(?:nology|nical)? (?:stack|choices)|stack|choices)\b/i;

// Wording of a question: a question mark, a label that says the point is open ("TBD: Kafka vs. RabbitMQ"),
// a "TBD" anywhere, or a sentence saying the choice is still open.
const QUESTION = /\?\s*["')\]]*\s*$|^\s*(?:\*\*)?(?:open question|question|to be decided|to decide|undecided|pending)\b|\bTB[DC]\b|\b(?:is|are|remains?|stays?) (?:still )?(?:open|undecided|unresolved|to be decided|not (?:yet )?decided)\b|\b(?:not (?:yet )?decided|yet to be decided)\b/i;
// A label that turns options down: "Rejected: MongoDB (no joins)", "Alternatives considered: MySQL, MongoDB".
const ASIDE_LABEL = /^\s*(?:\*\*)?(?:rejected|not chosen|dismissed|ruled out|discarded|alternatives?(?: considered)?|considered alternatives?|non[- ]?goals?|out of scope)\b[^:]{0,30}:/i;
// Wording that records a decision as made, not as a requirement: "We chose Django", "X was selected".
const DECIDED = /\bwe(?: have| had)? (?:chose|chosen|picked|selected|decided (?:on|to (?:use|go with|adopt|build|run|deploy))|went with|settled on|standardi[sz]ed on|adopted)\b|\b(?:was|were|has been|have been) (?:chosen|selected|picked|adopted|decided on)\b|^\s*(?:\*\*)?(?:decision|decided)\b\s*(?:\*\*)?\s*:/i;
// A requirement or a wish is not yet a decision, even in a decisions section.
const MODAL = /\b(?:must|should|shall|may|might|could|needs? to|has to|have to|would)\b/i;

/** The mode of each sentence of a PRD, by its wording and the section it sits in. */
export function sentenceMode(sentence: PrdSentence): SentenceMode {
  const { text, section } = sentence;
  if (QUESTION.test(text) || QUESTION_SECTION.test(section)) return 'question';
  if (ASIDE_SECTION.test(section) || ASIDE_LABEL.test(text)) return 'aside';
  if (DECIDED.test(text)) return 'decision';
  // The main clause only: "…; X was rejected because migrations would run once per tenant" is still a decision.
  if (DECISION_SECTION.test(section) && !MODAL.test(text.split(/;|\bbecause\b|\bso that\b|\bsince\b/)[0]!)) return 'decision';
  return 'statement';
}

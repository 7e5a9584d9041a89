/**
 * Where a match of a keyword-less built-in rule can start. Without keywords a
 * rule's pattern would sweep the whole text, and each sweep of a 4 MB text
 * costs about a millisecond whatever the pattern (the profile's second cost
 * after the keyword pass). With a lead, the engine finds candidate starts
 * cheaply (a native indexOf for a literal prefix; one shared sweep for the
 * digit-led personal data) and tries the rule's own pattern only there, as a
 * sticky match, keeping the sweep's order and non-overlap: the findings are the
 * same as the sweep's.
 *
 * A lead is a necessary condition only: every position a match can start at
 * must pass it (test/plugins/security/rule-leads.test.ts checks this against
 * the plain sweep on adversarial text). A rule whose pattern changes must have
 * its lead checked too; a lead that is too loose only costs time.
 */
import { piiRules } from './pii.js';
import { registryRules } from './registries.js';
import { saasCollaborationRules } from './saas-collaboration.js';
import { saasMessagingRules } from './saas-messaging.js';
import type { SecurityRule } from './types.js';

/** Every match starts with `literal` (case-sensitive), found with indexOf, where `shape` (if any) holds. */
export interface LiteralLead {
  literal: string;
  shape?: (text: string, at: number) => boolean;
}

/**
 * Every match starts at a candidate of DIGIT_CANDIDATES, on one of the `first`
 * characters, where `shape` holds (cheap character checks before the pattern runs).
 */
export interface DigitLead {
  first: string;
  shape: (text: string, at: number) => boolean;
}

export type Lead = LiteralLead | DigitLead;

/**
 * Starts of digit-led personal data: a digit, "(" or "+" after a non-word
 * character (every such rule's lookbehind refuses a word character), followed
 * by a card's first group and separator or 13 digits, three digits and a
 * separator (SSN, phone), a dotted quad (IPv4), an area code, or a country code.
 * One character per match, so no candidate hides inside another.
 */
export const DIGIT_CANDIDATES = /(?<!\w)(?:\d(?=\d{3}[ -]\d|\d{12}|\d{2}[ .-]|\d{0,2}\.\d{1,3}\.\d{1,3}\.\d)|\((?=[2-9])|\+(?=[1-9]))/g;

const isDigit = (text: string, at: number) => {
  const c = text.charCodeAt(at);
  return c >= 48 && c <= 57;
};
const digitsAt = (text: string, at: number, count: number) => {
  for (let i = 0; i < count; i++) if (!isDigit(text, at + i)) return false;
  return true;
};

/** Four digits then a space or dash and a digit, or 13 digits in a row. */
const cardShape = (text: string, at: number) =>
  digitsAt(text, at, 4) && (((text[at + 4] === ' ' || text[at + 4] === '-') && isDigit(text, at + 5)) || digitsAt(text, at + 4, 9));
/** Three digits then one of `separators`. */
const groupShape = (separators: string) => (text: string, at: number) => digitsAt(text, at, 3) && separators.includes(text[at + 3] ?? '\0');
const isSeparator = (text: string, at: number) => text[at] === ' ' || text[at] === '.' || text[at] === '-';
/** A Mastercard range (51-55, 2221-2720) in the first four digits, then the card's shape. */
const mastercardShape = (text: string, at: number) => {
  if (!cardShape(text, at)) return false;
  const prefix = Number(text.slice(at, at + 4));
  return (prefix >= 5100 && prefix <= 5599) || (prefix >= 2221 && prefix <= 2720);
};
/** "(" (area code in brackets), or [2-9]dd, separator, [2-9]dd, separator, four digits. */
const usPhoneShape = (text: string, at: number) =>
  text[at] === '(' ||
  (digitsAt(text, at, 3) && isSeparator(text, at + 3) && text[at + 4]! >= '2' && digitsAt(text, at + 4, 3) && isSeparator(text, at + 7) && digitsAt(text, at + 8, 4));
/** 1-3 digits and a dot, three times, then a digit. */
function dottedQuadShape(text: string, at: number): boolean {
  let i = at;
  for (let part = 0; part < 3; part++) {
    let digits = 0;
    while (digits < 3 && isDigit(text, i)) {
      i++;
      digits++;
    }
    if (!digits || text[i] !== '.') return false;
    i++;
  }
  return isDigit(text, i);
}

const BY_ID: Record<string, Lead> = {
  'crates-io-token': { literal: 'cio' },
  'twilio-api-key': { literal: 'SK' },
  'twilio-account-sid': { literal: 'AC' },
  'sendgrid-api-key': { literal: 'SG.' },
  // "pat" starts every "path": the dot after the 14 characters rules most out before the pattern runs.
  'airtable-personal-access-token': { literal: 'pat', shape: (text, at) => text[at + 17] === '.' },
  'dropbox-access-token': { literal: 'sl.' },
  'credit-card-visa': { first: '4', shape: cardShape },
  'credit-card-mastercard': { first: '25', shape: mastercardShape },
  'credit-card-amex': { first: '3', shape: cardShape },
  'credit-card-discover': { first: '6', shape: cardShape },
  'credit-card-jcb': { first: '3', shape: cardShape },
  'credit-card-diners': { first: '3', shape: cardShape },
  'us-social-security-number': { first: '012345678', shape: groupShape('-') },
  'phone-number-us': { first: '(23456789', shape: usPhoneShape },
  'ipv4-address': { first: '0123456789', shape: dottedQuadShape },
  'phone-number-international': { first: '+', shape: (text, at) => text[at] === '+' && isDigit(text, at + 1) },
};

/** By rule object: a third-party rule, or a copy with another pattern, has no lead and sweeps the text. */
const leads = new WeakMap<SecurityRule, Lead>();
for (const rule of [...piiRules, ...registryRules, ...saasCollaborationRules, ...saasMessagingRules]) {
  const lead = BY_ID[rule.id];
  if (lead && !rule.keywords?.length) leads.set(rule, lead);
}

export const leadOf = (rule: SecurityRule): Lead | undefined => leads.get(rule);

/**
 * conversationContext: what the client knows from the conversation, passed to
 * the project and adr tools. The seed leaves its fields open; these are the
 * ones a client sends (other keys are accepted and ignored). Each tool's
 * parameter description says what that tool does with it: the ones that use it
 * match the focus areas and goals against what they return (`conversationFocus`).
 */
import { Type } from '../../sdk/index.js';

/** A phrase or a list of them. */
const Phrases = () => Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())]));

// The field names say what each holds, and the parameter repeats in most tools' schemas: no
// per-field descriptions, to keep tools/list small.
const ContextFields = {
  humanRequest: Type.Optional(Type.String()),
  userGoals: Phrases(),
  focusAreas: Phrases(),
  constraints: Phrases(),
  projectPhase: Type.Optional(Type.String()),
};

/**
 * The parameter, with `use` saying what this tool does with it (truthfully: several tools only accept it).
 * A tool that only accepts it lists no fields: a model needs none to call it, and tools/list stays small.
 */
export const ConversationContext = (use: string) =>
  Type.Optional(Type.Object(use === NOT_USED ? {} : ContextFields, { additionalProperties: true, description: `Context from the conversation. ${use}` }));

/** Said by the tools that accept the context without using it. */
export const NOT_USED = 'Accepted; this tool does not use it.';

/** A focus phrase and the words it is matched by. */
interface FocusPhrase {
  phrase: string;
  stems: string[];
}

export interface ConversationFocus {
  /** The focus areas, then the user goals, as the client wrote them. */
  phrases: string[];
  /** The constraints as given (no tool can check free text against them; results list them as not applied). */
  constraints: string[];
  /** The phrases `text` serves: it contains a significant word of the phrase (plurals and -ing forms match). */
  matches(text: string): string[];
}

const STOP = new Set(
  'a an and are as at be by can do for from get has have how i in into is it its make more my of on or our out over should so than that the their them this to up use using we want what when which will with without would you your need needs like just also all any some'.split(' '),
);
const SHORT_TERMS = new Set(['ci', 'cd', 'db', 'ui', 'ux', 'qa', 'io', 'k8s', 'iac', 'orm', 'api', 'sql']);

/** Without a plural, then an -ing/-ed/-er ending, so "tests", "testing" and "test", or "linters" and "linting", meet. */
const strip = (word: string, ending: RegExp) => word.replace(ending, (found) => (word.length - found.length >= 4 ? '' : found));
const stem = (word: string) => strip(strip(word, /(?<!s)s$/), /(?:ing|ed|er)$/);
const words = (text: string) => text.toLowerCase().match(/[a-z0-9][a-z0-9+#.-]*[a-z0-9+#]|[a-z0-9]/g) ?? [];
const significant = (word: string) => !STOP.has(word) && (word.length >= 3 || SHORT_TERMS.has(word));

const list = (value: unknown): string[] =>
  (typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []).map((item) => item.trim()).filter(Boolean);

export function conversationFocus(context: unknown): ConversationFocus {
  const record = context && typeof context === 'object' ? (context as Record<string, unknown>) : {};
  const phrases = [...new Set([...list(record.focusAreas), ...list(record.userGoals)])];
  const focus: FocusPhrase[] = phrases.map((phrase) => ({ phrase, stems: [...new Set(words(phrase).filter(significant).map(stem))] }));
  return {
    phrases,
    constraints: list(record.constraints),
    matches(text) {
      if (!focus.length) return [];
      const present = new Set(words(text).map(stem));
      return focus.filter((entry) => entry.stems.some((s) => present.has(s))).map((entry) => entry.phrase);
    },
  };
}

/** `items` with those serving the focus first, in the order of the phrases they serve (focus areas before goals), each with those phrases; stable otherwise. */
export function focusFirst<T>(items: readonly T[], focus: ConversationFocus, textOf: (item: T) => string): Array<{ item: T; serves: string[] }> {
  const marked = items.map((item) => ({ item, serves: focus.matches(textOf(item)) }));
  const rank = (entry: { serves: string[] }) => (entry.serves.length ? focus.phrases.indexOf(entry.serves[0]!) : focus.phrases.length);
  return marked.map((entry, index) => ({ entry, index })).sort((a, b) => rank(a.entry) - rank(b.entry) || a.index - b.index).map(({ entry }) => entry);
}

/** What a tool that uses the context reports having done with it (`conversation` in its result). */
export const ConversationUse = (serving: string) =>
  Type.Object(
    {
      focus: Type.Array(Type.String(), { description: 'The focus areas, then the user goals, as given.' }),
      served: Type.Array(Type.Object({ phrase: Type.String(), serving: Type.Array(Type.String(), { description: serving }) })),
      constraints: Type.Array(Type.String(), { description: 'As given: recorded, not checked (nothing here can test free text against the files).' }),
      note: Type.String(),
    },
    { description: 'What the call did with conversationContext; present when it was given.' },
  );

export interface ConversationUseValue {
  focus: string[];
  served: Array<{ phrase: string; serving: string[] }>;
  constraints: string[];
  note: string;
}

/** The `conversation` block for items ordered by `focusFirst`; `noun` names them in the note ("recommendation", "ADR"). */
export function conversationUse<T>(focus: ConversationFocus, ordered: ReadonlyArray<{ item: T; serves: string[] }>, idOf: (item: T) => string, noun: string): ConversationUseValue {
  const served = focus.phrases.map((phrase) => ({ phrase, serving: ordered.filter((entry) => entry.serves.includes(phrase)).map((entry) => idOf(entry.item)) }));
  const count = ordered.filter((entry) => entry.serves.length > 0).length;
  const note = !focus.phrases.length
    ? `No focus areas or goals given: the ${noun}s keep their order.`
    : count
      ? `${count} ${noun}(s) serve the focus areas or goals and come first, marked with the phrases they serve.`
      : `No ${noun} serves the focus areas or goals given; the order is unchanged.`;
  return { focus: focus.phrases, served, constraints: focus.constraints, note: focus.constraints.length ? `${note} Constraints are recorded, not checked.` : note };
}

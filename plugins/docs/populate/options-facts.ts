/**
 * The documented configuration of a JavaScript library or framework: the options its
 * factory takes (`fastify(options)`-style). Two readings, both pattern based:
 *   - an options object or schema the code declares (`const defaultInitOptions = {...}`,
 *     `const optionsSchema = { type: 'object', properties: {...} }`): its keys, with the
 *     default when it is a plain literal;
 *   - in an entry module, the keys read from the exported factory's options parameter
 *     (`options.bodyLimit`, `const { logger } = opts`).
 * These are what users configure; environment variables read by maintenance scripts are not.
 */
import { topLevelKeys } from '../gaps/object-keys.js';
import { type Fact, lineAt } from './facts.js';

/** `defaultInitOptions`, `serverOptions`, `options`, `optionsSchema`, `initOptionsSchema`. */
const OPTIONS_OBJECT = /^[ \t]*(?:export[ \t]+)?(?:const|let|var)[ \t]+((?:[A-Za-z_$][\w$]*)?(?:Options|options)(?:Schema)?|[A-Za-z_$][\w$]*OptionsSchema)[ \t]*=[ \t]*(?:Object\.freeze\()?\{/gm;
const LITERAL = /^\s*:\s*(-?\d[\d_.]*|'[^'\n]{0,40}'|"[^"\n]{0,40}"|true|false|null)\s*(?:,|\n|\}|$)/;
const FACTORY = /^[ \t]*(?:export[ \t]+(?:default[ \t]+)?)?(?:async[ \t]+)?function[ \t]*\*?[ \t]*([A-Za-z_$][\w$]*)[ \t]*\([ \t]*(options|opts|config|settings)\b/gm;
/** The config area of a factory's options (the configuration page lists them under Options). */
export const OPTIONS_GROUP = 'options';

function fact(path: string, text: string, name: string, at: number, detail?: string): Fact {
  return { kind: 'config', name, ...(detail ? { detail } : {}), technology: 'javascript', group: OPTIONS_GROUP, source: { file: path, line: lineAt(text, at) } };
}

/** Keys of the options objects and options schemas declared in `text`. */
export function optionObjectFacts(path: string, text: string): Fact[] {
  const facts: Fact[] = [];
  for (const m of text.matchAll(OPTIONS_OBJECT)) {
    const body = m.index + m[0].length;
    const keys = topLevelKeys(text, body);
    // A JSON schema: its `properties` are the options, its other keys (type, additionalProperties) are not.
    const properties = keys.find(([key]) => key === 'properties');
    if (properties && keys.some(([key]) => key === 'type')) {
      const open = text.indexOf('{', properties[1]);
      if (open < 0) continue;
      for (const [key, at] of topLevelKeys(text, open + 1)) {
        const type = /^\s*:\s*\{[^{}]*?\btype\s*:\s*['"](\w+)['"]/.exec(text.slice(at + key.length + 1, at + key.length + 200))?.[1];
        const dflt = /^\s*:\s*\{[^{}]*?\bdefault\s*:\s*([^,}\n]+)/.exec(text.slice(at + key.length + 1, at + key.length + 200))?.[1]?.trim();
        facts.push(fact(path, text, key, at, [type, dflt !== undefined ? `default ${dflt}` : undefined].filter(Boolean).join('; ') || undefined));
      }
      continue;
    }
    for (const [key, at] of keys) {
      const after = text.slice(at + key.length + (/['"]/.test(text[at]!) ? 2 : 0), at + key.length + 60);
      const value = LITERAL.exec(after)?.[1];
      facts.push(fact(path, text, key, at, value !== undefined ? `default ${value}` : undefined));
    }
  }
  return facts;
}

/** Keys an entry module's factory reads from its options parameter. */
export function factoryOptionFacts(path: string, text: string): Fact[] {
  const facts: Fact[] = [];
  for (const m of text.matchAll(FACTORY)) {
    const param = m[2]!;
    const reads = new RegExp(`\\b${param}\\.([A-Za-z_$][\\w$]*)\\b(?!\\s*\\()`, 'g');
    for (const r of text.matchAll(reads)) facts.push(fact(path, text, r[1]!, r.index + param.length + 1));
    const destructured = new RegExp(`(?:const|let|var)\\s*\\{([^}]*)\\}\\s*=\\s*${param}\\b`, 'g');
    for (const d of text.matchAll(destructured)) {
      const start = d.index + d[0].indexOf('{') + 1;
      for (const part of d[1]!.split(',')) {
        const name = /^\s*([A-Za-z_$][\w$]*)/.exec(part)?.[1];
        if (name) facts.push(fact(path, text, name, start + d[1]!.indexOf(part) + part.indexOf(name)));
      }
    }
  }
  return facts;
}

/**
 * forbid-pattern regexes run on RE2 (re2js): matching time is linear in the
 * line, so a rule set's regex cannot hang the server whatever it holds; the
 * length is capped by the schema. Lines longer than MAX_LINE are cut (minified
 * code says nothing about conventions and would only cost time).
 */
import { RE2JS } from 're2js';
import { MAX_REGEX_LENGTH } from '../model/schema.js';

const MAX_LINE = 4000;

export interface LinePattern {
  /** 1-based lines that match, at most `limit`. */
  lines(text: string, limit: number): number[];
}

export function compilePattern(regex: string, ignoreCase: boolean): LinePattern {
  if (regex.length > MAX_REGEX_LENGTH) throw new Error(`longer than ${MAX_REGEX_LENGTH} characters`);
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(regex, ignoreCase ? RE2JS.CASE_INSENSITIVE : 0);
  } catch (error) {
    throw new Error(`not a valid RE2 regular expression (${(error as Error).message}); backreferences and lookaround are not supported`);
  }
  return {
    lines(text, limit) {
      const found: number[] = [];
      const lines = text.split('\n');
      for (let i = 0; i < lines.length && found.length < limit; i++) {
        const line = lines[i]!.length > MAX_LINE ? lines[i]!.slice(0, MAX_LINE) : lines[i]!;
        if (compiled.matcher(line).find()) found.push(i + 1);
      }
      return found;
    },
  };
}

/**
 * JSON with comments and trailing commas, as TypeScript reads tsconfig.json and VS Code its
 * settings and devcontainer.json: read with jsonc-parser (VS Code's own), not a comment stripper.
 */
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';

/** The value, or null when the text still is not JSON (the first error is in `why`, when asked for). */
export function parseJsonc(text: string, why?: { error?: string }): unknown {
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: false });
  if (errors.length === 0) return value;
  if (why) {
    const first = errors[0]!;
    why.error = `${printParseErrorCode(first.error)} at offset ${first.offset}`;
  }
  return null;
}

/**
 * Conventional Commits (https://www.conventionalcommits.org): `type(scope)!: subject`,
 * checked on a commit's first line, with the reasons a message does not conform; a
 * `BREAKING CHANGE:` footer in the body marks a breaking change too. One reading for
 * smart_git_push's commit analysis and analyze_deployment_progress's version bumps.
 */

export const CONVENTIONAL_TYPES = ['feat', 'fix', 'docs', 'style', 'refactor', 'perf', 'test', 'build', 'ci', 'chore', 'revert'] as const;

export interface ConventionalForm {
  valid: boolean;
  type: string | null;
  scope: string | null;
  breaking: boolean;
  description: string | null;
  /** Why the message does not conform (empty when valid); notes such as an unusual type are in `notes`. */
  problems: string[];
  notes: string[];
}

const HEADER = /^(?<type>[A-Za-z]+)(?:\((?<scope>[^()\r\n]*)\))?(?<bang>!)?: (?<description>.*)$/;

export function parseConventional(message: string): ConventionalForm {
  const [subject = '', ...body] = message.split('\n');
  const match = HEADER.exec(subject);
  const breakingFooter = body.some((line) => /^BREAKING[ -]CHANGE: /.test(line));
  if (!match?.groups) {
    const problems = [/^[A-Za-z]+(\([^)]*\))?!?:\S/.test(subject) ? 'a space must follow the colon after the type' : 'the first line is not "type(scope)!: description"'];
    if (/^Merge /.test(subject)) problems.push('a merge commit message, as git wrote it');
    return { valid: false, type: null, scope: null, breaking: breakingFooter, description: null, problems, notes: [] };
  }
  const { type, scope, bang, description } = match.groups as { type: string; scope?: string; bang?: string; description: string };
  const problems: string[] = [];
  const notes: string[] = [];
  if (!description.trim()) problems.push('the description after "type: " is empty');
  if (scope !== undefined && !scope.trim()) problems.push('the scope in parentheses is empty');
  if (body.length && body[0]!.trim() !== '') problems.push('the body must be separated from the first line by a blank line');
  if (!(CONVENTIONAL_TYPES as readonly string[]).includes(type.toLowerCase())) notes.push(`type "${type}" is not one of the usual ${CONVENTIONAL_TYPES.join(', ')}`);
  if (subject.length > 72) notes.push(`the first line is ${subject.length} characters (72 or fewer reads well in git log)`);
  return { valid: problems.length === 0, type, scope: scope ?? null, breaking: Boolean(bang) || breakingFooter, description, problems, notes };
}

/**
 * CLI flags of Typer-style commands, which no string in the code spells with dashes:
 * `def docs(name: str = Option("", help="..."), dry_run: bool = False)` under
 * `@app.command()` makes `--name` and `--dry-run` options of the `docs` command.
 * The reading of parameters is the gap detector's (gaps/python-cli.ts); this adds the
 * command each flag belongs to and its help text.
 */
import { parameterFlags } from '../gaps/python-cli.js';
import { type Fact, lineAt } from './facts.js';

/** `@app.command()` / `@app.command("run")` / `@app.command(name="run")`, then `def fn(`. */
const COMMAND = /^[ \t]*@\w+(?:\.\w+)*\.command\((?:\s*(?:name\s*=\s*)?(['"])([\w-]+)\1)?[^)\n]*\)[ \t]*\n(?:[ \t]*@[^\n]*\n)*[ \t]*(?:async[ \t]+)?def[ \t]+(\w+)/gm;

/** The parameter starting at `at`, up to its top-level comma or the signature's closing parenthesis. */
function parameterText(text: string, at: number): string {
  let depth = 0;
  for (let i = at; i < Math.min(text.length, at + 2_000); i++) {
    const c = text[i]!;
    if (c === '"' || c === "'") {
      const close = text.indexOf(c, i + 1);
      if (close < 0) break;
      i = close;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) return text.slice(at, i);
      depth--;
    } else if (c === ',' && depth === 0) return text.slice(at, i);
  }
  return text.slice(at, at + 200);
}

export function typerFlagFacts(path: string, text: string): Fact[] {
  if (!path.endsWith('.py') || !/\.command\(/.test(text)) return [];
  const commands = [...text.matchAll(COMMAND)].map((m) => ({ index: m.index, name: m[2] ?? m[3]!.replace(/_/g, '-') }));
  const facts: Fact[] = [];
  parameterFlags({ path, text, own: true }, (kind, name, _file, index) => {
    if (kind !== 'cli-flag') return;
    const group = commands.filter((c) => c.index < index).pop()?.name;
    const help = /\bhelp\s*=\s*(['"])((?:(?!\1).)*)\1/.exec(parameterText(text, index))?.[2];
    facts.push({ kind: 'flag', name, ...(help ? { detail: help } : {}), technology: 'python', ...(group ? { group } : {}), source: { file: path, line: lineAt(text, index + (text.slice(index).length - text.slice(index).trimStart().length)) } });
  });
  return facts;
}

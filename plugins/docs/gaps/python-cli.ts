/**
 * The CLI surface of Python packages that no call names with dashes: console scripts of
 * pyproject.toml (`[project.scripts]`, `[tool.poetry.scripts]`) and the options Typer-style
 * libraries make from a command function's parameters (`dry_run: bool = False` is
 * `--dry-run`; a parameter without a default, or an `Argument(...)`, is positional).
 */
import type { TextFile } from './project-files.js';

export type CollectCli = (kind: 'cli-command' | 'cli-flag', name: string, file: TextFile, index: number) => void;

/** Console scripts: the commands `pip install` puts on the user's PATH. */
export function pyprojectScripts(file: TextFile, add: CollectCli): void {
  if (!/(?:^|\/)pyproject\.toml$/.test(file.path) || file.path.includes('/')) return;
  for (const table of file.text.matchAll(/^\[(?:project\.scripts|tool\.poetry\.scripts)\][^\n]*\n([\s\S]*?)(?=^\[|(?![\s\S]))/gm)) {
    const bodyAt = table.index + table[0].length - table[1]!.length;
    for (const m of table[1]!.matchAll(/^\s*["']?([A-Za-z0-9][\w.-]*)["']?\s*=/gm)) add('cli-command', m[1]!, file, bodyAt + m.index);
  }
}

/** `@app.command()` (or `@app.command("name")`) then, after other decorators, `def name(`. */
const COMMAND_DEF = /^[ \t]*@\w+(?:\.\w+)*\.command\(([^)\n]*)\)[ \t]*\n(?:[ \t]*@[^\n]*\n)*[ \t]*(?:async[ \t]+)?def[ \t]+(\w+)[ \t]*\(/gm;
/** Characters of a signature read at most. */
const MAX_SIGNATURE = 8_000;

/** Commands named after decorated functions, and the options made from their parameters. */
export function parameterFlags(file: TextFile, add: CollectCli): void {
  if (!file.path.endsWith('.py')) return;
  for (const m of file.text.matchAll(COMMAND_DEF)) {
    const open = m.index + m[0].length;
    // A command without a name given is named after its function (`def build_docs` is `build-docs`).
    if (!/['"]/.test(m[1]!)) add('cli-command', m[2]!.replace(/_/g, '-'), file, m.index);
    for (const param of parameters(file.text, open)) {
      const name = /^\s*([A-Za-z]\w*)\s*(?::|=|$)/.exec(param.text)?.[1];
      if (!name || name === 'self' || name === 'ctx' || name === 'context') continue;
      if (/\bArgument\s*\(/.test(param.text)) continue;
      const hasDefault = /=/.test(param.text.replace(/\[[^\]]*\]|\([^)]*\)/g, ''));
      const annotatedOption = /\bOption\s*\(/.test(param.text);
      if (!hasDefault && !annotatedOption) continue;
      // Option("--out", "-o") names the flags itself.
      const explicit = /\bOption\s*\(([^)]*)\)/.exec(param.text)?.[1]?.match(/(['"])--[a-zA-Z][\w-]*\1/g);
      const flags = explicit?.map((s) => s.slice(1, -1)) ?? [`--${name.replace(/_/g, '-')}`];
      for (const flag of flags) add('cli-flag', flag, file, open + param.at);
    }
  }
}

/** The top-level parameters of the signature opening at `open` (just after its `(`), with their offsets. */
function parameters(text: string, open: number): Array<{ text: string; at: number }> {
  const out: Array<{ text: string; at: number }> = [];
  let depth = 0;
  let start = open;
  const end = Math.min(text.length, open + MAX_SIGNATURE);
  for (let i = open; i < end; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'") {
      const close = text.indexOf(c, i + 1);
      if (close === -1) break;
      i = close;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) {
        if (text.slice(start, i).trim()) out.push({ text: text.slice(start, i), at: start - open });
        break;
      }
      depth--;
    } else if (c === ',' && depth === 0) {
      out.push({ text: text.slice(start, i), at: start - open });
      start = i + 1;
    }
  }
  // Offsets of the parameters' first characters, not of the whitespace before them (their line is the evidence).
  return out
    .map((p) => ({ text: p.text.trimStart(), at: p.at + p.text.length - p.text.trimStart().length }))
    .filter((p) => p.text.trim() !== '' && !p.text.startsWith('*'));
}

/**
 * A repository with a long, realistic history built in one `git fast-import`
 * (hundreds of commits in well under a second, where one `git commit` each
 * would take minutes on a busy machine): a source tree of `files` modules,
 * each commit rewriting a few of them.
 */
import { execFileSync } from 'node:child_process';

export interface HistoryOptions {
  commits: number;
  /** Modules in the tree. */
  files?: number;
  /** Lines per module. */
  lines?: number;
  /** Modules each commit rewrites. */
  perCommit?: number;
  /** Extra files a given commit (1-based) adds, path -> content. */
  extra?: Record<number, Record<string, string>>;
  /** The branch written (refs/heads/<branch>). */
  branch?: string;
  /** Continue from this commit (a sha or ref) instead of starting a new root. */
  from?: string;
}

const GIT = ['-c', 'user.name=Dana Dev', '-c', 'user.email=dana@example.com', '-c', 'commit.gpgSign=false', '-c', 'core.hooksPath=/dev/null'];

const module = (file: number, revision: number, lines: number) => {
  const out = [`// module ${file}, revision ${revision}`, `import { helper${file} } from './helpers.js';`, ''];
  for (let i = 0; out.length < lines; i++) {
    out.push(`export function handler${file}_${i}(input) {`, `  const value = helper${file}(input, ${revision * 31 + i});`, `  return value > ${i} ? value - ${i} : value + ${revision};`, '}', '');
  }
  return out.slice(0, lines).join('\n') + '\n';
};

/** Append `commits` commits to `branch` of the repository at `repo` (created with git init before). Returns the new tip. */
export function writeHistory(repo: string, options: HistoryOptions): string {
  const { commits, files = 120, lines = 120, perCommit = 3, extra = {}, branch = 'main' } = options;
  const chunks: string[] = [];
  const data = (text: string) => `data ${Buffer.byteLength(text)}\n${text}\n`;
  let time = options.from ? 1_710_000_000 : 1_700_000_000; // appended commits come after the first run's
  for (let c = 1; c <= commits; c++) {
    time += 3600;
    chunks.push(`commit refs/heads/${branch}\nmark :${c}\ncommitter Dana Dev <dana@example.com> ${time} +0000\n`);
    chunks.push(data(`feat: change ${c}\n`));
    if (c === 1 && options.from) chunks.push(`from ${options.from}\n`);
    const touched = c === 1 && !options.from ? Array.from({ length: files }, (_, i) => i) : Array.from({ length: perCommit }, (_, i) => (c * 7 + i * 13) % files);
    for (const f of touched) chunks.push(`M 100644 inline src/module-${f}.js\n${data(module(f, c, lines))}`);
    for (const [path, text] of Object.entries(extra[c] ?? {})) chunks.push(`M 100644 inline ${path}\n${data(text)}`);
  }
  chunks.push('done\n');
  execFileSync('git', [...GIT, 'fast-import', '--quiet', '--done'], { cwd: repo, input: chunks.join(''), maxBuffer: 1 << 30 });
  const tip = execFileSync('git', ['rev-parse', `refs/heads/${branch}`], { cwd: repo, encoding: 'utf8' }).trim();
  execFileSync('git', ['reset', '-q', '--hard', tip], { cwd: repo });
  return tip;
}

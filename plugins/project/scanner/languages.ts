/**
 * Languages by file extension (and a few well-known file names), counted in files
 * and bytes; an extension-less script (bin/mytool, src/deploy) by its shebang line.
 */
import { isOwnCode, isVendoredOrGenerated } from './folders.js';
import type { FileReader } from './read.js';
import type { FileEntry, LanguageStat } from './types.js';

const BY_EXTENSION: Record<string, string> = {
  ts: 'TypeScript', tsx: 'TypeScript', mts: 'TypeScript', cts: 'TypeScript',
  js: 'JavaScript', jsx: 'JavaScript', mjs: 'JavaScript', cjs: 'JavaScript',
  py: 'Python', pyi: 'Python', pyx: 'Python',
  go: 'Go',
  rs: 'Rust',
  java: 'Java',
  kt: 'Kotlin', kts: 'Kotlin',
  scala: 'Scala', sc: 'Scala',
  groovy: 'Groovy', gradle: 'Groovy',
  clj: 'Clojure', cljs: 'Clojure', cljc: 'Clojure', edn: 'Clojure',
  cs: 'C#', csx: 'C#',
  fs: 'F#', fsx: 'F#', fsi: 'F#',
  vb: 'Visual Basic',
  c: 'C', h: 'C',
  cc: 'C++', cpp: 'C++', cxx: 'C++', hpp: 'C++', hh: 'C++', hxx: 'C++',
  m: 'Objective-C', mm: 'Objective-C',
  swift: 'Swift',
  dart: 'Dart',
  rb: 'Ruby', rake: 'Ruby', gemspec: 'Ruby',
  php: 'PHP',
  pl: 'Perl', pm: 'Perl',
  lua: 'Lua',
  r: 'R',
  jl: 'Julia',
  ex: 'Elixir', exs: 'Elixir',
  erl: 'Erlang', hrl: 'Erlang',
  hs: 'Haskell',
  ml: 'OCaml', mli: 'OCaml',
  zig: 'Zig',
  nim: 'Nim',
  sh: 'Shell', bash: 'Shell', zsh: 'Shell', fish: 'Shell', bats: 'Shell', ksh: 'Shell',
  ps1: 'PowerShell', psm1: 'PowerShell',
  sql: 'SQL',
  html: 'HTML', htm: 'HTML',
  css: 'CSS', scss: 'SCSS', sass: 'SCSS', less: 'Less',
  vue: 'Vue', svelte: 'Svelte', astro: 'Astro',
  md: 'Markdown', mdx: 'Markdown', rst: 'reStructuredText', adoc: 'AsciiDoc',
  json: 'JSON', yaml: 'YAML', yml: 'YAML', toml: 'TOML', xml: 'XML',
  tf: 'HCL', hcl: 'HCL',
  proto: 'Protocol Buffers', graphql: 'GraphQL', gql: 'GraphQL',
  sol: 'Solidity',
};

const BY_NAME: Record<string, string> = {
  Dockerfile: 'Dockerfile', Containerfile: 'Dockerfile',
  Makefile: 'Makefile', makefile: 'Makefile', GNUmakefile: 'Makefile',
  Jenkinsfile: 'Groovy', Rakefile: 'Ruby', Gemfile: 'Ruby',
};

export function languageOf(path: string): string | undefined {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const byName = BY_NAME[name] ?? (name.startsWith('Dockerfile.') ? 'Dockerfile' : undefined);
  if (byName) return byName;
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return undefined; // no extension, or a dotfile such as .env
  const extension = name.slice(dot + 1).toLowerCase();
  return Object.hasOwn(BY_EXTENSION, extension) ? BY_EXTENSION[extension] : undefined;
}

/** Extension-less files whose first line is read, at most: a large tree stays fast. */
export const MAX_SHEBANG_FILES = 2000;
const SHEBANG_BYTES = 128;

const BY_INTERPRETER: Array<[RegExp, string]> = [
  [/^(sh|bash|zsh|ksh|mksh|dash|ash|fish)$/, 'Shell'],
  [/^(python|pypy)[\d.]*$/, 'Python'],
  [/^(node|nodejs|deno|bun)$/, 'JavaScript'],
  [/^(ts-node|tsx)$/, 'TypeScript'],
  [/^(ruby|jruby)$/, 'Ruby'],
  [/^perl[\d.]*$/, 'Perl'],
  [/^php[\d.]*$/, 'PHP'],
  [/^(lua|luajit)[\d.]*$/, 'Lua'],
  [/^Rscript$/, 'R'],
  [/^(pwsh|powershell)$/, 'PowerShell'],
];

/** The language a shebang line names: `#!/bin/sh`, `#!/usr/bin/env python3`, `#!/usr/bin/env -S node --flag`. */
export function languageOfShebang(firstLine: string): string | undefined {
  const match = /^#!\s*(\S+)(.*)$/.exec(firstLine.split(/\r?\n/, 1)[0]!);
  if (!match) return undefined;
  let program = match[1]!.slice(match[1]!.lastIndexOf('/') + 1);
  if (program === 'env') program = match[2]!.trim().split(/\s+/).find((word) => !word.startsWith('-') && !word.includes('=')) ?? '';
  return BY_INTERPRETER.find(([pattern]) => pattern.test(program))?.[1];
}

/** Whether a listed path has no extension (and no well-known name), so only its shebang can tell its language. */
function extensionless(file: FileEntry): boolean {
  const name = file.path.slice(file.path.lastIndexOf('/') + 1);
  return !name.includes('.') && !Object.hasOwn(BY_NAME, name) && file.size > 2 && !isVendoredOrGenerated(file);
}

/** Languages of extension-less scripts, read from their shebang line (first MAX_SHEBANG_FILES such files in listing order). */
export async function shebangLanguages(files: readonly FileEntry[], reader: FileReader, signal?: AbortSignal): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  let read = 0;
  for (const file of files) {
    if (read >= MAX_SHEBANG_FILES) break;
    if (!extensionless(file)) continue;
    read++;
    if (read % 200 === 0) signal?.throwIfAborted();
    const head = await reader.head(file, SHEBANG_BYTES);
    const language = head === null ? undefined : languageOfShebang(head);
    if (language) found.set(file.path, language);
  }
  return found;
}

/** Documents and data: counted wherever they are (a docs folder's Markdown is the project's documentation). */
const DOCUMENT_FORMATS = new Set(['Markdown', 'reStructuredText', 'AsciiDoc', 'JSON', 'YAML', 'TOML', 'XML', 'HTML', 'CSS', 'SCSS', 'Less']);

/** Languages by bytes: code of the product and its tests only (a fixture's Go or a docs site's JavaScript is not the project's), documents everywhere. */
export function countLanguages(files: readonly FileEntry[], byShebang: ReadonlyMap<string, string> = new Map()): LanguageStat[] {
  const stats = new Map<string, LanguageStat>();
  for (const file of files) {
    const language = languageOf(file.path) ?? byShebang.get(file.path);
    if (!language || (!DOCUMENT_FORMATS.has(language) && !isOwnCode(file))) continue;
    const stat = stats.get(language) ?? { language, files: 0, bytes: 0 };
    stat.files++;
    stat.bytes += file.size;
    stats.set(language, stat);
  }
  return [...stats.values()].sort((a, b) => b.bytes - a.bytes || b.files - a.files || a.language.localeCompare(b.language));
}

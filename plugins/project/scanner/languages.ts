/** Languages by file extension (and a few well-known file names), counted in files and bytes. */
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
  sh: 'Shell', bash: 'Shell', zsh: 'Shell', fish: 'Shell',
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

export function countLanguages(files: readonly FileEntry[]): LanguageStat[] {
  const stats = new Map<string, LanguageStat>();
  for (const file of files) {
    const language = languageOf(file.path);
    if (!language) continue;
    const stat = stats.get(language) ?? { language, files: 0, bytes: 0 };
    stat.files++;
    stat.bytes += file.size;
    stats.set(language, stat);
  }
  return [...stats.values()].sort((a, b) => b.bytes - a.bytes || b.files - a.files || a.language.localeCompare(b.language));
}

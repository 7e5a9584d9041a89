/** Environment variables the code reads, compared with those an example env file declares. */
import type { ProjectContext } from '../project/context.js';
import { MAX_EVIDENCE, ownFiles, readProjectFile, type DiagnosticCheck } from './check.js';

const SOURCE = /\.([cm]?[jt]sx?|py|go|rs|rb)$/;
const EXAMPLES = ['.env.example', '.env.sample', '.env.template', '.env.dist', 'example.env', '.env.defaults'];
const READS = [
  /process\.env\.([A-Z_][A-Z0-9_]*)/g,
  /process\.env\[\s*['"]([A-Za-z_][A-Za-z0-9_]*)['"]\s*\]/g,
  /import\.meta\.env\.([A-Z_][A-Z0-9_]*)/g,
  /os\.environ\[\s*['"]([A-Za-z_][A-Za-z0-9_]*)['"]\s*\]/g,
  /os\.(?:environ\.get|getenv)\(\s*['"]([A-Za-z_][A-Za-z0-9_]*)['"]/g,
  /os\.(?:Getenv|LookupEnv)\(\s*"([A-Za-z_][A-Za-z0-9_]*)"/g,
  /env::var\(\s*"([A-Za-z_][A-Za-z0-9_]*)"/g,
  /ENV\[\s*['"]([A-Za-z_][A-Za-z0-9_]*)['"]\s*\]/g,
];
// Set by the platform or the tools, never by the people who set the project up.
const PLATFORM = new Set(['NODE_ENV', 'CI', 'HOME', 'PATH', 'PWD', 'USER', 'TZ', 'LANG', 'SHELL', 'TMPDIR', 'VITEST', 'JEST_WORKER_ID', 'PYTEST_CURRENT_TEST', 'GITHUB_ACTIONS']);
const MAX_FILES = 3000;
const MAX_BYTES = 512 * 1024;

export async function envVarsDeclared(project: ProjectContext): Promise<DiagnosticCheck> {
  const reads = new Map<string, string[]>();
  const sources = ownFiles(project).filter((f) => SOURCE.test(f.path) && f.size <= MAX_BYTES && f.folder !== 'test' && !/\.(test|spec)\.|(^|\/)test_/.test(f.path)).slice(0, MAX_FILES);
  for (const file of sources) {
    const text = await readProjectFile(project, file.path, MAX_BYTES);
    if (!text) continue;
    const lines = text.split('\n');
    for (const [i, line] of lines.entries()) {
      for (const re of READS) {
        for (const m of line.matchAll(re)) {
          const name = m[1]!;
          if (PLATFORM.has(name)) continue;
          const at = reads.get(name) ?? [];
          if (at.length < 3) at.push(`${file.path}:${i + 1}`);
          reads.set(name, at);
        }
      }
    }
  }
  const example = EXAMPLES.find((name) => project.fileSet.has(name)) ?? null;
  const declared = new Set<string>();
  if (example) {
    for (const line of (await readProjectFile(project, example))?.split('\n') ?? []) {
      const m = line.match(/^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/) ?? line.match(/^\s*#\s*([A-Z_][A-Z0-9_]*)\s*=/);
      if (m) declared.add(m[1]!);
    }
  }
  const missing = [...reads.entries()].filter(([name]) => !declared.has(name)).sort(([a], [b]) => a.localeCompare(b));
  const status = reads.size === 0 ? 'skip' : missing.length ? 'warn' : 'pass';
  return {
    id: 'env-vars-declared',
    name: 'Environment variables declared',
    status,
    detail:
      reads.size === 0 ? 'The code reads no environment variables.'
      : !example ? `The code reads ${reads.size} environment variable${reads.size === 1 ? '' : 's'} and the project has no ${EXAMPLES[0]} declaring them.`
      : missing.length ? `${missing.length} of the ${reads.size} environment variables the code reads are not in ${example}: ${missing.map(([n]) => n).slice(0, 8).join(', ')}.`
      : `The ${reads.size} environment variables the code reads are all in ${example}.`,
    evidence: [...missing.map(([name, at]) => `${name} read at ${at.join(', ')}, not declared${example ? ` in ${example}` : ''}`), ...(example ? [`${example} declares ${declared.size}`] : [])].slice(0, MAX_EVIDENCE),
  };
}

/**
 * The manifests written as lines rather than as JSON, TOML or XML: requirements files, go.mod,
 * Gradle build scripts and Gemfiles. Each is read by a small reader of its own, because no
 * maintained npm parser fits (evaluated for issue 24):
 * - requirements: pip-requirements-js (ohm-js grammar) parses PEP 508 lines well, but rejects
 *   pip's per-line options (`--hash`, as pip-compile writes them), `-e` and index options, so a
 *   pre-pass was needed anyway; it adds 2.3 MB and 30 ms of load, and takes about 0.5 ms a line,
 *   too slow for untrusted files on the main thread. requirements-file-parser is not maintained.
 * - go.mod: the only full parser is Go's own (golang.org/x/mod/modfile); npm has none.
 * - Gradle: gradle-to-js drops the `group:, name:, version:` notation, keeps quotes in
 *   coordinates without a version and misreads the Kotlin DSL; a script is code, only its
 *   dependency declarations are read here.
 * - Gemfile: `gemfile` and `@snyk/gemfile` read Gemfile.lock only; gemfile-parser has one
 *   release and few users. A Gemfile is Ruby code: its `gem` lines and blocks are read here.
 */
import { parseGoMod } from '../go-mod.js';
import type { Dependency } from './types.js';

/** A PEP 508 requirement (`fastapi[all]>=0.110; python_version>"3.8"`, `pkg @ https://…`) into name and version. */
export function parseRequirement(line: string, dev: boolean): Dependency | undefined {
  const match = /^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*([^;#]*)/.exec(line);
  if (!match) return undefined;
  const version = match[2]!.trim().replace(/^\(|\)$/g, '');
  return { name: match[1]!, ...(version && !version.startsWith('@') ? { version } : {}), dev };
}

/** Options pip accepts after a requirement on its line (pip-compile writes `--hash` there). */
const REQUIREMENT_OPTIONS = /\s+--?(?:hash|config-settings|global-option|install-option)\b.*$/;
/** A line that is an archive, a folder or a VCS/URL reference without a `name @` in front. */
const NAMELESS_REFERENCE = /^(?:[.~/\\]|[A-Za-z][\w+.-]*:\/\/|git\+|[^\s@;]*(?:\.whl|\.tar\.gz|\.zip|\.tgz)(?:\s|;|$))/i;

/**
 * requirements*.txt: one requirement per logical line (a trailing backslash continues it),
 * comments (`#` at the start or after a blank) and per-requirement options left out; option
 * lines (-r, -c, -e, --index-url) and nameless archive, folder or URL lines are not dependencies.
 */
export function readRequirements(text: string, dev: boolean): { dependencies: Dependency[] } {
  const dependencies: Dependency[] = [];
  for (const logical of text.replace(/\\\r?\n/g, ' ').split(/\r?\n/)) {
    const line = logical.replace(/(^|\s)#.*$/, '').replace(REQUIREMENT_OPTIONS, '').trim();
    if (!line || line.startsWith('-') || NAMELESS_REFERENCE.test(line)) continue;
    const requirement = parseRequirement(line, dev);
    if (requirement) dependencies.push(requirement);
  }
  return { dependencies };
}

/** go.mod (../go-mod.ts): the module and its direct requirements (// indirect ones are a dependency's own, as a lockfile's entries are). */
export function readGoMod(text: string): { name?: string; dependencies: Dependency[] } {
  const mod = parseGoMod(text);
  return { ...(mod.module ? { name: mod.module.path } : {}), dependencies: mod.requires.map((r) => ({ name: r.path, ...(r.version ? { version: r.version } : {}), dev: false })) };
}

const GRADLE_CONFIGURATIONS = 'implementation|api|compile|compileOnly|runtimeOnly|annotationProcessor|kapt|ksp|testImplementation|testCompileOnly|testRuntimeOnly|androidTestImplementation';
/** `implementation 'g:a:v'`, `implementation("g:a:v")`, `implementation platform('g:a:v')`. */
const GRADLE_COORDINATE = new RegExp(`^\\s*(${GRADLE_CONFIGURATIONS})\\s*\\(?\\s*(?:(?:platform|enforcedPlatform)\\s*\\(\\s*)?["']([^"']+)["']`);
/** `implementation group: 'g', name: 'a', version: 'v'` (Groovy) and `implementation(group = "g", name = "a", version = "v")` (Kotlin). */
const GRADLE_MAP = new RegExp(`^\\s*(${GRADLE_CONFIGURATIONS})\\s*\\(?\\s*group\\s*[:=]\\s*["']([^"']+)["']\\s*,\\s*name\\s*[:=]\\s*["']([^"']+)["'](?:\\s*,\\s*version\\s*[:=]\\s*["']([^"']+)["'])?`);

/** build.gradle(.kts): the dependency declarations of the script, comments left out. */
export function readGradle(text: string): { dependencies: Dependency[] } {
  const dependencies: Dependency[] = [];
  // Block comments (kept as many line breaks) and line comments (`//` at the start or after a blank, not in https://).
  const code = text.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ''));
  for (const raw of code.split(/\r?\n/)) {
    const line = raw.replace(/(^|\s)\/\/.*$/, '');
    const map = GRADLE_MAP.exec(line);
    if (map) {
      dependencies.push({ name: `${map[2]}:${map[3]}`, ...(map[4] ? { version: map[4] } : {}), dev: /^(test|androidTest)/.test(map[1]!) });
      continue;
    }
    const match = GRADLE_COORDINATE.exec(line);
    if (!match) continue;
    const [group, artifact, version] = match[2]!.split(':');
    if (!artifact) continue; // project(':lib') and file trees are not coordinates
    dependencies.push({ name: `${group}:${artifact}`, ...(version ? { version } : {}), dev: /^(test|androidTest)/.test(match[1]!) });
  }
  // The Spring Boot plugin, applied by id, stands for the framework too.
  const plugin = /id\s*\(?\s*["'](org\.springframework\.boot)["']\s*\)?(?:\s*version\s*["']([^"']+)["'])?/.exec(code);
  if (plugin) dependencies.push({ name: plugin[1]!, ...(plugin[2] ? { version: plugin[2] } : {}), dev: false });
  return { dependencies };
}

/** Gemfile: `gem` lines, development/test ones by their `group` block or option. */
export function readGemfile(text: string): { dependencies: Dependency[] } {
  const dependencies: Dependency[] = [];
  // Nesting of blocks closed by `end`: true where the enclosing group is development or test only.
  const groups: boolean[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    if (/^group\b.*\bdo\b/.test(line)) {
      groups.push(!/:production|:default/.test(line) && /:(development|test)\b/.test(line));
      continue;
    }
    // Other `do` blocks, and Ruby's statements that `end` closes too (`if ENV[...]` … `end`).
    if (/^(source|platforms?|path|git|github)\b.*\bdo\b/.test(line) || /\bdo\s*(\|.*\|)?$/.test(line) || /^(if|unless|case|begin|while|until)\b/.test(line)) {
      groups.push(groups.at(-1) ?? false);
      continue;
    }
    if (line === 'end') {
      groups.pop();
      continue;
    }
    const gem = /^gem\s*\(?\s*["']([^"']+)["'](?:\s*,\s*["']([^"']+)["'])?/.exec(line);
    if (!gem) continue;
    const dev = (groups.at(-1) ?? false) || /groups?:\s*\[?\s*:(development|test)|:groups?\s*=>\s*\[?\s*:(development|test)/.test(line);
    dependencies.push({ name: gem[1]!, ...(gem[2] ? { version: gem[2] } : {}), dev });
  }
  return { dependencies };
}

/**
 * Dependency manifests of ten ecosystems, each read into the same shape:
 * its name, its dependencies (dev or not) and, for workspace roots, the
 * workspace globs. Readers are lenient: a manifest they cannot make sense of
 * yields what it could, and only JSON that does not parse throws.
 */
import { readToml, type TomlSections, type TomlValue } from './toml.js';
import type { Dependency, Ecosystem, Manifest } from './types.js';

type ManifestReader = (text: string, path: string) => Omit<Manifest, 'path' | 'ecosystem'>;

interface ManifestKind {
  ecosystem: Ecosystem;
  read: ManifestReader;
}

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** The manifest reader for a path, or undefined when the file is no manifest (or lies in a vendored folder). */
export function manifestKind(path: string): ManifestKind | undefined {
  if (/(^|\/)(node_modules|vendor|\.venv|venv|site-packages|target|bower_components)\//.test(path)) return undefined;
  const name = baseName(path);
  switch (name) {
    case 'package.json': return { ecosystem: 'npm', read: readPackageJson };
    case 'pyproject.toml': return { ecosystem: 'pypi', read: readPyproject };
    case 'Pipfile': return { ecosystem: 'pypi', read: readPipfile };
    case 'go.mod': return { ecosystem: 'go', read: readGoMod };
    case 'Cargo.toml': return { ecosystem: 'cargo', read: readCargo };
    case 'pom.xml': return { ecosystem: 'maven', read: readPom };
    case 'build.gradle': case 'build.gradle.kts': return { ecosystem: 'gradle', read: readGradle };
    case 'Gemfile': return { ecosystem: 'rubygems', read: readGemfile };
    case 'composer.json': return { ecosystem: 'composer', read: readComposer };
  }
  if (/^requirements([-_.][\w.-]*)?\.txt$/i.test(name)) return { ecosystem: 'pypi', read: readRequirements };
  if (name.endsWith('.csproj')) return { ecosystem: 'nuget', read: readCsproj };
  return undefined;
}

export function readManifest(path: string, text: string): Manifest | undefined {
  const kind = manifestKind(path);
  if (!kind) return undefined;
  return { path, ecosystem: kind.ecosystem, ...kind.read(text, path) };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

function fromMap(map: unknown, dev: boolean, skip: (name: string) => boolean = () => false): Dependency[] {
  if (!isRecord(map)) return [];
  return Object.entries(map)
    .filter(([name]) => !skip(name))
    .map(([name, version]) => ({ name, ...versionOf(version), dev }));
}

/** A version string, or the `version` of a table such as `{ version = "1", features = [...] }`. */
function versionOf(value: unknown): { version?: string } {
  if (typeof value === 'string' && value !== '*') return { version: value };
  if (isRecord(value) && typeof value.version === 'string') return { version: value.version };
  return {};
}

function readPackageJson(text: string) {
  const json: unknown = JSON.parse(text);
  if (!isRecord(json)) return { dependencies: [] };
  const workspaces = Array.isArray(json.workspaces) ? strings(json.workspaces) : isRecord(json.workspaces) ? strings(json.workspaces.packages) : [];
  return {
    ...(typeof json.name === 'string' ? { name: json.name } : {}),
    dependencies: [
      ...fromMap(json.dependencies, false),
      ...fromMap(json.optionalDependencies, false),
      ...fromMap(json.peerDependencies, false),
      ...fromMap(json.devDependencies, true),
    ],
    ...(workspaces.length > 0 ? { workspaces } : {}),
  };
}

function readComposer(text: string) {
  const json: unknown = JSON.parse(text);
  if (!isRecord(json)) return { dependencies: [] };
  // The PHP version and extensions are platform requirements, not packages.
  const platform = (name: string) => name === 'php' || name.startsWith('ext-') || name.startsWith('lib-');
  return {
    ...(typeof json.name === 'string' ? { name: json.name } : {}),
    dependencies: [...fromMap(json.require, false, platform), ...fromMap(json['require-dev'], true, platform)],
  };
}

/** A PEP 508 requirement (`fastapi[all]>=0.110; python_version>"3.8"`) into name and version. */
export function parseRequirement(line: string, dev: boolean): Dependency | undefined {
  const match = /^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*([^;#]*)/.exec(line);
  if (!match) return undefined;
  const version = match[2]!.trim().replace(/^\(|\)$/g, '');
  return { name: match[1]!, ...(version && !version.startsWith('@') ? { version } : {}), dev };
}

function readRequirements(text: string, path: string) {
  const dev = /(dev|test|lint|ci)/i.test(baseName(path));
  const dependencies: Dependency[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/(^|\s)#.*$/, '').trim();
    if (!line || line.startsWith('-') || line.includes('://')) continue; // options (-r, -e, --index-url) and URLs
    const requirement = parseRequirement(line, dev);
    if (requirement) dependencies.push(requirement);
  }
  return { dependencies };
}

const tomlString = (value: TomlValue | undefined) => (typeof value === 'string' ? value : undefined);

/** Every section whose header matches, e.g. all `tool.poetry.group.*.dependencies`. */
function sectionsMatching(sections: TomlSections, pattern: RegExp): Array<Record<string, TomlValue>> {
  return [...sections].filter(([name]) => pattern.test(name)).map(([, keys]) => keys);
}

function readPyproject(text: string) {
  const toml = readToml(text);
  const project = toml.get('project') ?? {};
  const poetry = toml.get('tool.poetry') ?? {};
  const dependencies: Dependency[] = [];
  // PEP 621: [project] dependencies and optional-dependencies (extras such as dev, test).
  for (const line of strings(project.dependencies)) {
    const requirement = parseRequirement(line, false);
    if (requirement) dependencies.push(requirement);
  }
  for (const [extra, lines] of Object.entries(toml.get('project.optional-dependencies') ?? {})) {
    for (const line of strings(lines)) {
      const requirement = parseRequirement(line, /dev|test|lint|doc/i.test(extra));
      if (requirement) dependencies.push(requirement);
    }
  }
  // PEP 735 dependency groups are development-time by nature.
  for (const lines of Object.values(toml.get('dependency-groups') ?? {})) {
    for (const line of strings(lines)) {
      const requirement = parseRequirement(line, true);
      if (requirement) dependencies.push(requirement);
    }
  }
  // Poetry: the python key is the interpreter, not a package.
  const notPython = (name: string) => name.toLowerCase() === 'python';
  // Loops, not push(...): a hostile manifest may list more entries than a call takes arguments.
  for (const dependency of fromMap(toml.get('tool.poetry.dependencies'), false, notPython)) dependencies.push(dependency);
  for (const dependency of fromMap(toml.get('tool.poetry.dev-dependencies'), true, notPython)) dependencies.push(dependency);
  for (const group of sectionsMatching(toml, /^tool\.poetry\.group\.[^.]+\.dependencies$/)) for (const dependency of fromMap(group, true, notPython)) dependencies.push(dependency);
  const name = tomlString(project.name) ?? tomlString(poetry.name);
  return { ...(name ? { name } : {}), dependencies: dedupe(dependencies) };
}

function readPipfile(text: string) {
  const toml = readToml(text);
  return { dependencies: [...fromMap(toml.get('packages'), false), ...fromMap(toml.get('dev-packages'), true)] };
}

function readCargo(text: string) {
  const toml = readToml(text);
  const dependencies: Dependency[] = [];
  const add = (section: string, dev: boolean) => {
    for (const [key, value] of Object.entries(toml.get(section) ?? {})) {
      // `serde.workspace = true` is the dotted form of `serde = { workspace = true }`.
      const name = key.split('.')[0]!;
      if (!dependencies.some((dependency) => dependency.name === name)) dependencies.push({ name, ...versionOf(value), dev });
    }
    // [dependencies.serde] tables, one per crate.
    for (const [header, table] of toml) {
      if (header.startsWith(`${section}.`)) dependencies.push({ name: header.slice(section.length + 1), ...versionOf(table), dev });
    }
  };
  add('dependencies', false);
  add('build-dependencies', false);
  add('dev-dependencies', true);
  add('workspace.dependencies', false);
  const name = tomlString(toml.get('package')?.name);
  const workspaces = strings(toml.get('workspace')?.members);
  return { ...(name ? { name } : {}), dependencies: dedupe(dependencies), ...(workspaces.length > 0 ? { workspaces } : {}) };
}

function readGoMod(text: string) {
  const lines = text.split(/\r?\n/).map((line) => line.replace(/\/\/.*$/, '').trim());
  const module = lines.map((line) => /^module\s+(\S+)/.exec(line)?.[1]).find(Boolean);
  const dependencies: Dependency[] = [];
  let inRequire = false;
  for (const line of lines) {
    if (inRequire) {
      if (line === ')') inRequire = false;
      else addGoRequire(line, dependencies);
    } else if (/^require\s*\($/.test(line)) inRequire = true;
    else if (line.startsWith('require ')) addGoRequire(line.slice('require '.length), dependencies);
  }
  return { ...(module ? { name: module } : {}), dependencies };
}

function addGoRequire(line: string, into: Dependency[]): void {
  const [name, version] = line.trim().split(/\s+/);
  if (name) into.push({ name, ...(version ? { version } : {}), dev: false });
}

/** The text of the first `<tag>` in xml, trimmed. */
const xmlTag = (xml: string, tag: string) => new RegExp(`<${tag}>\\s*([^<]*?)\\s*</${tag}>`).exec(xml)?.[1];

function readPom(text: string) {
  const xml = text.replace(/<!--[\s\S]*?-->/g, '');
  const dependencies: Dependency[] = [];
  for (const [block] of xml.matchAll(/<dependency>[\s\S]*?<\/dependency>/g)) {
    const groupId = xmlTag(block, 'groupId');
    const artifactId = xmlTag(block, 'artifactId');
    if (!artifactId) continue;
    const version = xmlTag(block, 'version');
    dependencies.push({ name: groupId ? `${groupId}:${artifactId}` : artifactId, ...(version ? { version } : {}), dev: xmlTag(block, 'scope') === 'test' });
  }
  // The project's own coordinates: its artifactId once the nested blocks are removed.
  const own = xml.replace(/<(parent|dependencies|dependencyManagement|build|profiles|plugins|reporting)>[\s\S]*?<\/\1>/g, '');
  const parent = /<parent>[\s\S]*?<\/parent>/.exec(xml)?.[0] ?? '';
  const artifactId = xmlTag(own, 'artifactId');
  const groupId = xmlTag(own, 'groupId') ?? xmlTag(parent, 'groupId');
  // A Spring Boot parent brings the framework without listing it as a dependency.
  if (parent && xmlTag(parent, 'artifactId')) {
    dependencies.push({ name: `${xmlTag(parent, 'groupId') ?? ''}:${xmlTag(parent, 'artifactId')}`, ...versionOf(xmlTag(parent, 'version')), dev: false });
  }
  return { ...(artifactId ? { name: groupId ? `${groupId}:${artifactId}` : artifactId } : {}), dependencies };
}

const GRADLE_CONFIGURATION = /^\s*(implementation|api|compile|compileOnly|runtimeOnly|annotationProcessor|kapt|ksp|testImplementation|testCompileOnly|testRuntimeOnly|androidTestImplementation)\s*\(?\s*(?:platform\s*\(\s*)?["']([^"']+)["']/;

function readGradle(text: string) {
  const dependencies: Dependency[] = [];
  for (const line of text.split(/\r?\n/)) {
    const match = GRADLE_CONFIGURATION.exec(line);
    if (!match) continue;
    const [group, artifact, version] = match[2]!.split(':');
    if (!artifact) continue; // project(':lib') and file trees are not coordinates
    dependencies.push({ name: `${group}:${artifact}`, ...(version ? { version } : {}), dev: /^(test|androidTest)/.test(match[1]!) });
  }
  // The Spring Boot plugin, applied by id, stands for the framework too.
  const plugin = /id\s*\(?\s*["'](org\.springframework\.boot)["']\s*\)?(?:\s*version\s*["']([^"']+)["'])?/.exec(text);
  if (plugin) dependencies.push({ name: plugin[1]!, ...(plugin[2] ? { version: plugin[2] } : {}), dev: false });
  return { dependencies };
}

function readGemfile(text: string) {
  const dependencies: Dependency[] = [];
  // Nesting of `group ... do` / `end` blocks: true where the enclosing group is development or test only.
  const groups: boolean[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    if (/^group\b.*\bdo\b/.test(line)) {
      groups.push(!/:production|:default/.test(line) && /:(development|test)\b/.test(line));
      continue;
    }
    if (/^(source|platforms|path|git)\b.*\bdo\b/.test(line) || /\bdo\s*(\|.*\|)?$/.test(line)) {
      groups.push(groups.at(-1) ?? false);
      continue;
    }
    if (line === 'end') {
      groups.pop();
      continue;
    }
    const gem = /^gem\s+["']([^"']+)["'](?:\s*,\s*["']([^"']+)["'])?/.exec(line);
    if (!gem) continue;
    const dev = (groups.at(-1) ?? false) || /group:\s*\[?\s*:(development|test)|:group\s*=>\s*\[?\s*:(development|test)/.test(line);
    dependencies.push({ name: gem[1]!, ...(gem[2] ? { version: gem[2] } : {}), dev });
  }
  return { dependencies };
}

function readCsproj(text: string, path: string) {
  const dependencies: Dependency[] = [];
  for (const [element] of text.matchAll(/<PackageReference\b[^>]*?(?:\/>|>[\s\S]*?<\/PackageReference>)/g)) {
    const name = /\bInclude="([^"]+)"/.exec(element)?.[1];
    if (!name) continue;
    const version = /\bVersion="([^"]+)"/.exec(element)?.[1] ?? xmlTag(element, 'Version');
    dependencies.push({ name, ...(version ? { version } : {}), dev: /test|xunit|nunit|mstest|moq/i.test(name) });
  }
  const sdk = /<Project\b[^>]*\bSdk="([^"]+)"/.exec(text)?.[1];
  return { name: baseName(path).replace(/\.csproj$/, ''), dependencies, ...(sdk ? { sdk } : {}) };
}

/** One entry per name; a runtime listing wins over a dev one. */
function dedupe(dependencies: Dependency[]): Dependency[] {
  const byName = new Map<string, Dependency>();
  for (const dependency of dependencies) {
    const key = dependency.name.toLowerCase();
    const seen = byName.get(key);
    if (!seen || (seen.dev && !dependency.dev)) byName.set(key, dependency);
  }
  return [...byName.values()];
}

/**
 * Dependency manifests of ten ecosystems, each read into the same shape:
 * its name, its dependencies (dev or not) and, for workspace roots, the
 * workspace globs. Each format is read by its own parser (JSON, smol-toml,
 * fast-xml-parser); a manifest that does not parse throws with where and why,
 * and the scan lists it under skipped. Line formats (go.mod, Gemfile, Gradle,
 * requirements.txt) are read by line-manifests.ts (why no npm parser: there), taking what
 * they recognise.
 */
import { readToml, tableAt, type TomlTable } from './toml.js';
import { readXml, xmlChild, xmlChildren, xmlText, type XmlElement } from './xml.js';
import { isVendoredOrGenerated } from './folders.js';
import { parseRequirement, readGemfile, readGoMod, readGradle, readRequirements } from './line-manifests.js';
import type { Dependency, Ecosystem, Manifest } from './types.js';

type ManifestReader = (text: string, path: string) => Omit<Manifest, 'path' | 'ecosystem'>;

interface ManifestKind {
  ecosystem: Ecosystem;
  read: ManifestReader;
}

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** The manifest reader for a path, or undefined when the file is no manifest (or lies in a vendored or build-output folder). */
export function manifestKind(path: string): ManifestKind | undefined {
  if (isVendoredOrGenerated(path)) return undefined;
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
    case 'packages.config': return { ecosystem: 'nuget', read: readPackagesConfig };
  }
  if (/^requirements([-_.][\w.-]*)?\.txt$/i.test(name)) return { ecosystem: 'pypi', read: readRequirementsFile };
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

function readRequirementsFile(text: string, path: string) {
  return readRequirements(text, /(dev|test|lint|ci)/i.test(baseName(path)));
}

const tomlString = (value: unknown) => (typeof value === 'string' ? value : undefined);

function readPyproject(text: string) {
  const toml = readToml(text);
  const project = tableAt(toml, 'project') ?? {};
  const poetry = tableAt(toml, 'tool.poetry') ?? {};
  const dependencies: Dependency[] = [];
  // PEP 621: [project] dependencies and optional-dependencies (extras such as dev, test).
  for (const line of strings(project.dependencies)) {
    const requirement = parseRequirement(line, false);
    if (requirement) dependencies.push(requirement);
  }
  for (const [extra, lines] of Object.entries(tableAt(project, 'optional-dependencies') ?? {})) {
    for (const line of strings(lines)) {
      const requirement = parseRequirement(line, /dev|test|lint|doc/i.test(extra));
      if (requirement) dependencies.push(requirement);
    }
  }
  // PEP 735 dependency groups are development-time by nature.
  for (const lines of Object.values(tableAt(toml, 'dependency-groups') ?? {})) {
    for (const line of strings(lines)) {
      const requirement = parseRequirement(line, true);
      if (requirement) dependencies.push(requirement);
    }
  }
  // Poetry: the python key is the interpreter, not a package.
  const notPython = (name: string) => name.toLowerCase() === 'python';
  // Loops, not push(...): a hostile manifest may list more entries than a call takes arguments.
  for (const dependency of fromMap(tableAt(poetry, 'dependencies'), false, notPython)) dependencies.push(dependency);
  for (const dependency of fromMap(tableAt(poetry, 'dev-dependencies'), true, notPython)) dependencies.push(dependency);
  // [tool.poetry.group.<name>.dependencies], one table per group.
  for (const group of Object.values(tableAt(poetry, 'group') ?? {})) {
    for (const dependency of fromMap(isRecord(group) ? group.dependencies : undefined, true, notPython)) dependencies.push(dependency);
  }
  const name = tomlString(project.name) ?? tomlString(poetry.name);
  return { ...(name ? { name } : {}), dependencies: dedupe(dependencies) };
}

function readPipfile(text: string) {
  const toml = readToml(text);
  return { dependencies: [...fromMap(toml.packages, false), ...fromMap(toml['dev-packages'], true)] };
}

function readCargo(text: string) {
  const toml: TomlTable = readToml(text);
  const dependencies: Dependency[] = [];
  // `serde = "1"`, `tokio = { version = "1" }`, `serde.workspace = true` and `[dependencies.sqlx]` all read as one entry per crate.
  const add = (table: TomlTable | undefined, dev: boolean) => {
    for (const [name, value] of Object.entries(table ?? {})) {
      if (!dependencies.some((dependency) => dependency.name === name)) dependencies.push({ name, ...versionOf(value), dev });
    }
  };
  add(tableAt(toml, 'dependencies'), false);
  add(tableAt(toml, 'build-dependencies'), false);
  add(tableAt(toml, 'dev-dependencies'), true);
  add(tableAt(toml, 'workspace.dependencies'), false);
  // Platform-specific ones: [target.'cfg(unix)'.dependencies].
  for (const platform of Object.values(tableAt(toml, 'target') ?? {})) {
    if (!isRecord(platform)) continue;
    add(tableAt(platform, 'dependencies'), false);
    add(tableAt(platform, 'dev-dependencies'), true);
  }
  const name = tomlString(tableAt(toml, 'package')?.name);
  const workspaces = strings(tableAt(toml, 'workspace')?.members);
  return { ...(name ? { name } : {}), dependencies: dedupe(dependencies), ...(workspaces.length > 0 ? { workspaces } : {}) };
}

function readPom(text: string) {
  const project = xmlChild(readXml(text, ['dependency', 'profile']), 'project');
  if (!project) return { dependencies: [] };
  const parent = xmlChild(project, 'parent');
  // ${spring.version}, ${project.version}: Maven's own properties and the <properties> block.
  const properties = new Map<string, string>();
  for (const [key, value] of Object.entries(xmlChild(project, 'properties') ?? {})) if (typeof value === 'string') properties.set(key, value.trim());
  for (const key of ['groupId', 'artifactId', 'version']) {
    const own = xmlText(project, key) ?? (key === 'artifactId' ? undefined : xmlText(parent, key));
    if (own) properties.set(`project.${key}`, own).set(`pom.${key}`, own);
    const inherited = xmlText(parent, key);
    if (inherited) properties.set(`project.parent.${key}`, inherited);
  }
  const resolve = (value: string | undefined) => value?.replace(/\$\{([^}]+)\}/g, (whole, key: string) => properties.get(key) ?? whole);

  const dependencies: Dependency[] = [];
  const read = (owner: XmlElement | undefined) => {
    for (const dependency of xmlChildren(xmlChild(owner, 'dependencies'), 'dependency')) {
      const groupId = resolve(xmlText(dependency, 'groupId'));
      const artifactId = resolve(xmlText(dependency, 'artifactId'));
      if (!artifactId) continue;
      const version = resolve(xmlText(dependency, 'version'));
      dependencies.push({ name: groupId ? `${groupId}:${artifactId}` : artifactId, ...(version ? { version } : {}), dev: xmlText(dependency, 'scope') === 'test' });
    }
  };
  // The project's dependencies, the versions it manages, and each profile's; build plugins' own dependencies are not the project's.
  read(project);
  read(xmlChild(project, 'dependencyManagement'));
  for (const profile of xmlChildren(xmlChild(project, 'profiles'), 'profile')) read(profile);
  // A Spring Boot parent brings the framework without listing it as a dependency.
  const parentArtifact = xmlText(parent, 'artifactId');
  if (parentArtifact) dependencies.push({ name: `${xmlText(parent, 'groupId') ?? ''}:${parentArtifact}`, ...versionOf(xmlText(parent, 'version')), dev: false });
  const artifactId = xmlText(project, 'artifactId');
  const groupId = xmlText(project, 'groupId') ?? xmlText(parent, 'groupId');
  return { ...(artifactId ? { name: groupId ? `${groupId}:${artifactId}` : artifactId } : {}), dependencies };
}

const NUGET_TEST = /test|xunit|nunit|mstest|moq/i;

function readCsproj(text: string, path: string) {
  const project = xmlChild(readXml(text, ['ItemGroup', 'PackageReference']), 'Project');
  const dependencies: Dependency[] = [];
  for (const group of xmlChildren(project, 'ItemGroup')) {
    for (const reference of xmlChildren(group, 'PackageReference')) {
      const name = xmlText(reference, '@Include');
      if (!name) continue;
      const version = xmlText(reference, '@Version') ?? xmlText(reference, 'Version');
      dependencies.push({ name, ...(version ? { version } : {}), dev: NUGET_TEST.test(name) });
    }
  }
  const sdk = xmlText(project, '@Sdk');
  return { name: baseName(path).replace(/\.csproj$/, ''), dependencies, ...(sdk ? { sdk } : {}) };
}

/** The classic NuGet list (.NET Framework projects): <package id="…" version="…" developmentDependency="true" />. */
function readPackagesConfig(text: string) {
  const packages = xmlChild(readXml(text, ['package']), 'packages');
  const dependencies: Dependency[] = [];
  for (const entry of xmlChildren(packages, 'package')) {
    const name = xmlText(entry, '@id');
    if (!name) continue;
    const version = xmlText(entry, '@version');
    dependencies.push({ name, ...(version ? { version } : {}), dev: xmlText(entry, '@developmentDependency') === 'true' || NUGET_TEST.test(name) });
  }
  return { dependencies };
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

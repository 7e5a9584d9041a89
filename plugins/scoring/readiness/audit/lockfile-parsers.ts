/**
 * The packages a lockfile pins, per format. Markers are read only where the format records
 * them: `license` and `deprecated` in package-lock.json (v2/v3 `packages` map; v1 nested
 * `dependencies`), `deprecated` in pnpm-lock.yaml; yarn.lock, poetry.lock, Cargo.lock and
 * go.sum record neither licences nor deprecation (poetry.lock and Cargo.lock do not mark
 * yanked releases either, so yanked is only reported when a file carries `yanked = true`).
 */
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';

export type LockFormat = 'package-lock' | 'yarn' | 'pnpm' | 'poetry' | 'cargo' | 'go.sum' | 'pipfile' | 'uv';

export interface LockedPackage {
  name: string;
  version: string;
  license?: string;
  deprecated?: string;
  yanked?: boolean;
  dev?: boolean;
}

export function lockFormatOf(path: string): LockFormat | null {
  const name = path.slice(path.lastIndexOf('/') + 1);
  switch (name) {
    case 'package-lock.json':
    case 'npm-shrinkwrap.json':
      return 'package-lock';
    case 'yarn.lock':
      return 'yarn';
    case 'pnpm-lock.yaml':
      return 'pnpm';
    case 'poetry.lock':
      return 'poetry';
    case 'Cargo.lock':
      return 'cargo';
    case 'go.sum':
      return 'go.sum';
    case 'Pipfile.lock':
      return 'pipfile';
    case 'uv.lock':
      return 'uv';
    default:
      return null;
  }
}

const isRecord = (value: unknown): value is Record<string, any> => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown) => (typeof value === 'string' ? value : undefined);

function licenseOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (isRecord(value) && typeof value.type === 'string') return value.type;
  if (Array.isArray(value)) return value.map(licenseOf).filter(Boolean).join(' OR ') || undefined;
  return undefined;
}

function packageLock(text: string): LockedPackage[] {
  const lock = JSON.parse(text);
  const out: LockedPackage[] = [];
  if (isRecord(lock.packages)) {
    for (const [key, entry] of Object.entries(lock.packages)) {
      // '' is the project itself; entries without node_modules/ are workspace folders.
      if (!key.includes('node_modules/') || !isRecord(entry) || entry.link) continue;
      const name = str(entry.name) ?? key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);
      const version = str(entry.version);
      if (!version) continue;
      const license = licenseOf(entry.license);
      out.push({ name, version, ...(license ? { license } : {}), ...(str(entry.deprecated) ? { deprecated: entry.deprecated } : {}), ...(entry.dev ? { dev: true } : {}) });
    }
    return out;
  }
  // lockfileVersion 1: nested `dependencies`.
  const walk = (deps: unknown) => {
    if (!isRecord(deps)) return;
    for (const [name, entry] of Object.entries(deps)) {
      if (!isRecord(entry) || typeof entry.version !== 'string') continue;
      out.push({ name, version: entry.version, ...(str(entry.deprecated) ? { deprecated: entry.deprecated } : {}), ...(entry.dev ? { dev: true } : {}) });
      walk(entry.dependencies);
    }
  };
  walk(lock.dependencies);
  return out;
}

/** `name@range` (or `name@npm:range`) to the name: the last @ that is not the scope's. */
function nameOfSpec(spec: string): string {
  const at = spec.indexOf('@', 1);
  return at < 0 ? spec : spec.slice(0, at);
}

function yarnLock(text: string): LockedPackage[] {
  const out: LockedPackage[] = [];
  if (/^__metadata:/m.test(text)) {
    // Yarn 2+ (berry) writes YAML.
    const doc = parseYaml(text, { maxAliasCount: 0 });
    for (const [key, entry] of Object.entries(isRecord(doc) ? doc : {})) {
      if (key === '__metadata' || !isRecord(entry)) continue;
      const version = entry.version === undefined ? undefined : String(entry.version);
      if (version && !/@(?:workspace|link|portal):/.test(key)) out.push({ name: nameOfSpec(key.split(',')[0]!.trim()), version });
    }
    return out;
  }
  // Yarn 1: unindented `"a@^1", "a@^1.2":` headers, then an indented `version "1.2.3"`.
  let current: string | null = null;
  for (const line of text.split(/\r?\n/)) {
    if (/^\S.*:$/.test(line) && !line.startsWith('#')) current = nameOfSpec(line.slice(0, -1).split(',')[0]!.trim().replace(/^"|"$/g, ''));
    else if (current) {
      const version = /^\s+version:?\s+"?([^"\s]+)"?/.exec(line);
      if (version) {
        out.push({ name: current, version: version[1]! });
        current = null;
      }
    }
  }
  return out;
}

function pnpmLock(text: string): LockedPackage[] {
  const doc = parseYaml(text, { maxAliasCount: 0 });
  const out: LockedPackage[] = [];
  const packages = isRecord(doc) && isRecord(doc.packages) ? doc.packages : {};
  for (const [key, entry] of Object.entries(packages)) {
    // v5: /name/1.2.3; v6: /name@1.2.3; v9: name@1.2.3 (peer suffixes in parentheses or after _).
    const bare = key.replace(/^\//, '').replace(/\(.*$/, '').replace(/_.*$/, '');
    let name: string;
    let version: string;
    const at = bare.lastIndexOf('@');
    if (at > 0) {
      name = bare.slice(0, at);
      version = bare.slice(at + 1);
    } else {
      const slash = bare.lastIndexOf('/');
      name = bare.slice(0, slash);
      version = bare.slice(slash + 1);
    }
    if (!name || !version) continue;
    const e = isRecord(entry) ? entry : {};
    out.push({ name, version, ...(str(e.deprecated) ? { deprecated: e.deprecated } : {}), ...(e.dev === true ? { dev: true } : {}) });
  }
  return out;
}

function tomlPackages(text: string): LockedPackage[] {
  const doc = parseToml(text) as Record<string, any>;
  const list = Array.isArray(doc.package) ? doc.package : [];
  return list
    .filter((p: any) => isRecord(p) && typeof p.name === 'string' && typeof p.version === 'string')
    .map((p: any) => ({ name: p.name, version: p.version, ...(p.yanked === true ? { yanked: true } : {}), ...(p.category === 'dev' ? { dev: true } : {}) }));
}

function goSum(text: string): LockedPackage[] {
  const seen = new Map<string, LockedPackage>();
  for (const line of text.split(/\r?\n/)) {
    const [module, version] = line.trim().split(/\s+/);
    if (!module || !version) continue;
    const v = version.replace(/\/go\.mod$/, '');
    seen.set(`${module}@${v}`, { name: module, version: v.replace(/^v/, '').replace(/\+incompatible$/, '') });
  }
  return [...seen.values()];
}

function pipfileLock(text: string): LockedPackage[] {
  const doc = JSON.parse(text);
  const out: LockedPackage[] = [];
  for (const [section, dev] of [['default', false], ['develop', true]] as const) {
    for (const [name, entry] of Object.entries(isRecord(doc[section]) ? doc[section] : {})) {
      const version = isRecord(entry) ? str(entry.version)?.replace(/^==/, '') : undefined;
      if (version) out.push({ name, version, ...(dev ? { dev: true } : {}) });
    }
  }
  return out;
}

export function parseLockfile(format: LockFormat, text: string): LockedPackage[] {
  switch (format) {
    case 'package-lock':
      return packageLock(text);
    case 'yarn':
      return yarnLock(text);
    case 'pnpm':
      return pnpmLock(text);
    case 'poetry':
    case 'cargo':
    case 'uv':
      return tomlPackages(text);
    case 'go.sum':
      return goSum(text);
    case 'pipfile':
      return pipfileLock(text);
  }
}

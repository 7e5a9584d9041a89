/**
 * dependency_audit, offline: the tracked lockfiles read for duplicate majors, deprecated
 * or yanked markers and licences (where the format records them), the manifests' declared
 * ranges classified, and `npm audit --json` only when the networkAudit option allows it.
 */
import { posix } from 'node:path';
import semver from 'semver';
import type { Workspace } from '../../../../sdk/index.js';
import type { ScanResult } from '../../../project/api.js';
import type { TargetEnvironment } from '../types.js';
import { lockFormatOf, parseLockfile, type LockedPackage, type LockFormat } from './lockfile-parsers.js';
import { runNpmAudit, type NpmAudit } from './npm-audit.js';
import { classifyRange } from './ranges.js';

const LISTED = 50;
const MAX_LOCKFILES = 20;
const MAX_LOCK_BYTES = 32 * 1024 * 1024;
/** Strong copyleft (GPL, AGPL), not LGPL: linking a GPL library into shipped code obliges its source. */
const COPYLEFT = /(?:^|[^L])(?:A?GPL)/i;

/** An SPDX expression is copyleft only when every `OR` alternative is (`MIT OR GPL-2.0` lets you pick MIT). */
export function isCopyleft(license: string): boolean {
  return license
    .replace(/[()]/g, ' ')
    .split(/\s+OR\s+/i)
    .every((choice) => COPYLEFT.test(choice));
}
const UNKNOWN_LICENSE = /^(?:UNLICENSED|UNKNOWN|SEE LICEN[SC]E IN .*|NOASSERTION)$/i;

export const MARKER_FORMATS =
  'licences: package-lock.json v2/v3 `license`; deprecated: package-lock.json and pnpm-lock.yaml `deprecated`; yanked: a `yanked = true` entry (uv.lock); yarn.lock, poetry.lock, Cargo.lock, Pipfile.lock and go.sum record none of these';

export interface DependencyAudit {
  summary: string;
  status: 'pass' | 'warn' | 'fail';
  /** Stop a deployment to the environment (strict mode: the warnings too). */
  blockers: string[];
  warnings: string[];
  lockfiles: Array<{ path: string; format: LockFormat; packages: number; error?: string }>;
  ranges: { pinned: number; floating: number; flagged: number; local: number; flaggedList: Array<{ manifest: string; name: string; version: string; why: string }> };
  duplicateMajors: Array<{ name: string; versions: string[]; lockfile: string }>;
  duplicateMajorTotal: number;
  deprecated: Array<{ name: string; version: string; message: string; lockfile: string }>;
  yanked: Array<{ name: string; version: string; lockfile: string }>;
  licenses: {
    /** Packages in lockfiles that record licences. */
    recorded: number;
    byLicense: Array<{ license: string; count: number }>;
    copyleft: Array<{ name: string; version: string; license: string; dev: boolean }>;
    unknown: Array<{ name: string; version: string; license: string | null }>;
    unknownTotal: number;
  };
  markerFormats: string;
  npmAudit: NpmAudit;
}

export interface DependencyAuditInput {
  root: string;
  scan: ScanResult;
  workspace: Workspace;
  environment: TargetEnvironment;
  strict: boolean;
  networkAudit: boolean;
  signal?: AbortSignal;
}

const majorOf = (version: string) => semver.coerce(version)?.major ?? null;

export async function dependencyAudit(input: DependencyAuditInput): Promise<DependencyAudit> {
  const { root, scan, workspace, environment } = input;
  const rel = (path: string) => workspace.relative(posix.join(root, path));
  const blockers: string[] = [];
  const warnings: string[] = [];

  // Ranges declared in the product's manifests.
  const ranges: DependencyAudit['ranges'] = { pinned: 0, floating: 0, flagged: 0, local: 0, flaggedList: [] };
  for (const manifest of scan.scan.manifests) {
    for (const dep of manifest.dependencies) {
      const range = classifyRange(manifest.ecosystem, dep.version);
      if (!range) continue;
      ranges[range.kind] += 1;
      if (range.kind === 'flagged' && ranges.flaggedList.length < LISTED) ranges.flaggedList.push({ manifest: rel(manifest.path), name: dep.name, version: dep.version ?? '', why: range.why! });
    }
  }
  if (ranges.flagged) warnings.push(`${ranges.flagged} dependencies accept any version or a movable source (${ranges.flaggedList.slice(0, 3).map((f) => `${f.name}@${f.version || '(none)'}`).join(', ')})`);

  // The product's lockfiles (fixtures' and examples' are not what ships).
  const lockfiles: DependencyAudit['lockfiles'] = [];
  const locked: Array<{ lockfile: string; format: LockFormat; pkg: LockedPackage }> = [];
  const candidates = scan.files.filter((f) => lockFormatOf(f.path) && (!f.folder || f.folder === ('product' as string))).slice(0, MAX_LOCKFILES);
  for (const file of candidates) {
    input.signal?.throwIfAborted();
    const format = lockFormatOf(file.path)!;
    try {
      const text = await workspace.readText(posix.join(root, file.path), { maxBytes: MAX_LOCK_BYTES });
      const packages = parseLockfile(format, text);
      lockfiles.push({ path: rel(file.path), format, packages: packages.length });
      for (const pkg of packages) locked.push({ lockfile: rel(file.path), format, pkg });
    } catch (error) {
      lockfiles.push({ path: rel(file.path), format, packages: 0, error: (error as Error).message.split('\n')[0]! });
      warnings.push(`${rel(file.path)} could not be read: ${(error as Error).message.split('\n')[0]}`);
    }
  }

  // Duplicate majors, per lockfile (one lockfile is one install).
  const versions = new Map<string, Set<string>>();
  for (const { lockfile, pkg } of locked) {
    const key = `${lockfile}\0${pkg.name}`;
    versions.set(key, (versions.get(key) ?? new Set()).add(pkg.version));
  }
  const duplicates: DependencyAudit['duplicateMajors'] = [];
  for (const [key, set] of versions) {
    const majors = new Set([...set].map(majorOf).filter((m) => m !== null));
    if (majors.size > 1) {
      const [lockfile, name] = key.split('\0') as [string, string];
      duplicates.push({ name, versions: [...set].sort(semverOrder), lockfile });
    }
  }
  duplicates.sort((a, b) => b.versions.length - a.versions.length || a.name.localeCompare(b.name));

  const deprecated = locked.filter((l) => l.pkg.deprecated).map((l) => ({ name: l.pkg.name, version: l.pkg.version, message: l.pkg.deprecated!.slice(0, 200), lockfile: l.lockfile }));
  const yanked = locked.filter((l) => l.pkg.yanked).map((l) => ({ name: l.pkg.name, version: l.pkg.version, lockfile: l.lockfile }));
  if (deprecated.length) warnings.push(`${deprecated.length} deprecated packages locked (${deprecated.slice(0, 3).map((d) => `${d.name}@${d.version}`).join(', ')})`);
  if (yanked.length) blockers.push(`${yanked.length} yanked releases locked (${yanked.slice(0, 3).map((d) => `${d.name}@${d.version}`).join(', ')})`);

  // Licences, where the lockfile records them (package-lock v2/v3).
  // A v1 package-lock records no licences: its packages are not all "unlicensed".
  const recording = new Set(locked.filter((l) => l.format === 'package-lock' && l.pkg.license !== undefined).map((l) => l.lockfile));
  const withLicences = locked.filter((l) => recording.has(l.lockfile));
  const byLicense = new Map<string, number>();
  const copyleft: DependencyAudit['licenses']['copyleft'] = [];
  const unknown: DependencyAudit['licenses']['unknown'] = [];
  for (const { pkg } of withLicences) {
    const license = pkg.license ?? null;
    byLicense.set(license ?? '(none)', (byLicense.get(license ?? '(none)') ?? 0) + 1);
    if (license === null || UNKNOWN_LICENSE.test(license)) unknown.push({ name: pkg.name, version: pkg.version, license });
    else if (isCopyleft(license)) copyleft.push({ name: pkg.name, version: pkg.version, license, dev: pkg.dev === true });
  }
  const shipped = copyleft.filter((c) => !c.dev);
  if (shipped.length && environment === 'production') blockers.push(`${shipped.length} production dependencies under a copyleft licence (${shipped.slice(0, 3).map((c) => `${c.name}: ${c.license}`).join(', ')})`);
  else if (shipped.length) warnings.push(`${shipped.length} dependencies under a copyleft licence (${shipped.slice(0, 3).map((c) => `${c.name}: ${c.license}`).join(', ')})`);
  if (unknown.length && environment !== 'development') warnings.push(`${unknown.length} packages with no or an unknown licence (${unknown.slice(0, 3).map((u) => u.name).join(', ')})`);

  // npm audit: only with the network allowed.
  let npmAudit: NpmAudit;
  const hasPackageJson = scan.files.some((f) => f.path === 'package.json');
  if (!input.networkAudit) npmAudit = { run: false, reason: 'not run: it contacts the npm registry, and the scoring pack option networkAudit is off' };
  else if (!hasPackageJson) npmAudit = { run: false, reason: 'not run: no package.json at the project root' };
  else npmAudit = await runNpmAudit(root, rel('.') || '.', input.workspace, input.signal);
  if (npmAudit.run) {
    const v = npmAudit.vulnerabilities;
    if (v.critical + v.high > 0) blockers.push(`npm audit: ${v.critical} critical, ${v.high} high vulnerabilities`);
    if (v.moderate > 0) warnings.push(`npm audit: ${v.moderate} moderate vulnerabilities`);
  }

  const status = blockers.length || (input.strict && warnings.length) ? 'fail' : warnings.length ? 'warn' : 'pass';
  const packageCount = lockfiles.reduce((s, l) => s + l.packages, 0);
  const summary =
    `Dependency audit (${environment}${input.strict ? ', strict' : ''}): ${status.toUpperCase()}. ` +
    `${lockfiles.length} lockfiles, ${packageCount} locked packages; declared ranges ${ranges.pinned} pinned, ${ranges.floating} floating, ${ranges.flagged} flagged; ` +
    `${duplicates.length} packages at several majors; ${deprecated.length} deprecated; ${copyleft.length} copyleft; ` +
    (npmAudit.run ? `npm audit: ${npmAudit.vulnerabilities.total} vulnerabilities.` : `npm audit ${npmAudit.reason}.`);
  return {
    summary,
    status,
    blockers,
    warnings,
    lockfiles,
    ranges,
    duplicateMajors: duplicates.slice(0, LISTED),
    duplicateMajorTotal: duplicates.length,
    deprecated: deprecated.slice(0, LISTED),
    yanked: yanked.slice(0, LISTED),
    licenses: {
      recorded: withLicences.length,
      byLicense: [...byLicense].map(([license, count]) => ({ license, count })).sort((a, b) => b.count - a.count).slice(0, 30),
      copyleft: copyleft.slice(0, LISTED),
      unknown: unknown.slice(0, LISTED),
      unknownTotal: unknown.length,
    },
    markerFormats: MARKER_FORMATS,
    npmAudit,
  };
}

function semverOrder(a: string, b: string): number {
  const ca = semver.coerce(a);
  const cb = semver.coerce(b);
  return ca && cb ? semver.compare(ca, cb) : a.localeCompare(b);
}

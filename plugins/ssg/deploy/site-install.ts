/**
 * What the deploy workflow installs for an existing site, in place of the adapter's bare install of
 * the generator (a themed MkDocs site fails with only `mkdocs`: "No module named 'pymdownx'").
 * For MkDocs (and a contributed pip-installed generator with `siteNeeds`, e.g. Sphinx), the first the project declares: the pyproject `docs` dependency group (pip >= 25.1
 * reads groups), the `docs` extra, a Poetry `docs` group (listed), a docs requirements file; else
 * the theme, plugins and extensions mkdocs.yml names (mkdocs-packages.ts; the adapter's `siteNeeds` for others). With mkdocstrings the
 * package itself is installed too, so the handler can import what it documents. For Jekyll, a
 * Gemfile's gems (bundle install, bundle exec). Only fixed texts and validated package names reach
 * the shell line.
 */
import { posix } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import type { SsgAdapter, WorkflowStep } from '../../../sdk/index.js';
import { mkdocsNeeds } from './mkdocs-packages.js';

export interface SiteInstall {
  /** Steps replacing the adapter's own install of the generator. */
  steps: WorkflowStep[];
  /** What is installed and from where, for the result. */
  note: string;
  /** The build runs through this ("bundle exec"), so it uses the versions installed. */
  exec?: string;
}

/** Reads a file by its path relative to the repository root; undefined when missing. */
export type RepoReader = (path: string) => Promise<string | undefined>;

const GROUP_NAMES = ['docs', 'doc', 'documentation'];
/** Docs requirements files as projects name them, relative to the repository root (the site's own folder first). */
const REQUIREMENTS = ['docs/requirements.txt', 'docs/requirements-docs.txt', 'requirements-docs.txt', 'requirements_docs.txt', 'docs-requirements.txt', 'requirements/docs.txt', 'doc/requirements.txt'];
/** A PyPI project name (PEP 508), the only thing from a manifest that may reach a shell line. */
const PACKAGE_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9._-]{0,98}[A-Za-z0-9])?$/;

/** A package an adapter's siteNeeds names, as it may reach the shell line: `name` or `"name[extra,...]"`; undefined when it is anything else. */
function packageArg(spec: string): string | undefined {
  const bare = spec.replace(/^"(.*)"$/, '$1');
  const match = /^([^[\]]+)(\[[A-Za-z0-9._-]+(?:,[A-Za-z0-9._-]+)*\])?$/.exec(bare);
  if (!match || !PACKAGE_NAME.test(match[1]!)) return undefined;
  return match[2] ? `"${bare}"` : bare;
}

export async function siteInstall(adapter: SsgAdapter, siteDir: string, marker: string | null, read: RepoReader): Promise<SiteInstall | undefined> {
  if (adapter.id === 'jekyll') return jekyllInstall(siteDir, read);
  // A pip-installed generator (MkDocs, a contributed Sphinx adapter): what the project declares, else what its config names.
  const needsOf = adapter.id === 'mkdocs' ? mkdocsNeeds : adapter.traits.ecosystem === 'python' ? adapter.siteNeeds?.bind(adapter) : undefined;
  if (!needsOf) return undefined;
  const config = marker ? await read(posix.join(siteDir, marker)) : undefined;
  const named = config === undefined ? undefined : needsOf(config);
  const packages = named ? named.packages.map(packageArg) : [];
  // Only validated names reach the shell line; anything else is reported like an unknown name.
  const needs = named && {
    packages: packages.filter((p): p is string => p !== undefined),
    unknown: [...named.unknown, ...named.packages.filter((_, i) => packages[i] === undefined).map((p) => `package ${JSON.stringify(p)}`)],
    documentsCode: named.documentsCode === true,
  };
  const project = await pythonProject(siteDir, read);
  const withPackage = (dir: string) => (needs?.documentsCode && project?.installable && project.dir === dir ? '\npip install .' : '');
  const forCode = (dir: string) => (withPackage(dir) ? ` and the package itself (${adapter.id === 'mkdocs' ? 'mkdocstrings' : adapter.name} imports what it documents)` : '');

  if (project) {
    const { dir, toml } = project;
    const group = GROUP_NAMES.find((name) => Array.isArray(record(toml['dependency-groups'])?.[name]));
    if (group) {
      return {
        steps: [{ name: 'Install the docs dependencies', run: `python -m pip install --upgrade "pip>=25.1"\npip install --group ${group}${withPackage(dir)}`, 'working-directory': dir }],
        note: `The workflow installs the dependency group "${group}" of ${posix.join(dir, 'pyproject.toml')} (pip >= 25.1 reads dependency groups)${forCode(dir)}.`,
      };
    }
    const extra = GROUP_NAMES.find((name) => Array.isArray(record(record(toml.project)?.['optional-dependencies'])?.[name]));
    if (extra) {
      return {
        steps: [{ name: 'Install the package with its docs extra', run: `pip install ".[${extra}]"`, 'working-directory': dir }],
        note: `The workflow installs the package with its "${extra}" extra (${posix.join(dir, 'pyproject.toml')} [project.optional-dependencies]).`,
      };
    }
    const poetry = GROUP_NAMES.map((name) => ({ name, deps: record(record(record(record(record(toml.tool)?.poetry)?.group)?.[name])?.dependencies) })).find((g) => g.deps);
    if (poetry?.deps) {
      const names = Object.keys(poetry.deps).filter((name) => name.toLowerCase() !== 'python' && PACKAGE_NAME.test(name));
      if (names.length) {
        return {
          steps: [{ name: 'Install the docs dependencies', run: `pip install ${names.join(' ')}${withPackage(dir)}`, 'working-directory': dir }],
          note: `The workflow installs the Poetry group "${poetry.name}" of ${posix.join(dir, 'pyproject.toml')} by name (${names.join(', ')}; their version constraints are Poetry's, not pip's)${forCode(dir)}.`,
        };
      }
    }
  }

  const own = siteDir === '.' ? [] : [posix.join(siteDir, 'requirements.txt'), posix.join(siteDir, 'requirements-docs.txt')];
  for (const file of [...new Set([...own, ...REQUIREMENTS])]) {
    if ((await read(file)) === undefined) continue;
    return {
      steps: [{ name: 'Install the docs requirements', run: `pip install -r ${file}${withPackage('.')}`, 'working-directory': '.' }],
      note: `The workflow installs ${file}${forCode('.')}.`,
    };
  }

  if (!needs) return undefined;
  if (needs.packages.length === 0) return undefined;
  const steps: WorkflowStep[] = [{ name: `Install ${adapter.name} and what ${posix.basename(marker!)} names`, run: `pip install ${needs.packages.join(' ')}` }];
  if (project && withPackage(project.dir)) steps.push({ name: `Install the package ${adapter.id === 'mkdocs' ? 'mkdocstrings' : adapter.name} documents`, run: 'pip install .', 'working-directory': project.dir });
  // Nothing beyond the generator itself: the adapter's own step says it.
  if (steps.length === 1 && needs.packages.length === 1 && needs.unknown.length === 0) return undefined;
  const unknown = needs.unknown.length ? ` Not installed, their packages are not known: ${needs.unknown.join(', ')}; add them to the install step.` : '';
  return {
    steps,
    note: `The project declares no docs dependencies (pyproject docs group or extra, docs requirements file): the workflow installs what ${posix.join(siteDir, marker!)} names (${needs.packages.map((p) => p.replace(/"/g, '')).join(', ')})${forCode(project?.dir ?? '.')}.${unknown}`,
  };
}

/** A Jekyll site with a Gemfile (its theme, plugins, often the github-pages gem): bundle install, then bundle exec (Bundler finds the Gemfile above the site folder too). */
async function jekyllInstall(siteDir: string, read: RepoReader): Promise<SiteInstall | undefined> {
  for (const dir of [...new Set([siteDir, '.'])]) {
    const gemfile = posix.join(dir, 'Gemfile');
    if ((await read(gemfile)) === undefined) continue;
    return {
      steps: [{ name: 'Install the gems of the Gemfile', run: 'bundle install', 'working-directory': dir }],
      note: `The workflow installs the gems of ${gemfile} and builds with bundle exec.`,
      exec: 'bundle exec',
    };
  }
  return undefined;
}

interface PythonProject {
  /** Folder of the pyproject.toml relative to the repository root. */
  dir: string;
  toml: Record<string, unknown>;
  /** pip can install it (a [project] name, or a setup.py beside it). */
  installable: boolean;
}

/** The pyproject.toml of the site's folder, else of the repository root. */
async function pythonProject(siteDir: string, read: RepoReader): Promise<PythonProject | undefined> {
  for (const dir of [...new Set([siteDir, '.'])]) {
    const text = await read(posix.join(dir, 'pyproject.toml'));
    if (text === undefined) continue;
    let toml: Record<string, unknown>;
    try {
      toml = parseToml(text) as Record<string, unknown>;
    } catch {
      continue;
    }
    const named = typeof record(toml.project)?.name === 'string' || typeof record(record(toml.tool)?.poetry)?.name === 'string';
    return { dir, toml, installable: named || (await read(posix.join(dir, 'setup.py'))) !== undefined };
  }
  return undefined;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/**
 * The site's files whose code a generator runs when it builds or serves: what the
 * user is shown before approving test_local_deployment (execution.projectCode).
 * The config file always (MkDocs hooks and plugins, an Eleventy config, Docusaurus's
 * are code or name code); then what each generator loads by convention: Jekyll's
 * _plugins/ and Gemfile, Eleventy's data and config scripts, MkDocs hooks and
 * macros modules, Docusaurus's sidebars and config scripts.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { glob } from 'tinyglobby';
import { parseDocument } from 'yaml';
import type { SsgAdapter, Workspace } from '../../../sdk/index.js';

/** Globs (relative to the site root) of code each generator loads on its own. */
const CONVENTIONAL: Record<string, string[]> = {
  jekyll: ['_plugins/**/*.rb', 'Gemfile', '*.gemspec'],
  eleventy: ['_data/**/*.{js,cjs,mjs,ts}', '**/*.11tydata.{js,cjs,mjs}', '_config/**/*.{js,cjs,mjs}'],
  mkdocs: ['main.py', 'hooks/**/*.py', '*.py'],
  docusaurus: ['sidebars.{js,ts,mjs,cjs}', 'babel.config.js', 'plugins/**/*.{js,ts,mjs}'],
  hugo: [],
};

/** `hooks:` entries of mkdocs.yml (paths to Python files it imports). */
async function mkdocsHooks(workspace: Workspace, config: string): Promise<string[]> {
  const text = await workspace.readText(config, { maxBytes: 256 * 1024 }).catch(() => '');
  // A tolerant parse: MkDocs configs use !!python/name and !ENV tags, which are only read here.
  const doc = parseDocument(text, { customTags: [], logLevel: 'silent', uniqueKeys: false }).toJS({ maxAliasCount: 50 }) as unknown;
  const hooks = doc && typeof doc === 'object' ? (doc as { hooks?: unknown }).hooks : undefined;
  return Array.isArray(hooks) ? hooks.filter((h): h is string => typeof h === 'string') : [];
}

/** Absolute paths of the site's code files: the config first, then the generator's conventions. */
export async function siteCodeFiles(adapter: SsgAdapter, siteRoot: string, marker: string, workspace: Workspace): Promise<string[]> {
  const config = `${siteRoot}/${marker}`;
  // Hook entries are paths the repository wrote, not globs: looked up as files, never matched as patterns.
  const hooks: string[] = [];
  for (const hook of adapter.id === 'mkdocs' ? await mkdocsHooks(workspace, config) : []) {
    const path = await workspace.resolve(join(siteRoot, hook), 'repositoryPath').catch(() => null);
    if (path && (await stat(path).catch(() => null))?.isFile()) hooks.push(path);
  }
  const patterns = CONVENTIONAL[adapter.id] ?? [];
  const found = patterns.length
    ? await glob(patterns, { cwd: siteRoot, absolute: true, onlyFiles: true, followSymbolicLinks: false, dot: false, ignore: ['node_modules/**', '**/node_modules/**', 'site/**', '_site/**', 'public/**', 'build/**'] })
    : [];
  return [config, ...new Set([...hooks, ...found.filter((file) => file !== config).sort()])];
}

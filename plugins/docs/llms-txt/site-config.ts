/**
 * What llms.txt takes from the site generator's configuration: the project's
 * name and one-line description, the base URL (mkdocs site_url, hugo baseURL,
 * docusaurus url + baseUrl, jekyll url + baseurl; eleventy has none), MkDocs'
 * nav (sections, titles, order), and the folders files are published from.
 * The project manifest (package.json, pyproject.toml) names the project when
 * the config does not, as the docs tools name projects.
 */
import { basename, join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { parseDocument } from 'yaml';
import type { Workspace } from '../../../sdk/index.js';

export interface NavEntry {
  /** Top-level nav section title, null for a page at the nav's top level. */
  section: string | null;
  title: string | null;
  order: number;
}

export interface SiteConfig {
  name: string | null;
  description: string | null;
  baseUrl: string | null;
  /** MkDocs nav: docs_dir-relative file → its place; null when the config has no nav. */
  nav: Map<string, NavEntry> | null;
  /** Top-level nav sections in order. */
  navSections: string[];
  /** Raw config values placement needs (hugo staticDir, eleventy passthrough). */
  staticDir: string | null;
  passthroughLlms: boolean;
}

type Data = Record<string, unknown>;
const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);
const MAX_CONFIG_BYTES = 1024 * 1024;

function readYaml(text: string): Data {
  try {
    const value: unknown = parseDocument(text, { logLevel: 'silent' }).toJS();
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Data) : {};
  } catch {
    return {};
  }
}

function readStructured(marker: string, text: string): Data {
  try {
    if (marker.endsWith('.toml')) return parseToml(text) as Data;
    if (marker.endsWith('.json')) return JSON.parse(text) as Data;
  } catch {
    return {};
  }
  return readYaml(text);
}

/** A string property of a JS config (`url: 'https://…'`), its first occurrence: the site's own comes before theme blocks. */
const jsString = (text: string, key: string): string | null => str(new RegExp(`(?:^|[\\s,{])${key}\\s*:\\s*(["'\`])([^"'\`\\n]*)\\1`, 'm').exec(text)?.[2]);

/** "https://x.org" + "/docs/" without doubling or losing the slash. */
const joinBase = (url: string | null, base: string | null): string | null => (url ? `${url.replace(/\/+$/, '')}/${(base ?? '').replace(/^\/+/, '')}` : null);

export async function readSiteConfig(workspace: Workspace, generator: string | null, marker: string | null, siteRoot: string): Promise<SiteConfig> {
  const config: SiteConfig = { name: null, description: null, baseUrl: null, nav: null, navSections: [], staticDir: null, passthroughLlms: false };
  const text = marker ? await workspace.readText(marker, { maxBytes: MAX_CONFIG_BYTES }).catch(() => '') : '';
  switch (generator) {
    case 'mkdocs': {
      const data = readYaml(text);
      Object.assign(config, { name: str(data.site_name), description: str(data.site_description), baseUrl: str(data.site_url) });
      if (Array.isArray(data.nav)) readNav(data.nav, config);
      break;
    }
    case 'hugo': {
      const data = readStructured(marker ?? '', text);
      const params = (data.params && typeof data.params === 'object' ? data.params : {}) as Data;
      Object.assign(config, { name: str(data.title), description: str(params.description) ?? str(data.description), baseUrl: str(data.baseURL) ?? str(data.baseurl), staticDir: str(data.staticDir) });
      break;
    }
    case 'docusaurus':
      Object.assign(config, { name: jsString(text, 'title'), description: jsString(text, 'tagline'), baseUrl: joinBase(jsString(text, 'url'), jsString(text, 'baseUrl')) });
      break;
    case 'jekyll': {
      const data = readYaml(text);
      Object.assign(config, { name: str(data.title), description: str(data.description), baseUrl: joinBase(str(data.url), str(data.baseurl)) });
      break;
    }
    case 'eleventy':
      config.passthroughLlms = /addPassthroughCopy\s*\([^)]*llms/.test(text);
      break;
  }
  if (!config.name || !config.description) {
    const manifest = await readManifest(workspace, siteRoot);
    config.name ??= manifest.name;
    config.description ??= manifest.description;
  }
  config.name ??= basename(siteRoot) || 'Documentation';
  return config;
}

/** MkDocs nav: `- Title: file.md`, `- file.md`, `- Section: [ ... ]`; external links are not pages. */
function readNav(nav: unknown[], config: SiteConfig): void {
  const map = new Map<string, NavEntry>();
  let order = 0;
  const walk = (items: unknown[], section: string | null) => {
    for (const item of items) {
      if (typeof item === 'string') map.set(cleanPath(item), { section, title: null, order: order++ });
      else if (item && typeof item === 'object') {
        for (const [title, value] of Object.entries(item as Data)) {
          if (typeof value === 'string') map.set(cleanPath(value), { section, title, order: order++ });
          else if (Array.isArray(value)) {
            const top = section ?? title;
            if (!section && !config.navSections.includes(title)) config.navSections.push(title);
            walk(value, top);
          }
        }
      }
    }
  };
  walk(nav, null);
  config.nav = map;
}

const cleanPath = (path: string): string => path.trim().replace(/^\.\//, '');

async function readManifest(workspace: Workspace, siteRoot: string): Promise<{ name: string | null; description: string | null }> {
  for (const folder of [siteRoot, workspace.root]) {
    const pkg = await workspace.readText(join(folder, 'package.json'), { maxBytes: MAX_CONFIG_BYTES }).catch(() => null);
    if (pkg) {
      try {
        const data = JSON.parse(pkg) as Data;
        if (str(data.name)) return { name: str(data.name), description: str(data.description) };
      } catch {
        /* not JSON: try the next manifest */
      }
    }
    const pyproject = await workspace.readText(join(folder, 'pyproject.toml'), { maxBytes: MAX_CONFIG_BYTES }).catch(() => null);
    if (pyproject) {
      try {
        const project = ((parseToml(pyproject) as Data).project ?? {}) as Data;
        if (str(project.name)) return { name: str(project.name), description: str(project.description) };
      } catch {
        /* not TOML */
      }
    }
  }
  return { name: null, description: null };
}

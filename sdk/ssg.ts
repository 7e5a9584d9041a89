/**
 * The contract of a static site generator adapter: everything the ssg pack's
 * tools need to recommend, configure, lay out, build, serve and deploy a
 * documentation site with one generator. The five built-in adapters (jekyll,
 * hugo, docusaurus, mkdocs, eleventy) use it exactly as a third party does:
 * one file (plus its templates), contributed to the extension point
 * `ssgAdaptersExtensionPoint` of `toolpack/packs/ssg`.
 *
 *   export default defineModule({ pluginId: 'ssg', moduleId: 'vitepress', register(env) {
 *     env.registerInit({ deps: { adapters: ssgAdaptersExtensionPoint }, init: ({ adapters }) => adapters.add(vitepress) });
 *   }});
 */

/** The four Diataxis sections every site gets. */
export const DIATAXIS_SECTIONS = ['tutorials', 'how-to', 'reference', 'explanation'] as const;
export type DiataxisSection = (typeof DIATAXIS_SECTIONS)[number];

export type SsgEcosystem = 'javascript' | 'python' | 'ruby' | 'go' | 'other';

/** What the generator offers, read by recommend_ssg's documented criteria. */
export interface SsgTraits {
  ecosystem: SsgEcosystem;
  /** Built in or by a maintained plugin the adapter sets up. */
  features: { versioning: boolean; search: boolean; i18n: boolean; apiReference: boolean; blog: boolean; mdx: boolean };
  /** Build time for a large site: fast (Hugo), medium, slow. */
  buildSpeed: 'fast' | 'medium' | 'slow';
  /** Effort to get the first site running and keep it: low, medium, high. */
  setupComplexity: 'low' | 'medium' | 'high';
  /** Pages it handles comfortably. */
  comfortablePages: number;
}

/** A file an adapter writes, relative to the site root (the tool's `outputPath` / `path`). */
export interface SiteFile {
  path: string;
  content: string;
}

/** A page of one Diataxis section. */
export interface SitePage {
  section: DiataxisSection;
  /** File name without extension, e.g. "getting-started"; "index" is the section's index page. */
  slug: string;
  title: string;
  /** Markdown body, without front matter. */
  body: string;
  /** Position in the section's navigation (index pages first). */
  order: number;
}

/** A GitHub Actions step as written into the workflow. */
export interface WorkflowStep {
  name: string;
  uses?: string;
  with?: Record<string, string | number | boolean>;
  run?: string;
  'working-directory'?: string;
}

/** How the generator runs as a child process (argument arrays, never a shell string). */
export interface SsgCommand {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

export interface SsgAdapter {
  /** Lower-case id used in tool parameters: "hugo". */
  id: string;
  name: string;
  /** Documentation URL of the generator. */
  homepage: string;
  traits: SsgTraits;
  /**
   * Files whose presence says the generator is already configured in a folder (relative
   * paths; any one matching is enough), e.g. ["mkdocs.yml", "mkdocs.yaml"]. `detectText`
   * refines a generic name (a `_config.yml` is Jekyll's only when it reads as Jekyll's).
   */
  markers: string[];
  detectText?(path: string, text: string): boolean;
  /** The configuration files of a new site (minimal, current, working). `baseUrl` defaults to "/". */
  configFiles(input: { projectName: string; projectDescription?: string; baseUrl?: string }): SiteFile[];
  /** The folder of a section relative to the site root: "docs/tutorials" for mkdocs, "content/tutorials" for hugo. */
  sectionDir(section: DiataxisSection): string;
  /** A page as the generator wants it: its path (under sectionDir) and content with front matter. */
  pageFile(page: SitePage): SiteFile;
  /**
   * The navigation for the pages: new files to write (sidebars.js, _data/navigation.yml) and/or
   * updated versions of config files (mkdocs.yml's nav): `current` reads a file of the site
   * (undefined when missing) so an adapter merges into what is there rather than replacing it.
   */
  navigation(pages: SitePage[], current: (path: string) => string | undefined): SiteFile[];
  /** Build the site from its root; `outputDir` is where the HTML lands, relative to the site root. */
  build: SsgCommand & { outputDir: string };
  /** Serve the site locally on `port` (after a build when the server does not build itself). */
  serve(port: number): SsgCommand & { servesBuild: boolean };
  /** What must be installed: the binary looked up on PATH (or node_modules/.bin), and how to get it. */
  requires: { binary: string; install: string; versionArgs?: string[] };
  /**
   * The deployment workflow's steps for the generator: set up its toolchain, then build into
   * `outputDir`. `siteDir` is the site root relative to the repository ("." or "docs").
   */
  workflowSteps(input: { siteDir: string; baseUrlFromPages: boolean }): WorkflowStep[];
  /**
   * The packages an existing site's config (the marker's text) names: theme, extensions, plugins.
   * deploy_pages installs them when the project declares no docs dependencies (a pip site:
   * pyproject docs group or extra, docs requirements file). Names only from a fixed table: an
   * unknown one is reported in `unknown`, not guessed. `documentsCode`: the build imports the
   * project's package (autodoc, mkdocstrings), so it is installed too.
   */
  siteNeeds?(config: string): { packages: string[]; unknown: string[]; documentsCode?: boolean };
}

/** Type helper: checks an adapter object against the contract. */
export const defineSsgAdapter = (adapter: SsgAdapter): SsgAdapter => adapter;

/**
 * The extension point's implementation: what contributors call. Each adapter is checked
 * against SsgAdapterSchema (sdk/ssg-schema.ts) first; the returned function (if any) takes it back.
 */
export interface SsgAdapterRegistry {
  add(adapter: SsgAdapter): void | (() => void);
}

/**
 * The shape of one technology in the project pack's catalogue (catalogue.ts):
 * every fact another pack asks about a technology (how a scan detects it, how
 * prose names it, which packages bring it in, what it competes with) sits on
 * one entry, so the packs cannot disagree about it.
 */

/** The scan's list a detected technology is reported in. */
export type Category = 'framework' | 'database' | 'messaging' | 'testing';

/** `jvm` covers Maven and Gradle (`group:artifact`). */
export type EcosystemGroup = 'npm' | 'pypi' | 'go' | 'cargo' | 'jvm' | 'rubygems' | 'composer' | 'nuget';

/** Package names per ecosystem; a trailing `*` is a prefix, names compare case-insensitively. */
export type PackagePatterns = Partial<Record<EcosystemGroup, string[]>>;

/** What a technology is to the project analysis: a user interface, a server, a relational store. */
export type Role = 'ui' | 'backend' | 'relational';

/** Where a deployment decision about a technology belongs (the deployment pack's guidance). */
export type DeploymentArea = 'container' | 'orchestration' | 'infrastructure' | 'serverless' | 'ci' | 'database' | 'hosting';

/** The test runners the workflow pack knows how to run. */
export type TestRunner = 'vitest' | 'jest' | 'mocha' | 'pytest' | 'go test' | 'cargo test';

export interface TechnologyEntry {
  /** Unique, stable: ADR rule ids (`adr-1-forbid-mongodb`) are built from it. */
  id: string;
  /** Display name, and the name a project scan reports it under. */
  name: string;
  /** Set when a project scan detects it (from `packages` and `files`). */
  category?: Category;
  /** Packages that show it is used (scan detection); the same name means different things in different registries. */
  packages?: PackagePatterns;
  /** Files that show it is used. */
  files?: RegExp;
  /** How decision prose names it for a dependency rule (the rules pack): whole words, case-sensitive for names that are also English words (Express, React). */
  mentions?: RegExp;
  /**
   * Every name ADR prose may use for it (the adr pack reads decisions with these): strings match whole words
   * case-insensitively (spaces also match "-" and "_"); regular expressions as written, for names that are also
   * ordinary words ("Go", "Rails"). Broader than `mentions`: a product built on it counts ("Aurora PostgreSQL").
   */
  prose?: Array<string | RegExp>;
  /** Container images that run it (compose services, Dockerfile FROM lines), matched against the full image reference. */
  images?: RegExp;
  /** Exact package names (npm, PyPI, Go) a dependency rule about it requires or forbids, generic SDKs that reach it included. */
  clients?: string[];
  /** Packages of it that count as a choice in a competing group (competing.ts): two groups' members in one manifest is a choice nobody settled. */
  competes?: { group: string; packages: Partial<Record<'npm' | 'pypi', string[]>> };
  roles?: Role[];
  /** The port its server listens on by default (a refused connection names the port, not the service). */
  port?: number;
  /** The workflow pack's name for it as a test runner. */
  runner?: TestRunner;
  /** Ids of the technologies it cannot run without (Sidekiq keeps its jobs in Redis): a scan that finds it reports them too. */
  needs?: string[];
  /** For deployment guidance: its area, and the words an ADR names it by there (broader than `mentions`: "containerized" is Docker). */
  deployment?: { area: DeploymentArea; mentions: RegExp };
}

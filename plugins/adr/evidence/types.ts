/**
 * The decision knowledge table's shapes: which decision area a technology belongs
 * to (with the area's scope and the priority of recording it), what it competes
 * with, and how a project scan shows it is used. What a technology is called and
 * which packages, files and images show it are the project pack's catalogue's
 * (TechnologyEntry); table.ts joins the two into `Technology`.
 */
import type { ArchitectureKind, CiProvider, PackagePatterns, ProjectScan } from '../../project/api.js';

export const AREAS = [
  'database', 'caching', 'messaging', 'auth', 'web-framework', 'api-style', 'deployment',
  'orm', 'ci', 'testing', 'language', 'observability', 'security', 'architecture',
] as const;
export type Area = (typeof AREAS)[number];

export const SCOPES = ['technology', 'architecture', 'security', 'deployment'] as const;
export type Scope = (typeof SCOPES)[number];

export const PRIORITIES = ['high', 'medium', 'low'] as const;
export type Priority = (typeof PRIORITIES)[number];

/** Dependency names per ecosystem group (the catalogue's `packages`). */
export type DependencyPatterns = PackagePatterns;

/** Where a scan shows a technology. Everything but `hint` is strong evidence (a manifest dependency or a config file). */
export interface EvidenceSpec {
  /** Names the scanner's detections use (frameworks, databases, messaging, testing): from the catalogue. */
  detections?: string[];
  /** Packages of a technology the scan does not report (the catalogue's `packages`, for entries without a category). */
  deps?: DependencyPatterns;
  /** Config files by path (the catalogue's `files`). */
  files?: RegExp;
  /** Container images (compose services, Dockerfile FROM lines): the catalogue's `images`. */
  images?: RegExp;
  /** A language of the scan's language statistics; it counts when it holds a real share of the code. */
  language?: string;
  /** Architecture signals that show it; a layered architecture is also shown by hexagonal (domain/application/infrastructure) folders. */
  architecture?: ArchitectureKind | ArchitectureKind[];
  ci?: CiProvider;
  /** Anything else read from the scan's infrastructure, as evidence strings. */
  infra?: (scan: ProjectScan) => string[];
  /** Weak evidence: source files whose path names the technology (src/kafka/producer.ts). */
  hint?: RegExp;
}

export interface Technology {
  id: string;
  name: string;
  area: Area;
  /** Technologies of one group compete: an ADR choosing one while the code has another is a conflict. */
  group?: string;
  /**
   * How ADR prose names it: strings match whole words case-insensitively (spaces
   * also match "-" and "_"); regular expressions are used as written (for names
   * that are also ordinary words: "Go", "Express", "REST").
   */
  text: Array<string | RegExp>;
  evidence: EvidenceSpec;
  /** Overrides the area's priority (layered folders matter less than several services). */
  priority?: Priority;
  /** Suggestion title; "{name}" is replaced. Defaults to the area's. */
  title?: string;
  /** False for names only ADR text uses (AWS Lambda): checked, never suggested on their own. */
  suggest?: false;
  /** Ids of technologies that bring this one along (Next.js brings React): not suggested when one of them is present. */
  impliedBy?: string[];
  /** Words added to the suggestion title from the scan ("on AWS and Google Cloud"). */
  detail?: (scan: ProjectScan) => string | null;
  /** Why it matters, when it differs from its area's reason. */
  reason?: string;
  /** Language or ecosystem, so alternatives of the same ecosystem are listed first. */
  ecosystem?: string;
}

/** What the scan's own findings (not packages or files) show, and the weak evidence: the ADR side of evidence. */
export type DecisionEvidence = Pick<EvidenceSpec, 'language' | 'architecture' | 'ci' | 'infra' | 'hint'>;

/**
 * The knowledge table's row for a technology of the project pack's catalogue, keyed by its id:
 * only what is about decisions. Name, prose names, packages, files and images come from the catalogue.
 */
export type TechnologyDecision = Omit<Technology, 'name' | 'text' | 'evidence'> & {
  /** Catalogue ids of technologies whose scan detection shows this one (Django shows the Django ORM). */
  shownBy?: string[];
  evidence?: DecisionEvidence;
};

/**
 * A subject of decisions that is no technology (an architecture style): no package or file shows
 * it, so it is not in the catalogue and keeps its own name and prose names here.
 */
export type DecisionSubject = Technology & { evidence: DecisionEvidence };

export interface AreaInfo {
  label: string;
  scope: Scope;
  priority: Priority;
  /** Why an unrecorded decision of this area matters, for the suggestion's priority reason. */
  reason: string;
  title: string;
  /** Words in an ADR title that say it decides this area even when it names no technology we know. */
  keywords: RegExp;
}

export const AREA_INFO: Record<Area, AreaInfo> = {
  database: {
    label: 'database', scope: 'technology', priority: 'high', title: 'Use {name} as the primary database',
    reason: 'a data store is costly to change: schema, migrations, backups and operations depend on it',
    keywords: /\b(database|data ?store|persistence)\b/i,
  },
  caching: {
    label: 'caching', scope: 'technology', priority: 'high', title: 'Use {name} for caching and fast key-value data',
    reason: 'a second data store to run: what it holds, expiry and what happens when it is lost need a recorded decision',
    keywords: /\bcach(e|es|ing)\b/i,
  },
  messaging: {
    label: 'messaging', scope: 'technology', priority: 'high', title: 'Use {name} for asynchronous messaging',
    reason: 'a message broker shapes delivery guarantees, ordering and how services depend on each other',
    keywords: /\b(messag(e|es|ing)|queue(s|ing)?|broker|event bus|streaming)\b/i,
  },
  auth: {
    label: 'authentication', scope: 'security', priority: 'high', title: 'Use {name} for authentication',
    reason: 'authentication is a security boundary: how identities and tokens are handled must be reviewable',
    keywords: /\b(authenticat\w*|authori[sz]ation|identity|login|sign[- ]?in|sso)\b/i,
  },
  'web-framework': {
    label: 'web framework', scope: 'technology', priority: 'medium', title: 'Use {name} as the web framework',
    reason: 'the framework sets the application structure and what the team must know, but can be changed module by module',
    keywords: /\b(web framework|(front|back)[- ]?end framework|ui framework|ui library|spa framework)\b/i,
  },
  'api-style': {
    label: 'API style', scope: 'architecture', priority: 'medium', title: 'Expose the API with {name}',
    reason: 'the API style is a contract with clients; changing it later breaks them',
    keywords: /\b(api style|api design|api protocol|api technology)\b/i,
  },
  deployment: {
    label: 'deployment platform', scope: 'deployment', priority: 'high', title: 'Deploy with {name}',
    reason: 'the deployment platform fixes how the system is built, released, scaled and operated',
    keywords: /\b(deploy\w*|hosting|infrastructure as code|container\w*|orchestration)\b/i,
  },
  orm: {
    label: 'data access / ORM', scope: 'technology', priority: 'medium', title: 'Use {name} for data access',
    reason: 'the data-access layer decides how queries and migrations are written throughout the code',
    keywords: /\b(orm|object[- ]relational mapp\w*|data access|query builder)\b/i,
  },
  ci: {
    label: 'continuous integration', scope: 'deployment', priority: 'low', title: 'Run continuous integration on {name}',
    reason: 'tooling: easy to change, worth a short record of what the pipeline guarantees',
    keywords: /\b(ci|ci\/cd|continuous integration|continuous delivery|pipeline)\b/i,
  },
  testing: {
    label: 'testing framework', scope: 'technology', priority: 'low', title: 'Use {name} for automated tests',
    reason: 'tooling: a test framework is easy to replace; record it when the test strategy depends on it',
    keywords: /\b(test(ing)? (framework|runner|strategy|tooling))\b/i,
  },
  language: {
    label: 'language / runtime', scope: 'technology', priority: 'low', title: 'Write the service in {name}',
    reason: 'usually evident from the code; record it when the choice was deliberate or the repository mixes languages',
    keywords: /\b(programming language|implementation language|language runtime|runtime version)\b/i,
  },
  observability: {
    label: 'observability', scope: 'deployment', priority: 'medium', title: 'Use {name} for observability',
    reason: 'what is measured and where telemetry goes decides how incidents are found and diagnosed',
    keywords: /\b(observability|monitoring|telemetry|tracing|metrics|logging|error tracking)\b/i,
  },
  security: {
    label: 'security controls', scope: 'security', priority: 'medium', title: 'Use {name} as a security control',
    reason: 'security controls should be deliberate and reviewable, not a side effect of a dependency',
    keywords: /\b(security headers|secrets? (management|storage)|rate limit\w*|hardening|content security policy)\b/i,
  },
  architecture: {
    label: 'architecture style', scope: 'architecture', priority: 'high', title: 'Adopt {name}',
    reason: 'the architecture style decides how the system is split, deployed and changed',
    keywords: /\b(architecture style|architectural style|monolith|microservices?|mono-?repo|code structure)\b/i,
  },
};

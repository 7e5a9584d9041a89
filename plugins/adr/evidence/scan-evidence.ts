/**
 * Evidence in a project scan that a technology is used. Strong evidence is a
 * manifest dependency (or one of its vendor's family, `sentry-sidekiq`), a config or
 * infrastructure file, a CI workflow, a call of its API in product code (code-calls.ts),
 * or the language statistics; weak evidence is a source file whose path names the
 * technology (`src/kafka/producer.ts`), which strict checks ignore. The project's own
 * module path and package names are never evidence (own-modules.ts).
 */
import type { Ecosystem, FileEntry, FolderKind, ProjectScan } from '../../project/api.js';

/** The scanner's classification of the file's folder (FileEntry.folder): null or 'product' is the project's own code. */
const folderKind = (file: FileEntry): FolderKind | null => file.folder ?? null;
/** The product's code and its tests: what counts as the project choosing a language. */
const isOwnCode = (file: FileEntry) => {
  const kind = folderKind(file);
  return !kind || kind === 'product' || kind === 'test';
};
import type { DependencyPatterns, Technology } from './types.js';
import { OwnModules } from './own-modules.js';

/** Evidence entries kept per technology in results. */
export const MAX_EVIDENCE = 5;

export interface TechEvidence {
  strong: string[];
  weak: string[];
}

type Group = keyof DependencyPatterns;
const GROUP: Record<Ecosystem, Group> = {
  npm: 'npm', pypi: 'pypi', go: 'go', cargo: 'cargo', maven: 'jvm', gradle: 'jvm', rubygems: 'rubygems', composer: 'composer', nuget: 'nuget',
};

const normalise = (name: string, ecosystem: Ecosystem) => (ecosystem === 'pypi' ? name.toLowerCase().replace(/[-_.]+/g, '-') : name.toLowerCase());
const matches = (pattern: string, name: string) => (pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern);

/**
 * A vendor's package family: when the catalogue lists `sentry-ruby` for Sentry, every `sentry-*`
 * (`sentry-sidekiq`, `sentry-rails`) is Sentry too. Only a package whose name starts with the
 * technology's one-word name followed by a separator opens its family.
 */
function withFamilies(patterns: string[], tech: Technology): string[] {
  const stem = tech.name.toLowerCase();
  if (!/^[a-z][a-z0-9]{3,}$/.test(stem)) return patterns;
  const family = patterns.some((p) => !p.endsWith('*') && (p.startsWith(`${stem}-`) || p.startsWith(`${stem}_`)));
  return family ? [...patterns, `${stem}-*`, `${stem}_*`] : patterns;
}

/** Languages that are code, for language shares (Markdown, YAML or JSON bytes say nothing about the stack). */
const NOT_CODE = new Set(['Markdown', 'JSON', 'YAML', 'TOML', 'XML', 'HTML', 'CSS', 'SCSS', 'Less', 'reStructuredText', 'AsciiDoc', 'HCL', 'SQL', 'Shell', 'PowerShell', 'Dockerfile', 'Makefile', 'Protocol Buffers', 'GraphQL']);
/** A language counts as chosen when it holds this share of the code's bytes (a build script in JavaScript does not make a Go project a JavaScript one). */
const LANGUAGE_SHARE = 0.1;
const SOURCE_FILE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|py|go|rs|java|kt|scala|cs|fs|rb|php|ex|exs|swift|dart|clj)$/;
/** Config files there show nothing the project uses: a fixture's go.mod, a sample's Dockerfile, a dependency's tsconfig. */
const NOT_EVIDENCE: ReadonlySet<FolderKind> = new Set(['fixture', 'example', 'vendored', 'generated']);
/** A config file that counts as evidence: anywhere but the folders above; for a language, only the product's own (a docs site's requirements.txt makes no Python project). */
const counts = (file: FileEntry, tech: Technology) => (tech.area === 'language' ? isOwnCode(file) : !NOT_EVIDENCE.has(folderKind(file)!));

export class EvidenceIndex {
  private readonly memo = new Map<string, TechEvidence>();
  private readonly detections = new Map<string, string[]>();
  private readonly codeBytes: number;
  /** The project's own module paths and package names: never evidence (own-modules.ts). */
  readonly own: OwnModules;

  /** `calls`: per technology id, calls of it found in the product's code ("path:line: Sentry.set_user", code-calls.ts). */
  constructor(readonly scan: ProjectScan, readonly files: readonly FileEntry[], private readonly calls: ReadonlyMap<string, string[]> = new Map()) {
    this.own = new OwnModules(scan.manifests);
    for (const detection of [...scan.frameworks, ...scan.databases, ...scan.messaging, ...scan.testing]) {
      this.detections.set(detection.name, [...(this.detections.get(detection.name) ?? []), ...detection.evidence]);
    }
    this.codeBytes = scan.languages.filter((l) => !NOT_CODE.has(l.language)).reduce((sum, l) => sum + l.bytes, 0);
  }

  get(tech: Technology): TechEvidence {
    let found = this.memo.get(tech.id);
    if (!found) {
      found = this.compute(tech);
      this.memo.set(tech.id, found);
    }
    return found;
  }

  /** The evidence that counts: strong only when strict, weak too otherwise. */
  counted(tech: Technology, strict: boolean): string[] {
    const { strong, weak } = this.get(tech);
    return strict ? strong : [...strong, ...weak];
  }

  private compute(tech: Technology): TechEvidence {
    const spec = tech.evidence;
    const strong = new Set<string>();
    const add = (items: Iterable<string>) => {
      for (const item of items) strong.add(item);
    };
    for (const name of spec.detections ?? []) add(this.detections.get(name) ?? []);
    if (spec.deps) add(this.dependencies(spec.deps, tech));
    add(this.calls.get(tech.id) ?? []);
    if (spec.files) add(this.files.filter((file) => spec.files!.test(file.path) && counts(file, tech)).map((file) => file.path).slice(0, MAX_EVIDENCE));
    if (spec.images) add(this.images(spec.images));
    if (spec.language) add(this.language(spec.language));
    if (spec.architecture) {
      const kinds = ([] as string[]).concat(spec.architecture);
      add(this.scan.architecture.filter((s) => kinds.includes(s.kind)).flatMap((s) => s.evidence));
    }
    if (spec.ci) add(this.scan.ci.filter((c) => c.provider === spec.ci).map((c) => c.path));
    if (spec.infra) add(spec.infra(this.scan));
    // Weak: the product's own source files only (the scanner's classification leaves out dependencies, build output, fixtures, samples, docs and templates).
    const weak = spec.hint
      ? this.files.filter((file) => SOURCE_FILE.test(file.path) && isOwnCode(file) && spec.hint!.test(file.path) && !strong.has(file.path)).map((file) => file.path).slice(0, MAX_EVIDENCE)
      : [];
    return { strong: [...strong], weak };
  }

  private dependencies(patterns: DependencyPatterns, tech: Technology): string[] {
    const found: string[] = [];
    for (const manifest of this.scan.manifests) {
      const list = patterns[GROUP[manifest.ecosystem]];
      if (!list) continue;
      const wanted = withFamilies(list, tech).map((pattern) => normalise(pattern, manifest.ecosystem));
      for (const dependency of manifest.dependencies) {
        if (this.own.has(dependency.name)) continue;
        const name = normalise(dependency.name, manifest.ecosystem);
        if (wanted.some((pattern) => matches(pattern, name))) found.push(`${manifest.path}: ${dependency.name}`);
      }
    }
    return found;
  }

  private images(pattern: RegExp): string[] {
    const { compose, dockerfiles } = this.scan.infrastructure;
    return [
      ...compose.flatMap((file) => file.services.filter((s) => s.image && pattern.test(s.image)).map((s) => `${file.path}: ${s.name} (${s.image})`)),
      ...dockerfiles.flatMap((file) => file.images.filter((image) => pattern.test(image)).map((image) => `${file.path}: FROM ${image}`)),
    ];
  }

  private language(language: string): string[] {
    const stat = this.scan.languages.find((l) => l.language === language);
    if (!stat || this.codeBytes === 0) return [];
    const share = stat.bytes / this.codeBytes;
    if (share < LANGUAGE_SHARE) return [];
    return [`${stat.files} ${language} files (${Math.round(share * 100)}% of the code)`];
  }
}

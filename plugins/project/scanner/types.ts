/** The shape of a project scan: what one walk of the tree found, each finding with its evidence. */
import type { FolderKind } from './folders.js';

export type { FolderKind };

export interface ScanOptions {
  /** Stop listing after this many files (the scan is then marked truncated). */
  maxFiles?: number;
  signal?: AbortSignal;
}

/** A file of the listing, relative to the root with forward slashes. */
export interface FileEntry {
  path: string;
  size: number;
  mtimeMs: number;
  /**
   * What its folder holds (scanner/folders.ts): 'test', 'fixture', 'example', 'docs', 'template',
   * 'vendored', 'generated', or null for the product's own. Set by the scanner (names, READMEs,
   * docs-site configs); read it through folderKind(), which classifies entries made elsewhere from their path.
   */
  folder?: FolderKind | null;
}

/** A folder (or a single file) that is not the product's own code, and why. */
export interface FolderClass {
  path: string;
  kind: FolderKind;
  /** `folder name "examples"`, `README: "This sample project"`, `mkdocs.yml (docs site)`... */
  why: string;
}

export interface LanguageStat {
  language: string;
  files: number;
  bytes: number;
}

export type Ecosystem = 'npm' | 'pypi' | 'go' | 'cargo' | 'maven' | 'gradle' | 'rubygems' | 'composer' | 'nuget';

export interface Dependency {
  name: string;
  version?: string;
  dev: boolean;
}

export interface Manifest {
  path: string;
  ecosystem: Ecosystem;
  name?: string;
  dependencies: Dependency[];
  /** Workspace globs (package.json workspaces, Cargo [workspace] members). */
  workspaces?: string[];
  /** The MSBuild SDK of a .csproj (Microsoft.NET.Sdk.Web means ASP.NET Core). */
  sdk?: string;
  /** Its folder's kind when not the product's ('test'; in `elsewhere`, the kind that left it out). */
  folder?: FolderKind;
}

/** Something recognised (a framework, a database client...) and why: paths, or `manifest: dependency`. */
export interface Detection {
  name: string;
  evidence: string[];
}

export interface Dockerfile {
  path: string;
  /** Base images of the FROM lines, stages built earlier in the same file left out. */
  images: string[];
  /** The program the final stage runs (ENTRYPOINT, else CMD), without its folder; null when none or a shell. */
  program?: string | null;
}

export interface ComposeService {
  name: string;
  image?: string;
  /** Built from a local context rather than pulled. */
  build: boolean;
}

export interface ComposeFile {
  path: string;
  services: ComposeService[];
}

export interface KubernetesResource {
  path: string;
  apiVersion: string;
  kind: string;
  name?: string;
}

export interface HelmChart {
  path: string;
  name?: string;
  version?: string;
}

export interface Terraform {
  /** The .tf files found. */
  files: string[];
  /** Provider names (aws, google, kubernetes...), sorted. */
  providers: string[];
}

export interface ServerlessConfig {
  path: string;
  /** A platform config, or (scanner/serverless.ts) a function handler, a deploy command in CI, a connect.yaml. */
  platform: 'Serverless Framework' | 'AWS SAM' | 'Vercel' | 'Netlify' | 'AWS Lambda' | 'Google Cloud Functions' | 'Azure Functions' | 'commercetools Connect';
}

export interface Infrastructure {
  dockerfiles: Dockerfile[];
  compose: ComposeFile[];
  kubernetes: KubernetesResource[];
  helm: HelmChart[];
  terraform: Terraform;
  serverless: ServerlessConfig[];
}

export type CiProvider = 'GitHub Actions' | 'GitLab CI' | 'CircleCI' | 'Jenkins' | 'Azure Pipelines' | 'Bitbucket Pipelines' | 'Travis CI';

export interface CiConfig {
  provider: CiProvider;
  path: string;
  /** The workflow or pipeline name, when it declares one. */
  name?: string;
  /** Job names, when the file is YAML that parses. */
  jobs: string[];
}

export interface Documentation {
  /** The README at the root (or the shallowest one). */
  readme: string | null;
  /** Folders named docs, doc or documentation. */
  folders: string[];
  /** Static site generators by their config file. */
  generators: Array<{ name: string; path: string }>;
}

export type ArchitectureKind = 'monorepo' | 'multiple-services' | 'layered' | 'hexagonal' | 'event-driven';

export interface ArchitectureSignal {
  kind: ArchitectureKind;
  evidence: string[];
}

export interface ProjectScan {
  root: string;
  /** sha256 over the sorted path, size and mtime of every listed file: unchanged tree, same value. */
  fingerprint: string;
  /** Where the listing came from: git (honours every ignore rule git knows) or a walk with .gitignore files. */
  source: 'git' | 'filesystem';
  /** The listing stopped at maxFiles. */
  truncated: boolean;
  files: { count: number; bytes: number };
  /** By bytes, largest first. */
  languages: LanguageStat[];
  manifests: Manifest[];
  frameworks: Detection[];
  databases: Detection[];
  messaging: Detection[];
  testing: Detection[];
  infrastructure: Infrastructure;
  ci: CiConfig[];
  documentation: Documentation;
  architecture: ArchitectureSignal[];
  /** Files that mattered but were not read or did not parse, with why. */
  skipped: Array<{ path: string; reason: string }>;
  /**
   * What the findings above leave out because it is not the product's own code: the
   * classified folders, and the manifests and infrastructure files found there. Absent in
   * scans stored before it existed.
   */
  elsewhere?: Elsewhere;
}

export interface Elsewhere {
  /** The outermost folders (and single files) that are not the product's, with why (first 200). */
  folders: FolderClass[];
  /** Manifests in them, dependencies left out of detections (first 200). */
  manifests: Array<{ path: string; ecosystem: Ecosystem; name?: string; folder: FolderKind }>;
  /** Dockerfiles, compose files and deployment configs in them (first 200). */
  infrastructure: Array<{ path: string; folder: FolderKind }>;
}

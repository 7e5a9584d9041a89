/** What the workflow pack's tools are built with; per-call services (workspace, ai) come in the tool context. */
import type { Git, KernelInfo, Logger } from '../../sdk/index.js';
import type { AdrCatalogService, AdrProgressService } from '../adr/api.js';
import type { ProjectScanner } from '../project/api.js';

export interface WorkflowDeps {
  /** The project pack's scanner: stack, manifests, CI, infrastructure, test frameworks, files by folder kind. */
  scanner: ProjectScanner;
  /** The adr pack: the ADRs, and their TODO tasks and progress. */
  catalog: AdrCatalogService;
  progress: AdrProgressService;
  /** Hardened simple-git (recent commits touching the files a failure names, git state). */
  git: Git;
  /** Which packs and tools this server has: guidance only names tools that are loaded. */
  kernel: KernelInfo;
  logger: Logger;
}

/** What the deployment pack's tools are built with; per-call services (workspace, confirm, progress) come in the tool context. */
import type { Events, Git, Logger } from '../../sdk/index.js';
import type { AdrCatalogService } from '../adr/api.js';
import type { DeploymentHistory } from '../memory/api.js';
import type { ProjectScanner } from '../project/api.js';
import type { SecurityScanner } from '../security/api.js';

export interface DeploymentDeps {
  /** The project pack's scanner: infrastructure (Dockerfiles, compose, Kubernetes, Helm, Terraform, serverless), CI, manifests. */
  scanner: ProjectScanner;
  /** The adr pack's catalogue: the accepted decisions guidance is drawn from. */
  catalog: AdrCatalogService;
  /** The security pack's scanner: scanTexts over what would be pushed. */
  security: SecurityScanner;
  /** simple-git bound to a folder of the workspace, hardened (sdk/git.ts). */
  git: Git;
  logger: Logger;
  /** Pushes are published here (events.ts); the memory pack, when loaded, records them. */
  events: Events;
  /** The memory pack's recorded deployments, when it is loaded. */
  deployments?: DeploymentHistory | undefined;
}

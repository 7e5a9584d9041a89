/**
 * Whether the project runs as a service (something deployed to staging and
 * production) or is a desktop application, a command-line tool or a library
 * that users install and run themselves. Deployment advice (Dockerfile,
 * environment separation, .env.example for the deployment) is only for the
 * first; the others are told why it does not apply. Unknown keeps the
 * service advice: nothing says otherwise.
 */
import { NOT_WEB, cliEvidence, guiEvidence } from '../repository/classify.js';
import type { FileEntry, ProjectScan } from '../scanner/index.js';
import type { LibraryVerdict } from './library.js';
import type { BoundedReader } from './read.js';

export type ProjectKind = 'service' | 'desktop application' | 'command-line tool' | 'library' | 'unknown';

export interface ServiceVerdict {
  kind: ProjectKind;
  /** False only for a desktop application, command-line tool or library that nothing deploys. */
  service: boolean;
  evidence: string[];
}

/** Files that deploy the project somewhere by their name alone. */
const DEPLOYS = /(^|\/)(Procfile|fly\.toml|app\.ya?ml|render\.ya?ml|vercel\.json|netlify\.toml)$/;

export async function serviceVerdict(input: {
  scan: ProjectScan;
  files: readonly FileEntry[];
  reader: BoundedReader;
  library: LibraryVerdict;
  deployments: string[];
}): Promise<ServiceVerdict> {
  const { scan, files } = input;
  const deployed = [...input.deployments, ...files.filter((file) => DEPLOYS.test(file.path) && !file.path.includes('node_modules/')).map((file) => file.path)];
  if (deployed.length > 0) return { kind: 'service', service: true, evidence: deployed.slice(0, 5) };
  const web = scan.frameworks.filter((framework) => !NOT_WEB.has(framework.name));
  if (web.length > 0) return { kind: 'service', service: true, evidence: web.slice(0, 3).map((framework) => `${framework.name} (${framework.evidence[0]})`) };
  const read = async (path: string) => {
    const file = files.find((entry) => entry.path === path);
    return file ? input.reader.text(file) : null;
  };
  const roots = { packageJson: await read('package.json'), pyproject: await read('pyproject.toml') };
  const gui = guiEvidence(scan, roots);
  if (gui.length > 0) return { kind: 'desktop application', service: false, evidence: gui };
  if (input.library.library) return { kind: 'library', service: false, evidence: input.library.evidence };
  const cli = cliEvidence(scan, files, roots);
  if (cli.length > 0) return { kind: 'command-line tool', service: false, evidence: cli };
  return { kind: 'unknown', service: true, evidence: [] };
}

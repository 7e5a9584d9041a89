/**
 * What test_local_deployment will run, worked out before anything runs: the site
 * root, the generator's binary (absolute: from the server's PATH, the toolpack
 * install, or the site's node_modules/.bin for an npm-installed generator), the
 * exact build and serve commands, and the site's files whose code they run. The
 * kernel shows this to the user (execution.projectCode) and the handler runs
 * exactly it.
 */
import { stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ConfigurationError, FileSystemError, isWithinRoots, systemBinary, type ProjectCodeRun, type SsgAdapter, type SsgCommand, type Workspace } from '../../../sdk/index.js';
import { findBinary } from './find-binary.js';
import { siteCodeFiles } from './site-code.js';
import { findSiteRoot } from './site-root.js';

export interface LocalPlan {
  /** The folder named by repositoryPath (real path); the site root is it or its docs/. */
  repository: string;
  siteRoot: string;
  /** The generator's binary, absolute. */
  binary: string;
  build: string[];
  serve: string[];
  servesBuild: boolean;
  /** Folders put in front of the child's PATH: the generator's own folder when it is outside the workspace. */
  pathPrefix: string[];
  /** Absolute paths of the site's code files. */
  codeFiles: string[];
}

const MAX_FILES_SHOWN = 20;

export async function planLocalDeployment(adapter: SsgAdapter, input: { repositoryPath: string; port: number }, workspace: Workspace): Promise<LocalPlan> {
  const repository = await workspace.resolve(input.repositoryPath, 'repositoryPath');
  const info = await stat(repository).catch(() => null);
  if (!info?.isDirectory()) throw new FileSystemError(`repositoryPath "${input.repositoryPath}" is not a folder`, { parameter: 'repositoryPath' });
  const site = await findSiteRoot(adapter, repository, workspace);
  if (!site) {
    throw new ConfigurationError(
      `no ${adapter.name} site in "${workspace.relative(repository) || '.'}": none of ${adapter.markers.join(', ')} is in it or in its docs/ folder. Run generate_config with ssg "${adapter.id}" first.`,
      { ssg: adapter.id, markers: adapter.markers },
    );
  }
  // docs/ may be a symlink: the site must stay inside the workspace like any path.
  const siteRoot = await workspace.resolve(site.root, 'repositoryPath');
  const roots = [workspace.root, ...workspace.allowedRoots];
  const binary = await findBinary(adapter.requires.binary, siteRoot, { siteFirst: adapter.traits.ecosystem === 'javascript', roots });
  if (!binary) {
    throw new ConfigurationError(
      `${adapter.name} is not installed: "${adapter.requires.binary}" is neither on PATH nor in node_modules/.bin. ${adapter.requires.install}`,
      { ssg: adapter.id, binary: adapter.requires.binary, install: adapter.requires.install },
    );
  }
  const resolveCommand = async (command: SsgCommand): Promise<string[]> => {
    if (command.command === adapter.requires.binary) return [binary, ...command.args];
    const found = await systemBinary(command.command, roots);
    if (!found) throw new ConfigurationError(`${adapter.name} needs "${command.command}", which is not on PATH`, { ssg: adapter.id, binary: command.command });
    return [found, ...command.args];
  };
  const serve = adapter.serve(input.port);
  const codeFiles = await siteCodeFiles(adapter, siteRoot, site.marker, workspace);
  if (isWithinRoots(roots, binary)) codeFiles.unshift(binary);
  return {
    repository,
    siteRoot,
    binary,
    build: await resolveCommand(adapter.build),
    serve: await resolveCommand(serve),
    servesBuild: serve.servesBuild,
    // The generator's helpers (a gem's, an npm package's) are found next to it, unless "next to it" is the repository.
    pathPrefix: isWithinRoots(roots, binary) ? [] : [dirname(binary)],
    codeFiles,
  };
}

/** The approval request: the commands this call runs, where, and the code they load. */
export function projectCodeOf(adapter: SsgAdapter, plan: LocalPlan, skipBuild: boolean, workspace: Workspace): ProjectCodeRun {
  const files = plan.codeFiles.map((file) => workspace.relative(file));
  return {
    commands: skipBuild ? [plan.serve] : [plan.build, plan.serve],
    cwd: workspace.relative(plan.siteRoot),
    files: files.slice(0, MAX_FILES_SHOWN),
    ...(files.length > MAX_FILES_SHOWN ? { moreFiles: files.length - MAX_FILES_SHOWN } : {}),
    reason: `${adapter.name} ${skipBuild ? 'serves' : 'builds and serves'} the site with its configuration, which can run code from the repository (plugins, hooks, data scripts${isWithinRoots([workspace.root, ...workspace.allowedRoots], plan.binary) ? ', and the generator installed in the site\'s node_modules' : ''}).`,
  };
}

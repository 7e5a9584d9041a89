/**
 * Read, check and score a README the way every readme tool does: the file through the
 * workspace (named parameter in errors), the model, its links, and the licence and
 * contributing files of the repository (`repositoryRoot`, else the README's folder).
 */
import { dirname } from 'node:path';
import { FileSystemError, type Workspace } from '../../../sdk/index.js';
import type { ReadmeModel } from '../model/types.js';
import { checkReadmeLinks, type LinkCheck } from './link-check.js';
import { repositoryFacts, type RepositoryFacts } from './repository.js';
import type { ReadmeScore } from './score.js';
import { readmeModelOf, readmeScores } from './shared-score.js';
import type { Weighting } from './weighting.js';

export interface EvaluatedReadme {
  /** Real path, and workspace-relative for results. */
  path: string;
  relativePath: string;
  model: ReadmeModel;
  links: LinkCheck;
  repository: RepositoryFacts | null;
  /** The README's one score, the same in every readme tool (shared-score.ts). */
  score: ReadmeScore;
  /** The same judgement under the tool's project type and audience: its own detail. */
  weighted: ReadmeScore;
}

/** README files can be long, not huge: refuse anything past this rather than score a data dump. */
const MAX_README_BYTES = 2 * 1024 * 1024;

export async function loadReadme(workspace: Workspace, readmePath: string, param: string): Promise<{ path: string; model: ReadmeModel }> {
  const path = await workspace.resolve(readmePath, param);
  let text: string;
  try {
    text = await workspace.readText(path, { param, maxBytes: MAX_README_BYTES });
  } catch (error) {
    const code = (error as { details?: { code?: string } }).details?.code;
    if (code === 'ENOENT') throw new FileSystemError(`parameter "${param}": no file at "${readmePath}" (expected the path of a README in the workspace)`, { parameter: param, code });
    if (code === 'EISDIR') throw new FileSystemError(`parameter "${param}": "${readmePath}" is a folder (expected the README file)`, { parameter: param, code });
    throw error;
  }
  return { path, model: await readmeModelOf(text) };
}

export async function evaluateReadme(
  workspace: Workspace,
  readme: { path: string; model: ReadmeModel },
  weighting: Weighting,
  repositoryRoot?: string,
): Promise<EvaluatedReadme> {
  const links = await checkReadmeLinks(readme.model, readme.path, workspace);
  const repository = await repositoryFacts(repositoryRoot ?? dirname(readme.path));
  return {
    path: readme.path,
    relativePath: workspace.relative(readme.path),
    model: readme.model,
    links,
    repository,
    ...readmeScores(readme.model, { links, repository }, weighting),
  };
}

/** CI pipelines by their well-known paths; YAML ones are parsed for their name and job names. */
import type { FileReader } from './read.js';
import type { CiConfig, CiProvider, FileEntry } from './types.js';
import { isMapping, yamlDocuments } from './yaml-docs.js';

/** GitLab keys that configure the pipeline rather than name a job. */
const GITLAB_RESERVED = new Set(['default', 'include', 'stages', 'variables', 'workflow', 'image', 'services', 'cache', 'before_script', 'after_script', 'types', 'pages:deploy']);

export function ciProvider(path: string): CiProvider | undefined {
  if (/^\.github\/workflows\/[^/]+\.ya?ml$/.test(path)) return 'GitHub Actions';
  if (path === '.gitlab-ci.yml' || path === '.gitlab-ci.yaml') return 'GitLab CI';
  if (path === '.circleci/config.yml' || path === '.circleci/config.yaml') return 'CircleCI';
  if (/(^|\/)Jenkinsfile$/.test(path)) return 'Jenkins';
  if (/^azure-pipelines(\.[\w-]+)?\.ya?ml$/.test(path)) return 'Azure Pipelines';
  if (path === 'bitbucket-pipelines.yml') return 'Bitbucket Pipelines';
  if (path === '.travis.yml') return 'Travis CI';
  return undefined;
}

export async function scanCi(files: readonly FileEntry[], reader: FileReader): Promise<CiConfig[]> {
  const configs: CiConfig[] = [];
  for (const file of files) {
    const provider = ciProvider(file.path);
    if (!provider) continue;
    if (provider === 'Jenkins') {
      configs.push({ provider, path: file.path, jobs: [] });
      continue;
    }
    const text = await reader.text(file);
    const document = text === null ? undefined : yamlDocuments(text).find(isMapping);
    const name = typeof document?.name === 'string' ? document.name : undefined;
    configs.push({ provider, path: file.path, ...(name ? { name } : {}), jobs: document ? jobNames(provider, document) : [] });
  }
  return configs;
}

function jobNames(provider: CiProvider, document: Record<string, unknown>): string[] {
  switch (provider) {
    case 'GitHub Actions':
    case 'CircleCI':
    case 'Azure Pipelines':
      if (isMapping(document.jobs)) return Object.keys(document.jobs);
      // Azure lists jobs as an array of { job: name } (or stages holding them).
      if (Array.isArray(document.jobs)) return document.jobs.filter(isMapping).map((job) => job.job).filter((job): job is string => typeof job === 'string');
      return [];
    case 'GitLab CI':
      // Every top-level mapping that is not a reserved key or a hidden template (.name) is a job.
      return Object.entries(document).filter(([key, value]) => !GITLAB_RESERVED.has(key) && !key.startsWith('.') && isMapping(value)).map(([key]) => key);
    default:
      return [];
  }
}

/**
 * Where else than an env template, compose or a Dockerfile a variable the code
 * reads is declared, so that it is not reported as "declared nowhere": the job
 * env of a CI workflow, a deployment manifest (Kubernetes, serverless.yml,
 * app.yaml, connect.yaml, Helm values...), the project's documentation; or the
 * serverless platform itself sets it (CONNECT_* under commercetools Connect,
 * AWS_REGION under Lambda). Only the names of variables already read are looked for.
 */
import { ciProvider } from '../scanner/ci.js';
import { folderKind } from '../scanner/folders.js';
import type { FileEntry } from '../scanner/index.js';
import { baseName } from './read.js';

const MAX_DOCS = 200;
const DEPLOYMENT_MANIFEST = /^(connect\.ya?ml|serverless\.(ya?ml|json)|app\.ya?ml|render\.ya?ml|fly\.toml|template\.ya?ml|values[\w.-]*\.ya?ml|manifest\.ya?ml|host\.json|local\.settings\.json)$/;
const DOC = /\.(md|mdx|markdown|rst|adoc|txt)$/i;

/** Variables a serverless platform sets for the code it runs, by platform (the scan's `path (platform)` strings). */
const PLATFORM_VARIABLES: Array<[string, RegExp]> = [
  ['commercetools Connect', /^CONNECT_\w+$/],
  ['AWS Lambda', /^(AWS_REGION|AWS_DEFAULT_REGION|AWS_EXECUTION_ENV|AWS_LAMBDA_\w+|LAMBDA_TASK_ROOT|_HANDLER)$/],
  ['Google Cloud Functions', /^(K_SERVICE|K_REVISION|K_CONFIGURATION|FUNCTION_TARGET|FUNCTION_SIGNATURE_TYPE|GOOGLE_CLOUD_PROJECT|GCP_PROJECT)$/],
  ['Azure Functions', /^(WEBSITE_\w+|FUNCTIONS_\w+|AzureWebJobs\w+)$/],
];

export function platformProvided(names: readonly string[], serverless: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const deployment of serverless) {
    const platform = PLATFORM_VARIABLES.find(([name]) => deployment.endsWith(`(${name})`));
    if (!platform) continue;
    const set = names.filter((name) => platform[1].test(name));
    if (set.length > 0) out.set(`${deployment}: set by the platform`, set);
  }
  return out;
}

/** CI configs, deployment manifests and documentation (README files, docs folders), documentation capped. */
export function declaringFiles(files: readonly FileEntry[], kubernetes: readonly string[]): FileEntry[] {
  const manifests = new Set(kubernetes);
  const out: FileEntry[] = [];
  let docs = 0;
  for (const file of files) {
    const name = baseName(file.path);
    const kind = folderKind(file);
    if (kind === 'vendored' || kind === 'generated') continue;
    if (ciProvider(file.path) || manifests.has(file.path) || DEPLOYMENT_MANIFEST.test(name)) out.push(file);
    else if (DOC.test(name) && (/^readme\b/i.test(name) || kind === 'docs' || /(^|\/)(docs?|documentation)\//i.test(file.path)) && docs++ < MAX_DOCS) out.push(file);
  }
  return out;
}

/** The names that occur in the text as whole words (`ADYEN_CONFIG`, not `MY_ADYEN_CONFIG_X`). */
export function namedIn(text: string, names: readonly string[]): string[] {
  return names.filter((name) => new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`).test(text));
}

/**
 * Serverless deployments that have no platform config file of their own kind
 * (serverless.yml, template.yaml... are in infrastructure.ts): function handlers
 * (AWS Lambda, Google Cloud Functions, Azure Functions) recognised by a file name
 * that says so and an exported handler inside, the Functions Framework as a
 * dependency, `gcloud functions deploy` in CI, Azure's host.json, and a
 * commercetools Connect connect.yaml. Only files whose name points there are read.
 */
import { ciProvider } from './ci.js';
import { folderKind } from './folders.js';
import type { FileReader } from './read.js';
import type { FileEntry, Manifest, ServerlessConfig } from './types.js';

const HEAD_BYTES = 64 * 1024;
const MAX_CANDIDATES = 200;

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const SOURCE = /\.(js|mjs|cjs|ts|mts|py)$/;
/** handler.py only with its (event, context) signature; a handler.js is too common a name to mean Lambda. */
const LAMBDA_NAME = /(^|[._-])lambda([._-]|$)|^lambda_function\.py$|^handler\.py$/i;
const GOOGLE_NAME = /google[._-]?function|(^|[._-])gcf([._-]|$)|cloud[._-]?function/i;
const AZURE_NAME = /azure[._-]?function/i;
/** A handler exported by a JS/TS module, or a Python function taking (event, context). */
const JS_EXPORT = /\bexports\.\w+\s*=|\bexport\s+(?:default\b|(?:const|let|var|async\s+function|function)\s+\w+)|\bmodule\.exports\s*=/;
const PY_HANDLER = /^def\s+\w*handler\s*\(\s*event\s*,\s*context\b/m;
const FUNCTIONS_FRAMEWORK = new Set(['@google-cloud/functions-framework', 'functions-framework', 'github.com/googlecloudplatform/functions-framework-go']);

export async function serverlessDeployments(files: readonly FileEntry[], manifests: readonly Manifest[], reader: FileReader, signal?: AbortSignal): Promise<ServerlessConfig[]> {
  const out: ServerlessConfig[] = [];
  const add = (path: string, platform: ServerlessConfig['platform']) => {
    if (!out.some((config) => config.path === path && config.platform === platform)) out.push({ path, platform });
  };
  const product = files.filter((file) => folderKind(file) !== 'test');
  const hasFunctionJson = product.some((file) => baseName(file.path) === 'function.json');
  let read = 0;
  for (const file of product) {
    const name = baseName(file.path);
    const kind = SOURCE.test(name) ? (LAMBDA_NAME.test(name) ? 'AWS Lambda' : GOOGLE_NAME.test(name) ? 'Google Cloud Functions' : AZURE_NAME.test(name) ? 'Azure Functions' : null) : null;
    const ci = ciProvider(file.path) !== null;
    if (!kind && !ci && name !== 'connect.yaml' && name !== 'host.json') continue;
    if (read++ >= MAX_CANDIDATES) break;
    signal?.throwIfAborted();
    const text = await reader.head(file, HEAD_BYTES);
    if (text === null) continue;
    if (kind && (name.endsWith('.py') ? PY_HANDLER.test(text) : JS_EXPORT.test(text))) add(file.path, kind);
    else if (ci && /\bgcloud\s+functions\s+deploy\b/.test(text)) add(file.path, 'Google Cloud Functions');
    else if (name === 'connect.yaml' && /^deployAs:/m.test(text)) add(file.path, 'commercetools Connect');
    else if (name === 'host.json' && (hasFunctionJson || /"extensionBundle"|Microsoft\.Azure\.Functions/.test(text))) add(file.path, 'Azure Functions');
  }
  for (const manifest of manifests) {
    if (manifest.folder) continue;
    if (manifest.dependencies.some((dependency) => FUNCTIONS_FRAMEWORK.has(dependency.name.toLowerCase()))) add(manifest.path, 'Google Cloud Functions');
  }
  return out;
}

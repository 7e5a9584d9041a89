/**
 * Deployment and infrastructure files: Dockerfiles and their base images,
 * compose services, Kubernetes resources, Helm charts, Terraform providers and
 * serverless platform configs. Files are picked by name from the listing; only
 * those are read.
 */
import type { FileReader } from './read.js';
import type { ComposeFile, Dockerfile, FileEntry, HelmChart, Infrastructure, KubernetesResource, ServerlessConfig } from './types.js';
import { isMapping, yamlDocuments } from './yaml-docs.js';

/** Kubernetes candidates read at most (largest trees have thousands of YAML files), and their size cap. */
const MAX_YAML_FILES = 500;
const MAX_YAML_BYTES = 256 * 1024;
const MAX_TERRAFORM_FILES = 200;

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

export const isDockerfile = (path: string) => /^(Dockerfile|Containerfile)(\.[\w.-]+)?$|\.[Dd]ockerfile$/.test(baseName(path));
export const isComposeFile = (path: string) => /^(docker-)?compose(\.[\w-]+)?\.ya?ml$/.test(baseName(path));
/** Files that deploy something by their name alone (Kubernetes YAML needs reading): for what `elsewhere` lists. */
export const isInfrastructureFile = (path: string) =>
  isDockerfile(path) || isComposeFile(path) || /(^|\/)(Chart\.yaml|serverless\.(ya?ml|json|ts|js)|vercel\.json|netlify\.toml|connect\.yaml|host\.json)$|\.tf$/.test(path);
const isYaml = (path: string) => /\.ya?ml$/.test(path);
/** YAML that is something else than a Kubernetes manifest, or never one (CI, Helm templates with Go templating). */
const notKubernetes = (path: string) =>
  isComposeFile(path) || /(^|\/)(\.github|\.gitlab|\.circleci)\//.test(path) || /(^|\/)(Chart|values[\w.-]*|\.gitlab-ci|azure-pipelines|mkdocs|_config|pnpm-workspace|pnpm-lock|serverless|template|connect)\.ya?ml$/.test(path);

export async function scanInfrastructure(files: readonly FileEntry[], reader: FileReader, signal?: AbortSignal): Promise<Infrastructure> {
  const dockerfiles: Dockerfile[] = [];
  const compose: ComposeFile[] = [];
  const kubernetes: KubernetesResource[] = [];
  const helm: HelmChart[] = [];
  const terraformFiles: string[] = [];
  const providers = new Set<string>();
  const serverless: ServerlessConfig[] = [];
  let yamlRead = 0;

  for (const file of files) {
    signal?.throwIfAborted();
    const { path } = file;
    const name = baseName(path);
    if (isDockerfile(path)) {
      const text = await reader.text(file);
      if (text !== null) {
        const program = finalProgram(text);
        dockerfiles.push({ path, images: baseImages(text), ...(program ? { program } : {}) });
      }
    } else if (isComposeFile(path)) {
      const text = await reader.text(file);
      if (text !== null) compose.push({ path, services: composeServices(text) });
    } else if (name === 'Chart.yaml') {
      const text = await reader.text(file);
      const chart = text === null ? undefined : yamlDocuments(text).find(isMapping);
      helm.push({ path, ...stringField(chart, 'name'), ...stringField(chart, 'version') });
    } else if (path.endsWith('.tf') && !/(^|\/)\.terraform\//.test(path)) {
      terraformFiles.push(path);
      if (terraformFiles.length > MAX_TERRAFORM_FILES) continue;
      const text = await reader.text(file);
      if (text !== null) for (const provider of terraformProviders(text)) providers.add(provider);
    } else if (/^serverless\.(ya?ml|json|ts|js)$/.test(name)) {
      serverless.push({ path, platform: 'Serverless Framework' });
    } else if (/^template\.ya?ml$/.test(name)) {
      const text = await reader.text(file);
      if (text !== null && /AWS::Serverless|AWSTemplateFormatVersion/.test(text)) serverless.push({ path, platform: 'AWS SAM' });
    } else if (name === 'vercel.json') {
      serverless.push({ path, platform: 'Vercel' });
    } else if (name === 'netlify.toml') {
      serverless.push({ path, platform: 'Netlify' });
    } else if (isYaml(path) && !notKubernetes(path) && file.size <= MAX_YAML_BYTES && yamlRead < MAX_YAML_FILES) {
      yamlRead++;
      const text = await reader.text(file);
      // Cheap test first: only text with top-level apiVersion and kind is parsed.
      if (text !== null && /^apiVersion:\s*\S/m.test(text) && /^kind:\s*\S/m.test(text)) for (const resource of kubernetesResources(path, text)) kubernetes.push(resource);
    }
  }
  return { dockerfiles, compose, kubernetes, helm, terraform: { files: terraformFiles, providers: [...providers].sort() }, serverless };
}

function stringField(value: unknown, key: string): Record<string, string> {
  return isMapping(value) && typeof value[key] === 'string' ? { [key]: value[key] } : {};
}

/** FROM images in order, without stages of the same file (`FROM build AS final` reuses a stage, it pulls nothing). */
export function baseImages(text: string): string[] {
  const stages = new Set<string>();
  const images: string[] = [];
  for (const line of text.replace(/\\\r?\n/g, ' ').split(/\r?\n/)) {
    const match = /^\s*FROM\s+(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (!match) continue;
    const image = match[1]!;
    if (!stages.has(image.toLowerCase()) && !images.includes(image)) images.push(image);
    if (match[2]) stages.add(match[2].toLowerCase());
  }
  return images;
}

/**
 * The program the final stage runs: ENTRYPOINT's, else CMD's first word, without its folder
 * (`/bin/simd` and `simd` are one program). Two Dockerfiles running one named program are
 * variants of one image (a library's sample chain built two ways), not two services. Null when
 * the final stage names none, or runs a shell, an interpreter or a generic name.
 */
// Shells, interpreters, package managers and generic names say nothing of which program runs
// (two `node index.js` images, or two distroless images running `index.js`, are two services); only a named
// binary identifies one.
const NOT_A_PROGRAM = /^(sh|bash|ash|dash|tini|dumb-init|node|nodejs|python\d*(\.\d+)?|ruby|bundle|rails|java|php|php-fpm|perl|deno|bun|npm|npx|yarn|pnpm|dotnet|uvicorn|gunicorn|nginx|httpd|caddy|server|app|main|start|run|serve|entrypoint|docker-entrypoint(\.sh)?|.+\.(js|mjs|cjs|ts|py|rb|sh|jar|php|pl))$/i;

export function finalProgram(text: string): string | null {
  let program: string | null = null;
  let entrypoint = false;
  for (const line of text.replace(/\\\r?\n/g, ' ').split(/\r?\n/)) {
    if (/^\s*FROM\s/i.test(line)) {
      program = null;
      entrypoint = false;
      continue;
    }
    const match = /^\s*(ENTRYPOINT|CMD)\s+(.+)$/i.exec(line);
    if (!match) continue;
    const isEntrypoint = match[1]!.toUpperCase() === 'ENTRYPOINT';
    if (!isEntrypoint && entrypoint) continue; // CMD gives ENTRYPOINT's arguments
    const first = firstWord(match[2]!.trim());
    if (first === null) continue;
    program = NOT_A_PROGRAM.test(first) ? null : first;
    entrypoint = isEntrypoint;
  }
  return program;
}

function firstWord(args: string): string | null {
  let word: string | undefined;
  if (args.startsWith('[')) {
    try {
      const list = JSON.parse(args) as unknown;
      word = Array.isArray(list) && typeof list[0] === 'string' ? list[0] : undefined;
    } catch {
      return null;
    }
  } else word = args.split(/\s+/)[0];
  if (!word) return null;
  return word.slice(word.lastIndexOf('/') + 1) || null;
}

export function composeServices(text: string): ComposeFile['services'] {
  const document = yamlDocuments(text).find(isMapping);
  const services = document?.services;
  if (!isMapping(services)) return [];
  return Object.entries(services).map(([name, service]) => {
    const image = isMapping(service) && typeof service.image === 'string' ? service.image : undefined;
    return { name, ...(image ? { image } : {}), build: isMapping(service) && service.build !== undefined && service.build !== null };
  });
}

function kubernetesResources(path: string, text: string): KubernetesResource[] {
  return yamlDocuments(text)
    .filter(isMapping)
    .filter((document) => typeof document.apiVersion === 'string' && typeof document.kind === 'string')
    .map((document) => {
      const name = isMapping(document.metadata) && typeof document.metadata.name === 'string' ? document.metadata.name : undefined;
      return { path, apiVersion: document.apiVersion as string, kind: document.kind as string, ...(name ? { name } : {}) };
    });
}

/** Providers named by provider blocks, required_providers entries, and resource/data type prefixes (aws_s3_bucket is aws). */
export function terraformProviders(text: string): string[] {
  const found = new Set<string>();
  const code = text.replace(/^\s*(#|\/\/).*$/gm, '');
  for (const match of code.matchAll(/^\s*provider\s+"([\w-]+)"/gm)) found.add(match[1]!);
  for (const match of code.matchAll(/^\s*(?:resource|data)\s+"([a-z0-9]+)_[\w-]+"/gm)) found.add(match[1]!);
  for (const block of code.matchAll(/required_providers\s*\{/g)) {
    const body = balancedBody(code, block.index + block[0].length);
    // Entries at the block's own level only: `aws = { source = ... }` names aws, not source.
    for (const match of body.replace(/\{[^{}]*\}/g, '{}').matchAll(/^\s*([\w-]+)\s*=\s*[{"]/gm)) found.add(match[1]!);
  }
  return [...found];
}

/** The text from `start` up to the brace that closes the one just before it. */
function balancedBody(text: string, start: number): string {
  let depth = 1;
  for (let i = start; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return text.slice(start, i);
  }
  return text.slice(start);
}

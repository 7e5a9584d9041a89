/**
 * Containerisation as it matters for running the project: per Dockerfile the
 * stages, base images and their pinning, the user it runs as, HEALTHCHECK,
 * ENV keys, NODE_ENV, install order and .dockerignore; compose services with
 * the environment they set; Kubernetes workloads with probes and limits.
 */
import { isComposeFile, isDockerfile } from '../scanner/infrastructure.js';
import type { FileEntry } from '../scanner/index.js';
import { isMapping, yamlDocuments } from '../scanner/yaml-docs.js';
import { nonRootImage, parseImage, type ImageRef } from './images.js';
import { lineIndex } from '../../../sdk/index.js';
import { baseName, dirName, type BoundedReader } from './read.js';

export interface DockerfileInfo {
  path: string;
  stages: number;
  /** External base images, in FROM order (earlier stages reused by name are left out). */
  images: ImageRef[];
  /** USER of the final stage, or null when it sets none (the image's default, usually root). */
  user: string | null;
  runsAsRoot: boolean;
  healthcheck: boolean;
  envKeys: string[];
  nodeEnvProduction: boolean;
  exposes: string[];
  /** The .dockerignore that applies (beside the Dockerfile or at the project root), or null. */
  dockerignore: string | null;
  /** `npm install` where `npm ci` would install the lockfile exactly. */
  npmInstall: string | null;
  /** apt-get install without removing /var/lib/apt/lists in the same image. */
  aptListsKept: string | null;
  /** `COPY . .` before dependencies are installed: any source change invalidates the install layer. */
  copyBeforeInstall: string | null;
}

export interface ComposeInfo {
  path: string;
  services: Array<{ name: string; image: ImageRef | null; build: boolean; environmentKeys: string[]; envFiles: string[]; healthcheck: boolean }>;
  /** `${VAR}` references with line, and whether a default (`${VAR:-x}`) is given. */
  references: Array<{ name: string; line: number; hasDefault: boolean }>;
}

export interface KubernetesInfo {
  files: number;
  workloads: number;
  withProbes: number;
  withLimits: number;
  runAsNonRoot: number;
  images: ImageRef[];
}

const DEPENDENCY_INSTALL = /\b(npm (ci|install|i)\b|yarn( install)?\s*($|&&|--)|pnpm (install|i)\b|pip3? install\b|poetry install|uv sync|pipenv install|go mod download|bundle install|composer install)/;

export async function readDockerfiles(files: readonly FileEntry[], reader: BoundedReader): Promise<DockerfileInfo[]> {
  const paths = new Set(files.map((file) => file.path));
  const out: DockerfileInfo[] = [];
  for (const file of files) {
    if (!isDockerfile(file.path)) continue;
    const text = await reader.text(file);
    if (text === null) continue;
    const dir = dirName(file.path);
    const ignore = [`${file.path}.dockerignore`, dir ? `${dir}/.dockerignore` : '.dockerignore', '.dockerignore'].find((path) => paths.has(path)) ?? null;
    out.push(analyseDockerfile(file.path, text, ignore));
  }
  return out;
}

export function analyseDockerfile(path: string, source: string, dockerignore: string | null): DockerfileInfo {
  const lineOf = lineIndex(source);
  // Continuation lines joined, keeping each instruction's first line number.
  const instructions: Array<{ op: string; args: string; line: number }> = [];
  const pattern = /^[ \t]*([A-Za-z]+)[ \t]+((?:[^\n]*\\\r?\n)*[^\n]*)/gm;
  for (const match of source.matchAll(pattern)) {
    instructions.push({ op: match[1]!.toUpperCase(), args: match[2]!.replace(/\\\r?\n/g, ' ').trim(), line: lineOf(match.index) });
  }
  const args = new Map<string, string>();
  const stages = new Set<string>();
  const images: ImageRef[] = [];
  let stageCount = 0;
  let user: string | null = null;
  let finalImage: ImageRef | null = null;
  let healthcheck = false;
  const envKeys = new Set<string>();
  const exposes: string[] = [];
  let npmInstall: string | null = null;
  let aptInstall: string | null = null;
  let aptCleaned = false;
  let copyAll: number | null = null;
  let copyBeforeInstall: string | null = null;
  const at = (line: number) => `${path}:${line}`;

  for (const { op, args: rest, line } of instructions) {
    switch (op) {
      case 'ARG': {
        const [key, value] = rest.split('=');
        if (key && value !== undefined && !args.has(key.trim())) args.set(key.trim(), value.trim().replace(/^["']|["']$/g, ''));
        break;
      }
      case 'FROM': {
        stageCount++;
        user = null; // each stage starts with its base image's user
        copyAll = null;
        const match = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?/i.exec(rest);
        if (!match) break;
        const image = match[1]!.replace(/\$\{?(\w+)\}?/g, (whole, name: string) => args.get(name) ?? whole);
        if (stages.has(image.toLowerCase())) finalImage = null;
        else if (image !== 'scratch') {
          finalImage = parseImage(image);
          if (!images.some((known) => known.image === image)) images.push(finalImage);
        } else finalImage = null;
        if (match[2]) stages.add(match[2].toLowerCase());
        break;
      }
      case 'USER':
        user = rest.split(/\s+/)[0] ?? null;
        break;
      case 'HEALTHCHECK':
        healthcheck = !/^NONE\b/i.test(rest);
        break;
      case 'ENV':
        // ENV A=1 B=2, or the old ENV A 1 form.
        if (/^[\w.-]+=/.test(rest)) for (const pair of rest.matchAll(/([\w.-]+)=/g)) envKeys.add(pair[1]!);
        else if (rest.split(/\s+/)[0]) envKeys.add(rest.split(/\s+/)[0]!);
        break;
      case 'EXPOSE':
        for (const port of rest.split(/\s+/)) if (port) exposes.push(port); // no spread: a huge EXPOSE line would overflow the stack
        break;
      case 'COPY':
      case 'ADD':
        if (!/--from=/.test(rest) && /(^|\s)\.\/?\s+\S+$/.test(rest) && copyAll === null) copyAll = line;
        break;
      case 'RUN':
        if (/\bnpm (install|i)\b(?!\s+-g)/.test(rest) && !npmInstall) npmInstall = at(line);
        if (/apt-get\s+(-\S+\s+)*install/.test(rest) && !aptInstall) aptInstall = at(line);
        if (/rm -rf \/var\/lib\/apt\/lists/.test(rest)) aptCleaned = true;
        if (DEPENDENCY_INSTALL.test(rest) && copyAll !== null && !copyBeforeInstall) copyBeforeInstall = `${at(copyAll)} copies the whole context before ${at(line)} installs dependencies`;
        break;
    }
  }
  const runsAsRoot = user === null ? !(finalImage && nonRootImage(finalImage)) : /^(root|0)(:.*)?$/.test(user);
  return {
    path,
    stages: stageCount,
    images,
    user,
    runsAsRoot,
    healthcheck,
    envKeys: [...envKeys],
    nodeEnvProduction: /\bNODE_ENV[= ]\s*["']?production\b/.test(source),
    exposes,
    dockerignore,
    npmInstall,
    aptListsKept: aptInstall && !aptCleaned ? aptInstall : null,
    copyBeforeInstall,
  };
}

export async function readCompose(files: readonly FileEntry[], reader: BoundedReader): Promise<ComposeInfo[]> {
  const out: ComposeInfo[] = [];
  for (const file of files) {
    if (!isComposeFile(file.path)) continue;
    const text = await reader.text(file);
    if (text === null) continue;
    const document = yamlDocuments(text).find(isMapping);
    const services = isMapping(document?.services) ? document.services : {};
    const lineOf = lineIndex(text);
    const references: ComposeInfo['references'] = [];
    for (const match of text.matchAll(/(?<!\$)\$\{([A-Za-z_]\w*)(:?[-?+][^}]*)?\}/g)) {
      if (/^\s*#/.test(text.slice(text.lastIndexOf('\n', match.index) + 1, match.index))) continue;
      references.push({ name: match[1]!, line: lineOf(match.index), hasDefault: /^:?-/.test(match[2] ?? '') });
    }
    out.push({
      path: file.path,
      references,
      services: Object.entries(services).map(([name, service]) => {
        const spec = isMapping(service) ? service : {};
        const environment = spec.environment;
        const environmentKeys = isMapping(environment)
          ? Object.keys(environment)
          : Array.isArray(environment)
            ? environment.filter((item): item is string => typeof item === 'string').map((item) => item.split('=')[0]!.trim())
            : [];
        const envFile = spec.env_file;
        const envFiles = (Array.isArray(envFile) ? envFile : [envFile])
          .map((entry) => (typeof entry === 'string' ? entry : isMapping(entry) && typeof entry.path === 'string' ? entry.path : null))
          .filter((entry): entry is string => entry !== null);
        return {
          name,
          image: typeof spec.image === 'string' ? parseImage(spec.image) : null,
          build: spec.build !== undefined && spec.build !== null,
          environmentKeys,
          envFiles,
          healthcheck: isMapping(spec.healthcheck) && spec.healthcheck.disable !== true,
        };
      }),
    });
  }
  return out;
}

const WORKLOADS = /^kind:\s*(Deployment|StatefulSet|DaemonSet|Job|CronJob|Pod)\s*$/m;

/** Workload manifests checked by text, one YAML document at a time; at most 100 files. */
export async function readKubernetes(files: readonly FileEntry[], kubernetesPaths: readonly string[], reader: BoundedReader): Promise<KubernetesInfo> {
  const wanted = new Set(kubernetesPaths);
  const info: KubernetesInfo = { files: wanted.size, workloads: 0, withProbes: 0, withLimits: 0, runAsNonRoot: 0, images: [] };
  let read = 0;
  for (const file of files) {
    if (!wanted.has(file.path) || read++ >= 100) continue;
    const text = await reader.text(file);
    if (text === null) continue;
    for (const document of text.split(/^---\s*$/m)) {
      if (!WORKLOADS.test(document)) continue;
      info.workloads++;
      if (/\b(livenessProbe|readinessProbe|startupProbe):/.test(document)) info.withProbes++;
      if (/\blimits:/.test(document)) info.withLimits++;
      if (/\brunAsNonRoot:\s*true/.test(document) || /\brunAsUser:\s*[1-9]/.test(document)) info.runAsNonRoot++;
      for (const match of document.matchAll(/^\s*(?:-\s*)?image:\s*["']?([^\s"'#]+)/gm)) {
        if (!info.images.some((image) => image.image === match[1])) info.images.push(parseImage(match[1]!));
      }
    }
  }
  return info;
}

export const isEnvTemplate = (path: string) =>
  /^(\.env(\.[\w-]+)*\.(example|sample|template|dist|defaults)|(example|sample)\.env|env\.(example|sample|template))$/i.test(baseName(path));

/**
 * Container image references: how they are pinned and which language
 * runtime (and version) they bring, so `FROM node:20-alpine` counts as a
 * declaration of Node 20 next to `.nvmrc` and engines.
 */
import { NODE_LTS } from './versions.js';

export type Pinning = 'digest' | 'version' | 'floating' | 'latest' | 'variable';

export interface ImageRef {
  image: string;
  /** Repository without registry or tag: `node`, `gcr.io/distroless/nodejs20-debian12` → `distroless/nodejs20-debian12`. */
  repository: string;
  tag: string | null;
  pinning: Pinning;
  runtime: { name: string; version: string | null } | null;
}

/**
 * Image names (last path segment) and the runtime they carry. Build-tool images
 * (maven, gradle) are left out: their tag versions the tool, not the JDK.
 */
const RUNTIME_IMAGES: Record<string, string> = {
  node: 'node', python: 'python', golang: 'go', rust: 'rust', ruby: 'ruby', php: 'php', elixir: 'elixir', deno: 'deno', bun: 'bun',
  openjdk: 'java', 'eclipse-temurin': 'java', amazoncorretto: 'java', 'ibm-semeru-runtimes': 'java', sapmachine: 'java',
  sdk: 'dotnet', aspnet: 'dotnet', runtime: 'dotnet',
};

const tagVersion = (tag: string) => /^v?(\d+(?:\.\d+){0,2})(?![\d])/.exec(tag)?.[1] ?? null;

export function parseImage(image: string): ImageRef {
  const withoutDigest = image.split('@')[0]!;
  const digest = image.includes('@sha256:');
  const slash = withoutDigest.lastIndexOf('/');
  const colon = withoutDigest.lastIndexOf(':');
  const tag = colon > slash ? withoutDigest.slice(colon + 1) : null;
  let repository = colon > slash ? withoutDigest.slice(0, colon) : withoutDigest;
  // A first segment with a dot or port is a registry host: gcr.io/x, localhost:5000/x.
  const segments = repository.split('/');
  if (segments.length > 1 && /[.:]|^localhost$/.test(segments[0]!)) repository = segments.slice(1).join('/');
  repository = repository.replace(/^library\//, '');
  const pinning: Pinning = /\$/.test(image)
    ? 'variable'
    : digest
      ? 'digest'
      : tag === null || tag === 'latest'
        ? 'latest'
        : tagVersion(tag)
          ? 'version'
          : 'floating';
  return { image, repository, tag, pinning, runtime: runtimeOf(repository, tag) };
}

function runtimeOf(repository: string, tag: string | null): ImageRef['runtime'] {
  const name = repository.slice(repository.lastIndexOf('/') + 1);
  // Distroless names carry the version in the name: nodejs20-debian12, python3-debian12, java17.
  const distroless = /^(nodejs|python|java)(\d+)(?:-|$)/.exec(name);
  if (repository.startsWith('distroless/') && distroless) {
    return { name: distroless[1] === 'nodejs' ? 'node' : distroless[1]!, version: distroless[2]! };
  }
  const runtime = RUNTIME_IMAGES[name];
  if (!runtime) return null;
  if ((runtime === 'dotnet') !== repository.startsWith('dotnet/')) return null; // `sdk` alone is not .NET
  if (!tag) return { name: runtime, version: null };
  const lts = runtime === 'node' ? NODE_LTS[tag.split('-')[0]!.toLowerCase()] : undefined;
  return { name: runtime, version: lts ?? tagVersion(tag) };
}

/** True when the tag says the image runs as an unprivileged user (distroless :nonroot, *-nonroot). */
export const nonRootImage = (ref: ImageRef) => /nonroot|rootless/.test(ref.tag ?? '') || /nonroot/.test(ref.repository);

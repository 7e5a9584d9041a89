/**
 * The images the project's Kubernetes manifests deploy (every `image:` of a container or init
 * container, all documents of each file), so the image a Dockerfile builds is tagged and pushed
 * under the name the cluster pulls, not a name made up from the folder.
 */
import { parseAllDocuments } from 'yaml';
import type { GuidanceContext } from './context.js';

export interface DeployedImage {
  /** Repository without the tag or digest: registry.example.com/ledger-api. */
  repository: string;
  /** As written: registry.example.com/ledger-api:1.0.0. */
  reference: string;
  /** The manifest naming it. */
  file: string;
}

const MAX_FILES = 50;

/** `repo:tag`, `repo@sha256:...`, `host:5000/repo:tag` → repo (the port stays). */
export const repositoryOf = (reference: string) => reference.replace(/@.*$/, '').replace(/:[^/:]+$/, '');

function collect(node: unknown, file: string, out: DeployedImage[], inContainers = false): void {
  if (Array.isArray(node)) {
    for (const item of node) collect(item, file, out, inContainers);
    return;
  }
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (inContainers && key === 'image' && typeof value === 'string' && value.trim()) out.push({ repository: repositoryOf(value.trim()), reference: value.trim(), file });
    else collect(value, file, out, key === 'containers' || key === 'initContainers');
  }
}

export async function deployedImages(ctx: GuidanceContext): Promise<DeployedImage[]> {
  const files = [...new Set(ctx.scan.infrastructure.kubernetes.map((r) => r.path))].slice(0, MAX_FILES);
  const images: DeployedImage[] = [];
  for (const file of files) {
    const text = await ctx.files.read(file);
    if (text === null) continue;
    for (const doc of parseAllDocuments(text)) {
      if ('errors' in doc && doc.errors.length) continue;
      collect(doc.toJS(), file, images);
    }
  }
  return images;
}

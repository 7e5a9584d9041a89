/**
 * A node's full record as the resource toolpack://memory/{id}. Node ids hold
 * ":" "/" "#" which resource ids may not, so the resource id is the node's
 * type and a digest of its id: the same node always gets the same URI.
 */
import { createHash } from 'node:crypto';
import type { Resources } from '../../../sdk/index.js';
import type { MemoryNode } from './nodes.js';

export const MEMORY_RESOURCE_KIND = 'memory';

export const memoryResourceId = (nodeId: string) => `${nodeId.split(':')[0]!.replace(/[^a-z]/g, '') || 'node'}-${createHash('sha256').update(nodeId).digest('hex').slice(0, 16)}`;

export const memoryResourceUri = (nodeId: string) => `toolpack://${MEMORY_RESOURCE_KIND}/${memoryResourceId(nodeId)}`;

/** Store `node` (its record, masked as stored) and return its URI. */
export async function putNodeResource(resources: Resources, node: MemoryNode): Promise<string> {
  const stored = await resources.put({ kind: MEMORY_RESOURCE_KIND, id: memoryResourceId(node.id), name: `Memory ${node.type}: ${node.summary.slice(0, 80)}`, data: node });
  return stored.uri;
}

/**
 * Dependency order. Depth-first, visiting packs in the order the config lists
 * them so the result is stable; a cycle is reported as the path that closes it.
 * An optional dependency that is loaded orders like a required one; one that is
 * absent is ignored.
 */
import { KernelError, KernelErrorCodes } from '../errors.js';

export interface OrderNode {
  id: string;
  dependsOn: readonly string[];
  optionalDependsOn?: readonly string[];
}

export function orderByDependencies(nodes: readonly OrderNode[]): string[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const done = new Set<string>();
  const stack: string[] = [];
  const order: string[] = [];

  const visit = (id: string) => {
    if (done.has(id)) return;
    const at = stack.indexOf(id);
    if (at !== -1) {
      const cycle = [...stack.slice(at), id];
      throw new KernelError(KernelErrorCodes.PLUGIN_DEPENDENCY_CYCLE, `Dependency cycle between packs: ${cycle.join(' -> ')}`, { cycle });
    }
    stack.push(id);
    const node = byId.get(id);
    for (const dep of [...(node?.dependsOn ?? []), ...(node?.optionalDependsOn ?? [])]) if (byId.has(dep)) visit(dep);
    stack.pop();
    done.add(id);
    order.push(id);
  };

  for (const node of nodes) visit(node.id);
  return order;
}

/**
 * Dependency cycles: strongly connected components (Tarjan's algorithm, written
 * iteratively so a deep file graph cannot overflow the stack), and one concrete
 * loop through each for a reader to follow.
 */

export type Adjacency = ReadonlyMap<string, ReadonlySet<string> | readonly string[]>;

/** Groups of two or more nodes that all reach each other, each sorted, largest group first. */
export function stronglyConnected(graph: Adjacency): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let counter = 0;
  const neighbours = (node: string) => [...(graph.get(node) ?? [])];

  for (const start of [...graph.keys()].sort()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; next: string[]; at: number }> = [];
    const enter = (node: string) => {
      index.set(node, counter);
      low.set(node, counter++);
      stack.push(node);
      onStack.add(node);
      work.push({ node, next: neighbours(node), at: 0 });
    };
    enter(start);
    while (work.length > 0) {
      const frame = work.at(-1)!;
      if (frame.at < frame.next.length) {
        const next = frame.next[frame.at++]!;
        if (!index.has(next)) enter(next);
        else if (onStack.has(next)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(next)!));
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        if (group.length > 1) groups.push(group.sort());
      }
    }
  }
  return groups.sort((a, b) => b.length - a.length || a[0]!.localeCompare(b[0]!));
}

/** A shortest loop from the group's first node back to itself, staying inside the group: [a, b, c, a]. */
export function loopThrough(group: readonly string[], graph: Adjacency): string[] {
  const members = new Set(group);
  const start = group[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!;
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0]!)!);
        return [...path, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [...group, start];
}

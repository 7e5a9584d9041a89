import { describe, expect, it } from 'vitest';
import { KernelError } from '../../core/errors.js';
import { orderByDependencies } from '../../core/plugins/order.js';

describe('orderByDependencies', () => {
  it('puts every pack after the packs it depends on, keeping config order otherwise', () => {
    const order = orderByDependencies([
      { id: 'docs', dependsOn: ['ssg', 'project'] },
      { id: 'files', dependsOn: [] },
      { id: 'ssg', dependsOn: ['project', 'memory'] },
      { id: 'memory', dependsOn: [] },
      { id: 'project', dependsOn: [] },
    ]);
    expect(order).toEqual(['project', 'memory', 'ssg', 'docs', 'files']);
  });

  it('orders a loaded optional dependency first and ignores an absent one', () => {
    const order = orderByDependencies([
      { id: 'ssg', dependsOn: ['project'], optionalDependsOn: ['memory', 'analytics'] },
      { id: 'project', dependsOn: [] },
      { id: 'memory', dependsOn: [] },
    ]);
    expect(order).toEqual(['project', 'memory', 'ssg']);
  });

  it('reports a cycle as the path that closes it', () => {
    let error: unknown;
    try {
      orderByDependencies([
        { id: 'a', dependsOn: ['b'] },
        { id: 'b', dependsOn: ['c'] },
        { id: 'c', dependsOn: ['a'] },
      ]);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(KernelError);
    expect((error as KernelError).code).toBe('TP_PLUGIN_DEPENDENCY_CYCLE');
    expect((error as KernelError).message).toContain('a -> b -> c -> a');
  });

  it('reports a pack that depends on itself', () => {
    expect(() => orderByDependencies([{ id: 'x', dependsOn: ['x'] }])).toThrow('x -> x');
  });
});

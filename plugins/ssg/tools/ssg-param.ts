/**
 * The `ssg` parameter every tool of the pack shares: an enum of the registered
 * adapter ids (the five built in, then contributed ones), built at init.
 */
import { StringEnum, ValidationError, type SsgAdapter } from '../../../sdk/index.js';
import type { SsgAdapters } from '../api.js';

export const ssgParam = (adapters: SsgAdapters, description = 'Static site generator.') =>
  StringEnum(adapters.list().map((a) => a.id) as [string, ...string[]], { description });

/** The adapter for `id`, or a ValidationError listing the known ones. */
export function adapterFor(adapters: SsgAdapters, id: string, parameter = 'ssg'): SsgAdapter {
  const adapter = adapters.get(id);
  if (!adapter) {
    throw new ValidationError(`parameter "${parameter}" names unknown generator "${id}" (known: ${adapters.list().map((a) => a.id).join(', ')})`, { parameter });
  }
  return adapter;
}

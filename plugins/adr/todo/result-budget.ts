/**
 * Results a model reads stay small: a TODO list of sixty tasks with their descriptions is
 * 66 KB, most of a model's attention for one call. A result is cut to RESULT_BUDGET_BYTES
 * (its JSON as the text content shows it, pretty-printed) by listing fewer items of its
 * long lists; the tools say how many were left out and where the rest is (a stored
 * `toolpack://todo/{id}` resource, the TODO files, or the next page of get_tasks).
 */

/** Below 25 KB with room for the envelope around the JSON. */
export const RESULT_BUDGET_BYTES = 24 * 1024;

export const resultBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value, null, 2));

/** A list inside a result: how to read it and how to replace it with a shorter one. */
export interface ListSlot {
  get(): readonly unknown[];
  set(items: unknown[]): void;
}

/**
 * Shortens `lists` (the earlier ones keep their items longest) until `result` fits `budget`.
 * Returns how many items of each list are shown. Binary search over the number of items
 * kept, so a long list costs a few serialisations, not one per item.
 */
export function fitLists(result: unknown, lists: readonly ListSlot[], budget = RESULT_BUDGET_BYTES): number[] {
  const full = lists.map((slot) => [...slot.get()]);
  const apply = (total: number) => {
    let left = total;
    return full.map((items, index) => {
      const shown = Math.min(items.length, left);
      left -= shown;
      lists[index]!.set(items.slice(0, shown));
      return shown;
    });
  };
  const all = full.reduce((sum, items) => sum + items.length, 0);
  if (resultBytes(result) <= budget) return full.map((items) => items.length);
  let [low, high] = [0, all];
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    apply(mid);
    if (resultBytes(result) <= budget) low = mid;
    else high = mid - 1;
  }
  return apply(low);
}

/** A slot for `object[key]`, an array. */
export function slot<T extends object>(object: T, key: keyof T & string): ListSlot {
  return {
    get: () => object[key] as unknown as unknown[],
    set: (items) => {
      (object as Record<string, unknown>)[key] = items;
    },
  };
}

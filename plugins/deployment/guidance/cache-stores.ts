/**
 * Data stores the project uses as a cache (or a job queue's broker), which a deployment does
 * not back up: they refill. Read from the framework's cache configuration (Rails
 * `config.cache_store = :redis_cache_store`, Django's Redis/Memcached cache backends) and from
 * an accepted ADR that chose the store for caching.
 */
import type { GuidanceContext } from './context.js';

const CONFIGS = /^(?:config\/(?:application|environments\/[\w-]+)\.rb|(?:[\w-]+\/)*settings(?:\/[\w-]+)?\.py|(?:[\w-]+\/)*settings[\w-]*\.py)$/;
const MAX_CONFIGS = 20;

/** What in a configuration line makes a store a cache. */
const CACHE_CONFIG: Array<[store: string, pattern: RegExp]> = [
  ['Redis', /cache_store\s*=\s*:redis_(?:cache_)?store\b|django_redis|backends\.redis\.RedisCache/],
  ['Memcached', /cache_store\s*=\s*:mem_cache_store\b|backends\.memcached\./],
];

/** Store name → the evidence (`file:line: text`, or the ADR) that it is a cache. */
export async function cacheStores(ctx: GuidanceContext): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const path of ctx.files.paths.filter((p) => CONFIGS.test(p)).slice(0, MAX_CONFIGS)) {
    const text = await ctx.files.read(path);
    if (text === null) continue;
    text.split(/\r?\n/).forEach((line, i) => {
      if (/^\s*#/.test(line)) return;
      for (const [store, pattern] of CACHE_CONFIG) if (!found.has(store) && pattern.test(line)) found.set(store, `${path}:${i + 1}: ${line.trim().slice(0, 100)}`);
    });
  }
  for (const adr of ctx.adrs) {
    if (!/\bcach(?:e|es|ed|ing)\b/i.test(adr.title)) continue;
    for (const store of adr.technologies) if (!found.has(store) && CACHE_CONFIG.some(([name]) => name === store)) found.set(store, `${adr.path} ("${adr.title}")`);
  }
  return found;
}

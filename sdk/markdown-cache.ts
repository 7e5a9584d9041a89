/**
 * A bounded LRU of page outlines by content hash: a page whose text has not changed since an
 * earlier call is not parsed again (a link check over 1,000 pages re-reads all of them, and a
 * repeat call finds most unchanged). Keyed by the SHA-1 of the slug style and the text, so an
 * edited page misses and is parsed afresh; bounded by an estimate of the bytes held.
 */
import { createHash } from 'node:crypto';
import type { LinkOutline } from './markdown-links.js';

export const OUTLINE_CACHE_BYTES = 64 * 1024 * 1024;

export interface OutlineCacheStats {
  /** Outlines computed by parsing, and answered from the cache, since the process started. */
  parsed: number;
  hits: number;
  entries: number;
  bytes: number;
}

export class OutlineCache {
  private readonly entries = new Map<string, { outline: LinkOutline; bytes: number }>();
  private bytes = 0;
  readonly stats = { parsed: 0, hits: 0 };

  constructor(private readonly maxBytes = OUTLINE_CACHE_BYTES) {}

  static key(style: string, text: string): string {
    return createHash('sha1').update(style).update('\0').update(text).digest('base64');
  }

  get(key: string): LinkOutline | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Most recently used last: Map keeps insertion order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.stats.hits++;
    return entry.outline;
  }

  set(key: string, outline: LinkOutline): void {
    this.stats.parsed++;
    const bytes = sizeOf(outline);
    if (bytes > this.maxBytes / 4) return; // one huge page does not flush the rest
    const old = this.entries.get(key);
    if (old) this.bytes -= old.bytes;
    this.entries.delete(key);
    this.entries.set(key, { outline, bytes });
    this.bytes += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.bytes;
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  snapshot(): OutlineCacheStats {
    return { ...this.stats, entries: this.entries.size, bytes: this.bytes };
  }
}

/** Roughly the bytes an outline holds: its strings (two bytes a character) and a fixed cost per object. */
function sizeOf(outline: LinkOutline): number {
  let bytes = 512;
  for (const link of outline.links) bytes += 96 + 2 * (link.url.length + link.text.length + (link.label?.length ?? 0));
  for (const heading of outline.headings) bytes += 64 + 4 * heading.text.length;
  for (const anchor of outline.anchors) bytes += 32 + 2 * anchor.length;
  for (const [id, def] of outline.definitions) bytes += 64 + 2 * (id.length + def.url.length);
  for (const block of outline.codeBlocks) bytes += 64 + 2 * block.value.length;
  for (const snippet of outline.snippets) bytes += 64 + 2 * (snippet.info.length + snippet.value.length);
  if (outline.frontMatter) {
    try {
      bytes += 2 * JSON.stringify(outline.frontMatter).length;
    } catch {
      bytes += 64 * 1024; // not serialisable as JSON (shared YAML aliases): counted as large
    }
  }
  return bytes;
}

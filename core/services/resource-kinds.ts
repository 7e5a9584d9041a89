/**
 * The kinds of stored result packs register (`env.registerResourceKind`): what
 * resources/templates/list lists, what `resources.put` accepts, and the
 * retention the kernel applies to each. A kind is literal segments, the first
 * always literal, later ones possibly `{name}` placeholders ("config/{ssg}"
 * holds "config/hugo" and "config/jekyll").
 */
import type { ResourceKindDefinition } from '../../sdk/plugin.js';
import { KernelError, KernelErrorCodes } from '../errors.js';
import { RESOURCE_SCHEME } from './resources.js';

const FIRST_SEGMENT = /^[a-z][a-z0-9-]*$/;
const SEGMENT = /^[a-z0-9][a-z0-9._-]*$/;
const PLACEHOLDER = /^\{[a-z][a-zA-Z0-9]*\}$/;

export interface RegisteredResourceKind extends ResourceKindDefinition {
  pack: string;
  /** `toolpack://<kind>/{id}`. */
  uriTemplate: string;
  segments: readonly string[];
}

export interface ResourceTemplate {
  uriTemplate: string;
  name: string;
  description: string;
  mimeType: string;
}

const isPlaceholder = (segment: string) => segment.startsWith('{');
/** Placeholders renamed away, so "config/{ssg}" and "config/{name}" are seen as the same kind. */
const shapeOf = (segments: readonly string[]) => segments.map((s) => (isPlaceholder(s) ? '{}' : s)).join('/');

export class ResourceKinds {
  private readonly kinds: RegisteredResourceKind[] = [];

  /** Returns a function that takes the kind back (its pack failed and was skipped). */
  register(definition: ResourceKindDefinition, pack: string): () => void {
    const fail = (why: string) => {
      throw new KernelError(KernelErrorCodes.RESOURCE_KIND_INVALID, `Pack "${pack}" registers resource kind ${JSON.stringify(definition?.kind)}: ${why}`, {
        pack,
        kind: definition?.kind,
      });
    };
    if (typeof definition?.kind !== 'string') fail('kind must be a string such as "analysis" or "config/{ssg}"');
    const segments = definition.kind.split('/');
    if (!FIRST_SEGMENT.test(segments[0]!) || !segments.slice(1).every((s) => SEGMENT.test(s) || PLACEHOLDER.test(s))) {
      fail('kind must be lower-case segments joined by "/", the first literal, later ones literal or a {placeholder}');
    }
    if (typeof definition.name !== 'string' || !definition.name.trim()) fail('it needs a name (a short title)');
    if (typeof definition.description !== 'string' || !definition.description.trim()) fail('it needs a description');
    const { maxAgeMs, maxEntries } = definition.retention ?? {};
    for (const [key, value] of [['maxAgeMs', maxAgeMs], ['maxEntries', maxEntries]] as const) {
      if (value !== undefined && !(Number.isInteger(value) && value > 0)) fail(`retention.${key} must be a positive integer`);
    }
    const existing = this.kinds.find((k) => shapeOf(k.segments) === shapeOf(segments));
    if (existing) fail(`pack "${existing.pack}" registered it already`);
    const kind: RegisteredResourceKind = { ...definition, pack, segments, uriTemplate: `${RESOURCE_SCHEME}://${definition.kind}/{id}` };
    this.kinds.push(kind);
    return () => {
      const at = this.kinds.indexOf(kind);
      if (at !== -1) this.kinds.splice(at, 1);
    };
  }

  /** The registered kind a concrete kind ("config/hugo") belongs to; a literal match wins over a placeholder. */
  match(kind: string): RegisteredResourceKind | undefined {
    const segments = kind.split('/');
    const fits = (k: RegisteredResourceKind) => k.segments.length === segments.length && k.segments.every((s, i) => isPlaceholder(s) || s === segments[i]);
    const literal = (k: RegisteredResourceKind) => k.segments.filter(isPlaceholder).length;
    return this.kinds.filter(fits).sort((a, b) => literal(a) - literal(b))[0];
  }

  list(): readonly RegisteredResourceKind[] {
    return this.kinds;
  }

  /** What resources/templates/list answers, in registration (pack) order. */
  templates(): ResourceTemplate[] {
    // The kernel's own kinds (a cut result's full copy) have ids only their result gives: no template to fill.
    return this.kinds.filter((k) => k.pack !== 'kernel').map((k) => ({ uriTemplate: k.uriTemplate, name: k.name, description: k.description, mimeType: k.mimeType ?? 'application/json' }));
  }
}

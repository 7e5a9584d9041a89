/**
 * Typed event topics. A publishing pack declares its topics in its `api.ts`;
 * subscribers import the topic, so the payload type travels with it and a
 * misspelt topic is a compile error rather than a silent miss. Identity is the
 * id string, as for service refs.
 */
const TOPIC_ID = /^[a-z][a-z0-9]*(?:[.-][a-z0-9]+)*$/;

export interface EventTopic<T> {
  readonly kind: 'event-topic';
  /** Prefixed with the publishing pack's id, e.g. "project.analysis.completed". */
  readonly id: string;
  readonly description?: string;
  /** Phantom field that carries the payload type; never set at run time. */
  readonly $payload?: T;
}

/** The payload type of a topic: `EventPayload<typeof analysisCompletedTopic>`. */
export type EventPayload<E> = E extends EventTopic<infer T> ? T : never;

export function createEventTopic<T>(options: { id: string; description?: string }): EventTopic<T> {
  if (typeof options?.id !== 'string' || !TOPIC_ID.test(options.id)) {
    throw new TypeError(`Event topic id "${String(options?.id)}" must be lower-case words joined by "." or "-" (e.g. "project.analysis.completed")`);
  }
  return Object.freeze({ kind: 'event-topic', id: options.id, ...(options.description ? { description: options.description } : {}) });
}

export function isEventTopic(value: unknown): value is EventTopic<unknown> {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'event-topic' && typeof (value as { id?: unknown }).id === 'string';
}

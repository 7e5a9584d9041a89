/** In-process publish/subscribe between packs. A failing subscriber is logged, never breaks the publisher. */
import type { Events, Logger } from '../../sdk/services.js';

export function createEvents(logger: Logger): Events {
  const handlers = new Map<string, Set<(payload: unknown) => void | Promise<void>>>();
  return {
    publish(topic, payload) {
      for (const handler of handlers.get(topic) ?? []) {
        Promise.resolve()
          .then(() => handler(payload))
          .catch((error: unknown) => logger.warn({ topic, err: error }, 'event subscriber failed'));
      }
    },
    subscribe(topic, handler) {
      const set = handlers.get(topic) ?? new Set();
      set.add(handler);
      handlers.set(topic, set);
      return () => set.delete(handler);
    },
  };
}

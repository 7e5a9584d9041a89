/**
 * In-process publish/subscribe between packs on typed topics. Each pack gets
 * its own view of one bus, so a failing subscriber is logged with the topic,
 * the subscribing pack and the publisher, and a pack that fails to start can
 * have its subscriptions withdrawn. A failing subscriber never breaks the
 * publisher or the other subscribers. (The logger of the subscribing pack
 * carries its id as `pack`.)
 */
import { isEventTopic, type EventTopic } from '../../sdk/events.js';
import { messageOf } from '../errors.js';
import type { Events, Logger } from '../../sdk/services.js';

interface Subscription {
  pack: string;
  handler: (payload: unknown) => void | Promise<void>;
}

export interface EventBus {
  /** The events service a pack receives. */
  forPack(packId: string): Events;
  /** Drop every subscription `packId` made (it failed to start and was skipped). */
  withdraw(packId: string): number;
  clear(): void;
}

function checkTopic(topic: unknown, pack: string, method: string): asserts topic is EventTopic<unknown> {
  if (!isEventTopic(topic)) {
    throw new TypeError(`events.${method} (pack "${pack}"): the topic must come from createEventTopic({ id }), got ${JSON.stringify(topic)}`);
  }
}

export function createEventBus(loggerFor: (packId: string) => Logger): EventBus {
  const subscriptions = new Map<string, Set<Subscription>>();
  return {
    forPack(pack) {
      return {
        publish(topic, payload) {
          checkTopic(topic, pack, 'publish');
          const runs = [...(subscriptions.get(topic.id) ?? [])].map((subscription) =>
            Promise.resolve()
              .then(() => subscription.handler(payload))
              .then(
                () => subscription.pack,
                (error: unknown) => {
                  loggerFor(subscription.pack).warn({ topic: topic.id, publisher: pack, err: messageOf(error) }, 'event subscriber failed');
                  return undefined;
                },
              ),
          );
          // The packs that handled it, each once (a pack may subscribe twice), for a publisher that reports who recorded.
          return Promise.all(runs).then((packs) => [...new Set(packs.filter((p): p is string => p !== undefined))]);
        },
        subscribe(topic, handler) {
          checkTopic(topic, pack, 'subscribe');
          if (typeof handler !== 'function') throw new TypeError(`events.subscribe (pack "${pack}", topic "${topic.id}"): the handler must be a function`);
          const set = subscriptions.get(topic.id) ?? new Set<Subscription>();
          const subscription: Subscription = { pack, handler: handler as Subscription['handler'] };
          set.add(subscription);
          subscriptions.set(topic.id, set);
          return () => void set.delete(subscription);
        },
      };
    },
    withdraw(pack) {
      let removed = 0;
      for (const set of subscriptions.values()) {
        for (const subscription of set) if (subscription.pack === pack && set.delete(subscription)) removed++;
      }
      return removed;
    },
    clear: () => subscriptions.clear(),
  };
}

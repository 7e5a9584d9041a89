/**
 * Reads the security pack makes on every call (the output-masking settings, the
 * saved custom rules) wait only a moment for the store: a store that is down,
 * frozen or locked must not stall tools that do not need it. One read is in
 * flight at a time; calls that come while it hangs wait only what is left of
 * its moment. Once a read failed or overran, calls do not wait at all until one
 * succeeds again (each still starts a read in the background, so the store's
 * return is noticed): during an outage only the first call pays the moment.
 */

/** How long a call waits for the store before going on without a fresh read. */
export const STORE_WAIT_MS = 1_000;

/** `read` shared by concurrent callers; each resolves with its value, or undefined when it failed or its moment passed. */
export function sharedRead<T>(read: () => Promise<T>, waitMs = STORE_WAIT_MS): () => Promise<T | undefined> {
  let pending: Promise<T | undefined> | undefined;
  let since = 0;
  let answering = true;
  return async () => {
    if (!pending) {
      since = Date.now();
      const current: Promise<T | undefined> = read().then(
        (value) => ((answering = true), value),
        () => ((answering = false), undefined),
      );
      pending = current;
      void current.then(() => {
        if (pending === current) pending = undefined;
      });
    }
    const wait = answering ? Math.max(0, since + waitMs - Date.now()) : 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => {
        answering = false;
        resolve(undefined);
      }, wait);
    });
    return Promise.race([pending, late]).finally(() => clearTimeout(timer));
  };
}

/**
 * The output-masking settings as the result middleware reads them on every call,
 * from the store (store-wait.ts: a moment at most). A store that is down, frozen
 * or locked must not take every tool down with it (list_directory needs no
 * store), nor let a result out unmasked because its settings could not be read:
 * then the result is masked anyway, by the last settings read if they masked,
 * else at the standard level.
 */
import type { OutputMaskingSettings, SecurityScanner } from './scanner-service.js';
import { sharedRead, STORE_WAIT_MS } from './store-wait.js';

export function outputMaskingSettings(waitMs = STORE_WAIT_MS): (scanner: SecurityScanner) => Promise<OutputMaskingSettings> {
  let lastRead: OutputMaskingSettings | undefined;
  let read: (() => Promise<OutputMaskingSettings | undefined>) | undefined;
  const unknown = (): OutputMaskingSettings =>
    lastRead?.enabled ? lastRead : { enabled: true, maskingLevel: 'standard', customPatterns: lastRead?.customPatterns ?? [], updatedAt: lastRead?.updatedAt ?? null };
  return async (scanner) => {
    read ??= sharedRead(async () => (lastRead = await scanner.outputMasking()), waitMs);
    return (await read()) ?? unknown();
  };
}

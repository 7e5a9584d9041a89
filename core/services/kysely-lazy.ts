/**
 * Kysely, loaded at the store's first use rather than at start-up: loading it
 * costs more than the rest of a server's start, and a server whose tools never
 * touch the store should not pay it. Types come from `import type`.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let module: typeof import('kysely') | undefined;

export const kysely = (): typeof import('kysely') => (module ??= require('kysely') as typeof import('kysely'));

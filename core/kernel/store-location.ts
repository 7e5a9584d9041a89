/** Where a kernel keeps its store: one rule, shared by the kernel and `toolpack doctor` (which only looks at it). */
import { resolve } from 'node:path';
import type { ToolpackConfig } from '../config/schema.js';

/** The SQLite file (absolute, or ':memory:') for a workspace root: config store.path, else `.toolpack/toolpack.db`. */
export function sqliteStorePath(config: ToolpackConfig, workspaceRoot: string): string {
  const path = config.store?.path;
  if (!path) return resolve(workspaceRoot, '.toolpack', 'toolpack.db');
  return path === ':memory:' ? ':memory:' : resolve(workspaceRoot, path);
}

/** The PostgreSQL URL, if any: TOOLPACK_STORE_URL (keeps the password out of files), else config store.url. */
export function configuredStoreUrl(config: ToolpackConfig): string | undefined {
  return (process.env.TOOLPACK_STORE_URL || undefined) ?? config.store?.url;
}

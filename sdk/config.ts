import type { ToolpackConfig } from '../core/config/schema.js';

export type { ToolpackConfig };

/** Identity function that gives a `toolpack.config.ts` type checking and completion. */
export function defineConfig(config: ToolpackConfig): ToolpackConfig {
  return config;
}

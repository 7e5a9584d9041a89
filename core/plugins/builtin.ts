/**
 * The built-in packs, imported only when selected. All fifteen names of the
 * design are known so that a config naming one that is not built yet gets a
 * precise answer rather than "unknown pack".
 */
import type { PluginManifest } from '../../sdk/plugin.js';

export const BUILTIN_PACKS: Record<string, () => Promise<{ default: PluginManifest }>> = {
  project: () => import('../../plugins/project/index.js'),
  adr: () => import('../../plugins/adr/index.js'),
  security: () => import('../../plugins/security/index.js'),
  files: () => import('../../plugins/files/index.js'),
  system: () => import('../../plugins/system/index.js'),
};

export const PLANNED_PACKS = [
  'scoring',
  'workflow',
  'research',
  'rules',
  'deployment',
  'ssg',
  'docs',
  'readme',
  'freshness',
  'memory',
] as const;

export const isBuiltinName = (name: string) => Object.hasOwn(BUILTIN_PACKS, name);

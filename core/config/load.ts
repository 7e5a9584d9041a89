/**
 * Finding and validating the config: cosmiconfig searches the folder `serve`
 * runs in (package.json "toolpack" key, .toolpackrc[.json|.yaml|.yml],
 * toolpack.config.{ts,mts,js,mjs,cjs}); TypeScript goes through jiti. Any
 * problem is a KernelError naming the file, the key path and what was expected.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Loader } from 'cosmiconfig';
import { KernelError, KernelErrorCodes, messageOf } from '../errors.js';
import { compileSchema } from '../tools/schema-validator.js';
import { moduleLoaderFor } from '../plugins/module-loader.js';
import { ConfigSchema, type ToolpackConfig } from './schema.js';
import { importModule } from '../../sdk/dynamic-import.js';

export interface LoadedConfig {
  /** The file the config came from, or null when the built-in default is used. */
  file: string | null;
  /** Folder relative paths in the config are resolved against. */
  dir: string;
  config: ToolpackConfig;
}

export const CONFIG_SEARCH_PLACES = [
  'package.json',
  '.toolpackrc',
  '.toolpackrc.json',
  '.toolpackrc.yaml',
  '.toolpackrc.yml',
  'toolpack.config.ts',
  'toolpack.config.mts',
  'toolpack.config.js',
  'toolpack.config.mjs',
  'toolpack.config.cjs',
];

const importWithJiti: Loader = async (filepath) => {
  const loaded = await (await moduleLoaderFor(dirname(filepath))).import(filepath, { default: true });
  return typeof loaded === 'function' ? await (loaded as () => unknown)() : loaded;
};

let validateConfig: ReturnType<typeof compileSchema<ToolpackConfig>> | undefined;

export function checkConfig(raw: unknown, file: string): ToolpackConfig {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new KernelError(KernelErrorCodes.CONFIG_INVALID, `Invalid configuration in ${file}: expected an object (export default defineConfig({...}))`, { file });
  }
  validateConfig ??= compileSchema<ToolpackConfig>(ConfigSchema, { defaults: false, noun: 'key' });
  const result = validateConfig.check(raw);
  if (!result.ok) {
    const lines = result.issues.map((i) => `  - ${i.message}${i.expected ? ` (expected ${i.expected})` : ''}`);
    throw new KernelError(KernelErrorCodes.CONFIG_INVALID, `Invalid configuration in ${file}:\n${lines.join('\n')}`, {
      file,
      issues: result.issues,
    });
  }
  return result.value;
}

/**
 * The folders the config names must exist: found missing later, they would
 * fail deep in start-up with a bare ENOENT instead of naming the file and key.
 */
export function checkWorkspaceFolders(config: ToolpackConfig, file: string, dir: string): void {
  const folders: [key: string, value: string][] = [];
  if (config.workspace?.root) folders.push(['workspace.root', config.workspace.root]);
  (config.workspace?.allowedRoots ?? []).forEach((value, i) => folders.push([`workspace.allowedRoots[${i}]`, value]));
  for (const [key, value] of folders) {
    const absolute = resolve(dir, value);
    let isDirectory = false;
    try {
      isDirectory = statSync(absolute).isDirectory();
    } catch {
      // missing or unreadable: reported below
    }
    if (!isDirectory) {
      throw new KernelError(
        KernelErrorCodes.CONFIG_INVALID,
        `Invalid configuration in ${file}: key "${key}" names "${value}" (${absolute}), which is not an existing folder; create it or remove it from the config`,
        { file, key, path: absolute },
      );
    }
  }
}

/** A cheap look before loading cosmiconfig: most folders have no config at all. */
function mayHaveConfig(cwd: string): boolean {
  return CONFIG_SEARCH_PLACES.some((place) => {
    const path = join(cwd, place);
    if (!existsSync(path)) return false;
    if (place !== 'package.json') return true;
    try {
      return 'toolpack' in (JSON.parse(readFileSync(path, 'utf8')) as object);
    } catch {
      return true; // let cosmiconfig report the broken file
    }
  });
}

export async function loadConfig(options: { cwd: string; configPath?: string }): Promise<LoadedConfig> {
  if (!options.configPath && !mayHaveConfig(options.cwd)) return { file: null, dir: options.cwd, config: {} };
  const { cosmiconfig } = await importModule<typeof import('cosmiconfig')>('cosmiconfig');
  const explorer = cosmiconfig('toolpack', {
    searchPlaces: CONFIG_SEARCH_PLACES,
    searchStrategy: 'none',
    loaders: { '.ts': importWithJiti, '.mts': importWithJiti, '.js': importWithJiti, '.mjs': importWithJiti, '.cjs': importWithJiti },
  });
  let result;
  const wanted = options.configPath ? resolve(options.cwd, options.configPath) : undefined;
  if (wanted && !existsSync(wanted)) {
    throw new KernelError(KernelErrorCodes.CONFIG_NOT_FOUND, `Config file not found: ${wanted}`, { file: wanted });
  }
  try {
    result = wanted ? await explorer.load(wanted) : await explorer.search(options.cwd);
  } catch (error) {
    const file = wanted ?? (error as { filepath?: string }).filepath ?? options.cwd;
    throw new KernelError(KernelErrorCodes.CONFIG_LOAD_FAILED, `Cannot load configuration ${file}: ${messageOf(error)}`, { file }, { cause: error });
  }
  if (!result || result.isEmpty) {
    if (result?.filepath && wanted) {
      throw new KernelError(KernelErrorCodes.CONFIG_INVALID, `Invalid configuration in ${result.filepath}: the file is empty`, { file: result.filepath });
    }
    return { file: null, dir: options.cwd, config: {} };
  }
  const config = checkConfig(result.config, result.filepath);
  checkWorkspaceFolders(config, result.filepath, dirname(result.filepath));
  return { file: result.filepath, dir: dirname(result.filepath), config };
}

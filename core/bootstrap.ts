/** Config discovery plus kernel start: what every CLI command and test harness begins with. */
import { resolve } from 'node:path';
import type { Logger } from '../sdk/services.js';
import { loadConfig } from './config/load.js';
import { Kernel } from './kernel/kernel.js';

export interface StartOptions {
  /** The folder to search for a config and the default workspace root. */
  cwd?: string;
  /** An explicit config file (relative to cwd). */
  configPath?: string;
  preset?: string;
  /** 'http' for serve --http: project code is denied unless the config's execution.projectCode says otherwise. */
  transport?: 'stdio' | 'http';
  storePath?: string;
  logger?: Logger;
}

export async function startToolpack(options: StartOptions = {}): Promise<Kernel> {
  const cwd = resolve(options.cwd ?? process.cwd());
  const loaded = await loadConfig({ cwd, configPath: options.configPath });
  return Kernel.start({ loaded, cwd, preset: options.preset, transport: options.transport, storePath: options.storePath, logger: options.logger });
}

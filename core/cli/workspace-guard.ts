/**
 * The workspace is the folder the server was started in unless named. An MCP
 * client that launches `toolpack serve` without a working folder often starts
 * it in `/` or the user's home, and then every tool reads (and some write) the
 * whole file system or every dotfile with keys in it. Those two folders are
 * therefore refused as an implicit workspace: naming one with --cwd, or with
 * `workspace.root` in the config, is an explicit choice and is allowed.
 */
import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { parse, resolve } from 'node:path';
import { loadConfig } from '../config/load.js';
import type { CliArgs } from './args.js';

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/** "the file system root" or "your home folder" when `dir` is one of them, else undefined. */
export function broadFolder(dir: string): string | undefined {
  const path = real(dir);
  if (parse(path).root === path) return 'the root of the file system';
  const homes = [homedir(), process.env.HOME].filter((h): h is string => Boolean(h)).map(real);
  return homes.includes(path) ? 'your home folder' : undefined;
}

/**
 * Why `command` refuses to start here, or undefined: the workspace would be `/` or the
 * home folder without the user having named it (no --cwd, no workspace.root in the config).
 */
export async function implicitWorkspaceRefusal(args: CliArgs, command: string): Promise<string | undefined> {
  if (args.cwd !== undefined) return undefined;
  const cwd = process.cwd();
  const what = broadFolder(cwd);
  if (!what) return undefined;
  // Only in these folders is the config read twice (here and at start), to see whether it names the root.
  const { config } = await loadConfig({ cwd, configPath: args.config });
  if (config.workspace?.root) return undefined;
  return (
    `refusing to ${command} with ${real(cwd)} (${what}) as the workspace: it is only the folder toolpack was started in, ` +
    'and every tool would read the files under it. Start toolpack in the project folder, or name the workspace explicitly ' +
    `with --cwd DIR (--cwd ${real(cwd)} to really serve it), or set workspace.root in the config.`
  );
}

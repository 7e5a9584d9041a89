/** How an adapter's commands read in a result: one display line per command (never run through a shell). */
import type { SsgAdapter, SsgCommand } from '../../../sdk/index.js';

const quote = (arg: string) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`);

export const commandLine = (command: SsgCommand) => [command.command, ...command.args].map(quote).join(' ');

export interface SetupInstructions {
  /** The binary that must be on PATH (or in node_modules/.bin). */
  binary: string;
  install: string;
  build: string;
  /** Where the build puts the HTML, relative to the site folder. */
  outputDir: string;
  serve: string;
  /** The folder the commands run in, workspace-relative. */
  workingDirectory: string;
}

export function setupInstructions(adapter: SsgAdapter, workingDirectory: string, port = 3000): SetupInstructions {
  return {
    binary: adapter.requires.binary,
    install: adapter.requires.install,
    build: commandLine(adapter.build),
    outputDir: adapter.build.outputDir,
    serve: commandLine(adapter.serve(port)),
    workingDirectory,
  };
}

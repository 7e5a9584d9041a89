#!/usr/bin/env node
/** The `toolpack` command. Configuration and usage errors exit 2 with a message on stderr. */
import { KernelError } from '../errors.js';
import { KERNEL_VERSION } from '../version.js';
import { parseCli, USAGE, UsageError } from './args.js';
import { call, doctor, list, serve } from './commands.js';

const commands: Record<string, typeof serve> = { serve, list, call, doctor };

// A reader that went away (`toolpack list | head`, a client that disconnected) is not a crash.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

async function main(argv: string[]): Promise<number> {
  const args = parseCli(argv);
  if (args.version) {
    process.stdout.write(`${KERNEL_VERSION}\n`);
    return 0;
  }
  if (args.help || !args.command) {
    (args.help ? process.stdout : process.stderr).write(`${USAGE}\n`);
    return args.help ? 0 : 2;
  }
  const command = commands[args.command];
  if (!command) throw new UsageError(`unknown command "${args.command}"`);
  return command(args);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`toolpack: ${error.message}\n\n${USAGE}\n`);
      process.exitCode = 2;
    } else if (error instanceof KernelError) {
      process.stderr.write(`toolpack: ${error.message} [${error.code}]\n`);
      process.exitCode = 2;
    } else {
      process.stderr.write(`toolpack: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    }
  },
);
